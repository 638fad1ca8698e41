"""The cashier's entry dialog: confirm a buy-in, rebuy, add-on or re-entry.

`EntryDialog` shows what is due, takes what the player hands over, shows the change and the chips
to give; the desk calls the service once it is accepted, which takes Ctrl+Enter or the button
(`MoneyDialog`): a plain Enter never sells. `KIND_TITLE` names each entry kind on
buttons and titles.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QLabel,
    QSpinBox,
    QWidget,
)

from clockapp.core.chips import ChipSet
from clockapp.core.money.amounts import format_cents
from clockapp.core.money.entries import EntryKind, EntryOffer
from clockapp.core.money.handout import PlannedStacks, handout
from clockapp.errors import DomainError
from clockapp.formats import chips as format_chips
from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.ui.cashier.dialog_base import MoneyDialog, big_label
from clockapp.ui.cashier.widgets import HandoutView, amount_edit, read_amount
from clockapp.ui.inks import ink_sheet

#: How each entry kind is named on buttons and titles.
KIND_TITLE = {
    EntryKind.BUY_IN: N_("Buy-in"),
    EntryKind.REBUY: N_("Rebuy"),
    EntryKind.ADD_ON: N_("Add-on"),
    EntryKind.RE_ENTRY: N_("Re-entry"),
}
#: Each entry dialog's window title, with the player's name.
KIND_DIALOG_TITLE = {
    EntryKind.BUY_IN: N_("Buy-in: {name}"),
    EntryKind.REBUY: N_("Rebuy: {name}"),
    EntryKind.ADD_ON: N_("Add-on: {name}"),
    EntryKind.RE_ENTRY: N_("Re-entry: {name}"),
}
#: The heading inside each entry dialog, with the player's name.
KIND_HEADING = {
    EntryKind.BUY_IN: N_("Buy-in — {name}"),
    EntryKind.REBUY: N_("Rebuy — {name}"),
    EntryKind.ADD_ON: N_("Add-on — {name}"),
    EntryKind.RE_ENTRY: N_("Re-entry — {name}"),
}
#: The last sale's first line: who bought which entry.
KIND_SOLD = {
    EntryKind.BUY_IN: N_("{name}: buy-in"),
    EntryKind.REBUY: N_("{name}: rebuy"),
    EntryKind.ADD_ON: N_("{name}: add-on"),
    EntryKind.RE_ENTRY: N_("{name}: re-entry"),
}
#: The button that takes the money for each entry kind.
KIND_CONFIRM = {
    EntryKind.BUY_IN: N_("Confirm buy-in"),
    EntryKind.REBUY: N_("Confirm rebuy"),
    EntryKind.ADD_ON: N_("Confirm add-on"),
    EntryKind.RE_ENTRY: N_("Confirm re-entry"),
}


class EntryDialog(MoneyDialog):
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
        stacks: PlannedStacks | None = None,
        parent: QWidget | None = None,
    ) -> None:
        kind = offer.kind
        super().__init__(
            _(KIND_DIALOG_TITLE[kind]).format(name=name), _(KIND_CONFIRM[kind]), parent
        )
        self.setObjectName("entry_dialog")
        self.setMinimumWidth(440)
        self.offer = offer
        self.add_on = add_on
        self._chip_set = chip_set
        self._stacks = stacks  # the stacks planned with the structure, as the sale records
        self._shown_offers: list[EntryOffer] = []
        self.layout_.insertWidget(0, big_label(_(KIND_HEADING[kind]).format(name=name), 16))
        self.note_label = QLabel(note)
        self.note_label.setObjectName("entry_note")
        self.note_label.setWordWrap(True)
        self.note_label.setStyleSheet(ink_sheet("#e65100"))
        self.note_label.setVisible(bool(note))
        self.layout_.insertWidget(1, self.note_label)
        self.due_label = big_label()
        self.due_label.setObjectName("due")
        self.form.addRow(_("Due:"), self.due_label)
        self.split_label = QLabel()
        self.split_label.setStyleSheet(ink_sheet("#607d8b"))
        self.form.addRow("", self.split_label)
        self.add_on_box = QCheckBox()
        if add_on is not None:
            self.add_on_box.setText(
                _("with the add-on (+{price}, T{chips})").format(
                    price=format_cents(add_on.price.total), chips=format_chips(add_on.chips)
                )
            )
            self.form.addRow("", self.add_on_box)
            self.add_on_box.toggled.connect(self._update)
        self.stack_spin = QSpinBox()
        self.stack_spin.setRange(0, 2_000_000_000)
        self.stack_spin.setGroupSeparatorShown(True)
        self.stack_spin.setSpecialValueText(_("busted (0)"))
        if ask_stack:
            self.form.addRow(_("Player's chips now:"), self.stack_spin)
        self.tendered_edit = amount_edit(_("exact amount"))
        self.tendered_edit.setObjectName("tendered")
        self.tendered_edit.textChanged.connect(self._update)
        self.form.addRow(_("Tendered:"), self.tendered_edit)
        self.change_label = big_label("", 16)
        self.change_label.setObjectName("change_due")
        self.form.addRow(_("Change due:"), self.change_label)
        self.layout_.insertWidget(3, QLabel(_("<b>Chips to hand over</b>")))
        self.handout = HandoutView()
        self.layout_.insertWidget(4, self.handout)
        self._update()
        self.tendered_edit.setFocus()

    def add_note(self, text: str) -> None:
        """Say `text` under the title too (after any note already there)."""
        shown = self.note_label.text()
        self.note_label.setText(f"{shown} {text}" if shown else text)
        self.note_label.setVisible(True)

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
        return read_amount(self.tendered_edit, _("Tendered"))

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
            return _("{tendered} tendered is {short} short of the {due} due.").format(
                tendered=format_cents(tendered),
                short=format_cents(total - tendered),
                due=format_cents(total),
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
            _("prize pool {pool} · fee {fee} · bounty {bounty}").format(
                pool=format_cents(sum(p.prize_pool for p in split)),
                fee=format_cents(sum(p.house_fee for p in split)),
                bounty=format_cents(sum(p.bounty for p in split)),
            )
        )
        if offers != self._shown_offers:
            # The chips depend only on what is bought, not on each key of the amount tendered.
            self._shown_offers = offers
            parts = []
            for o in offers:
                chips = handout(o.kind, o.chips, self._chip_set, self._stacks)
                parts.append((_(KIND_TITLE[o.kind]), chips.breakdown, o.chips, chips.note))
            self.handout.show_chips(parts, self._chip_set)
        super()._update()
