"""Dialogs at the tables: the players busted on one hand, and a deal at the final table.

The deal dialog asks the service for the shares (`services.payouts.propose_deal`, on the
station's worker: "Work out the shares" is busy until they come back) and records only what was
worked out from the stacks on screen; whatever does not add up is said in the dialog's red line,
with OK disabled. The payout table editor is in `payout_dialog`.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableWidgetItem,
    QWidget,
)

from clockapp.core.icm import DealMethod
from clockapp.core.money.amounts import format_cents
from clockapp.core.money.records import RegistrationInfo
from clockapp.errors import DomainError
from clockapp.formats import chips as format_chips
from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.services.payouts import DealProposal
from clockapp.ui.cashier.context import CashierContext
from clockapp.ui.cashier.dialog_base import (
    CashierDialog,
    big_label,
    chips_spin,
    fit_rows,
    player_table,
)
from clockapp.ui.cashier.widgets import amount_edit, read_amount
from clockapp.ui.errors import report
from clockapp.ui.inks import ink_sheet

__all__ = ["DealDialog"]


# ------------------------------------------------------------------------------ deals
_METHODS = (
    (DealMethod.ICM, N_("ICM")),
    (DealMethod.CHIP_CHOP, N_("Chip chop (lowest prize to each, rest by chips)")),
    (DealMethod.CHIP_SHARE, N_("By chips only")),
    (DealMethod.EVEN, N_("Even split")),
)
#: Shown side by side for every deal, whichever is chosen: the columns after Chips.
_COMPARED = (DealMethod.ICM, DealMethod.CHIP_CHOP, DealMethod.CHIP_SHARE)
_SHARE_COLUMN = 2 + len(_COMPARED)


#: The deal dialog's button, and its words when the deal shares the whole prize pool.
RECORD = N_("Record this deal")
RECORD_AND_END = N_("Record the deal and end the tournament")


class DealDialog(CashierDialog):
    """Work out a deal among the players still in, and record the one they agree to.

    The cashier types each player's chips as counted at the table. Their sum is compared with
    the chips the cashier's records put in play (every standing entry, rebuy and add-on): a
    count that does not add up is usually a typo, so Record stays off until it does, or until
    the cashier ticks that the table's count is the one to use (a chip race, a lost chip).
    """

    def __init__(
        self,
        ctx: CashierContext,
        in_play: Sequence[RegistrationInfo],
        chips_in_play: int | None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(_("Deal at the final table"), _(RECORD), parent)
        self.setObjectName("deal_dialog")
        self._ctx = ctx
        self._tid = ctx.tid
        # Each ask for the shares is numbered: an answer for stacks or options changed since
        # it was asked is dropped.
        self._asked = 0
        self._asked_for: tuple[object, ...] = ()  # what the last ask (or change) was typed as
        self._players = tuple(in_play)
        self.chips_in_play = chips_in_play
        self.table = player_table(
            len(self._players),
            (_("Player"), _("Chips"), _("ICM"), _("Chip chop"), _("By chips"), _("Share now")),
            (130, 110, 110, 110, 120),
        )
        self.table.setMinimumWidth(760)
        self._spins: list[QSpinBox] = []
        for row, reg in enumerate(self._players):
            self.table.setItem(row, 0, QTableWidgetItem(reg.name))
            # No default stack: an average would look like a count nobody made.
            spin = chips_spin(0)
            spin.setSpecialValueText("—")
            spin.valueChanged.connect(self._mark_stale)
            self.table.setCellWidget(row, 1, spin)
            self._spins.append(spin)
            for column in range(2, _SHARE_COLUMN + 1):
                share = QTableWidgetItem("")
                share.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(row, column, share)
        fit_rows(self.table)
        self.layout_.insertWidget(0, self.table)
        self.count_label = QLabel()
        self.count_label.setObjectName("deal_chips")
        self.layout_.insertWidget(1, self.count_label)
        self.override_box = QCheckBox(
            _("Use these counts anyway (the chips at the table differ from the cashier's records)")
        )
        self.override_box.setObjectName("deal_override")
        self.override_box.toggled.connect(self._update)
        self.override_box.setVisible(chips_in_play is not None)
        self.layout_.insertWidget(2, self.override_box)
        self.method_combo = QComboBox()
        for method, text in _METHODS:
            self.method_combo.addItem(text, method.value)
        self.method_combo.currentIndexChanged.connect(self._mark_stale)
        self.form.addRow(_("Method:"), self.method_combo)
        self.unit_edit = amount_edit("0.01")
        self.unit_edit.textChanged.connect(self._mark_stale)
        self.form.addRow(_("Round shares to:"), self.unit_edit)
        self.reserve_edit = amount_edit("nothing")
        self.reserve_edit.textChanged.connect(self._mark_stale)
        self.form.addRow(_("Left to play for:"), self.reserve_edit)
        self.propose_button = QPushButton(_("Work out the shares"))
        self.propose_button.clicked.connect(self.propose)
        self.layout_.insertWidget(3, self.propose_button)
        self.estimate_label = big_label("", 12)
        self.estimate_label.setObjectName("estimate")
        self.estimate_label.setStyleSheet(ink_sheet("#e65100"))
        self.layout_.insertWidget(4, self.estimate_label)
        self.sum_label = QLabel()
        self.sum_label.setObjectName("deal_sum")
        self.sum_label.setWordWrap(True)
        self.layout_.insertWidget(5, self.sum_label)
        self.proposal: DealProposal | None = None
        #: The same stacks under ICM and both chip chops, for the columns beside the choice.
        self.compared: dict[DealMethod, DealProposal] = {}
        self._error = ""
        self._show()
        self._update()
        # The first count is what the cashier types first (opened from the worker's answer,
        # the dialog would otherwise give the focus to its first button it finds enabled).
        self._spins[0].setFocus()

    def set_stack(self, registration_id: int, chips: int) -> None:
        """Set one player's chips (the deal must be worked out again)."""
        row = next(i for i, r in enumerate(self._players) if r.id == registration_id)
        self._spins[row].setValue(chips)

    def stacks(self) -> dict[int, int]:
        """Chips by registration id."""
        return {reg.id: spin.value() for reg, spin in zip(self._players, self._spins, strict=True)}

    def set_method(self, method: DealMethod) -> None:
        """Choose ICM, chip chop or even split."""
        self.method_combo.setCurrentIndex(self.method_combo.findData(method.value))

    def options(self) -> tuple[DealMethod, int, int]:
        """(method, rounding unit, reserve) as typed. Raises AmountError."""
        unit = read_amount(self.unit_edit, _("Round shares to"), allow_zero=False) or 1
        reserve = read_amount(self.reserve_edit, _("Left to play for")) or 0
        return DealMethod(self.method_combo.currentData()), unit, reserve

    def entered(self) -> int:
        """The chips typed for every player, added up."""
        return sum(spin.value() for spin in self._spins)

    def _missing(self) -> list[str]:
        return [
            reg.name
            for reg, spin in zip(self._players, self._spins, strict=True)
            if not spin.value()
        ]

    def propose(self) -> bool:
        """Ask the service for the shares of the stacks and options typed; they are shown when
        the worker answers. False when nothing was asked (a field is missing or wrong, or the
        shares are already on their way)."""
        if self._ctx.bus.worker.is_pending(self.propose_button):
            return False
        self._asked += 1
        self._asked_for = self._typed()
        self.proposal, self.compared, self._error = None, {}, ""
        missing = self._missing()
        if missing:
            self._error = _("Type the chips of {names} first.").format(names=", ".join(missing))
        else:
            try:
                method, unit, reserve = self.options()
            except DomainError as error:
                self._error = str(error)
            else:
                return self._ask_shares(method, unit, reserve)
        self._show()
        self._update()
        return False

    def _ask_shares(self, method: DealMethod, unit: int, reserve: int) -> bool:
        payouts, tid, stacks, asked = (
            self._ctx.services.payouts,
            self._tid,
            self.stacks(),
            self._asked,
        )

        def work() -> dict[DealMethod, DealProposal]:
            return {
                other: payouts.propose_deal(tid, stacks, method=other, unit=unit, reserve=reserve)
                for other in dict.fromkeys((method, *_COMPARED))
            }

        def answered(compared: dict[DealMethod, DealProposal]) -> None:
            if asked == self._asked:
                self.compared = compared
                self.proposal = compared[method]
                self._show()
            self._update()

        def failed(error: Exception) -> None:
            if not isinstance(error, DomainError):
                report(error, self)
            elif asked == self._asked:
                self._error = str(error)
            self._show()
            self._update()

        if self.propose_button.hasFocus():
            # The button is busy (disabled) until the answer: Qt would pass the focus on to
            # Cancel, and Enter there would close the dialog. The stacks keep it instead.
            self._spins[0].setFocus()
        return self._ctx.bus.worker.submit(
            work, answered, failed, control=self.propose_button, asker=self
        )

    def _typed(self) -> tuple[object, ...]:
        """What the shares are worked out from, as typed."""
        return (
            tuple(self.stacks().items()),
            self.method_combo.currentData(),
            self.unit_edit.text(),
            self.reserve_edit.text(),
        )

    def _mark_stale(self) -> None:
        if self._typed() == self._asked_for:
            return  # Enter in a count says its value again: nothing changed
        self._asked_for = self._typed()
        self._asked += 1
        if self.proposal is not None:
            self._error = _("Stacks or options changed: work out the shares again.")
        self.proposal = None
        self.compared = {}
        self._show()
        self._update()

    def _show(self) -> None:
        deal = self.proposal.result if self.proposal is not None else None
        columns = [self.compared.get(method) for method in _COMPARED] + [self.proposal]
        for row in range(len(self._players)):
            for column, proposal in enumerate(columns, start=2):
                item = self.table.item(row, column)
                if item is not None:
                    amount = proposal.result.amounts[row] if proposal is not None else None
                    item.setText(format_cents(amount) if amount is not None else "")
        ends = deal is not None and deal.reserved == 0
        self.ok_button.setText(_(RECORD_AND_END) if ends else _(RECORD))
        if deal is None:
            self.sum_label.setText("")
            self.estimate_label.setText("")
            return
        self.estimate_label.setText(
            "" if deal.exact else _("ESTIMATE: more than 20 players, ICM is simulated")
        )
        amounts = {
            "dealt": format_cents(deal.dealt),
            "reserved": format_cents(deal.reserved),
            "unpaid": format_cents(deal.unpaid),
            "deal": deal.description,
        }
        text = (
            _("Shares {dealt} + {reserved} left to play for = {unpaid} unpaid.  {deal}")
            if deal.reserved
            else _("Shares {dealt} = {unpaid} unpaid.  {deal}")
        ).format(**amounts)
        if ends:
            text += "\n" + _(
                "Nothing is left to play for: recording this deal ends the tournament."
            )
        self.sum_label.setText(text)

    def accepted_difference(self) -> int | None:
        """The chips the counts differ from those in play by, when the cashier used them anyway
        ('Use these counts anyway'); None when they add up or nothing was confirmed."""
        expected = self.chips_in_play
        if expected is None or not self.override_box.isChecked():
            return None
        difference = self.entered() - expected
        return difference or None

    def _count_problem(self) -> str:
        """Show the chips entered against those in play; why they cannot be recorded, or ''."""
        entered, expected = self.entered(), self.chips_in_play
        if expected is None:
            self.count_label.setText(
                _("Chips entered {entered} (chips in play unknown)").format(
                    entered=format_chips(entered)
                )
            )
            return ""
        counts = {
            "entered": format_chips(entered),
            "expected": format_chips(expected),
            "gap": format_chips(abs(expected - entered)),
        }
        if entered < expected:
            text = _("Chips entered {entered} of {expected} in play ({gap} missing)")
        elif entered > expected:
            text = _("Chips entered {entered} of {expected} in play ({gap} too many)")
        else:
            text = _("Chips entered {entered} of {expected} in play")
        text = text.format(**counts)
        self.count_label.setText(text)
        color = "#1b5e20" if entered == expected else "#b71c1c"
        self.count_label.setStyleSheet(ink_sheet(color, "font-weight:bold;"))
        if entered == expected or self.override_box.isChecked():
            return ""
        return _(
            "The stacks add up to {entered} chips, not the {expected} in play: check the "
            "counts, or tick 'Use these counts anyway'."
        ).format(entered=format_chips(entered), expected=format_chips(expected))

    def _problem(self) -> str:
        if not hasattr(self, "_error"):
            return ""
        missing = self._missing()
        counts = self._count_problem()
        if missing:
            return _("Type the chips of {names}, then work out the shares.").format(
                names=", ".join(missing)
            )
        if counts:
            return counts
        if self._error:
            return self._error
        if self.proposal is None:
            return _("Work out the shares from these stacks.")
        return ""
