"""The chip set editor's rows: drafts of denominations, their table model and cell editors.

A draft row may be incomplete (no value yet) while the director types; `build_chip_set` turns the
rows into a `ChipSet` or says what is wrong. A new chip gets the standard casino color of its value
(1 white, 5 red, 25 green, 100 black, 500 purple, 1,000 orange, 5,000 grey), other values a custom
color (blue first).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QObject,
    Qt,
    Signal,
)
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QLineEdit,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from clockapp.core.chips import CUSTOM_COLORS, STANDARD_COLORS, ChipError, ChipSet, Denomination
from clockapp.core.structure import StructureError
from clockapp.core.structure.cells import parse_int
from clockapp.formats import chips as format_chips
from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.ui.structure.delegates import integer_edit
from clockapp.ui.structure.swatches import chip_icon
from clockapp.ui.table_model import AnyIndex, RowTableModel

COLORS: dict[str, str] = {
    **{name: hex_ for name, hex_ in STANDARD_COLORS.values()},
    **dict(CUSTOM_COLORS),
}

CHIP, VALUE, COLOR, OWNED = range(4)
HEADERS = (N_("Chip"), N_("Value"), N_("Color"), N_("Owned"))


@dataclass(frozen=True)
class ChipDraft:
    """One row of the dialog before it is saved (the value may still be missing)."""

    value: int | None
    color: str
    hex: str
    owned: int | None = None

    @classmethod
    def of(cls, denomination: Denomination, owned: int | None) -> ChipDraft:
        """A row for a saved chip."""
        return cls(denomination.value, denomination.color, denomination.hex, owned)


def standard_draft(value: int, used_colors: set[str]) -> ChipDraft:
    """A new chip worth `value` in its standard color, or the first custom color not in use."""
    if value in STANDARD_COLORS:
        name, hex_ = STANDARD_COLORS[value]
        return ChipDraft(value, name, hex_)
    for name, hex_ in CUSTOM_COLORS:
        if name not in used_colors:
            return ChipDraft(value, name, hex_)
    name, hex_ = CUSTOM_COLORS[0]
    return ChipDraft(value, name, hex_)


def next_value(values: list[int]) -> int:
    """The value a new chip most likely has: the next standard one missing, or 5x the largest.

    >>> next_value([5, 25, 100]), next_value([1, 5, 25, 100, 500, 1000, 5000])
    (500, 25000)
    """
    for value in sorted(STANDARD_COLORS):
        if value not in values and (not values or value > max(values)):
            return value
    return max(values) * 5 if values else 25


def build_chip_set(drafts: list[ChipDraft]) -> ChipSet:
    """The chip set the rows describe (sorted by value).

    Owned counts: all empty means "not counted" (no shortfall report); once one is filled in, an
    empty one counts as none owned.

    Raises:
        ChipError: A row has no value, a value is listed twice, or a color is invalid.
    """
    if not drafts:
        raise ChipError(_("Chip set: add at least one chip."))
    for row, draft in enumerate(drafts, start=1):
        if draft.value is None:
            raise ChipError(_("Row {row}: give the chip a value.").format(row=row))
    ordered = sorted(drafts, key=lambda d: d.value or 0)
    denominations = tuple(Denomination(d.value or 0, d.color, d.hex) for d in ordered)
    counted = any(d.owned is not None for d in ordered)
    owned = tuple(d.owned or 0 for d in ordered) if counted else None
    return ChipSet(denominations, owned)


class ChipTableModel(RowTableModel[ChipDraft]):
    """The dialog's rows; edits change the draft (nothing is saved until Save)."""

    drafts_changed = Signal()

    def __init__(self, drafts: list[ChipDraft], parent: QObject | None = None) -> None:
        super().__init__(HEADERS, parent)
        self._rows = tuple(drafts)

    @property
    def drafts(self) -> list[ChipDraft]:
        """The rows as they are now."""
        return list(self._rows)

    def set_drafts(self, drafts: list[ChipDraft]) -> None:
        """Show other rows."""
        self._set_rows(drafts)
        self.drafts_changed.emit()

    def add(self, draft: ChipDraft) -> int:
        """Append a row; returns its number."""
        row = len(self._rows)
        self.beginInsertRows(QModelIndex(), row, row)
        self._rows = (*self._rows, draft)
        self.endInsertRows()
        self.drafts_changed.emit()
        return row

    def remove(self, row: int) -> None:
        """Remove a row."""
        if not 0 <= row < len(self._rows):
            return
        self.beginRemoveRows(QModelIndex(), row, row)
        self._rows = self._rows[:row] + self._rows[row + 1 :]
        self.endRemoveRows()
        self.drafts_changed.emit()

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if (
            orientation == Qt.Orientation.Horizontal
            and role == Qt.ItemDataRole.ToolTipRole
            and section == OWNED
        ):
            return _("How many of these chips you own; leave empty if you have not counted")
        return super().headerData(section, orientation, role)

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = super().flags(index)  # enabled, selectable, never has children
        if index.column() != CHIP:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        draft = self.row_at(index)
        if draft is None:
            return None
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if column == CHIP:
                return (
                    _("T{chips}").format(chips=format_chips(draft.value))
                    if draft.value is not None
                    else _("T?")
                )
            if column == VALUE:
                return format_chips(draft.value) if draft.value is not None else ""
            if column == COLOR:
                return draft.color
            if column == OWNED:
                return format_chips(draft.owned) if draft.owned is not None else "—"
        if role == Qt.ItemDataRole.EditRole:
            return {CHIP: None, VALUE: draft.value, COLOR: draft.color, OWNED: draft.owned}[column]
        if role == Qt.ItemDataRole.DecorationRole and column in (CHIP, COLOR):
            return chip_icon(Denomination(1, draft.color, draft.hex), 24 if column == CHIP else 16)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            if column in (VALUE, OWNED):
                return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            return int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ForegroundRole and column == OWNED and draft.owned is None:
            return QGuiApplication.palette().color(QPalette.ColorRole.PlaceholderText)
        if role == Qt.ItemDataRole.ToolTipRole and column == OWNED and draft.owned is None:
            return _("Not counted")
        return None

    def setData(self, index: AnyIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid() or role != Qt.ItemDataRole.EditRole:
            return False
        row, column = index.row(), index.column()
        draft = self._rows[row]
        if column == VALUE:
            if value is None:
                return False
            new = replace(draft, value=int(value))
            was_standard = STANDARD_COLORS.get(draft.value or 0, (None,))[0] == draft.color
            if int(value) in STANDARD_COLORS and (was_standard or draft.value is None):
                # The color followed the old value's standard color: follow the new one too.
                name, hex_ = STANDARD_COLORS[int(value)]
                new = replace(new, color=name, hex=hex_)
        elif column == COLOR:
            name = str(value)
            if name not in COLORS:
                return False
            new = replace(draft, color=name, hex=COLORS[name])
        elif column == OWNED:
            new = replace(draft, owned=None if value is None else int(value))
        else:
            return False
        if new == draft:
            return False
        self._rows = (*self._rows[:row], new, *self._rows[row + 1 :])
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(HEADERS) - 1))
        self.drafts_changed.emit()
        return True


