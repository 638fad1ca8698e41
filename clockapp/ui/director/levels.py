"""The structure as a read-only table for the director window: jump to a level from here."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont

from clockapp import formats
from clockapp.core.chips import ChipSet
from clockapp.core.chips.color_up import ColorUp, break_color_ups
from clockapp.core.structure import Break, Level, Structure
from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.ui.clock import texts
from clockapp.ui.inks import ink_on
from clockapp.ui.table_model import AnyIndex, RowTableModel

COLUMNS = (N_("Level"), N_("Blinds"), N_("Ante"), N_("Minutes"), N_("Game / note"))
#: Bright inks, as on the wall; on a light table `ink_on` darkens them until they read.
_CURRENT = "#ffd166"
_BREAK = "#3ddc97"


class LevelTableModel(RowTableModel[Level | Break]):
    """One row per level or break; the current one is highlighted."""

    def __init__(self, structure: Structure | None = None, parent: Any = None) -> None:
        super().__init__(tuple(_(column) for column in COLUMNS), parent)
        self._structure = structure
        self._rows = structure.levels if structure is not None else ()
        self._current = -1
        self._chip_set: ChipSet | None = None
        self._color_ups: dict[int, ColorUp] = {}  # which chips go and which replace them

    def set_structure(self, structure: Structure, chip_set: ChipSet | None = None) -> None:
        """Show another structure (after an edit), its color-ups in `chip_set`'s chips."""
        if structure == self._structure and chip_set == self._chip_set:
            return
        self._structure, self._chip_set = structure, chip_set
        self._color_ups = break_color_ups(structure.levels, chip_set) if chip_set else {}
        self._set_rows(structure.levels)

    def set_current(self, index: int) -> None:
        """Highlight item `index`; only the two affected rows are refreshed."""
        if index == self._current:
            return
        old, self._current = self._current, index
        last = len(COLUMNS) - 1
        for row in (old, index):
            if 0 <= row < self.rowCount():
                self.dataChanged.emit(self.index(row, 0), self.index(row, last))

    def current(self) -> int:
        """The highlighted row."""
        return self._current

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Cell text, with the current row bold and colored and breaks in green."""
        item = self.row_at(index)
        row, column = index.row(), index.column()
        if item is None or not 0 <= column < len(COLUMNS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(row, column)
        if role == Qt.ItemDataRole.FontRole and row == self._current:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ForegroundRole:
            if row == self._current:
                return ink_on(_CURRENT)
            if item.is_break:
                return ink_on(_BREAK)
        if role == Qt.ItemDataRole.ToolTipRole and row in self._color_ups:
            return self._color_ups[row].describe()
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (1, 2, 3):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def _text(self, row: int, column: int) -> str:
        assert self._structure is not None
        item = self._structure.levels[row]
        number = self._structure.level_number(row)
        if column == 0:
            return texts.break_name(item) if number is None else str(number)
        if column == 1:
            return "" if item.is_break else texts.blinds(item)
        if column == 2:
            if not item.ante:
                return ""
            ante = formats.chips(item.ante)
            return _("{count} BB").format(count=ante) if item.big_blind_ante else ante
        if column == 3:
            return str(item.minutes)
        if item.is_break:
            if not item.color_up:
                return ""
            up = self._color_ups.get(row)
            if up is not None:
                # Which chips go, into what, at what rate.
                return _("Color up {chips}").format(chips=up.short())
            return _("Color up {chips}").format(chips=texts.color_up(item.color_up))
        return f"{item.game} · {item.label}" if item.label else item.game
