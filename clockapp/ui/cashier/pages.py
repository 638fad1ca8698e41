"""The cashier window's pages: their base (`Page`), their tables, and the field.

Each page reads what it shows from the services in `refresh()`, which the window calls when the
bus says the page's part of the tournament changed (`REFRESH_ON`): the read runs on the station's
worker and the page shows what it holds until the answer comes (`CashierContext.reader`). The
money pages have a module each: `ledger_page` (every money row, void and refund) and
`drawer_page` (the cash drawer and the end-of-night summary); the players, payouts, busts
and results pages too.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clockapp.core.money.records import RegistrationInfo
from clockapp.core.registration import RegistrationStatus
from clockapp.i18n import gettext as _
from clockapp.services.changes import Change
from clockapp.ui.cashier import setup_operations
from clockapp.ui.cashier.context import CashierContext
from clockapp.ui.cashier.models import RegistrationsModel
from clockapp.ui.cashier.rows_model import RowsModel
from clockapp.ui.column_fit import FittedTableView


def table_view(model: RowsModel[Any], name: str, spoken: str) -> FittedTableView:
    """A read-only, row-selecting table over `model`, called `spoken` to a screen reader."""
    view = FittedTableView()
    view.setObjectName(name)
    view.setAccessibleName(spoken)
    view.setModel(model)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setAlternatingRowColors(True)
    view.verticalHeader().setVisible(False)
    view.horizontalHeader().setStretchLastSection(True)
    return view


class Page(QWidget):
    """A page of the window with a context, dialogs opened window-modally, and a refresh."""

    REFRESH_ON = Change.ALL

    def __init__(self, ctx: CashierContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._ctx = ctx
        self.dialog: QDialog | None = None

    def refresh(self) -> None:
        """Read the page's data again: on the station's worker (`CashierContext.reader`), shown
        when the read answers."""

    def _open(self, dialog: QDialog) -> None:
        self.dialog = dialog
        dialog.finished.connect(lambda _r: self._on_dialog_finished(dialog))
        dialog.open()

    def _on_dialog_finished(self, dialog: QDialog) -> None:
        if self.dialog is dialog:
            self.dialog = None
        dialog.deleteLater()

    @staticmethod
    def selected_row(view: QTableView) -> int | None:
        index = view.currentIndex()
        return index.row() if index.isValid() else None


# ------------------------------------------------------------------------------ the field
class FieldPage(Page):
    """Everyone on the tournament's list: check in a pre-registered player, withdraw one."""

    REFRESH_ON = Change.ENTRIES | Change.PLAYERS

    def __init__(self, ctx: CashierContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.model = RegistrationsModel(self)
        self.view = table_view(self.model, "field", _("Field"))
        self.view.doubleClicked.connect(lambda _i: self.check_in())
        self.counts = QLabel()
        self.counts.setObjectName("field_counts")
        self.check_in_button = QPushButton(_("Check in"))
        self.check_in_button.setObjectName("check_in")
        self.check_in_button.setToolTip(_("The selected pre-registered player has arrived."))
        self.check_in_button.clicked.connect(lambda: self.check_in())
        self.withdraw_button = QPushButton(_("Withdraw"))
        self.withdraw_button.setObjectName("withdraw")
        self.withdraw_button.setToolTip(
            _(
                "Take the selected player off the list (only before they pay; "
                "Ctrl+Z puts them back)."
            )
        )
        self.withdraw_button.clicked.connect(lambda: self.withdraw())
        buttons = QHBoxLayout()
        buttons.addWidget(self.check_in_button)
        buttons.addWidget(self.withdraw_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.counts)
        layout.addWidget(self.view)
        layout.addLayout(buttons)
        self._reading = ctx.reader(lambda tid: ctx.services.cashier.registrations(tid), self._show)

    def refresh(self) -> None:
        self._reading.ask()

    def _show(self, regs: tuple[RegistrationInfo, ...]) -> None:
        keep = self.selected()
        if self.model.set_rows(regs):
            self.view.fit_columns()
        playing = sum(1 for r in regs if r.in_play)
        bought = sum(1 for r in regs if r.bought_in)
        waiting = sum(1 for r in regs if r.status is RegistrationStatus.PRE_REGISTERED)
        self.counts.setText(
            _(
                "{registered} registered · {waiting} not arrived yet · {bought} bought in · "
                "{playing} playing · {out} out"
            ).format(
                registered=len(regs),
                waiting=waiting,
                bought=bought,
                playing=playing,
                out=bought - playing,
            )
        )
        if keep is not None:
            self.select_registration(keep.id)

    def select_registration(self, registration_id: int) -> None:
        """Select a registration's row."""
        for row, reg in enumerate(self.model.rows()):
            if reg.id == registration_id:
                self.view.selectRow(row)
                self.view.setCurrentIndex(self.model.index(row, 0))
                return

    def selected(self) -> RegistrationInfo | None:
        """The registration selected."""
        row = self.selected_row(self.view)
        return self.model.row_at(row) if row is not None else None

    def _selected_or_refuse(self) -> RegistrationInfo | None:
        reg = self.selected()
        if reg is None:
            self._ctx.refuse(_("Select a player on the list first."))
        return reg

    def check_in(self) -> None:
        """Check in the selected pre-registered player."""
        reg = self._selected_or_refuse()
        if reg is not None:
            setup_operations.check_in(self._ctx, reg, control=self.check_in_button)

    def withdraw(self) -> None:
        """Take the selected player off the list (refused once they have paid)."""
        reg = self._selected_or_refuse()
        if reg is not None:
            setup_operations.withdraw(self._ctx, reg, control=self.withdraw_button)
