"""The structure table: a `RowTableModel` over the tuple of a structure's levels and breaks.

The model never edits a structure itself. A cell edit becomes `edit_requested(row, column, value)`;
the editor builds the new structure (`edits.edit_cell`), saves it through the service, and only then
hands the saved structure back with `set_structure`. So the table always shows what is saved, and a
refused edit leaves nothing behind.

While the clock has started, rows before the current one are played: they are greyed and not
editable. The current row is marked; breaks have their own tint; extra levels (after the planned
last level) are in italics.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QColor, QFont, QGuiApplication, QPalette

from clockapp.core.chips import ChipSet, Denomination
from clockapp.core.structure import Break, Level, Structure
from clockapp.core.structure.cells import (
    AMOUNT_COLUMNS,
    HEADERS,
    INTEGER_COLUMNS,
    Column,
    format_hours,
    start_minutes,
)
from clockapp.formats import chips as format_chips
from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.ui.inks import readable
from clockapp.ui.table_model import AnyIndex, RowTableModel

#: `data(index, CHIPS_ROLE)` on a break's color-up cell: the `Denomination`s colored up there.
CHIPS_ROLE = Qt.ItemDataRole.UserRole + 1
#: `data(index, IN_PLAY_ROLE)` on a break's color-up cell: the `Denomination`s that could be.
IN_PLAY_ROLE = Qt.ItemDataRole.UserRole + 2
#: `data(index, KIND_ROLE)`: "level" or "break" (for delegates and tests).
KIND_ROLE = Qt.ItemDataRole.UserRole + 3

BREAK_TINT = QColor("#1f9e89")
CURRENT_TINT = QColor("#f2a900")
PLAYED_TINT = QColor("#7f8790")


def blend(base: QColor, tint: QColor, amount: float) -> QColor:
    """`base` moved `amount` (0..1) of the way to `tint`: tints that suit light and dark themes."""
    return QColor(
        round(base.red() + (tint.red() - base.red()) * amount),
        round(base.green() + (tint.green() - base.green()) * amount),
        round(base.blue() + (tint.blue() - base.blue()) * amount),
    )


def denomination_of(chip_set: ChipSet | None, value: int) -> Denomination:
    """The chip worth `value`, in its set's color (a standard color when the set lacks it)."""
    if chip_set is not None and value in chip_set.values:
        return chip_set.denomination(value)
    return Denomination.standard(value)


