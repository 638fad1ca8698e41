"""The payout table editor: preset or custom places, rounding, minimum cash, guarantee, lock.

As the director types, the dialog previews what the structure would pay this field, read on the
station's worker before it opened (`services.payouts.previewer`: each preview is then pure, with
no database work); whatever does not add up is said in the red line and OK stays off.
Nothing is saved until OK.
"""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QLineEdit, QTableView, QWidget

from clockapp.core.money.amounts import format_cents, typed_amount
from clockapp.core.money.till import DealInfo
from clockapp.core.payout_tables import CLOCKAPP_CURVE, table_choices
from clockapp.core.payouts import PayoutMode, PayoutStructure, format_percent, parse_percentages
from clockapp.errors import DomainError, ValidationError
from clockapp.i18n import N_, ngettext
from clockapp.i18n import gettext as _
from clockapp.services.app import Services
from clockapp.services.payouts import PayoutPreview, PayoutView
from clockapp.ui.cashier.dialog_base import CashierDialog
from clockapp.ui.cashier.prize_models import PayoutLine, PayoutsModel
from clockapp.ui.cashier.widgets import amount_edit, read_amount
from clockapp.ui.inks import ink_sheet

# ------------------------------------------------------------------------------ payout table
_MODES = (
    (PayoutMode.PRESET, N_("Published table by field size")),
    (PayoutMode.PERCENTAGES, N_("Custom percentages")),
    (PayoutMode.AMOUNTS, N_("Custom amounts")),
)


def ladder_lines(view: PayoutView, winners: dict[int, str] | None = None) -> list[PayoutLine]:
    """The payout view's ladder as model rows."""
    winners = winners or {}
    return [
        PayoutLine(place, cents, view.prize_pool, winners.get(place, ""))
        for place, cents in view.ladder
    ]


def deal_lines(
    view: PayoutView, deal: DealInfo, names: dict[int, str], winners: dict[int, str] | None = None
) -> list[PayoutLine]:
    """The ladder with the deal in it: the dealers' shares over the places they dealt for
    (the largest share first), the places below them as the table pays them."""
    winners = winners or {}
    shares = sorted(
        zip(deal.amounts, deal.registration_ids, strict=True), key=lambda pair: -pair[0]
    )
    lines = [
        PayoutLine(
            place, amount, view.prize_pool, _("{name} (deal)").format(name=names.get(reg_id, ""))
        )
        for place, (amount, reg_id) in enumerate(shares, start=1)
    ]
    lines += [
        PayoutLine(place, cents, view.prize_pool, winners.get(place, ""))
        for place, cents in view.ladder
        if place > len(shares)
    ]
    return lines


