"""Dialogs about the prize money: busts on one hand, the payout table editor, final-table deals.

The payout editor and the deal dialog ask the services for a preview as the director types
(`services.payouts.preview`, `services.payouts.propose_deal`): nothing is saved until OK, and
whatever does not add up is said in the dialog's red line, with OK disabled.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from clockapp.core.errors import DomainError, ValidationError
from clockapp.core.icm import DealMethod
from clockapp.core.money import format_cents
from clockapp.core.payouts import PayoutMode, PayoutStructure, format_percent, parse_percentages
from clockapp.services.app import Services
from clockapp.services.cashier import BustInput, RegistrationInfo
from clockapp.services.payouts import DealProposal, PayoutView
from clockapp.ui.cashier.dialogs import _big, _Dialog
from clockapp.ui.cashier.models import PayoutLine, PayoutsModel
from clockapp.ui.cashier.widgets import amount_edit, read_amount

_MAX_CHIPS = 2_000_000_000


def _chips_spin(value: int = 0) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(0, _MAX_CHIPS)
    spin.setGroupSeparatorShown(True)
    spin.setValue(value)
    return spin


def _table(rows: int, headers: Sequence[str], widths: Sequence[int]) -> QTableWidget:
    """A table of players: the name stretches, the other columns get `widths`."""
    table = QTableWidget(rows, len(headers))
    table.setHorizontalHeaderLabels(list(headers))
    table.verticalHeader().setVisible(False)
    header = table.horizontalHeader()
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    for column, width in enumerate(widths, start=1):
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
        table.setColumnWidth(column, width)
    return table


def _fit_rows(table: QTableWidget, most: int = 10) -> None:
    """Tall enough to show every row, up to `most` (a final table fits without scrolling)."""
    table.resizeRowsToContents()
    shown = min(table.rowCount(), most)
    row_height = table.rowHeight(0) if table.rowCount() else 30
    table.setMinimumHeight(table.horizontalHeader().height() + shown * row_height + 6)


# ------------------------------------------------------------------------------ busts
class BustDialog(_Dialog):
    """Record the players busted on one hand, the chips each started it with, and the buster."""

    def __init__(
        self,
        in_play: Sequence[RegistrationInfo],
        preselected: int | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__("Bust", "Record bust", parent)
        self.setObjectName("bust_dialog")
        self._players = tuple(in_play)
        about = QLabel(
            "Tick every player busted on this hand. Several on one hand: give the chips each "
            "started it with (more chips, better place; equal stacks share the places)."
        )
        about.setWordWrap(True)
        self.layout_.insertWidget(0, about)
        self.table = _table(
            len(self._players), ("Busted", "Chips at start of hand", "Busted by"), (170, 190)
        )
        self.table.setMinimumWidth(640)
        self._boxes: list[QTableWidgetItem] = []
        self._chips: list[QSpinBox] = []
        self._busters: list[QComboBox] = []
        for row, reg in enumerate(self._players):
            item = QTableWidgetItem(reg.name)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            checked = reg.id == preselected
            item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)
            self.table.setItem(row, 0, item)
            spin = _chips_spin()
            spin.setSpecialValueText("—")
            spin.valueChanged.connect(self._update)
            self.table.setCellWidget(row, 1, spin)
            combo = QComboBox()
            combo.addItem("—", None)
            for other in self._players:
                if other.id != reg.id:
                    combo.addItem(other.name, other.id)
            self.table.setCellWidget(row, 2, combo)
            self._boxes.append(item)
            self._chips.append(spin)
            self._busters.append(combo)
        self.table.itemChanged.connect(self._update)
        _fit_rows(self.table)
        self.layout_.insertWidget(1, self.table)
        self._update()

    def set_busted(self, registration_id: int, chips: int = 0, busted_by: int | None = None):
        """Tick a player (tests and the keyboard flow use it)."""
        row = next(i for i, r in enumerate(self._players) if r.id == registration_id)
        self._boxes[row].setCheckState(Qt.CheckState.Checked)
        self._chips[row].setValue(chips)
        if busted_by is not None:
            self._busters[row].setCurrentIndex(self._busters[row].findData(busted_by))

    def busts(self) -> list[BustInput]:
        """The busts ticked."""
        result = []
        for row, reg in enumerate(self._players):
            if self._boxes[row].checkState() != Qt.CheckState.Checked:
                continue
            chips = self._chips[row].value() or None
            result.append(BustInput(reg.id, chips, self._busters[row].currentData()))
        return result

    def _problem(self) -> str:
        if not hasattr(self, "_busters") or len(self._busters) < len(self._players):
            return ""
        busts = self.busts()
        if not busts:
            return "Tick the player who busted."
        names = {r.id: r.name for r in self._players}
        if len(busts) > 1:
            missing = [names[b.registration_id] for b in busts if b.chips_at_hand_start is None]
            if missing:
                who = ", ".join(missing)
                return f"Several busted on one hand: give the chips {who} started the hand with."
        out = {b.registration_id for b in busts}
        for bust in busts:
            if bust.busted_by in out:
                return (
                    f"{names[bust.busted_by]} busted on this hand too, so cannot be credited "
                    f"with busting {names[bust.registration_id]}."
                )
        return ""


# ------------------------------------------------------------------------------ payout table
_MODES = (
    (PayoutMode.PRESET, "Preset by field size"),
    (PayoutMode.PERCENTAGES, "Custom percentages"),
    (PayoutMode.AMOUNTS, "Custom amounts"),
)


def ladder_lines(view: PayoutView, winners: dict[int, str] | None = None) -> list[PayoutLine]:
    """The payout view's ladder as model rows."""
    winners = winners or {}
    return [
        PayoutLine(place, cents, view.prize_pool, winners.get(place, ""))
        for place, cents in view.ladder
    ]


