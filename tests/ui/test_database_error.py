"""Opening a database that cannot be used: a clear message and a way out, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from clockapp.persistence.backup import write_backup
from clockapp.persistence.db import open_database
from clockapp.services.app import Services
from clockapp.ui.database_error import DatabaseErrorBox
from clockapp.ui.shell.entry import run_app
from clockapp.ui.shell.launcher import open_station_services
from tests.fakes import FakeClock


def _damaged_with_backup(path: Path) -> None:
    services = Services(open_database(str(path)), now=FakeClock())
    services.tournaments.create("Friday")
    services.ctx.engine.dispose()
    write_backup(path, "level", {"tournament": "Friday"})
    path.write_bytes(b"not a database at all" * 100)


def _click_when_shown(qtbot, label: str, seen: list[str]) -> None:
    def click() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, DatabaseErrorBox):
            QTimer.singleShot(10, click)
            return
        seen.append(box.text())
        seen.extend(button.text() for button in box.buttons())
        (button,) = [b for b in box.buttons() if b.text() == label]
        button.click()

    QTimer.singleShot(0, click)


@pytest.mark.slow
def test_a_damaged_file_offers_its_newest_backup_and_opens_it(qtbot, tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _damaged_with_backup(db)
    seen: list[str] = []
    _click_when_shown(qtbot, "Restore newest backup", seen)
    services = open_station_services(str(db), ask=True)
    assert services is not None
    try:
        assert [t.name for t in services.tournaments.list()] == ["Friday"]
    finally:
        services.ctx.engine.dispose()
    assert "is damaged" in seen[0]
    assert "Quit" in seen
    assert (tmp_path / "night.db.damaged").exists()


@pytest.mark.slow
def test_quit_leaves_the_damaged_file_alone(qtbot, tmp_path: Path, capsys) -> None:
    db = tmp_path / "night.db"
    _damaged_with_backup(db)
    seen: list[str] = []
    _click_when_shown(qtbot, "Quit", seen)
    assert open_station_services(str(db), ask=True) is None
    assert db.read_bytes() == b"not a database at all" * 100
    err = capsys.readouterr().err
    assert "clockapp restore --latest --db" in err
    assert "Traceback" not in err


@pytest.mark.slow
def test_a_read_only_file_is_explained_with_quit_only(qtbot, tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    open_database(str(db)).dispose()
    db.chmod(0o444)
    try:
        seen: list[str] = []
        _click_when_shown(qtbot, "Quit", seen)
        assert open_station_services(str(db), ask=True) is None
        assert "read-only" in seen[0]
        assert seen[1:] == ["Quit"]
    finally:
        db.chmod(0o644)


@pytest.mark.slow
@pytest.mark.parametrize("problem", ["missing-folder", "damaged"])
def test_the_command_line_paths_print_one_clear_message(
    qapp, tmp_path: Path, capsys, problem: str
) -> None:
    db = tmp_path / "night.db"
    if problem == "damaged":
        _damaged_with_backup(db)
    else:
        db = tmp_path / "no-such-folder" / "night.db"
    code = run_app(["--db", str(db), "--screenshot", str(tmp_path / "shot.png")])
    assert code == 2
    err = capsys.readouterr().err
    assert err.startswith("clockapp: The ")
    assert "Traceback" not in err
    assert not (tmp_path / "no-such-folder").exists()
