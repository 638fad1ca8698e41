"""The cashier's short dialogs: add a player, void with a reason, count the drawer, pay a prize.

Each dialog only collects and checks what the cashier types; the window calls the service when it
is accepted. Enter confirms and Esc cancels in every one of them.

Their base (`CashierDialog`) is in `dialog_base`, the entry dialog (`EntryDialog`, `KIND_TITLE`) in
`entry_dialog`; both are importable from here too.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QLabel,
    QLineEdit,
    QWidget,
)

from clockapp.core.money.amounts import format_cents, typed_amount
from clockapp.errors import DomainError
from clockapp.i18n import gettext as _
from clockapp.services.players import PlayerDetails
from clockapp.ui.cashier.dialog_base import CashierDialog, big_label
from clockapp.ui.cashier.widgets import amount_edit, read_amount


class EnterMovesOn(QObject):
    """Enter in a field moves to the next field instead of pressing the dialog's OK.

    On the name of a new player: Enter, Enter from the desk's search (meant to choose a player,
    then sell the buy-in) must not create a player; the cashier confirms with the button, or
    with Enter from a later field.
    """

    def __init__(self, edit: QLineEdit, after: QWidget) -> None:
        super().__init__(edit)
        self._after = after
        edit.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ):
            self._after.setFocus()
            return True
        return super().eventFilter(watched, event)


class AddPlayerDialog(CashierDialog):
    """A new player, added from the desk (only the name is needed).

    Enter on the name moves to the next field (`EnterMovesOn`): adding a player takes the
    "Add player" button, or Enter from another field.
    """

    def __init__(self, name: str = "", parent: QWidget | None = None) -> None:
        super().__init__(_("Add a player"), _("Add player (no buy-in)"), parent)
        self.setObjectName("add_player_dialog")
        about = QLabel(
            _(
                "Nobody of that name is in the database. Check the spelling, then add the player. "
                "Adding does not register the player or take a buy-in: that is the next step."
            )
            if name
            else _(
                "A new player for the database. Adding does not register the player or take a "
                "buy-in: that is the next step."
            )
        )
        about.setWordWrap(True)
        self.layout_.insertWidget(0, about)
        self.name_edit = QLineEdit(name)
        self.nickname_edit = QLineEdit()
        self.phone_edit = QLineEdit()
        self.email_edit = QLineEdit()
        self.team_edit = QLineEdit()
        for label, edit in (
            (_("Name:"), self.name_edit),
            (_("Nickname:"), self.nickname_edit),
            (_("Phone:"), self.phone_edit),
            (_("E-mail:"), self.email_edit),
            (_("Team:"), self.team_edit),
        ):
            self.form.addRow(label, edit)
            edit.textChanged.connect(self._update)
        self._enter_moves_on = EnterMovesOn(self.name_edit, self.nickname_edit)
        self._update()
        self.name_edit.setFocus()
        self.name_edit.end(False)

    def details(self) -> PlayerDetails:
        """What was typed. Raises ValidationError."""
        return PlayerDetails(
            self.name_edit.text(),
            self.nickname_edit.text(),
            self.phone_edit.text(),
            self.email_edit.text(),
            self.team_edit.text(),
        )

    def _problem(self) -> str:
        try:
            self.details()
        except DomainError as error:
            return str(error)
        return ""


# ------------------------------------------------------------------------------ corrections
class ReasonDialog(CashierDialog):
    """Ask why (a void, a refund, an undone bust): the reason is required."""

    def __init__(self, title: str, what: str, ok_text: str, parent: QWidget | None = None):
        super().__init__(title, ok_text, parent)
        self.setObjectName("reason_dialog")
        about = QLabel(what)
        about.setWordWrap(True)
        self.layout_.insertWidget(0, about)
        self.reason_edit = QLineEdit()
        self.reason_edit.setObjectName("reason")
        self.reason_edit.setPlaceholderText(_("for example: wrong player, paid twice"))
        self.reason_edit.textChanged.connect(self._update)
        self.form.addRow(_("Reason:"), self.reason_edit)
        self._update()
        self.reason_edit.setFocus()

    def reason(self) -> str:
        """The reason typed."""
        return self.reason_edit.text().strip()

    def _problem(self) -> str:
        return "" if self.reason() else _("Give a reason: the ledger keeps it next to both rows.")


class DrawerCountDialog(CashierDialog):
    """The cashier's count of the drawer, against what the ledger expects."""

    def __init__(self, expected: int, parent: QWidget | None = None) -> None:
        super().__init__(_("Count the cash drawer"), _("Record count"), parent)
        self.setObjectName("drawer_dialog")
        self.expected = expected
        self.form.addRow(_("Expected:"), big_label(format_cents(expected), 14))
        self.counted_edit = amount_edit(_("counted cash"))
        self.counted_edit.setObjectName("counted")
        self.counted_edit.textChanged.connect(self._update)
        self.form.addRow(_("Counted:"), self.counted_edit)
        self.difference_label = big_label("", 14)
        self.difference_label.setObjectName("difference")
        self.form.addRow(_("Difference:"), self.difference_label)
        self.note_edit = QLineEdit()
        self.form.addRow(_("Note:"), self.note_edit)
        self._update()
        self.counted_edit.setFocus()

    def counted(self) -> int | None:
        """Cents counted (None when nothing typed). Raises AmountError."""
        return read_amount(self.counted_edit, _("Counted cash"))

    def _problem(self) -> str:
        try:
            counted = self.counted()
        except DomainError as error:
            self.difference_label.setText("—")
            return str(error)
        if counted is None:
            self.difference_label.setText("—")
            return _("Type the cash counted in the drawer.")
        difference = counted - self.expected
        if difference == 0:
            self.difference_label.setText(_("balanced"))
        else:
            amount = format_cents(abs(difference))
            self.difference_label.setText(
                _("over by {amount}").format(amount=amount)
                if difference > 0
                else _("short by {amount}").format(amount=amount)
            )
        return ""


class PayDialog(CashierDialog):
    """Pay a prize or bounties: the amount owed, or part of it."""

    def __init__(
        self, name: str, owed: int, parent: QWidget | None = None, *, bounty: bool = False
    ) -> None:
        super().__init__(
            _("Pay bounties: {name}").format(name=name)
            if bounty
            else _("Pay prize: {name}").format(name=name),
            _("Pay bounties") if bounty else _("Pay prize"),
            parent,
        )
        self.setObjectName("pay_dialog")
        self.owed = owed
        self.layout_.insertWidget(0, big_label(_("Pay {name}").format(name=name), 14))
        self.form.addRow(_("Owed:"), QLabel(format_cents(owed)))
        self.amount_edit = amount_edit(_("all that is owed"), typed_amount(owed))
        self.amount_edit.setObjectName("amount")
        self.amount_edit.textChanged.connect(self._update)
        self.amount_edit.selectAll()
        self.form.addRow(_("Pay:"), self.amount_edit)
        self._update()
        self.amount_edit.setFocus()

    def amount(self) -> int | None:
        """Cents to pay (None: all that is owed). Raises AmountError."""
        return read_amount(self.amount_edit, _("Amount paid"), allow_zero=False)

    def _problem(self) -> str:
        # More than owed is left to the service, which refuses it with the amounts in the message.
        try:
            self.amount()
        except DomainError as error:
            return str(error)
        return ""