class PayoutTableDialog(CashierDialog):
    """Edit the payout structure: preset or custom, rounding, minimum cash, guarantee, lock."""

    def __init__(
        self,
        services: Services,
        tournament_id: int,
        current: PayoutView,
        preview: PayoutPreview,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(_("Payout table"), _("Use this table"), parent)
        self.setObjectName("payout_dialog")
        self._services = services
        self._tid = tournament_id
        self._preview = preview
        self._entries = current.entries
        s = current.structure
        self.mode_combo = QComboBox()
        # Qt stores a StrEnum as its plain string: keep the value, turn it back when read.
        for mode, text in _MODES:
            self.mode_combo.addItem(text, mode.value)
        self.set_mode(s.mode)
        self.form.addRow(_("Places paid:"), self.mode_combo)
        # The published tables (and the old clockapp curve), each with where it comes from.
        self.table_combo = QComboBox()
        self.table_combo.setObjectName("payout_table_choice")
        self._sources: dict[str, str] = {}
        for key, name, source in table_choices():
            self.table_combo.addItem(name, key)
            self._sources[key] = source
        self.table_combo.setCurrentIndex(max(0, self.table_combo.findData(s.table)))
        self.form.addRow(_("Table:"), self.table_combo)
        self.source_label = QLabel()
        self.source_label.setObjectName("payout_table_source")
        self.source_label.setWordWrap(True)
        self.source_label.setStyleSheet(ink_sheet("#57606a"))
        # A form row does not grow for wrapped text: room for the longest source (3 lines).
        self.source_label.setMinimumHeight(3 * self.source_label.fontMetrics().lineSpacing() + 4)
        self.form.addRow(self.source_label)  # the whole width: the source is a sentence or two
        self.share_edit = QLineEdit(format_percent(s.paid_share_bp).rstrip("%"))
        self.form.addRow(_("Share of field paid (%):"), self.share_edit)
        self.percent_edit = QLineEdit(
            "/".join(format_percent(p).rstrip("%") for p in s.percentages)
        )
        self.percent_edit.setPlaceholderText("50/30/20")
        self.form.addRow(_("Percentages:"), self.percent_edit)
        self.amounts_edit = QLineEdit(", ".join(typed_amount(a) for a in s.amounts))
        self.amounts_edit.setPlaceholderText("500, 300, 200")
        self.form.addRow(_("Amounts:"), self.amounts_edit)
        self.unit_edit = amount_edit("0.01", typed_amount(s.rounding_unit))
        self.form.addRow(_("Round to:"), self.unit_edit)
        self.minimum_edit = amount_edit("none", typed_amount(s.minimum_cash))
        self.form.addRow(_("Minimum cash:"), self.minimum_edit)
        self.guarantee_edit = amount_edit("none", typed_amount(s.guarantee))
        self.form.addRow(_("Guarantee:"), self.guarantee_edit)
        self.lock_box = QCheckBox(
            ngettext(
                "Lock the places at this field ({count} entry)",
                "Lock the places at this field ({count} entries)",
                current.entries,
            ).format(count=current.entries)
        )
        self.lock_box.setChecked(s.locked)
        self.form.addRow("", self.lock_box)
        self.model = PayoutsModel(self)
        self.preview_view = QTableView()
        self.preview_view.setModel(self.model)
        self.preview_view.verticalHeader().setVisible(False)
        self.preview_view.horizontalHeader().setStretchLastSection(True)
        self.preview_view.setMinimumHeight(220)
        self.preview_view.setColumnHidden(self.model.column_of("Finished"), True)
        self.setMinimumWidth(540)
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
        self.table_combo.currentIndexChanged.connect(self._update)
        self.lock_box.toggled.connect(self._update)
        self.view: PayoutView | None = None
        self._update()

    def _update(self) -> None:
        if hasattr(self, "amounts_edit"):
            mode = self.mode()
            preset = mode is PayoutMode.PRESET
            self.table_combo.setEnabled(preset)
            self.source_label.setText(self._sources.get(self.table_key(), "") if preset else "")
            self.share_edit.setEnabled(preset and self.table_key() == CLOCKAPP_CURVE)
            self.percent_edit.setEnabled(mode is PayoutMode.PERCENTAGES)
            self.amounts_edit.setEnabled(mode is PayoutMode.AMOUNTS)
        super()._update()

    def set_mode(self, mode: PayoutMode) -> None:
        """Choose preset, custom percentages or custom amounts."""
        self.mode_combo.setCurrentIndex(self.mode_combo.findData(mode.value))

    def mode(self) -> PayoutMode:
        """The mode chosen."""
        return PayoutMode(self.mode_combo.currentData())

    def set_table(self, key: str) -> None:
        """Choose the published table (or the clockapp curve) by its key."""
        self.table_combo.setCurrentIndex(self.table_combo.findData(key))

    def table_key(self) -> str:
        """The key of the table chosen."""
        return str(self.table_combo.currentData())

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
                    _("Type the amounts, place 1 first (for example 500, 300, 200).")
                )
            amounts = tuple(
                read_amount(QLineEdit(item), _("Amount {place}").format(place=n), allow_zero=False)
                or 0
                for n, item in enumerate(items, start=1)
            )
        share = parse_percentages(self.share_edit.text() or "12.5")
        if len(share) != 1:
            raise ValidationError(_("Share of the field paid: type one percentage, such as 12.5."))
        structure = PayoutStructure(
            mode=mode,
            percentages=percentages,
            amounts=amounts,
            rounding_unit=read_amount(self.unit_edit, _("Round to"), allow_zero=False) or 1,
            minimum_cash=read_amount(self.minimum_edit, _("Minimum cash")) or 0,
            guarantee=read_amount(self.guarantee_edit, _("Guarantee")) or 0,
            paid_share_bp=share[0],
            table=self.table_key(),
        )
        if self.lock_box.isChecked():
            return structure.lock(self._locked_entries or max(1, self._entries))
        return structure

    def _problem(self) -> str:
        if not hasattr(self, "view"):
            return ""
        try:
            structure = self.structure()
            view = self._preview.view(structure)
        except DomainError as error:
            self.view = None
            self.model.set_rows(())
            self.total_label.setText("")
            return str(error)
        self.view = view
        self.model.set_rows(ladder_lines(view))
        if view.table is None:
            self.total_label.setText("")
            return view.problem or _("This structure cannot pay the field.")
        total = self.model.total()
        overlay = view.table.overlay
        count = view.places_paid
        fields = {
            "count": count,
            "total": format_cents(total),
            "pool": format_cents(view.prize_pool),
            "overlay": format_cents(overlay),
        }
        self.total_label.setText(
            ngettext(
                "{count} place pays {total} = the prize pool of {pool} (with {overlay} of overlay)",
                "{count} places pay {total} = the prize pool of {pool} (with {overlay} of overlay)",
                count,
            ).format(**fields)
            if overlay
            else ngettext(
                "{count} place pays {total} = the prize pool of {pool}",
                "{count} places pay {total} = the prize pool of {pool}",
                count,
            ).format(**fields)
        )
        return ""
