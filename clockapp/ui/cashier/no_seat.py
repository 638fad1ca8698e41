"""What the desk asks before it sells an entry into a room with no free seat.

The question comes before the entry dialog, so before the money is taken: open the next table
and seat the player there, sell without a seat (the player waits; the tables window seats them
later), or cancel. The sale that follows says which (`IfFull`), and opening the table, the sale
and the seat are the service's one transaction.
"""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox, QWidget

from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.services.seating.sale_seat import IfFull, TableToOpen

OPEN_A_TABLE = N_("Open a table")
SELL_WITHOUT_A_SEAT = N_("Sell without a seat")


class NoSeatBox(QMessageBox):
    """No seat is free: open table N and seat the player there, sell without a seat, or cancel."""

    def __init__(self, name: str, table: TableToOpen, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setObjectName("no_seat_box")
        self.setIcon(QMessageBox.Icon.Question)
        self.setWindowTitle(_("No seat is free"))
        self.table = table
        self.setText(table.question)
        self.setInformativeText(
            _("Every open seat is taken. Nothing is sold to {name} until you choose.").format(
                name=name
            )
        )
        self.open_button = self.addButton(_(OPEN_A_TABLE), QMessageBox.ButtonRole.AcceptRole)
        self.without_button = self.addButton(
            _(SELL_WITHOUT_A_SEAT), QMessageBox.ButtonRole.ActionRole
        )
        self.cancel_button = self.addButton(QMessageBox.StandardButton.Cancel)
        self.setDefaultButton(self.open_button)
        self.setEscapeButton(self.cancel_button)

    def choice(self) -> IfFull | None:
        """What the sale does when no seat is free, as chosen (None: cancelled)."""
        clicked = self.clickedButton()
        if clicked is self.open_button:
            return IfFull.OPEN_TABLE
        if clicked is self.without_button:
            return IfFull.NO_SEAT
        return None
