"""Printing is optional: without QtPrintSupport the tables window opens, saves its move sheet as a
PDF, and Print says why it cannot print instead of raising."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest


def test_without_qt_print_support_the_sheet_still_saves_as_pdf(
    qtbot, block_qt, services, bus, tournament_id, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    block_qt("PySide6.QtPrintSupport")
    import clockapp.ui.seating

    # Restored after the test, with the modules: later tests see the package they imported.
    monkeypatch.setattr(sys.modules["clockapp.ui"], "seating", clockapp.ui.seating)
    for name in [n for n in sys.modules if n.startswith("clockapp.ui.seating")]:
        monkeypatch.delitem(sys.modules, name)  # imported afresh, as on the director's laptop
    seating = importlib.import_module("clockapp.ui.seating")
    window = seating.TablesWindow(services, bus)
    qtbot.addWidget(window)
    window.moves.print_button.click()
    assert "Printing is not available on this computer" in window.banner.text()
    assert "Save a PDF instead." in window.banner.text()
    target = tmp_path / "moves.pdf"
    window.moves.ask_pdf_path = lambda: target
    window.moves.pdf_button.click()
    assert target.read_bytes().startswith(b"%PDF")
    assert "Saved the move sheet" in window.banner.text()
    window.close()
