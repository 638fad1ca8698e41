"""`PointsWindow`: what the league window and the team event window share.

Both follow the bus's tournament (read again when a change touches what they show, or when
another tournament is shown), both show a problem with the points in red, both list rows in
read-only tables, and both edit a points formula in the `FormulaDialog`, saved by one service
call on the station's worker once the director accepts it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QAbstractItemModel
from PySide6.QtWidgets import QHeaderView, QLabel, QMainWindow, QTableView, QWidget

from clockapp.services.app import Services
from clockapp.services.changes import Change, Changes, Outcome
from clockapp.ui.bus import TournamentBus
from clockapp.ui.errors import guard
from clockapp.ui.inks import ink_sheet
from clockapp.ui.leagues.formula_dialog import FormulaDialog

PROBLEM_INK = "#c62828"


def problem_label() -> QLabel:
    """An empty label for what is wrong with the points, in bold red."""
    label = QLabel("")
    label.setWordWrap(True)
    label.setStyleSheet(ink_sheet(PROBLEM_INK, "font-weight: bold;"))
    return label


def rows_table(model: QAbstractItemModel, stretch: int, *, fit: bool = False) -> QTableView:
    """A table of `model`'s rows, one selected at a time; column `stretch` takes the room left
    (`fit`: the other columns as wide as their contents)."""
    table = QTableView()
    table.setModel(model)
    table.verticalHeader().hide()
    table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
    header = table.horizontalHeader()
    if fit:
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    return table


class PointsWindow(QMainWindow):
    """A window over the points of the bus's tournament: read again when `REFRESH` is touched."""

    #: The changes after which the window reads again.
    REFRESH = Change.NONE

    def __init__(
        self, services: Services, bus: TournamentBus, title: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._services = services
        self._bus = bus
        self.dialog: FormulaDialog | None = None
        self.setWindowTitle(title)
        self._setup_ui()
        bus.changed.connect(self._on_bus_changed)
        bus.tournament_switched.connect(self._on_bus_tournament_switched)
        self.refresh()

    def _setup_ui(self) -> None:
        raise NotImplementedError

    def refresh(self) -> None:
        """Read what the window shows again."""
        raise NotImplementedError

    def _open_formula(
        self, formula: str, title: str, save: Callable[[str], Outcome[Any]]
    ) -> FormulaDialog:
        """Open the formula editor on `formula`; on OK, `save(the new formula)` through the bus."""
        dialog = FormulaDialog(self._services, self._bus, formula, title, self)
        dialog.accepted.connect(lambda: self._save_formula(dialog.formula(), save))
        self.dialog = dialog
        dialog.open()
        return dialog

    def _save_formula(self, formula: str, save: Callable[[str], Outcome[Any]]) -> None:
        self._bus.submit(lambda: save(formula), asker=self, key=(self, "formula"))

    def _on_bus_changed(self, changes: Changes) -> None:
        if changes.touches(self.REFRESH):
            guard(self, self.refresh)()

    def _on_bus_tournament_switched(self, _tournament_id: int) -> None:
        guard(self, self.refresh)()
