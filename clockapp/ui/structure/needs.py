"""The chips the host needs for the night, per denomination, as a table model (short rows red)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette

from clockapp.core.chips import ChipNeed, ChipSet
from clockapp.formats import chips as format_chips
from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.ui.structure.model import blend, denomination_of
from clockapp.ui.structure.swatches import chip_icon
from clockapp.ui.table_model import AnyIndex, RowTableModel

NEED_HEADERS = (
    N_("Chip"),
    N_("Stacks"),
    N_("Rebuys & add-ons"),
    N_("Color-ups"),
    N_("Spares"),
    N_("Needed"),
    N_("Owned"),
    N_("Short"),
)


class ChipsNeededModel(RowTableModel[ChipNeed]):
    """The chips the host needs, one row per denomination; short rows in red."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(NEED_HEADERS, parent)
        self._chip_set: ChipSet | None = None

    def set_needs(self, needs: tuple[ChipNeed, ...], chip_set: ChipSet | None) -> None:
        """Show these needs (colors from `chip_set`)."""
        self._chip_set = chip_set
        self._set_rows(needs)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        """The titles, the chip's to the left and the counts' to the right like their cells."""
        if (
            role == Qt.ItemDataRole.TextAlignmentRole
            and orientation == Qt.Orientation.Horizontal
            and 0 <= section < len(NEED_HEADERS)
        ):
            align = Qt.AlignmentFlag.AlignLeft if section == 0 else Qt.AlignmentFlag.AlignRight
            return int(align | Qt.AlignmentFlag.AlignVCenter)
        return super().headerData(section, orientation, role)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        need = self.row_at(index)
        if need is None:
            return None
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            values: list[str] = [
                denomination_of(self._chip_set, need.value).label,
                format_chips(need.for_stacks),
                format_chips(need.for_rebuys),
                format_chips(need.for_color_up),
                format_chips(need.spares),
                format_chips(need.total),
                _("not counted") if need.owned is None else format_chips(need.owned),
                format_chips(need.shortfall) if need.shortfall else "",
            ]
            return values[column]
        if role == Qt.ItemDataRole.DecorationRole and column == 0:
            return chip_icon(denomination_of(self._chip_set, need.value), 16)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            align = Qt.AlignmentFlag.AlignLeft if column == 0 else Qt.AlignmentFlag.AlignRight
            return int(align | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.FontRole and column in (5, 7):
            font = QGuiApplication.font()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.BackgroundRole and need.shortfall:
            base = QGuiApplication.palette().color(QPalette.ColorRole.Base)
            return blend(base, QColor("#d32f2f"), 0.18)
        if role == Qt.ItemDataRole.ToolTipRole and need.shortfall:
            return _("You own {owned} and need {need}: {short} short.").format(
                owned=format_chips(need.owned or 0),
                need=format_chips(need.total),
                short=format_chips(need.shortfall),
            )
        return None
