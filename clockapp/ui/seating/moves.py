"""The move list commands of the tables window: what the list shows, acknowledging, printing.

`MoveListCommands` is mixed into `TablesWindow`; it uses the window's services, banner, move
model and table, the detail line under the list, and the `ask_pdf_path` hook.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QDialog, QFileDialog

from clockapp.ui.optional import Part, notice
from clockapp.ui.seating.host import TablesHost
from clockapp.ui.seating.model import MOVE_ID_ROLE
from clockapp.ui.seating.printing import print_moves, save_moves_pdf


class MoveListCommands(TablesHost):
    """The move list: pending moves (or every move), acknowledging them, printing the sheet."""

    def _reload_moves(self, _checked: bool = False) -> None:
        tid = self.tournament_id
        seating = self._services.seating
        moves = seating.moves(tid) if self.show_done.isChecked() else seating.pending_moves(tid)
        self.move_model.set_moves(moves)
        self._show_move_detail(0 if moves else -1)

    def _on_move_current_changed(self, current: Any, _previous: Any) -> None:
        self._show_move_detail(current.row())

    def _show_move_detail(self, row: int) -> None:
        if not 0 <= row < self.move_model.rowCount():
            self.move_detail.setText("No moves on the display." if row < 0 else "")
            return
        move = self.move_model.move_at(row)
        self.move_detail.setText(f"{move.name}: {move.announcement}\n{move.reason}")

    def acknowledge_selected(self) -> None:
        """The selected players have moved."""
        rows = sorted({index.row() for index in self.move_table.selectionModel().selectedRows()})
        if not rows and self.move_model.rowCount() > 0:
            rows = [0]
        tid = self.tournament_id
        for row in rows:
            move_id = self.move_model.index(row, 0).data(MOVE_ID_ROLE)
            self._run(partial(self._services.seating.acknowledge_move, tid, move_id))

    def acknowledge_all(self) -> None:
        """Every player on the display has moved."""
        tid = self.tournament_id
        self._run(lambda: self._services.seating.acknowledge_all(tid))

    def _sheet_title(self) -> str:
        return self.windowTitle().removeprefix("Tables: ")

    def print_moves(self) -> None:
        """Print the moves shown (the print dialog chooses the printer or a PDF file)."""
        try:  # optional: the window, and saving a PDF, work without Qt's printing support
            from PySide6.QtPrintSupport import QPrintDialog, QPrinter
        except ImportError as error:
            self.banner.show_message(notice(Part.PRINTING, error) + " Save a PDF instead.")
            return
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        dialog = QPrintDialog(printer, self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            print_moves(printer, self._sheet_title(), self.move_model.moves, self._services.now())

    def save_pdf(self, path: Path) -> None:
        """Print the moves shown to a PDF file."""
        save_moves_pdf(path, self._sheet_title(), self.move_model.moves, self._services.now())
        self.banner.show_message(f"Saved the move sheet to {path}.", "info")

    def _on_pdf_button_clicked(self) -> None:
        path = self.ask_pdf_path()
        if path is not None:
            self.save_pdf(path)

    def _ask_pdf_path(self) -> Path | None:
        name, _filter = QFileDialog.getSaveFileName(
            self, "Save the move sheet", "moves.pdf", "PDF files (*.pdf)"
        )
        return Path(name) if name else None
