"""Every export's save dialog opens in the documents folder, on the tournament's name and date."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QFileDialog

from clockapp.ui.exports import export_file_name


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
