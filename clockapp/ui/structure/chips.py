"""The chip set editor: denominations, their colors, and how many of each the host owns.

The dialog edits a draft (a list of rows) and saves it with `services.structure.set_chip_set` only
on Save, so Cancel loses nothing. A new chip gets the standard casino color of its value (1 white,
5 red, 25 green, 100 black, 500 purple, 1,000 orange, 5,000 grey); other values get a custom color
(blue first). The draft is checked as the director types: a missing value, a chip listed twice or
a chip the structure still needs shows a message and Save says why it cannot save.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clockapp.core.chips import CUSTOM_COLORS, STANDARD_COLORS, ChipError, ChipSet, Denomination
from clockapp.core.errors import DomainError
from clockapp.core.structure import StructureError
from clockapp.services.app import Services
from clockapp.ui.bus import TournamentBus
from clockapp.ui.structure.delegates import integer_edit
from clockapp.ui.structure.edits import parse_int
from clockapp.ui.structure.swatches import chip_icon, chip_pixmap
from clockapp.ui.structure.widgets import MessageBanner

AnyIndex = QModelIndex | QPersistentModelIndex

#: Every color offered, by name: the standard casino colors, then the custom ones (blue first).
COLORS: dict[str, str] = {
    **{name: hex_ for name, hex_ in STANDARD_COLORS.values()},
    **dict(CUSTOM_COLORS),
}

CHIP, VALUE, COLOR, OWNED = range(4)
HEADERS = ("Chip", "Value", "Color", "Owned")


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
        raise ChipError("Chip set: add at least one chip.")
    for row, draft in enumerate(drafts, start=1):
        if draft.value is None:
            raise ChipError(f"Row {row}: give the chip a value.")
    ordered = sorted(drafts, key=lambda d: d.value or 0)
    denominations = tuple(Denomination(d.value or 0, d.color, d.hex) for d in ordered)
    counted = any(d.owned is not None for d in ordered)
    owned = tuple(d.owned or 0 for d in ordered) if counted else None
    return ChipSet(denominations, owned)


class ChipTableModel(QAbstractTableModel):
    """The dialog's rows; edits change the draft (nothing is saved until Save)."""

    drafts_changed = Signal()

    def __init__(self, drafts: list[ChipDraft], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._drafts = list(drafts)

    @property
    def drafts(self) -> list[ChipDraft]:
        """The rows as they are now."""
        return list(self._drafts)

    def set_drafts(self, drafts: list[ChipDraft]) -> None:
        """Show other rows."""
        self.beginResetModel()
        self._drafts = list(drafts)
        self.endResetModel()
        self.drafts_changed.emit()

    def add(self, draft: ChipDraft) -> int:
        """Append a row; returns its number."""
        row = len(self._drafts)
        self.beginInsertRows(QModelIndex(), row, row)
        self._drafts.append(draft)
        self.endInsertRows()
        self.drafts_changed.emit()
        return row

    def remove(self, row: int) -> None:
        """Remove a row."""
        if not 0 <= row < len(self._drafts):
            return
        self.beginRemoveRows(QModelIndex(), row, row)
        del self._drafts[row]
        self.endRemoveRows()
        self.drafts_changed.emit()

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._drafts)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if (
            orientation == Qt.Orientation.Horizontal
            and role == Qt.ItemDataRole.DisplayRole
            and 0 <= section < len(HEADERS)
        ):
            return HEADERS[section]
        if (
            orientation == Qt.Orientation.Horizontal
            and role == Qt.ItemDataRole.ToolTipRole
            and section == OWNED
        ):
            return "How many of these chips you own; leave empty if you have not counted"
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = (
            Qt.ItemFlag.ItemIsEnabled
            | Qt.ItemFlag.ItemIsSelectable
            | Qt.ItemFlag.ItemNeverHasChildren
        )
        if index.column() != CHIP:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._drafts):
            return None
        draft = self._drafts[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if column == CHIP:
                return f"T{draft.value:,}" if draft.value is not None else "T?"
            if column == VALUE:
                return f"{draft.value:,}" if draft.value is not None else ""
            if column == COLOR:
                return draft.color
            if column == OWNED:
                return f"{draft.owned:,}" if draft.owned is not None else ""
        if role == Qt.ItemDataRole.EditRole:
            return {CHIP: None, VALUE: draft.value, COLOR: draft.color, OWNED: draft.owned}[column]
        if role == Qt.ItemDataRole.DecorationRole and column in (CHIP, COLOR):
            return chip_icon(Denomination(1, draft.color, draft.hex), 22 if column == CHIP else 16)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            if column in (VALUE, OWNED):
                return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            return int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole and column == OWNED and draft.owned is None:
            return "Not counted"
        return None

    def setData(self, index: AnyIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid() or role != Qt.ItemDataRole.EditRole:
            return False
        row, column = index.row(), index.column()
        draft = self._drafts[row]
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
        self._drafts[row] = new
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


class ChipSetEditor(QDialog):
    """Edit the tournament's chips; Save stores them, Cancel forgets the draft."""

    saved = Signal(object)  # ChipSet

    def __init__(
        self, services: Services, bus: TournamentBus, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._services = services
        self._bus = bus
        chip_set = services.structure.chip_set(bus.tournament_id)
        drafts = [
            ChipDraft.of(d, None if chip_set.owned is None else chip_set.owned[i])
            for i, d in enumerate(chip_set.denominations)
        ]
        self.model = ChipTableModel(drafts, self)
        self.model.drafts_changed.connect(self._on_model_drafts_changed)
        self.setWindowTitle("Chips")
        self._setup_ui()
        self._on_model_drafts_changed()
        self.resize(560, 480)

    def _setup_ui(self) -> None:
        layout = QVBoxLayout(self)
        layout.setSpacing(10)
        intro = QLabel(
            "The chips this tournament plays with. Fill in <b>Owned</b> to have the structure "
            "generator check you have enough; leave it empty if you have not counted."
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)

        self.table = QTableView(self)
        self.table.setModel(self.model)
        self.table.setItemDelegate(ChipDelegate(self.table))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
            | QAbstractItemView.EditTrigger.SelectedClicked
        )
        self.table.setTabKeyNavigation(True)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(
            max(30, self.table.fontMetrics().height() + 14)
        )
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(CHIP, QHeaderView.ResizeMode.Fixed)
        self.table.setColumnWidth(CHIP, 110)
        self.table.setAccessibleName("Chips")
        layout.addWidget(self.table, 1)

        buttons = QHBoxLayout()
        self.add_button = QPushButton("&Add chip")
        self.add_button.setToolTip("Add a denomination (Insert)")
        self.add_button.clicked.connect(self.add_chip)
        self.remove_button = QPushButton("&Remove")
        self.remove_button.setToolTip("Remove the selected denomination (Delete)")
        self.remove_button.clicked.connect(self.remove_chip)
        self.standard_button = QPushButton("Standard &colors")
        self.standard_button.setToolTip(
            "Give every chip its standard casino color (1 white, 5 red, 25 green, 100 black, "
            "500 purple, 1,000 orange, 5,000 grey; others blue, yellow ...)"
        )
        self.standard_button.clicked.connect(self.use_standard_colors)
        for button in (self.add_button, self.remove_button, self.standard_button):
            button.setAutoDefault(False)
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout.addLayout(buttons)

        self.total_label = QLabel(self)
        layout.addWidget(self.total_label)
        self.banner = MessageBanner(self)
        layout.addWidget(self.banner)

        self.button_box = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        self.button_box.accepted.connect(self.save)
        self.button_box.rejected.connect(self.reject)
        layout.addWidget(self.button_box)

        for text, shortcut, slot in (
            ("Add chip", "Insert", self.add_chip),
            ("Remove chip", "Delete", self.remove_chip),
        ):
            action = QAction(text, self.table)
            action.setShortcut(QKeySequence(shortcut))
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.triggered.connect(slot)
            self.table.addAction(action)

    # ---------------------------------------------------------------- operations
    def add_chip(self) -> int:
        """Add a denomination (the next standard value, in its color) and edit its value."""
        drafts = self.model.drafts
        values = [d.value for d in drafts if d.value is not None]
        draft = standard_draft(next_value(values), {d.color for d in drafts})
        if any(d.owned is not None for d in drafts):
            draft = replace(draft, owned=0)
        row = self.model.add(draft)
        self.table.setCurrentIndex(self.model.index(row, VALUE))
        self.table.setFocus()
        return row

    def remove_chip(self) -> None:
        """Remove the selected denomination."""
        index = self.table.currentIndex()
        if index.isValid():
            self.model.remove(index.row())

    def use_standard_colors(self) -> None:
        """Give every chip its standard color (custom colors for the others, blue first)."""
        used: set[str] = set()
        drafts = []
        for draft in self.model.drafts:
            if draft.value is None:
                drafts.append(draft)
                continue
            fresh = standard_draft(draft.value, used)
            used.add(fresh.color)
            drafts.append(replace(draft, color=fresh.color, hex=fresh.hex))
        self.model.set_drafts(drafts)

    def chip_set(self) -> ChipSet:
        """The chip set as drafted (raises ChipError when it is not valid)."""
        return build_chip_set(self.model.drafts)

    def save(self) -> bool:
        """Save the chip set; a refusal (a blind the new chips cannot pay) keeps the dialog open."""
        try:
            chips = self.chip_set()
            tid = self._bus.tournament_id
            saved = self._bus.run(lambda: self._services.structure.set_chip_set(tid, chips))
        except DomainError as error:
            self.banner.show_message(str(error), "error")
            return False
        self.saved.emit(saved)
        self.accept()
        return True

    # ---------------------------------------------------------------- feedback
    def _on_model_drafts_changed(self) -> None:
        drafts = self.model.drafts
        self.remove_button.setEnabled(len(drafts) > 1)
        try:
            chips = self.chip_set()
        except ChipError as error:
            self.banner.show_message(str(error), "warning")
            self.total_label.clear()
            return
        self.banner.hide_message()
        if chips.owned is None:
            self.total_label.setText(f"{len(chips.values)} denominations; owned chips not counted.")
            return
        count = sum(chips.owned)
        worth = sum(v * n for v, n in zip(chips.values, chips.owned, strict=True))
        self.total_label.setText(f"You own {count:,} chips worth T{worth:,} in all.")


def chip_strip(chip_set: ChipSet, size: int = 20) -> QWidget:
    """A row of chips with their values, for showing a chip set in other windows."""
    strip = QWidget()
    layout = QHBoxLayout(strip)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(4)
    for denomination in chip_set.denominations:
        swatch = QLabel()
        swatch.setPixmap(chip_pixmap(denomination.hex, size))
        swatch.setToolTip(denomination.label)
        layout.addWidget(swatch)
        layout.addWidget(QLabel(f"T{denomination.value:,}"))
        layout.addSpacing(8)
    layout.addStretch(1)
    return strip
