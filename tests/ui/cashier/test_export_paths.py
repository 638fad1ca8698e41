"""Every export's save dialog opens in the documents folder, on the tournament's name and date."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QFileDialog

from clockapp.ui.exports import export_file_name
from tests.ui.cashier.waiting import then_settle


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The start path of every save dialog opened; each is cancelled."""
    starts: list[Path] = []

    def fake(_parent: object, _title: str, start: str, _kind: str) -> tuple[str, str]:
        starts.append(Path(start))
        return "", ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(fake))
    return starts


def test_the_cashier_exports_start_in_the_documents_folder(
    cashier_window, services, tournament_id, asked: list[Path]
) -> None:
    assert cashier_window.results.export_csv() is None  # cancelled: nothing written
    assert cashier_window.results.export_pdf() is None
    assert cashier_window.ledger.export_csv() is None
    assert cashier_window.players.export_csv() is None
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    day = services.tournaments.get(tournament_id).created_at.astimezone().date().isoformat()
    assert [p.parent for p in asked] == [Path(documents)] * 4
    assert [p.name for p in asked] == [
        f"Friday-Night-Hold-em-{day}-results.csv",
        f"Friday-Night-Hold-em-{day}-results.pdf",
        f"Friday-Night-Hold-em-{day}-ledger.csv",
        f"Friday-Night-Hold-em-{day}-players.csv",
    ]


def test_a_name_keeps_only_safe_characters() -> None:
    name = export_file_name('Main event: 1/2 "final" <day 2>', None, "results", "csv")
    assert name == "Main-event-1-2-final-day-2-results.csv"
    assert export_file_name("../../etc", None, "ledger", "csv") == "etc-ledger.csv"


def test_a_name_keeps_its_letters_in_any_script() -> None:
    # Accents and other scripts are file-name safe on Windows and macOS: only the characters
    # those systems refuse go, so "Café" does not become "Caf".
    assert export_file_name("Café Montréal", None, "results", "csv") == (
        "Café-Montréal-results.csv"
    )
    assert export_file_name("冬の大会", None, "ledger", "csv") == "冬の大会-ledger.csv"
    # macOS hands names back decomposed: the same name gives the same file either way.
    assert export_file_name("Zoe\u0308 <Cup>. ", None, "players", "csv") == "Zoë-Cup-players.csv"


@pytest.mark.slow
def test_the_next_export_opens_in_the_folder_the_last_one_went_to(
    qtbot, cashier_window, services, tournament_id, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    starts: list[Path] = []
    chosen = tmp_path / "club nights"
    chosen.mkdir()

    def fake(_parent: object, _title: str, start: str, _kind: str) -> tuple[str, str]:
        starts.append(Path(start))
        return (str(chosen / "night.csv"), "") if len(starts) == 1 else ("", "")

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(fake))
    players = cashier_window.players
    assert then_settle(qtbot, players, players.export_csv) is not None
    assert (chosen / "night.csv").exists()
    assert cashier_window.results.export_pdf() is None  # cancelled
    day = services.tournaments.get(tournament_id).created_at.astimezone().date().isoformat()
    assert starts[1] == chosen / f"Friday-Night-Hold-em-{day}-results.pdf"


def test_a_remembered_folder_that_is_gone_falls_back_to_the_documents_folder(
    qtbot, cashier_window, asked: list[Path], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    gone = tmp_path / "usb stick"
    gone.mkdir()
    real = QFileDialog.getSaveFileName
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", staticmethod(lambda *_a: (str(gone / "a.csv"), ""))
    )
    players = cashier_window.players
    assert then_settle(qtbot, players, players.export_csv) is not None
    (gone / "a.csv").unlink()
    gone.rmdir()
    monkeypatch.setattr(QFileDialog, "getSaveFileName", real)
    assert cashier_window.ledger.export_csv() is None
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    assert asked[-1].parent == Path(documents)


@pytest.mark.slow
def test_the_structure_export_is_named_for_the_tournament_and_its_date(
    services, bus, tournament_id, asked: list[Path], shown_window, qtbot
) -> None:
    from clockapp.ui.structure.window import StructureEditor
    from tests.ui.polling import settle

    editor = StructureEditor(services, bus)
    settle(qtbot, bus)  # its first read is on the worker
    shown_window(editor)
    assert not editor.files.export_file()  # cancelled
    day = services.tournaments.get(tournament_id).created_at.astimezone().date().isoformat()
    assert asked[-1].name == f"Friday-Night-Hold-em-{day}-structure.csv"
