"""The chips the host needs for the night, per denomination, as a table model (short rows red)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette

from clockapp.core.chips import ChipNeed, ChipSet
from clockapp.ui.structure.model import blend, denomination_of
from clockapp.ui.structure.swatches import chip_icon

AnyIndex = QModelIndex | QPersistentModelIndex

NEED_HEADERS = (
    "Chip",
    "Stacks",
    "Rebuys & add-ons",
    "Color-ups",
    "Spares",
    "Needed",
    "Owned",
    "Short",
)


class ChipsNeededModel(QAbstractTableModel):
    """The chips the host needs, one row per denomination; short rows in red."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._needs: tuple[ChipNeed, ...] = ()
        self._chip_set: ChipSet | None = None

    def set_needs(self, needs: tuple[ChipNeed, ...], chip_set: ChipSet | None) -> None:
        """Show these needs (colors from `chip_set`)."""
        self.beginResetModel()
        self._needs = needs
        self._chip_set = chip_set
        self.endResetModel()

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._needs)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(NEED_HEADERS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(NEED_HEADERS):
            if role == Qt.ItemDataRole.DisplayRole:
                return NEED_HEADERS[section]
            if role == Qt.ItemDataRole.TextAlignmentRole:
                align = Qt.AlignmentFlag.AlignLeft if section == 0 else Qt.AlignmentFlag.AlignRight
                return int(align | Qt.AlignmentFlag.AlignVCenter)
        return None

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._needs):
            return None
        need = self._needs[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            values: list[str] = [
                denomination_of(self._chip_set, need.value).label,
                f"{need.for_stacks:,}",
                f"{need.for_rebuys:,}",
                f"{need.for_color_up:,}",
                f"{need.spares:,}",
                f"{need.total:,}",
                "not counted" if need.owned is None else f"{need.owned:,}",
                f"{need.shortfall:,}" if need.shortfall else "",
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
            return f"You own {need.owned:,} and need {need.total:,}: {need.shortfall:,} short."
        return None
