"""`clockapp --self-test --db PATH` checks that database, not a throwaway one; every self-test
checks the Qt parts the app loads later and the translations beside the app's own catalogs."""

from __future__ import annotations

from pathlib import Path

import pytest

from clockapp import formats
from clockapp.persistence.db import make_engine, migrate, sqlite_url
from clockapp.services.app import Services
from clockapp.ui import language
from clockapp.ui.shell import entry, offscreen


def test_self_test_uses_the_given_database(
    qapp, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.db"
    broken.write_bytes(b"this is not a database" * 100)
    assert entry.run_app(["--self-test", "--db", str(broken)]) == 1
    captured = capsys.readouterr()
    assert f"self-test: cannot open the database {broken}" in captured.err
    assert "self-test: FAILED" in captured.out


@pytest.mark.slow
def test_self_test_draws_the_given_database_without_writing_to_it(
    qapp, tmp_path: Path, capsys: pytest.CaptureFixture[str], fake_clock
) -> None:
    path = tmp_path / "night.db"
    engine = make_engine(sqlite_url(path))
    migrate(engine)
    services = Services(engine, now=fake_clock)
    services.tournaments.create("Friday Night Hold'em")
    before = [(t.id, t.name) for t in services.tournaments.list()]
    engine.dispose()

    assert entry.run_app(["--self-test", "--db", str(path)]) == 0
    assert "self-test: ok" in capsys.readouterr().out

    engine = make_engine(sqlite_url(path))
    after = [(t.id, t.name) for t in Services(engine, now=fake_clock).tournaments.list()]
    engine.dispose()
    assert after == before  # no demo was added to the user's database


@pytest.mark.slow
def test_self_test_fails_on_a_qt_module_the_app_would_load_later(
    qapp, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # A packaged app that left out a module the sound needs.
    later = (*offscreen.OPTIONAL_QT_MODULES, "PySide6.QtNoSuchModule")
    monkeypatch.setattr(offscreen, "OPTIONAL_QT_MODULES", later)
    assert entry.run_app(["--self-test"]) == 1
    captured = capsys.readouterr()
    assert "self-test: PySide6.QtNoSuchModule is not installed" in captured.err
    assert "self-test: FAILED" in captured.out


@pytest.mark.slow
def test_self_test_fails_on_a_qt_module_a_window_would_load_later(
    qapp, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # A packaged app that left out what the league chart or printing needs.
    later = (*offscreen.LATER_QT_MODULES, "PySide6.QtNoSuchModule")
    monkeypatch.setattr(offscreen, "LATER_QT_MODULES", later)
    assert entry.run_app(["--self-test"]) == 1
    assert "self-test: cannot load PySide6.QtNoSuchModule" in capsys.readouterr().err


@pytest.mark.slow
def test_self_test_fails_without_qts_translation_of_a_shipped_language(
    qapp, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # A packaged app that left out Qt's catalogs: its standard dialogs would speak English.
    monkeypatch.setattr(language, "qt_translations_folder", lambda: str(tmp_path))
    assert entry.run_app(["--self-test"]) == 1
    err = capsys.readouterr().err
    assert "self-test: Qt's translation of its standard dialogs (qtbase_de.qm) is missing" in err
    assert "qtbase_pt_BR.qm" in err


@pytest.mark.slow
def test_self_test_fails_without_babels_data_of_a_shipped_language(
    qapp, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # A packaged app that left out CLDR data: German numbers would be written as in English.
    english = formats.locale_for("en")
    monkeypatch.setattr(formats, "locale_for", lambda code: english)
    assert entry.run_app(["--self-test"]) == 1
    assert "self-test: Babel's CLDR data for de is missing" in capsys.readouterr().err


class _LocaleWithoutFiles:
    """A locale Babel found a file for, whose parent's file is gone (de_DE.dat without de.dat)."""

    language = "de"

    @property
    def currency_formats(self) -> dict[str, object]:
        raise FileNotFoundError("babel/locale-data/de.dat")


@pytest.mark.slow
def test_self_test_fails_when_babel_cannot_read_a_shipped_languages_data(
    qapp, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = formats.locale_for
    monkeypatch.setattr(
        formats, "locale_for", lambda code: _LocaleWithoutFiles() if code == "de" else real(code)
    )
    assert entry.run_app(["--self-test"]) == 1
    err = capsys.readouterr().err
    assert "self-test: Babel's CLDR data for de is missing" in err
    assert "for fr is missing" not in err
