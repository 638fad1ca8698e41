"""Small widgets of the cashier window: amount fields, the chips to hand over."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QLabel, QLineEdit, QWidget

from clockapp.core.chips import ChipSet, StackBreakdown
from clockapp.core.money.amounts import parse_amount
from clockapp.errors import DomainError
from clockapp.formats import chips as format_chips
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext
from clockapp.ui.inks import ink_sheet
from clockapp.ui.structure.swatches import chip_pixmap


def amount_edit(placeholder: str = "", text: str = "") -> QLineEdit:
    """A line edit for money typed as the cashier says it ('50', '$1,000', '20.50')."""
    edit = QLineEdit(text)
    edit.setPlaceholderText(placeholder)
    edit.setAlignment(Qt.AlignmentFlag.AlignRight)
    edit.setMinimumWidth(110)
    return edit


def read_amount(edit: QLineEdit, field: str, *, allow_zero: bool = True) -> int | None:
    """The cents typed in `edit`, or None when it is empty. Raises AmountError."""
    if not edit.text().strip():
        return None
    return parse_amount(edit.text(), field=field, allow_zero=allow_zero)


class HandoutView(QWidget):
    """The chips to count out: one line per denomination with its swatch, count and value."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("handout")
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setHorizontalSpacing(10)
        self._grid.setVerticalSpacing(2)
        self.lines: list[str] = []

    def clear(self) -> None:
        """Show no handout (nothing sold yet)."""
        while self._grid.count():
            item = self._grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.lines = []

    def show_chips(
        self, parts: list[tuple[str, StackBreakdown | None, int, str]], chip_set: ChipSet
    ) -> None:
        """Show each handout: (title, breakdown or None, chip total, note when no breakdown)."""
        self.clear()
        row = 0
        for title, breakdown, total, note in parts:
            head = QLabel(
                _("<b>{kind}: T{chips}</b>").format(kind=title, chips=format_chips(total))
            )
            self._grid.addWidget(head, row, 0, 1, 4)
            row += 1
            if breakdown is None:
                text = (
                    _("No breakdown from this chip set ({reason})").format(reason=note)
                    if note
                    else _("No chip set")
                )
                self._grid.addWidget(QLabel(text), row, 0, 1, 4)
                self.lines.append(text)
                row += 1
                continue
            for value, count in breakdown.parts:
                hex_color, color = _color_of(chip_set, value)
                swatch = QLabel()
                swatch.setPixmap(chip_pixmap(hex_color, 22, value))
                line = _("{count} × T{value} {color}").format(
                    count=count, value=format_chips(value), color=color
                )
                self.lines.append(line)
                count_label = QLabel(f"<b>{count}</b> ×")
                count_label.setAlignment(Qt.AlignmentFlag.AlignRight)
                self._grid.addWidget(swatch, row, 0)
                self._grid.addWidget(count_label, row, 1)
                self._grid.addWidget(
                    QLabel(_("T{value} {color}").format(value=format_chips(value), color=color)),
                    row,
                    2,
                )
                worth = QLabel(_("= T{chips}").format(chips=format_chips(value * count)))
                worth.setAlignment(Qt.AlignmentFlag.AlignRight)
                self._grid.addWidget(worth, row, 3)
                row += 1
            chips_line = QLabel(
                ngettext("{count} chip", "{count} chips", breakdown.chip_count).format(
                    count=breakdown.chip_count
                )
            )
            chips_line.setStyleSheet(ink_sheet("#607d8b"))
            self._grid.addWidget(chips_line, row, 0, 1, 4)
            row += 1
        self._grid.setColumnStretch(2, 1)


def _color_of(chip_set: ChipSet, value: int) -> tuple[str, str]:
    try:
        denomination = chip_set.denomination(value)
    except (DomainError, KeyError, ValueError):
        return "#9e9e9e", ""
    return denomination.hex, denomination.color