class PayoutTableDialog(_Dialog):
    """Edit the payout structure: preset or custom, rounding, minimum cash, guarantee, lock."""

    def __init__(
        self, services: Services, tournament_id: int, current: PayoutView, parent=None
    ) -> None:
        super().__init__("Payout table", "Use this table", parent)
        self.setObjectName("payout_dialog")
        self._services = services
        self._tid = tournament_id
        self._entries = current.entries
        s = current.structure
        self.mode_combo = QComboBox()
        # Qt stores a StrEnum as its plain string: keep the value, turn it back when read.
        for mode, text in _MODES:
            self.mode_combo.addItem(text, mode.value)
        self.set_mode(s.mode)
        self.form.addRow("Places paid:", self.mode_combo)
        self.share_edit = QLineEdit(format_percent(s.paid_share_bp).rstrip("%"))
        self.form.addRow("Share of field paid (%):", self.share_edit)
        self.percent_edit = QLineEdit(
            "/".join(format_percent(p).rstrip("%") for p in s.percentages)
        )
        self.percent_edit.setPlaceholderText("50/30/20")
        self.form.addRow("Percentages:", self.percent_edit)
        self.amounts_edit = QLineEdit(", ".join(format_cents(a, symbol="") for a in s.amounts))
        self.amounts_edit.setPlaceholderText("500, 300, 200")
        self.form.addRow("Amounts:", self.amounts_edit)
        self.unit_edit = amount_edit("0.01", format_cents(s.rounding_unit, symbol=""))
        self.form.addRow("Round to:", self.unit_edit)
        self.minimum_edit = amount_edit("none", format_cents(s.minimum_cash, symbol=""))
        self.form.addRow("Minimum cash:", self.minimum_edit)
        self.guarantee_edit = amount_edit("none", format_cents(s.guarantee, symbol=""))
        self.form.addRow("Guarantee:", self.guarantee_edit)
        self.lock_box = QCheckBox(f"Lock the places at this field ({current.entries} entries)")
        self.lock_box.setChecked(s.locked)
        self.form.addRow("", self.lock_box)
        self.model = PayoutsModel(self)
        self.preview_view = QTableView()
        self.preview_view.setModel(self.model)
        self.preview_view.verticalHeader().setVisible(False)
        self.preview_view.horizontalHeader().setStretchLastSection(True)
        self.preview_view.setMinimumHeight(220)
        self.preview_view.setColumnHidden(self.model.column_of("Finished"), True)
        self.setMinimumWidth(460)
        self.layout_.insertWidget(1, self.preview_view)
        self.total_label = QLabel()
        self.total_label.setObjectName("payout_total")
        self.layout_.insertWidget(2, self.total_label)
        self._locked_entries = s.locked_entries
        for edit in (
            self.share_edit,
            self.percent_edit,
            self.amounts_edit,
            self.unit_edit,
            self.minimum_edit,
            self.guarantee_edit,
        ):
            edit.textChanged.connect(self._update)
        self.mode_combo.currentIndexChanged.connect(self._update)
        self.lock_box.toggled.connect(self._update)
        self.view: PayoutView | None = None
        self._update()

    def _update(self) -> None:
        if hasattr(self, "amounts_edit"):
            mode = self.mode()
            self.share_edit.setEnabled(mode is PayoutMode.PRESET)
            self.percent_edit.setEnabled(mode is PayoutMode.PERCENTAGES)
            self.amounts_edit.setEnabled(mode is PayoutMode.AMOUNTS)
        super()._update()

    def set_mode(self, mode: PayoutMode) -> None:
        """Choose preset, custom percentages or custom amounts."""
        self.mode_combo.setCurrentIndex(self.mode_combo.findData(mode.value))

    def mode(self) -> PayoutMode:
        """The mode chosen."""
        return PayoutMode(self.mode_combo.currentData())

    def structure(self) -> PayoutStructure:
        """The structure typed. Raises DomainError when it does not make sense."""
        mode = self.mode()
        percentages: tuple[int, ...] = ()
        amounts: tuple[int, ...] = ()
        if mode is PayoutMode.PERCENTAGES:
            percentages = parse_percentages(self.percent_edit.text())
        if mode is PayoutMode.AMOUNTS:
            items = [i for i in self.amounts_edit.text().replace(";", ",").split(",") if i.strip()]
            if not items:
                raise ValidationError(
                    "Type the amounts, place 1 first (for example 500, 300, 200)."
                )
            amounts = tuple(
                read_amount(QLineEdit(item), f"Amount {n}", allow_zero=False) or 0
                for n, item in enumerate(items, start=1)
            )
        share = parse_percentages(self.share_edit.text() or "12.5")
        if len(share) != 1:
            raise ValidationError("Share of the field paid: type one percentage, such as 12.5.")
        structure = PayoutStructure(
            mode=mode,
            percentages=percentages,
            amounts=amounts,
            rounding_unit=read_amount(self.unit_edit, "Round to", allow_zero=False) or 1,
            minimum_cash=read_amount(self.minimum_edit, "Minimum cash") or 0,
            guarantee=read_amount(self.guarantee_edit, "Guarantee") or 0,
            paid_share_bp=share[0],
        )
        if self.lock_box.isChecked():
            return structure.lock(self._locked_entries or max(1, self._entries))
        return structure

    def _problem(self) -> str:
        if not hasattr(self, "view"):
            return ""
        try:
            structure = self.structure()
            view = self._services.payouts.preview(self._tid, structure)
        except DomainError as error:
            self.view = None
            self.model.set_rows(())
            self.total_label.setText("")
            return str(error)
        self.view = view
        self.model.set_rows(ladder_lines(view))
        if view.table is None:
            self.total_label.setText("")
            return view.problem or "This structure cannot pay the field."
        total = self.model.total()
        overlay = view.table.overlay
        extra = f" (with {format_cents(overlay)} of overlay)" if overlay else ""
        self.total_label.setText(
            f"{view.places_paid} places pay {format_cents(total)} = the prize pool of "
            f"{format_cents(view.prize_pool)}{extra}"
        )
        return ""


