"""The entry rules editor: the kind of tournament, its prices and who may buy in, rebuy, re-enter.

One dialog for everything the director decides before the first player pays: the buy-in (price,
house fee, bounty, starting stack), late registration (until a level, a deadline, a cap), rebuys,
the add-on and re-entry (each a group that is ticked to turn it on), and the drawer's opening
float. As the director types, the red line says what does not make sense (a fee above the price,
an add-on at a break the structure does not have: the service's own check) and OK stays off.
Nothing is saved until OK; then the window saves it in one `services.cashier.set_config` call.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from PySide6.QtCore import QDateTime
from PySide6.QtWidgets import (
    QCheckBox,
    QDateTimeEdit,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from clockapp.core.money.amounts import format_cents
from clockapp.core.money.entries import EntryKind
from clockapp.core.money.entry_rules import (
    AddOnRule,
    EntryRules,
    RebuyRule,
    ReEntryRule,
    RegistrationRule,
)
from clockapp.core.money.records import CashierConfig
from clockapp.core.money.rules_fit import breaks_after, check_rules_fit
from clockapp.core.structure import Structure
from clockapp.errors import DomainError
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext
from clockapp.services.app import Services
from clockapp.ui.cashier.dialog_base import CashierDialog, big_label
from clockapp.ui.cashier.rules_fields import (
    MAX_CHIPS,
    MAX_LEVEL,
    FollowsBuyIn,
    PriceFields,
    levels_hint,
    money_text,
    spin_box,
    toggled,
)
from clockapp.ui.cashier.widgets import amount_edit, read_amount
from clockapp.ui.inks import ink_sheet


class EntryRulesDialog(CashierDialog):
    """Edit the entry rules: buy-in, late registration, rebuys, add-on, re-entry, opening float.

    Attributes:
        current: The config when the dialog opened (its payout choices are kept as they are).
    """

    def __init__(
        self,
        services: Services,
        tournament_id: int,
        current: CashierConfig,
        structure: Structure,
        *,
        entries_sold: int = 0,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(_("Entry rules"), _("Save rules"), parent)
        self.setObjectName("rules_dialog")
        self._services = services
        self._tid = tournament_id
        self.current = current
        self._ready = False
        rules = current.rules
        reg = rules.registration
        self._structure = structure
        self.breaks = breaks_after(structure)
        now = services.now()
        self.kind_label = big_label(rules.label, 16)
        self.kind_label.setObjectName("rules_kind")
        self.layout_.insertWidget(0, self.kind_label)
        if entries_sold:
            sold = QLabel(
                ngettext(
                    "{count} entry already sold keeps the price it was paid at; new prices apply "
                    "from the next sale.",
                    "{count} entries already sold keep the price they were paid at; new prices "
                    "apply from the next sale.",
                    entries_sold,
                ).format(count=entries_sold)
            )
            sold.setWordWrap(True)
            sold.setStyleSheet(ink_sheet("#607d8b"))
            self.layout_.insertWidget(1, sold)

        # ---------------------------------------------------------------- the buy-in
        buy_in = QGroupBox(_("Buy-in"))
        form = QFormLayout(buy_in)
        self.buy_in_price = PriceFields(EntryKind.BUY_IN, reg.price)
        form.addRow(_("Price:"), self.buy_in_price)
        self.stack_spin = spin_box(1, MAX_CHIPS, reg.chips)
        form.addRow(_("Starting stack:"), self.stack_spin)
        self.split_label = QLabel()
        self.split_label.setObjectName("buy_in_split")
        self.split_label.setStyleSheet(ink_sheet("#607d8b"))
        form.addRow("", self.split_label)

        # ---------------------------------------------------------------- registration
        registration = QGroupBox(_("Registration"))
        form = QFormLayout(registration)
        self.late_box = QCheckBox(_("until the end of level"))
        self.late_box.setChecked(reg.late_until_level is not None)
        self.late_spin = spin_box(
            0, MAX_LEVEL, reg.late_until_level or 6, _("0 (closes at the start)")
        )
        self.late_spin.setToolTip(_("Open through this level and the break after it."))
        form.addRow(_("Late registration:"), toggled(self.late_box, self.late_spin))
        self.deadline_box = QCheckBox(_("closes at"))
        self.deadline_box.setChecked(reg.deadline is not None)
        self.deadline_edit = QDateTimeEdit()
        self.deadline_edit.setCalendarPopup(True)
        self.deadline_edit.setDisplayFormat("yyyy-MM-dd HH:mm")
        default_deadline = now.replace(second=0, microsecond=0) + timedelta(hours=2)
        self.set_deadline(reg.deadline or default_deadline)
        form.addRow(_("Deadline:"), toggled(self.deadline_box, self.deadline_edit))
        self.cap_spin = spin_box(0, 100_000, reg.max_entrants or 0, _("no cap"))
        form.addRow(_("Most entrants:"), self.cap_spin)
        self.float_edit = amount_edit(
            "0", money_text(current.opening_float) if current.opening_float else ""
        )
        form.addRow(_("Opening float:"), self.float_edit)

        # ---------------------------------------------------------------- rebuys
        rebuy = rules.rebuy
        self.rebuy_group = QGroupBox(_("Rebuys"))
        self.rebuy_group.setObjectName("rebuy_group")
        self.rebuy_group.setCheckable(True)
        self.rebuy_group.setChecked(rebuy is not None)
        form = QFormLayout(self.rebuy_group)
        first_break = self.breaks[0] if self.breaks else 6
        self.rebuy_price = PriceFields(EntryKind.REBUY, rebuy.price if rebuy else reg.price)
        form.addRow(_("Price:"), self.rebuy_price)
        self.rebuy_chips = spin_box(1, MAX_CHIPS, rebuy.chips if rebuy else reg.chips)
        form.addRow(_("Chips:"), self.rebuy_chips)
        self.rebuy_last = spin_box(1, MAX_LEVEL, rebuy.last_level if rebuy else first_break)
        self.rebuy_last.setToolTip(_("Sold through this level and the break after it."))
        form.addRow(_("Until level:"), self.rebuy_last)
        self.rebuy_max = spin_box(
            0, 999, (rebuy.max_per_player or 0) if rebuy else 0, _("no limit")
        )
        form.addRow(_("Most per player:"), self.rebuy_max)
        self.rebuy_threshold = spin_box(
            0, MAX_CHIPS, rebuy.stack_at_or_below if rebuy else 0, _("busted only")
        )
        form.addRow(_("At or below (chips):"), self.rebuy_threshold)

        # ---------------------------------------------------------------- add-on
        add_on = rules.add_on
        self.add_on_group = QGroupBox(_("Add-on"))
        self.add_on_group.setObjectName("add_on_group")
        self.add_on_group.setCheckable(True)
        self.add_on_group.setChecked(add_on is not None)
        form = QFormLayout(self.add_on_group)
        self.add_on_price = PriceFields(EntryKind.ADD_ON, add_on.price if add_on else reg.price)
        form.addRow(_("Price:"), self.add_on_price)
        self.add_on_chips = spin_box(1, MAX_CHIPS, add_on.chips if add_on else reg.chips)
        form.addRow(_("Chips:"), self.add_on_chips)
        at_break = add_on.at_break_after_level if add_on else None
        self.add_on_break_box = QCheckBox(_("at the break after level"))
        self.add_on_break_box.setChecked(add_on is None or at_break is not None)
        self.add_on_break = spin_box(1, MAX_LEVEL, at_break or first_break)
        form.addRow(_("Sold:"), toggled(self.add_on_break_box, self.add_on_break))
        self.breaks_label = QLabel(levels_hint(self.breaks))
        self.breaks_label.setObjectName("breaks_hint")
        self.breaks_label.setStyleSheet(ink_sheet("#607d8b"))
        form.addRow("", self.breaks_label)
        self.add_on_with_buy_in = QCheckBox(_("with the buy-in (in the same payment)"))
        self.add_on_with_buy_in.setChecked(add_on.with_buy_in if add_on else False)
        form.addRow("", self.add_on_with_buy_in)
        self.add_on_max = spin_box(1, 99, add_on.max_per_player if add_on else 1)
        form.addRow(_("Most per player:"), self.add_on_max)

        # ---------------------------------------------------------------- re-entry
        re_entry = rules.re_entry
        self.re_entry_group = QGroupBox(_("Re-entry"))
        self.re_entry_group.setObjectName("re_entry_group")
        self.re_entry_group.setCheckable(True)
        self.re_entry_group.setChecked(re_entry is not None)
        form = QFormLayout(self.re_entry_group)
        self.re_entry_price = PriceFields(
            EntryKind.RE_ENTRY, re_entry.price if re_entry else reg.price
        )
        form.addRow(_("Price:"), self.re_entry_price)
        self.re_entry_chips = spin_box(1, MAX_CHIPS, re_entry.chips if re_entry else reg.chips)
        form.addRow(_("Chips:"), self.re_entry_chips)
        self.re_entry_last = spin_box(
            0,
            MAX_LEVEL,
            (re_entry.last_level or 0) if re_entry else 0,
            _("as late registration"),
        )
        form.addRow(_("Until level:"), self.re_entry_last)
        self.re_entry_max = spin_box(
            0, 999, (re_entry.max_per_player or 0) if re_entry else 0, _("no limit")
        )
        form.addRow(_("Most per player:"), self.re_entry_max)

        # A part not yet on offers tonight's buy-in as it is typed (until typed in itself).
        self.followers = [
            FollowsBuyIn(price, chips, self.buy_in_price, self.stack_spin, on=rule is not None)
            for price, chips, rule in (
                (self.rebuy_price, self.rebuy_chips, rebuy),
                (self.add_on_price, self.add_on_chips, add_on),
                (self.re_entry_price, self.re_entry_chips, re_entry),
            )
        ]

        left = QVBoxLayout()
        left.addWidget(buy_in)
        left.addWidget(registration)
        left.addWidget(self.re_entry_group)
        left.addStretch(1)
        right = QVBoxLayout()
        right.addWidget(self.rebuy_group)
        right.addWidget(self.add_on_group)
        right.addStretch(1)
        columns = QHBoxLayout()
        columns.addLayout(left, 1)
        columns.addLayout(right, 1)
        self.layout_.insertLayout(self.layout_.indexOf(self.error_label), columns)

        for fields in (self.buy_in_price, self.rebuy_price, self.add_on_price, self.re_entry_price):
            for edit in fields.edits():
                edit.textChanged.connect(self._update)
        self.float_edit.textChanged.connect(self._update)
        for spin in (
            self.stack_spin,
            self.late_spin,
            self.cap_spin,
            self.rebuy_chips,
            self.rebuy_last,
            self.rebuy_max,
            self.rebuy_threshold,
            self.add_on_chips,
            self.add_on_break,
            self.add_on_max,
            self.re_entry_chips,
            self.re_entry_last,
            self.re_entry_max,
        ):
            spin.valueChanged.connect(self._update)
        for box in (
            self.late_box,
            self.deadline_box,
            self.add_on_break_box,
            self.add_on_with_buy_in,
            self.rebuy_group,
            self.add_on_group,
            self.re_entry_group,
        ):
            box.toggled.connect(self._update)
        self.deadline_edit.dateTimeChanged.connect(self._update)
        self._ready = True
        self._update()
        self.buy_in_price.total_edit.setFocus()
        self.buy_in_price.total_edit.selectAll()

    # ------------------------------------------------------------------ deadline
    def set_deadline(self, moment: datetime) -> None:
        """Show a deadline (tz-aware) in local time."""
        self.deadline_edit.setDateTime(QDateTime.fromSecsSinceEpoch(int(moment.timestamp())))

    def deadline(self) -> datetime | None:
        """The deadline chosen, in UTC (None when there is none)."""
        if not self.deadline_box.isChecked():
            return None
        return datetime.fromtimestamp(self.deadline_edit.dateTime().toSecsSinceEpoch(), UTC)

    # ------------------------------------------------------------------ reading
    def rules(self) -> EntryRules:
        """The rules typed. Raises DomainError saying which part is wrong."""
        registration = RegistrationRule(
            self.buy_in_price.price(),
            chips=self.stack_spin.value(),
            late_until_level=self.late_spin.value() if self.late_box.isChecked() else None,
            deadline=self.deadline(),
            max_entrants=self.cap_spin.value() or None,
        )
        rebuy = None
        if self.rebuy_group.isChecked():
            rebuy = RebuyRule(
                self.rebuy_price.price(),
                chips=self.rebuy_chips.value(),
                last_level=self.rebuy_last.value(),
                max_per_player=self.rebuy_max.value() or None,
                stack_at_or_below=self.rebuy_threshold.value(),
            )
        add_on = None
        if self.add_on_group.isChecked():
            add_on = AddOnRule(
                self.add_on_price.price(),
                chips=self.add_on_chips.value(),
                at_break_after_level=(
                    self.add_on_break.value() if self.add_on_break_box.isChecked() else None
                ),
                with_buy_in=self.add_on_with_buy_in.isChecked(),
                max_per_player=self.add_on_max.value(),
            )
        re_entry = None
        if self.re_entry_group.isChecked():
            re_entry = ReEntryRule(
                self.re_entry_price.price(),
                chips=self.re_entry_chips.value(),
                last_level=self.re_entry_last.value() or None,
                max_per_player=self.re_entry_max.value() or None,
            )
        return EntryRules(registration, rebuy, add_on, re_entry)

    def opening_float(self) -> int:
        """The opening float typed, in cents. Raises AmountError."""
        return read_amount(self.float_edit, _("Opening float")) or 0

    def config(self) -> CashierConfig:
        """The whole config to save (the payout choices as they were). Raises DomainError."""
        return CashierConfig(self.rules(), self.current.payouts, self.opening_float())

    # ------------------------------------------------------------------ checking
    def _update(self) -> None:
        if not getattr(self, "_ready", False):
            return  # still building
        self.late_spin.setEnabled(self.late_box.isChecked())
        self.deadline_edit.setEnabled(self.deadline_box.isChecked())
        self.add_on_break.setEnabled(self.add_on_break_box.isChecked())
        super()._update()

    def _problem(self) -> str:
        if not getattr(self, "_ready", False):
            return ""
        try:
            price = self.buy_in_price.price()
            self.split_label.setText(
                _("prize pool {pool} · fee {fee} · bounty {bounty}").format(
                    pool=format_cents(price.prize_pool),
                    fee=format_cents(price.house_fee),
                    bounty=format_cents(price.bounty),
                )
            )
        except DomainError:
            self.split_label.setText("")
        try:
            config = self.config()
        except DomainError as error:
            self.kind_label.setText("")
            return str(error)
        self.kind_label.setText(config.rules.label)
        try:
            # The rule the service checks on save, against the structure read on the worker
            # as the dialog opened (an add-on needs its break): pure, so checked here.
            check_rules_fit(config.rules, self._structure)
        except DomainError as error:
            return str(error)
        return ""