class StructureTableModel(RowTableModel[Level | Break]):
    """The rows of a structure for a `QTableView`."""

    edit_requested = Signal(int, object, object)  # row, Column, value

    def __init__(self, parent: QObject | None = None, *, editable: bool = True) -> None:
        super().__init__((HEADERS[column] for column in Column), parent)
        self._editable = editable
        self._structure: Structure | None = None
        self._chip_set: ChipSet | None = None
        self._in_play: tuple[tuple[int, ...], ...] = ()
        self._starts: tuple[int, ...] = ()
        self._numbers: tuple[int | None, ...] = ()
        self._current: int | None = None

    # ---------------------------------------------------------------- state
    @property
    def structure(self) -> Structure | None:
        """The structure shown (the saved one)."""
        return self._structure

    @property
    def current_row(self) -> int | None:
        """The row the clock is on, None before the clock starts."""
        return self._current

    def set_structure(self, structure: Structure | None, chip_set: ChipSet | None = None) -> None:
        """Show `structure` (with the chip set's colors for color-ups)."""
        chip_set = chip_set if chip_set is not None else self._chip_set
        if structure == self._structure and chip_set == self._chip_set:
            return
        same_shape = structure is not None and len(structure.levels) == len(self._rows)
        if not same_shape:
            self.beginResetModel()
        self._structure = structure
        self._chip_set = chip_set
        self._rows = structure.levels if structure is not None else ()
        self._starts = start_minutes(structure) if structure is not None else ()
        self._numbers = (
            tuple(structure.level_number(i) for i in range(len(self._rows)))
            if structure is not None
            else ()
        )
        values = chip_set.values if chip_set is not None else ()
        self._in_play = structure.denominations_in_play(values) if structure is not None else ()
        if self._current is not None and self._current >= len(self._rows):
            self._current = None
        if same_shape:
            # Same number of rows: an in-place update keeps the selection and any open editor.
            self._emit_all_changed()
        else:
            self.endResetModel()

    def set_current_row(self, row: int | None) -> None:
        """Mark the row the clock is on (None: not started); rows before it are frozen."""
        if row is not None and not 0 <= row < len(self._rows):
            row = None
        old = self._current
        if row == old:
            return
        self._current = row
        # Only the rows between the old and the new current row change (frozen, marked): leave
        # the others alone, so a cell being typed in elsewhere is not reset.
        marks = [r for r in (old, row) if r is not None]
        first = 0 if None in (old, row) else min(marks)
        last = max(marks)
        self.dataChanged.emit(self.index(first, 0), self.index(last, len(Column) - 1))
        self.headerDataChanged.emit(Qt.Orientation.Vertical, first, last)

    def _emit_all_changed(self) -> None:
        if self._rows:
            self.dataChanged.emit(
                self.index(0, 0), self.index(len(self._rows) - 1, len(Column) - 1)
            )
        self.headerDataChanged.emit(Qt.Orientation.Vertical, 0, max(0, len(self._rows) - 1))

    def item(self, row: int) -> Level | Break:
        """The level or break at `row`."""
        return self._rows[row]

    def is_frozen(self, row: int) -> bool:
        """Whether `row` was already played (the clock is past it)."""
        return self._current is not None and row < self._current

    def is_extra(self, row: int) -> bool:
        """Whether `row` is a level after the planned last level."""
        planned = self._structure.planned_last_level if self._structure else None
        number = self._numbers[row] if 0 <= row < len(self._numbers) else None
        return planned is not None and number is not None and number > planned

    # ---------------------------------------------------------------- shape
    def headerData(
        self,
        section: int,
        orientation: Qt.Orientation,
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> Any:
        """The titles (aligned like their cells, with a tip), and the row numbers down the side."""
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(Column):
            column = Column(section)
            if role == Qt.ItemDataRole.TextAlignmentRole:
                return int(self._alignment(column))
            if role == Qt.ItemDataRole.ToolTipRole:
                tip = _HEADER_TIPS.get(column)
                return _(tip) if tip is not None else None
        elif role == Qt.ItemDataRole.DisplayRole and 0 <= section < len(self._rows):
            return str(section + 1)
        return super().headerData(section, orientation, role)

    # ---------------------------------------------------------------- data
    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = super().flags(index)  # enabled, selectable, never has children
        row, column = index.row(), Column(index.column())
        item = self._rows[row]
        if not self._editable or self.is_frozen(row):
            return flags
        if isinstance(item, Break):
            if column in (Column.GAME, Column.MINUTES, Column.NOTE):
                flags |= Qt.ItemFlag.ItemIsEditable
        elif column is Column.BB_ANTE:
            flags |= Qt.ItemFlag.ItemIsUserCheckable
        elif column not in (Column.NUMBER, Column.STARTS):
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        item = self.row_at(index)
        if item is None:
            return None
        row, column = index.row(), Column(index.column())
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(row, column, item)
        if role == Qt.ItemDataRole.EditRole:
            return self._edit_value(column, item)
        if role == Qt.ItemDataRole.CheckStateRole:
            if column is Column.BB_ANTE and isinstance(item, Level):
                return Qt.CheckState.Checked if item.big_blind_ante else Qt.CheckState.Unchecked
            return None
        if role == Qt.ItemDataRole.TextAlignmentRole:
            if isinstance(item, Break) and column is Column.GAME:
                return int(Qt.AlignmentFlag.AlignCenter)
            return int(self._alignment(column))
        if role == Qt.ItemDataRole.FontRole:
            return self._font(row, column, item)
        if role == Qt.ItemDataRole.BackgroundRole:
            return self._background(row, item)
        if role == Qt.ItemDataRole.ForegroundRole:
            return self._foreground(row, item)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(row, item)
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return self._display(row, column, item) or HEADERS[column]
        if role == KIND_ROLE:
            return "break" if isinstance(item, Break) else "level"
        if role == CHIPS_ROLE and column is Column.NOTE and isinstance(item, Break):
            return tuple(denomination_of(self._chip_set, v) for v in item.color_up)
        if role == IN_PLAY_ROLE and column is Column.NOTE and isinstance(item, Break):
            all_values = self._chip_set.values if self._chip_set else ()
            before = self._in_play[row - 1] if row > 0 else all_values
            values = sorted(set(before) | set(item.color_up))
            return tuple(denomination_of(self._chip_set, v) for v in values)
        return None

    def setData(self, index: AnyIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid() or not self.flags(index) & (
            Qt.ItemFlag.ItemIsEditable | Qt.ItemFlag.ItemIsUserCheckable
        ):
            return False
        column = Column(index.column())
        if role == Qt.ItemDataRole.CheckStateRole:
            if column is not Column.BB_ANTE:
                return False
            value = Qt.CheckState(value) == Qt.CheckState.Checked
        elif role != Qt.ItemDataRole.EditRole:
            return False
        if self._edit_value(column, self._rows[index.row()]) == value:
            return False
        # The editor saves it and calls set_structure; the model itself changes nothing here.
        self.edit_requested.emit(index.row(), column, value)
        return True

    # ---------------------------------------------------------------- presentation
    @staticmethod
    def _alignment(column: Column) -> Qt.AlignmentFlag:
        if column in INTEGER_COLUMNS or column is Column.STARTS:
            return Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        if column in (Column.NUMBER, Column.BB_ANTE):
            return Qt.AlignmentFlag.AlignCenter
        return Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter

    def _display(self, row: int, column: Column, item: Level | Break) -> str | None:
        if column is Column.NUMBER:
            number = self._numbers[row]
            text = "" if number is None else str(number)
            planned = self._structure.planned_last_level if self._structure else None
            if number is not None and number == planned:
                text += " ⚑"
            if row == self._current:
                text = "▶ " + (text or "☕")
            return text
        if column is Column.STARTS:
            return format_hours(self._starts[row])
        if column is Column.MINUTES:
            return str(item.minutes)
        if isinstance(item, Break):
            if column is Column.GAME:
                return item.label
            if column is Column.NOTE:
                if not item.color_up:
                    return ""
                return _("Color up {chips}").format(
                    chips=", ".join(denomination_of(self._chip_set, v).label for v in item.color_up)
                )
            return None
        if column is Column.GAME:
            return item.game
        if column in AMOUNT_COLUMNS:
            amount = {
                Column.SMALL_BLIND: item.small_blind,
                Column.BIG_BLIND: item.big_blind,
                Column.ANTE: item.ante,
            }[column]
            return format_chips(amount) if amount else "–"
        if column is Column.NOTE:
            return item.label
        return None

    @staticmethod
    def _edit_value(column: Column, item: Level | Break) -> Any:
        if column is Column.MINUTES:
            return item.minutes
        if isinstance(item, Break):
            if column is Column.GAME:
                return item.label
            if column is Column.NOTE:
                return item.color_up
            return None
        return {
            Column.GAME: item.game,
            Column.SMALL_BLIND: item.small_blind,
            Column.BIG_BLIND: item.big_blind,
            Column.ANTE: item.ante,
            Column.BB_ANTE: item.big_blind_ante,
            Column.NOTE: item.label,
        }.get(column)

    def _font(self, row: int, column: Column, item: Level | Break) -> QFont | None:
        current = row == self._current
        extra = self.is_extra(row)
        strong = isinstance(item, Break) and column is Column.GAME
        if not (current or extra or strong or column is Column.NUMBER):
            return None
        font = QFont()
        font.setBold(current or strong or column is Column.NUMBER)
        font.setItalic(extra)
        return font

    @staticmethod
    def _base() -> QColor:
        return QGuiApplication.palette().color(QPalette.ColorRole.Base)

    def _background(self, row: int, item: Level | Break) -> QColor | None:
        base = self._base()
        if row == self._current:
            return blend(base, CURRENT_TINT, 0.28)
        if self.is_frozen(row):
            return blend(base, PLAYED_TINT, 0.22)
        if isinstance(item, Break):
            return blend(base, BREAK_TINT, 0.18)
        return None

    def _foreground(self, row: int, item: Level | Break) -> QColor | None:
        text = QGuiApplication.palette().color(QPalette.ColorRole.Text)
        if self.is_frozen(row):
            ink = blend(text, self._base(), 0.5)
        elif isinstance(item, Break):
            ink = blend(text, BREAK_TINT, 0.55)
        else:
            return None
        # Muted, but never below what reads on the row's own tint.
        ground = self._background(row, item) or self._base()
        return QColor(readable(ink.name(), ground, text))

    def _tooltip(self, row: int, item: Level | Break) -> str | None:
        if self.is_frozen(row):
            return _("Already played: frozen while the clock runs.")
        if row == self._current:
            return _("Being played now: its amounts and minutes can still be edited.")
        if self.is_extra(row):
            return _("Extra level, after the planned last level (in case the game runs long).")
        if isinstance(item, Break) and item.color_up:
            return _("Chips colored up at this break: {chips}").format(
                chips=", ".join(denomination_of(self._chip_set, v).label for v in item.color_up)
            )
        return None


_HEADER_TIPS: dict[Column, str] = {
    Column.NUMBER: N_("Level number (▶ the level being played, ⚑ the planned last level)"),
    Column.GAME: N_("The game played (NLHE, PLO, HORSE ...), or the break's name"),
    Column.ANTE: N_("Ante per player, or the big blind ante when 'BB ante' is ticked"),
    Column.BB_ANTE: N_("The big blind pays the ante for the whole table"),
    Column.STARTS: N_("When the level starts, counted from the first level (breaks included)"),
    Column.NOTE: N_("A break's color-up, or a note shown with the level"),
}