# ------------------------------------------------------------------------------ deals
_METHODS = (
    (DealMethod.ICM, "ICM"),
    (DealMethod.CHIP_CHOP, "Chip chop"),
    (DealMethod.EVEN, "Even split"),
)


class DealDialog(_Dialog):
    """Work out a deal among the players still in, and record the one they agree to."""

    def __init__(
        self,
        services: Services,
        tournament_id: int,
        in_play: Sequence[RegistrationInfo],
        average_stack: int,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__("Deal at the final table", "Record this deal", parent)
        self.setObjectName("deal_dialog")
        self._services = services
        self._tid = tournament_id
        self._players = tuple(in_play)
        self.table = _table(len(self._players), ("Player", "Chips", "Share now"), (150, 130))
        self.table.setMinimumWidth(520)
        self._spins: list[QSpinBox] = []
        for row, reg in enumerate(self._players):
            self.table.setItem(row, 0, QTableWidgetItem(reg.name))
            spin = _chips_spin(average_stack)
            spin.valueChanged.connect(self._mark_stale)
            self.table.setCellWidget(row, 1, spin)
            self._spins.append(spin)
            share = QTableWidgetItem("")
            share.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.table.setItem(row, 2, share)
        _fit_rows(self.table)
        self.layout_.insertWidget(0, self.table)
        self.method_combo = QComboBox()
        for method, text in _METHODS:
            self.method_combo.addItem(text, method.value)
        self.method_combo.currentIndexChanged.connect(self._mark_stale)
        self.form.addRow("Method:", self.method_combo)
        self.unit_edit = amount_edit("0.01")
        self.unit_edit.textChanged.connect(self._mark_stale)
        self.form.addRow("Round shares to:", self.unit_edit)
        self.reserve_edit = amount_edit("nothing")
        self.reserve_edit.textChanged.connect(self._mark_stale)
        self.form.addRow("Left to play for:", self.reserve_edit)
        self.estimate_label = _big("", 12)
        self.estimate_label.setObjectName("estimate")
        self.estimate_label.setStyleSheet("color:#e65100;")
        self.layout_.insertWidget(2, self.estimate_label)
        self.sum_label = QLabel()
        self.sum_label.setObjectName("deal_sum")
        self.sum_label.setWordWrap(True)
        self.layout_.insertWidget(3, self.sum_label)
        self.propose_button = QPushButton("Work out the shares")
        self.propose_button.clicked.connect(self.propose)
        self.layout_.insertWidget(2, self.propose_button)
        self.proposal: DealProposal | None = None
        self._error = ""
        self.propose()

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
        unit = read_amount(self.unit_edit, "Round shares to", allow_zero=False) or 1
        reserve = read_amount(self.reserve_edit, "Left to play for") or 0
        return DealMethod(self.method_combo.currentData()), unit, reserve

    def propose(self) -> None:
        """Ask the service for the shares of the stacks and options typed."""
        self.proposal, self._error = None, ""
        try:
            method, unit, reserve = self.options()
            self.proposal = self._services.payouts.propose_deal(
                self._tid, self.stacks(), method=method, unit=unit, reserve=reserve
            )
        except DomainError as error:
            self._error = str(error)
        self._show()
        self._update()

    def _mark_stale(self) -> None:
        if self.proposal is None and not self._error:
            return
        self.proposal, self._error = None, "Stacks or options changed: work out the shares again."
        self._show()
        self._update()

    def _show(self) -> None:
        deal = self.proposal.result if self.proposal is not None else None
        for row in range(len(self._players)):
            text = format_cents(deal.amounts[row]) if deal is not None else ""
            item = self.table.item(row, 2)
            if item is not None:
                item.setText(text)
        if deal is None:
            self.sum_label.setText("")
            self.estimate_label.setText("")
            return
        self.estimate_label.setText(
            "" if deal.exact else "ESTIMATE: more than 10 players, ICM is simulated"
        )
        reserve = f" + {format_cents(deal.reserved)} left to play for" if deal.reserved else ""
        self.sum_label.setText(
            f"Shares {format_cents(deal.dealt)}{reserve} = {format_cents(deal.unpaid)} "
            f"unpaid.  {deal.description}"
        )

    def _problem(self) -> str:
        if not hasattr(self, "_error"):
            return ""
        return self._error
