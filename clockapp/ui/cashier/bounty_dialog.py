"""`BountyDialog`: the host chooses the bounty format (plain, progressive, mystery with its stage,
seed and envelopes) and the prize places paid with tickets.

What is typed is checked as it is typed (the error line says what is wrong and OK waits); OK then
makes one service call (`services.bounties.configure`) through `save`, on the station's worker:
Save shows busy until it answers (a second press saves nothing), the dialog closes when it is
saved, and a refusal keeps it open with the reason, so nothing typed is lost.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QPlainTextEdit,
    QRadioButton,
    QSpinBox,
    QWidget,
)

from clockapp.core.bounties import BountyFormat, BountyRules, LateEntryRule, MysteryStage
from clockapp.core.bounties.tickets import LeftoverRule, Ticket, TicketTieRule
from clockapp.core.bounties.typed import (
    envelopes_text,
    parse_envelopes,
    parse_tickets,
    tickets_text,
)
from clockapp.core.money.amounts import format_cents
from clockapp.errors import DomainError
from clockapp.i18n import N_, ngettext
from clockapp.i18n import gettext as _
from clockapp.services.bounties import BountyView
from clockapp.ui.cashier.context import CashierContext
from clockapp.ui.cashier.dialog_base import CashierDialog
from clockapp.ui.operations import Control

FORMATS = (
    (BountyFormat.KNOCKOUT, N_("Knockout: the buster collects the whole bounty")),
    (
        BountyFormat.PROGRESSIVE,
        N_("Progressive knockout: half in cash, half onto the buster's head"),
    ),
    (BountyFormat.MYSTERY, N_("Mystery: from a stage on, each knockout draws an envelope")),
)
LEFTOVERS = (
    (LeftoverRule.NEXT_PLACES, N_("to the cash places, in the payout table's proportions")),
    (LeftoverRule.TICKET_HOLDERS, N_("shared equally by the ticket winners")),
    (LeftoverRule.FIRST_CASH, N_("all to the first place paid in cash")),
)

#: The dialog's answer: the rules, where left-over cash goes, the tickets, a tie over a ticket.
Choice = tuple[BountyRules, LeftoverRule, tuple[Ticket, ...], TicketTieRule]
#: Saves a choice, then calls back with why it was refused ('' when saved); False when a save
#: is still on its way (this press asked nothing).
Save = Callable[[Choice, Callable[[str], None]], bool]


class BountyDialog(CashierDialog):
    """Bounty format and ticket prizes for one tournament."""

    def __init__(self, current: BountyView, save: Save, parent: QWidget | None = None) -> None:
        super().__init__(_("Bounties and tickets"), _("Save"), parent)
        self._current = current
        self._save = save
        self._closed = False  # cancelled while a save was on its way: its answer is not ours
        self.finished.connect(self._on_finished)
        self._setup_ui()
        self._load(current)
        self._update()

    def _setup_ui(self) -> None:
        self.format_box = QComboBox()
        for fmt, text in FORMATS:
            self.format_box.addItem(_(text), fmt)
        self.from_level = QRadioButton(_("From level"))
        self.from_players = QRadioButton(_("From players left (or fewer)"))
        self.level_spin = QSpinBox()
        self.level_spin.setRange(1, 200)
        self.players_spin = QSpinBox()
        self.players_spin.setRange(1, 10_000)
        self.seed_spin = QSpinBox()
        self.seed_spin.setRange(0, 2**31 - 1)
        self.seed_spin.setSpecialValueText(_("drawn when saved"))
        self.envelopes_edit = QPlainTextEdit()
        self.envelopes_edit.setPlaceholderText("100; 2 x 50; 4 x 25")
        self.envelopes_edit.setFixedHeight(70)
        self.envelope_total = QLabel()
        self.late_box = QComboBox()
        for late in LateEntryRule:
            self.late_box.addItem(late.label, late)
        self.tickets_edit = QPlainTextEdit()
        self.tickets_edit.setPlaceholderText(_("1; 200; League final seat"))
        self.tickets_edit.setFixedHeight(70)
        self.leftover_box = QComboBox()
        for rule, text in LEFTOVERS:
            self.leftover_box.addItem(_(text), rule)
        self.tie_box = QComboBox()
        for tie in TicketTieRule:
            self.tie_box.addItem(tie.label, tie)
        self.form.addRow(_("Format"), self.format_box)
        self.form.addRow(self.from_level, self.level_spin)
        self.form.addRow(self.from_players, self.players_spin)
        self.form.addRow(_("Seed of the draw"), self.seed_spin)
        self.form.addRow(_("Envelopes"), self.envelopes_edit)
        self.form.addRow("", self.envelope_total)
        self.form.addRow(_("An entry after the first draw"), self.late_box)
        self.form.addRow(_("Tickets (place; value; seat in)"), self.tickets_edit)
        self.form.addRow(_("Cash left by tickets goes"), self.leftover_box)
        self.form.addRow(_("Players tied over a ticket"), self.tie_box)
        for signal in (
            self.format_box.currentIndexChanged,
            self.level_spin.valueChanged,
            self.players_spin.valueChanged,
            self.seed_spin.valueChanged,
            self.leftover_box.currentIndexChanged,
            self.late_box.currentIndexChanged,
            self.tie_box.currentIndexChanged,
        ):
            signal.connect(lambda *_: self._update())
        self.from_level.toggled.connect(lambda _on: self._update())
        self.envelopes_edit.textChanged.connect(self._update)
        self.tickets_edit.textChanged.connect(self._update)
        self.resize(620, 0)

    def _load(self, view: BountyView) -> None:
        rules = view.rules
        self.format_box.setCurrentIndex(self.format_box.findData(rules.format))
        stage = rules.stage or MysteryStage(from_players_left=9)
        self.from_level.setChecked(stage.from_level is not None)
        self.from_players.setChecked(stage.from_level is None)
        self.level_spin.setValue(stage.from_level or 1)
        self.players_spin.setValue(stage.from_players_left or 9)
        self.seed_spin.setValue(rules.seed)
        # After a draw: every envelope by number, those entries sold later added included.
        self.envelopes_edit.setPlainText(envelopes_text(view.envelopes or rules.envelopes))
        self.late_box.setCurrentIndex(self.late_box.findData(rules.late_entries))
        self.tickets_edit.setPlainText(tickets_text(view.tickets))
        self.leftover_box.setCurrentIndex(self.leftover_box.findData(view.leftover))
        self.tie_box.setCurrentIndex(self.tie_box.findData(view.ticket_tie))

    def choice(self) -> Choice:
        """What the host typed, as rules; raises DomainError with the reason when it is not."""
        fmt = BountyFormat(self.format_box.currentData())
        if fmt is not BountyFormat.MYSTERY:
            rules = BountyRules(fmt)
        else:
            if self.from_level.isChecked():
                stage = MysteryStage(from_level=self.level_spin.value())
            else:
                stage = MysteryStage(from_players_left=self.players_spin.value())
            envelopes = parse_envelopes(self.envelopes_edit.toPlainText())
            late = LateEntryRule(self.late_box.currentData())
            rules = BountyRules(fmt, stage, self.seed_spin.value(), envelopes, late)
        tickets = parse_tickets(self.tickets_edit.toPlainText())
        leftover = LeftoverRule(self.leftover_box.currentData())
        return rules, leftover, tickets, TicketTieRule(self.tie_box.currentData())

    def _problem(self) -> str:
        mystery = self.format_box.currentData() == BountyFormat.MYSTERY
        for widget in (
            self.from_level,
            self.from_players,
            self.seed_spin,
            self.envelopes_edit,
            self.envelope_total,
            self.late_box,
        ):
            widget.setEnabled(mystery)
        self.level_spin.setEnabled(mystery and self.from_level.isChecked())
        self.players_spin.setEnabled(mystery and self.from_players.isChecked())
        pool = self._current.bounty_pool
        self.envelope_total.setText(
            _("Bounty money collected so far: {pool}").format(pool=format_cents(pool))
        )
        try:
            rules, *_rest = self.choice()
        except DomainError as error:
            return str(error)
        if mystery:
            total = rules.envelope_total
            gap = (
                _("they match")
                if total == pool
                else _("{amount} over").format(amount=format_cents(total - pool))
                if total > pool
                else _("{amount} short").format(amount=format_cents(pool - total))
            )
            when = _("they must match by the first draw")
            if self._current.draws:
                when = _("they must match; the envelopes drawn stay as they are")
            self.envelope_total.setText(
                ngettext(
                    "{count} envelope, {total}; bounty money collected so far {pool} "
                    "({gap}: {when})",
                    "{count} envelopes, {total}; bounty money collected so far {pool} "
                    "({gap}: {when})",
                    len(rules.envelopes),
                ).format(
                    count=len(rules.envelopes),
                    total=format_cents(total),
                    pool=format_cents(pool),
                    gap=gap,
                    when=when,
                )
            )
        return ""

    def _on_buttons_accepted(self) -> None:
        self._update()
        if not self.ok_button.isEnabled():
            return
        self._save(self.choice(), self._on_save_answered)

    def _on_finished(self, _result: int) -> None:
        self._closed = True

    def _on_save_answered(self, refused: str) -> None:
        if self._closed:
            return
        if refused:
            self.error_label.setText(refused)  # kept open: nothing typed is lost
            return
        self.accept()


def open_bounty_dialog(
    ctx: CashierContext, parent: QWidget, control: Control | None = None
) -> bool:
    """Open the dialog on the tournament's bounty picture once it has been read on the station's
    worker (`control`, the button that opens it, is busy meanwhile); Save makes one service call.
    False when nothing was asked (the read for it is on its way)."""
    bounties, tid = ctx.services.bounties, ctx.tid
    return ctx.query(
        lambda: bounties.view(tid),
        lambda current: show_bounty_dialog(ctx, current, parent),
        key=("bounties-read", id(parent)),
        control=control,
    )


def show_bounty_dialog(ctx: CashierContext, current: BountyView, parent: QWidget) -> BountyDialog:
    """The dialog on `current` (the bounty picture read); Save makes one service call."""
    dialog: BountyDialog | None = None

    def save(choice: Choice, answered: Callable[[str], None]) -> bool:
        rules, leftover, tickets, tie = choice
        said = ngettext(
            "Bounties saved: {format}, {count} ticket.",
            "Bounties saved: {format}, {count} tickets.",
            len(tickets),
        ).format(format=rules.format.value, count=len(tickets))

        def saved(view: BountyView) -> None:
            if view.warnings:
                ctx.message.show_warning(" ".join((said, *view.warnings)))
            else:
                ctx.message.show_info(said)
            answered("")

        return ctx.call(
            lambda: ctx.services.bounties.configure(ctx.tid, rules, leftover, tickets, tie),
            "",
            saved,
            key="bounties",
            control=dialog.ok_button if dialog is not None else None,
            busy=_("Saving the bounties…"),
            on_refused=answered,
        )

    dialog = BountyDialog(current, save, parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog
