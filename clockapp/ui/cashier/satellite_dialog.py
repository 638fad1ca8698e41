"""The satellite dialog: N equal seats as prizes, a seat's value, what they are seats in, and
where the cash the seats leave over goes.

As the director types, the line under the form says what the prize pool as it stands pays
(`clockapp.core.satellite.satellite_prizes`), or why it cannot yet; nothing is saved until OK,
and "Not a satellite" turns the payout table back on.
"""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QLineEdit, QSpinBox, QWidget

from clockapp.core.money.amounts import format_cents, typed_amount
from clockapp.core.satellite import (
    Satellite,
    SatelliteError,
    SatelliteLeftover,
    satellite_prizes,
)
from clockapp.errors import DomainError
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext
from clockapp.ui.cashier.dialog_base import CashierDialog
from clockapp.ui.cashier.widgets import amount_edit, read_amount


class SatelliteDialog(CashierDialog):
    """Set the satellite's seats, a seat's value, what they are seats in and the left over."""

    def __init__(
        self, current: Satellite | None, prize_pool: int, parent: QWidget | None = None
    ) -> None:
        super().__init__(_("Satellite"), _("Use these seats"), parent)
        self.setObjectName("satellite_dialog")
        self._pool = prize_pool
        self.on_box = QCheckBox(_("Pay seats, not the payout table"))
        self.on_box.setObjectName("satellite_on")
        self.on_box.setChecked(current is not None)
        self.form.addRow("", self.on_box)
        self.seats_spin = QSpinBox()
        self.seats_spin.setObjectName("satellite_seats")
        self.seats_spin.setRange(1, 1000)
        self.seats_spin.setValue(current.seats if current else 1)
        self.form.addRow(_("Seats:"), self.seats_spin)
        value = typed_amount(current.seat_value) if current else ""
        self.value_edit = amount_edit("300", value)
        self.value_edit.setObjectName("satellite_value")
        self.form.addRow(_("A seat is worth:"), self.value_edit)
        self.description_edit = QLineEdit(current.description if current else "")
        self.description_edit.setObjectName("satellite_description")
        self.description_edit.setPlaceholderText(_("Main event, league final…"))
        self.description_edit.setMaxLength(200)
        self.form.addRow(_("Seats in:"), self.description_edit)
        self.leftover_combo = QComboBox()
        self.leftover_combo.setObjectName("satellite_leftover")
        for rule in SatelliteLeftover:
            self.leftover_combo.addItem(rule.label, rule.value)
        if current is not None:
            self.leftover_combo.setCurrentIndex(
                self.leftover_combo.findData(current.leftover.value)
            )
        self.form.addRow(_("Cash left over:"), self.leftover_combo)
        self.preview_label = QLabel()
        self.preview_label.setObjectName("satellite_preview")
        self.preview_label.setWordWrap(True)
        # A wrapped label does not grow its dialog: room for the longest preview (3 lines).
        self.preview_label.setMinimumHeight(3 * self.preview_label.fontMetrics().lineSpacing() + 4)
        self.layout_.insertWidget(1, self.preview_label)
        self.setMinimumWidth(460)
        self.on_box.toggled.connect(self._update)
        self.seats_spin.valueChanged.connect(self._update)
        self.value_edit.textChanged.connect(self._update)
        self.description_edit.textChanged.connect(self._update)
        self.leftover_combo.currentIndexChanged.connect(self._update)
        self._update()

    def satellite(self) -> Satellite | None:
        """The satellite as typed (None: not a satellite). Raises DomainError."""
        if not self.on_box.isChecked():
            return None
        value = read_amount(self.value_edit, _("A seat's value"), allow_zero=False)
        if value is None:
            raise SatelliteError(_("Type what a seat is worth."))
        rule = SatelliteLeftover(str(self.leftover_combo.currentData()))
        return Satellite(self.seats_spin.value(), value, self.description_edit.text().strip(), rule)

    def _problem(self) -> str:
        on = self.on_box.isChecked()
        for widget in (self.seats_spin, self.value_edit, self.description_edit):
            widget.setEnabled(on)
        self.leftover_combo.setEnabled(on)
        try:
            satellite = self.satellite()
        except DomainError as error:
            self.preview_label.setText("")
            return str(error)
        if satellite is None:
            self.preview_label.setText(_("The payout table pays the places."))
            return ""
        self.preview_label.setText(self._preview(satellite))
        return ""

    def _preview(self, satellite: Satellite) -> str:
        """What the pool as it stands pays (a pool short of the seats is said, not refused:
        the entries still to come may buy them)."""
        try:
            prizes = satellite_prizes(self._pool, satellite)
        except DomainError as error:
            return _("As it stands: {problem}").format(problem=error)
        left = self._pool - satellite.cost
        fields = {
            "pool": format_cents(self._pool),
            "count": satellite.seats,
            "value": format_cents(satellite.seat_value),
            "left": format_cents(left),
            "bubble": format_cents(prizes[-1].cash) if prizes else "",
        }
        if not left:
            text = ngettext(
                "As it stands ({pool}): {count} seat of {value}, nothing left over.",
                "As it stands ({pool}): {count} seats of {value}, nothing left over.",
                satellite.seats,
            )
        elif satellite.leftover is SatelliteLeftover.BUBBLE:
            text = ngettext(
                "As it stands ({pool}): {count} seat of {value}, {bubble} to the first player "
                "out without a seat.",
                "As it stands ({pool}): {count} seats of {value}, {bubble} to the first player "
                "out without a seat.",
                satellite.seats,
            )
        else:
            text = ngettext(
                "As it stands ({pool}): {count} seat of {value}, {left} shared by the seat "
                "winners.",
                "As it stands ({pool}): {count} seats of {value}, {left} shared by the seat "
                "winners.",
                satellite.seats,
            )
        return text.format(**fields)
