"""The cashier's short dialogs: confirm an entry (amount, tendered, change, chips), add a player,
void with a reason, count the drawer, pay a prize.

Each dialog only collects and checks what the cashier types; the window calls the service when it
is accepted. Enter confirms and Esc cancels in every one of them.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clockapp.core.chips import ChipSet
from clockapp.core.errors import DomainError
from clockapp.core.money.amounts import format_cents
from clockapp.core.money.entries import EntryKind, EntryOffer
from clockapp.core.money.handout import handout
from clockapp.services.players import PlayerDetails
from clockapp.ui.cashier.widgets import HandoutView, amount_edit, read_amount

#: How each entry kind is named on buttons and titles.
KIND_TITLE = {
    EntryKind.BUY_IN: "Buy-in",
    EntryKind.REBUY: "Rebuy",
    EntryKind.ADD_ON: "Add-on",
    EntryKind.RE_ENTRY: "Re-entry",
}


def _error_label() -> QLabel:
    label = QLabel()
    label.setObjectName("dialog_error")
    label.setWordWrap(True)
    label.setStyleSheet("color:#b71c1c;")
    return label


def _big(text: str = "", size: int = 18) -> QLabel:
    label = QLabel(text)
    font = QFont(label.font())
    font.setPointSize(size)
    font.setBold(True)
    label.setFont(font)
    return label


class _Dialog(QDialog):
    """A dialog with a form, an error line and OK/Cancel (OK is the default button)."""

    def __init__(self, title: str, ok_text: str, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.layout_ = QVBoxLayout(self)
        self.form = QFormLayout()
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self.layout_.addLayout(self.form)
        self.error_label = _error_label()
        self.layout_.addWidget(self.error_label)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText(ok_text)
        self.ok_button.setDefault(True)
        self.buttons.accepted.connect(self._on_buttons_accepted)
        self.buttons.rejected.connect(self.reject)
        self.layout_.addWidget(self.buttons)

    def _problem(self) -> str:
        """Why the dialog cannot be accepted now ('' when it can)."""
        return ""

    def _update(self) -> None:
        problem = self._problem()
        self.error_label.setText(problem)
        self.ok_button.setEnabled(not problem)

    def _on_buttons_accepted(self) -> None:
        self._update()
        if self.ok_button.isEnabled():
            self.accept()


# ------------------------------------------------------------------------------ entries
class EntryDialog(_Dialog):
    """Confirm an entry: what is due, what the player hands over, the change, the chips to give.

    Attributes:
        offer: The entry sold (its price and chips).
        add_on: The add-on that may be bought with it (a checkbox), or None.
    """

    def __init__(
        self,
        name: str,
        offer: EntryOffer,
        chip_set: ChipSet,
        *,
        add_on: EntryOffer | None = None,
        ask_stack: bool = False,
        note: str = "",
        parent: QWidget | None = None,
    ) -> None:
        title = KIND_TITLE[offer.kind]
        super().__init__(f"{title}: {name}", f"Confirm {title.lower()}", parent)
        self.setObjectName("entry_dialog")
        self.setMinimumWidth(440)
        self.offer = offer
        self.add_on = add_on
        self._chip_set = chip_set
        self._shown_offers: list[EntryOffer] = []
        self.layout_.insertWidget(0, _big(f"{title} — {name}", 16))
        self.note_label = QLabel(note)
        self.note_label.setObjectName("entry_note")
        self.note_label.setWordWrap(True)
        self.note_label.setStyleSheet("color:#e65100;")
        self.note_label.setVisible(bool(note))
        self.layout_.insertWidget(1, self.note_label)
        self.due_label = _big()
        self.due_label.setObjectName("due")
        self.form.addRow("Due:", self.due_label)
        self.split_label = QLabel()
        self.split_label.setStyleSheet("color:#607d8b;")
        self.form.addRow("", self.split_label)
        self.add_on_box = QCheckBox()
        if add_on is not None:
            self.add_on_box.setText(
                f"with the add-on (+{format_cents(add_on.price.total)}, T{add_on.chips:,})"
            )
            self.form.addRow("", self.add_on_box)
            self.add_on_box.toggled.connect(self._update)
        self.stack_spin = QSpinBox()
        self.stack_spin.setRange(0, 2_000_000_000)
        self.stack_spin.setGroupSeparatorShown(True)
        self.stack_spin.setSpecialValueText("busted (0)")
        if ask_stack:
            self.form.addRow("Player's chips now:", self.stack_spin)
        self.tendered_edit = amount_edit("exact amount")
        self.tendered_edit.setObjectName("tendered")
        self.tendered_edit.textChanged.connect(self._update)
        self.form.addRow("Tendered:", self.tendered_edit)
        self.change_label = _big("", 16)
        self.change_label.setObjectName("change_due")
        self.form.addRow("Change due:", self.change_label)
        self.layout_.insertWidget(3, QLabel("<b>Chips to hand over</b>"))
        self.handout = HandoutView()
        self.layout_.insertWidget(4, self.handout)
        self._update()
        self.tendered_edit.setFocus()

    # ------------------------------------------------------------------ reading
    def offers(self) -> list[EntryOffer]:
        """The entries being bought (with the add-on when ticked)."""
        offers = [self.offer]
        if self.add_on is not None and self.add_on_box.isChecked():
            offers.append(self.add_on)
        return offers

    def total(self) -> int:
        """Cents due."""
        return sum(o.price.total for o in self.offers())

    def with_add_on(self) -> bool:
        """Whether the add-on is bought with the entry."""
        return self.add_on is not None and self.add_on_box.isChecked()

    def stack(self) -> int | None:
        """The chips the player has now (None: busted)."""
        return self.stack_spin.value() or None

    def tendered(self) -> int | None:
        """Cents handed over (None when the field is empty: the exact amount)."""
        return read_amount(self.tendered_edit, "Tendered")

    # ------------------------------------------------------------------ checking
    def _problem(self) -> str:
        total = self.total()
        try:
            tendered = self.tendered()
        except DomainError as error:
            self.change_label.setText("—")
            return str(error)
        if tendered is None:
            self.change_label.setText(format_cents(0))
            return ""
        if tendered < total:
            self.change_label.setText("—")
            return (
                f"{format_cents(tendered)} tendered is {format_cents(total - tendered)} short of "
                f"the {format_cents(total)} due."
            )
        self.change_label.setText(format_cents(tendered - total))
        return ""

    def _update(self) -> None:
        if not hasattr(self, "handout"):
            return  # still building
        offers = self.offers()
        self.due_label.setText(format_cents(self.total()))
        split = [o.price for o in offers]
        self.split_label.setText(
            f"prize pool {format_cents(sum(p.prize_pool for p in split))} · "
            f"fee {format_cents(sum(p.house_fee for p in split))} · "
            f"bounty {format_cents(sum(p.bounty for p in split))}"
        )
        if offers != self._shown_offers:
            # The chips depend only on what is bought, not on each key of the amount tendered.
            self._shown_offers = offers
            parts = []
            for o in offers:
                chips = handout(o.kind, o.chips, self._chip_set)
                parts.append((KIND_TITLE[o.kind], chips.breakdown, o.chips, chips.note))
            self.handout.show_chips(parts, self._chip_set)
        super()._update()


# ------------------------------------------------------------------------------ players
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
        if event.type() == QEvent.Type.KeyPress and event.key() in (  # type: ignore[attr-defined]
            Qt.Key.Key_Return,
            Qt.Key.Key_Enter,
        ):
            self._after.setFocus()
            return True
        return super().eventFilter(watched, event)


class AddPlayerDialog(_Dialog):
    """A new player, added from the desk (only the name is needed).

    Enter on the name moves to the next field (`EnterMovesOn`): adding a player takes the
    "Add player" button, or Enter from another field.
    """

    def __init__(self, name: str = "", parent: QWidget | None = None) -> None:
        super().__init__("Add a player", "Add player", parent)
        self.setObjectName("add_player_dialog")
        about = QLabel(
            "Nobody of that name is in the database. Check the spelling, then add the player."
            if name
            else "A new player for the database."
        )
        about.setWordWrap(True)
        self.layout_.insertWidget(0, about)
        self.name_edit = QLineEdit(name)
        self.nickname_edit = QLineEdit()
        self.phone_edit = QLineEdit()
        self.email_edit = QLineEdit()
        self.team_edit = QLineEdit()
        for label, edit in (
            ("Name:", self.name_edit),
            ("Nickname:", self.nickname_edit),
            ("Phone:", self.phone_edit),
            ("E-mail:", self.email_edit),
            ("Team:", self.team_edit),
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
class ReasonDialog(_Dialog):
    """Ask why (a void, a refund, an undone elimination): the reason is required."""

    def __init__(self, title: str, what: str, ok_text: str, parent: QWidget | None = None):
        super().__init__(title, ok_text, parent)
        self.setObjectName("reason_dialog")
        about = QLabel(what)
        about.setWordWrap(True)
        self.layout_.insertWidget(0, about)
        self.reason_edit = QLineEdit()
        self.reason_edit.setObjectName("reason")
        self.reason_edit.setPlaceholderText("for example: wrong player, paid twice")
        self.reason_edit.textChanged.connect(self._update)
        self.form.addRow("Reason:", self.reason_edit)
        self._update()
        self.reason_edit.setFocus()

    def reason(self) -> str:
        """The reason typed."""
        return self.reason_edit.text().strip()

    def _problem(self) -> str:
        return "" if self.reason() else "Give a reason: the ledger keeps it next to both rows."


class DrawerCountDialog(_Dialog):
    """The cashier's count of the drawer, against what the ledger expects."""

    def __init__(self, expected: int, parent: QWidget | None = None) -> None:
        super().__init__("Count the cash drawer", "Record count", parent)
        self.setObjectName("drawer_dialog")
        self.expected = expected
        self.form.addRow("Expected:", _big(format_cents(expected), 14))
        self.counted_edit = amount_edit("counted cash")
        self.counted_edit.setObjectName("counted")
        self.counted_edit.textChanged.connect(self._update)
        self.form.addRow("Counted:", self.counted_edit)
        self.difference_label = _big("", 14)
        self.difference_label.setObjectName("difference")
        self.form.addRow("Difference:", self.difference_label)
        self.note_edit = QLineEdit()
        self.form.addRow("Note:", self.note_edit)
        self._update()
        self.counted_edit.setFocus()

    def counted(self) -> int | None:
        """Cents counted (None when nothing typed). Raises AmountError."""
        return read_amount(self.counted_edit, "Counted cash")

    def _problem(self) -> str:
        try:
            counted = self.counted()
        except DomainError as error:
            self.difference_label.setText("—")
            return str(error)
        if counted is None:
            self.difference_label.setText("—")
            return "Type the cash counted in the drawer."
        difference = counted - self.expected
        if difference == 0:
            self.difference_label.setText("balanced")
        else:
            word = "over" if difference > 0 else "short"
            self.difference_label.setText(f"{word} by {format_cents(abs(difference))}")
        return ""


class PayDialog(_Dialog):
    """Pay a prize or bounties: the amount owed, or part of it."""

    def __init__(self, name: str, what: str, owed: int, parent: QWidget | None = None) -> None:
        super().__init__(f"Pay {what}: {name}", f"Pay {what}", parent)
        self.setObjectName("pay_dialog")
        self.owed = owed
        self.layout_.insertWidget(0, _big(f"Pay {name}", 14))
        self.form.addRow("Owed:", QLabel(format_cents(owed)))
        self.amount_edit = amount_edit("all that is owed", format_cents(owed, symbol=""))
        self.amount_edit.setObjectName("amount")
        self.amount_edit.textChanged.connect(self._update)
        self.amount_edit.selectAll()
        self.form.addRow("Pay:", self.amount_edit)
        self._update()
        self.amount_edit.setFocus()

    def amount(self) -> int | None:
        """Cents to pay (None: all that is owed). Raises AmountError."""
        return read_amount(self.amount_edit, "Amount paid", allow_zero=False)

    def _problem(self) -> str:
        # More than owed is left to the service, which refuses it with the amounts in the message.
        try:
            self.amount()
        except DomainError as error:
            return str(error)
        return ""
