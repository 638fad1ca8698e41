"""The fields of the entry rules editor: a price (total, fee, bounty), spins, toggles, and the
parts that follow the buy-in until the director types in them.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QLineEdit, QSpinBox, QWidget

from clockapp.core.money.amounts import typed_amount
from clockapp.core.money.entries import EntryKind, EntryPrice
from clockapp.errors import DomainError, ValidationError
from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.ui.cashier.entry_dialog import KIND_TITLE
from clockapp.ui.cashier.widgets import amount_edit, read_amount

MAX_CHIPS = 2_000_000_000
MAX_LEVEL = 999


def money_text(cents: int) -> str:
    """Cents as typed in an amount field ('25', '12.50')."""
    text = typed_amount(cents).replace(",", "")
    return text[:-3] if text.endswith(".00") else text


def spin_box(low: int, high: int, value: int, special: str = "") -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setGroupSeparatorShown(True)
    spin.setValue(max(low, min(high, value)))
    if special:
        spin.setSpecialValueText(special)  # shown for the lowest value
    return spin


def levels_hint(levels: Sequence[int]) -> str:
    if not levels:
        return _("The structure has no breaks: sell the add-on with the buy-in.")
    if len(levels) == 1:
        return _("A break follows level {level}.").format(level=levels[0])
    text = ", ".join(str(n) for n in levels[:-1])
    return _("Breaks follow levels {levels} and {last}.").format(levels=text, last=levels[-1])


def toggled(box: QCheckBox, field: QWidget) -> QWidget:
    """A check box that turns on the field beside it ("[x] until level [6]")."""
    holder = QWidget()
    row = QHBoxLayout(holder)
    row.setContentsMargins(0, 0, 0, 0)
    row.addWidget(box)
    row.addWidget(field, 1)
    return holder


#: Each entry kind's words in the price fields: (tooltip, price, house fee, bounty, no price).
PRICE_TEXTS = {
    EntryKind.BUY_IN: (
        N_("What the player pays for the buy-in, fee included."),
        N_("Buy-in price"),
        N_("Buy-in house fee"),
        N_("Buy-in bounty"),
        N_("Buy-in: type the price the player pays."),
    ),
    EntryKind.REBUY: (
        N_("What the player pays for the rebuy, fee included."),
        N_("Rebuy price"),
        N_("Rebuy house fee"),
        N_("Rebuy bounty"),
        N_("Rebuy: type the price the player pays."),
    ),
    EntryKind.ADD_ON: (
        N_("What the player pays for the add-on, fee included."),
        N_("Add-on price"),
        N_("Add-on house fee"),
        N_("Add-on bounty"),
        N_("Add-on: type the price the player pays."),
    ),
    EntryKind.RE_ENTRY: (
        N_("What the player pays for the re-entry, fee included."),
        N_("Re-entry price"),
        N_("Re-entry house fee"),
        N_("Re-entry bounty"),
        N_("Re-entry: type the price the player pays."),
    ),
}


class PriceFields(QWidget):
    """What an entry costs: the total the player pays, and the house fee and bounty out of it."""

    def __init__(self, kind: EntryKind, price: EntryPrice, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind = kind
        tip, self._price_field, self._fee_field, self._bounty_field, self._no_price = PRICE_TEXTS[
            kind
        ]
        self.total_edit = amount_edit(_("price"), money_text(price.total))
        self.fee_edit = amount_edit("0", money_text(price.house_fee) if price.house_fee else "")
        self.bounty_edit = amount_edit("0", money_text(price.bounty) if price.bounty else "")
        for edit in (self.total_edit, self.fee_edit, self.bounty_edit):
            edit.setMinimumWidth(0)
            edit.setFixedWidth(84)
        self.total_edit.setToolTip(_(tip))
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.total_edit)
        row.addSpacing(6)
        row.addWidget(QLabel(_("of which fee")))
        row.addWidget(self.fee_edit)
        row.addWidget(QLabel(_("bounty")))
        row.addWidget(self.bounty_edit)
        row.addStretch(1)

    def edits(self) -> tuple[QLineEdit, ...]:
        """The three fields (to follow their changes)."""
        return (self.total_edit, self.fee_edit, self.bounty_edit)

    def set_price(self, price: EntryPrice) -> None:
        """Show a price."""
        self.total_edit.setText(money_text(price.total))
        self.fee_edit.setText(money_text(price.house_fee) if price.house_fee else "")
        self.bounty_edit.setText(money_text(price.bounty) if price.bounty else "")

    def price(self) -> EntryPrice:
        """The price typed. Raises DomainError naming the field."""
        total = read_amount(self.total_edit, _(self._price_field))
        if total is None:
            raise ValidationError(_(self._no_price))
        fee = read_amount(self.fee_edit, _(self._fee_field)) or 0
        bounty = read_amount(self.bounty_edit, _(self._bounty_field)) or 0
        try:
            return EntryPrice.from_total(total, house_fee=fee, bounty=bounty)
        except DomainError as error:
            raise ValidationError(
                _("{kind}: {error}").format(kind=_(KIND_TITLE[self.kind]), error=error)
            ) from error


class FollowsBuyIn:
    """A part not yet on (rebuy, add-on, re-entry) offers tonight's buy-in price and stack.

    While the director has not typed in the part, each change of the buy-in's price or stack is
    copied into it, so ticking Rebuys after setting a $50 buy-in offers $50, not the price the
    dialog opened with. The first edit in the part itself (a key typed, a spin moved) stops it.
    """

    def __init__(
        self,
        price: PriceFields,
        chips: QSpinBox,
        source_price: PriceFields,
        source_chips: QSpinBox,
        *,
        on: bool,
    ) -> None:
        self.following = not on  # a part already on keeps the tournament's own figures
        self._price, self._chips = price, chips
        self._source_price, self._source_chips = source_price, source_chips
        self._copying = False
        for edit in source_price.edits():
            edit.textChanged.connect(self._on_source_changed)
        source_chips.valueChanged.connect(self._on_source_changed)
        for edit in price.edits():
            edit.textEdited.connect(self._on_own_edit)  # typed by the director only
        chips.valueChanged.connect(self._on_own_chips_changed)

    def _on_source_changed(self, *_args: object) -> None:
        if not self.following:
            return
        self._copying = True
        try:
            for mine, theirs in zip(self._price.edits(), self._source_price.edits(), strict=True):
                mine.setText(theirs.text())
            self._chips.setValue(self._source_chips.value())
        finally:
            self._copying = False

    def _on_own_edit(self, _text: str) -> None:
        self.following = False

    def _on_own_chips_changed(self, _value: int) -> None:
        if not self._copying:
            self.following = False
