"""The move list: a `QAbstractTableModel` over a tuple of `MoveInfo` rows.

Pending moves (the ones on the clock display until the director acknowledges them) are bold;
acknowledged ones are greyed, undone ones struck through. `MOVE_ID_ROLE` gives a row's move id
for acknowledging it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QFont

from clockapp.core.seating import DealIn
from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.services.seating import MoveInfo
from clockapp.ui.inks import ink_on
from clockapp.ui.table_model import AnyIndex, RowTableModel

MOVE_ID_ROLE = Qt.ItemDataRole.UserRole + 1

HEADERS = (N_("Player"), N_("Move"), N_("Status"), N_("Why"))
#: The column that stretches.
WHY_COLUMN = 3
DONE_INK = "#7f8790"
WAIT_INK = "#b3261e"


def move_text(move: MoveInfo) -> str:
    """The move in a narrow column: "T3 s7 → T1 s2"."""
    source, target = move.from_seat, move.to_seat
    return _("T{from_table} s{from_seat} → T{to_table} s{to_seat}").format(
        from_table=source.table,
        from_seat=source.number,
        to_table=target.table,
        to_seat=target.number,
    )


def status_text(move: MoveInfo) -> str:
    """Pending (on the display until acknowledged; and whether the player waits for the button),
    acknowledged, or undone (taken back)."""
    if move.undone:
        return _("undone")
    if move.acknowledged:
        return _("acknowledged")
    if move.deal_in is DealIn.AFTER_BUTTON:
        return _("pending, waits")
    return _("pending")


class MoveListModel(RowTableModel[MoveInfo]):
    """The moves of the tournament, newest last."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(HEADERS, parent)

    @property
    def moves(self) -> tuple[MoveInfo, ...]:
        """The rows shown."""
        return self._rows

    def set_moves(self, moves: tuple[MoveInfo, ...]) -> None:
        """Show these moves."""
        self._set_rows(moves)

    def move_at(self, row: int) -> MoveInfo:
        """The move on a row."""
        return self._rows[row]

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        move = self.row_at(index)
        if move is None:
            return None
        column = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            if role == Qt.ItemDataRole.ToolTipRole:
                return _("{name}: {announcement}\n{reason}").format(
                    name=move.name, announcement=move.announcement, reason=move.reason
                )
            return (move.name, move_text(move), status_text(move), move.reason)[column]
        if role == MOVE_ID_ROLE:
            return move.id
        if role == Qt.ItemDataRole.FontRole:
            font = QFont()
            font.setBold(move.pending)
            font.setStrikeOut(move.undone)
            return font
        if role == Qt.ItemDataRole.ForegroundRole:
            if not move.pending:
                return ink_on(DONE_INK)
            if column == 2 and move.deal_in is DealIn.AFTER_BUTTON:
                return ink_on(WAIT_INK)
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