class ChipDelegate(QStyledItemDelegate):
    """Whole-number editors for value and owned; a combo of named colors for the color."""

    def createEditor(
        self, parent: QWidget, option: QStyleOptionViewItem, index: AnyIndex
    ) -> QWidget:
        if index.column() == COLOR:
            combo = QComboBox(parent)
            for name, hex_ in COLORS.items():
                combo.addItem(chip_icon(Denomination(1, name, hex_), 16), name)
            return combo
        edit = integer_edit(parent, maximum=10**9)
        edit.setFrame(False)
        return edit

    def setEditorData(self, editor: QWidget, index: AnyIndex) -> None:
        value = index.data(Qt.ItemDataRole.EditRole)
        if isinstance(editor, QComboBox):
            editor.setCurrentText(str(value))
        elif isinstance(editor, QLineEdit):
            editor.setText("" if value is None else str(value))
            editor.selectAll()

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: AnyIndex) -> None:
        if isinstance(editor, QComboBox):
            model.setData(index, editor.currentText())
            return
        if isinstance(editor, QLineEdit):
            text = editor.text().strip()
            if not text:
                if index.column() == OWNED:
                    model.setData(index, None)  # empty: not counted
                return
            try:
                model.setData(index, parse_int(text))
            except StructureError:
                return
