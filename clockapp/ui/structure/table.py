"""The structure table view: spreadsheet-like keys, break rows spanning the blind columns.

Typing on a cell starts editing it, Enter opens the current cell and, once typed, moves down a row
(as in a spreadsheet), F2 edits, Tab walks to the next cell. A break row shows its name across the
game and blind columns, which a break does not have.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QAbstractItemModel, QItemSelectionModel, QModelIndex, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemDelegate,
    QAbstractItemView,
    QHeaderView,
    QTableView,
    QWidget,
)

from clockapp.core.structure.cells import Column
from clockapp.i18n import gettext as _
from clockapp.ui.structure.delegates import StructureDelegate
from clockapp.ui.structure.model import KIND_ROLE

#: The break name spans these columns (game, blinds, ante, BB ante).
BREAK_SPAN = (Column.GAME, Column.BB_ANTE)

COLUMN_WIDTHS = {
    Column.NUMBER: 64,
    Column.GAME: 100,
    Column.SMALL_BLIND: 96,
    Column.BIG_BLIND: 96,
    Column.ANTE: 86,
    Column.BB_ANTE: 70,
    Column.MINUTES: 72,
    Column.STARTS: 64,
}

COMPACT_WIDTHS = {
    Column.NUMBER: 56,
    Column.GAME: 70,
    Column.SMALL_BLIND: 84,
    Column.BIG_BLIND: 84,
    Column.ANTE: 76,
    Column.BB_ANTE: 64,
    Column.MINUTES: 64,
    Column.STARTS: 56,
}


class StructureTableView(QTableView):
    """The editor's table."""

    #: The director tried to edit a row that cannot be edited (already played).
    edit_refused = Signal(int)  # row

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setItemDelegate(StructureDelegate(self))
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
            | QAbstractItemView.EditTrigger.SelectedClicked
        )
        self.setAlternatingRowColors(False)
        self.setWordWrap(False)
        self.setCornerButtonEnabled(False)
        self.setTabKeyNavigation(True)
        self.setShowGrid(True)
        self.setAccessibleName(_("Levels and breaks"))
        vertical = self.verticalHeader()
        vertical.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        vertical.setDefaultSectionSize(max(26, self.fontMetrics().height() + 12))
        vertical.setMinimumWidth(30)
        vertical.setDefaultAlignment(Qt.AlignmentFlag.AlignCenter)
        horizontal = self.horizontalHeader()
        horizontal.setHighlightSections(False)
        horizontal.setStretchLastSection(True)
        horizontal.setMinimumSectionSize(48)

    def setModel(self, model: QAbstractItemModel | None) -> None:
        super().setModel(model)
        if model is None:
            return
        for column, width in COLUMN_WIDTHS.items():
            self.setColumnWidth(column, width)
        # Bound methods, not lambdas: Qt drops them when the view goes.
        model.modelReset.connect(self._on_model_changed)
        model.dataChanged.connect(self._on_model_changed)
        model.rowsInserted.connect(self._on_model_changed)
        model.rowsRemoved.connect(self._on_model_changed)
        self.update_spans()

    def make_compact(self) -> None:
        """Narrower columns and no row numbers: for a read-only preview beside other panels."""
        self.verticalHeader().setVisible(False)
        for column, width in COMPACT_WIDTHS.items():
            self.setColumnWidth(column, width)

    def _on_model_changed(self, *_args: object) -> None:
        self.update_spans()

    def update_spans(self) -> None:
        """Let each break's name run across the columns a break has no use for."""
        model = self.model()
        if model is None:
            return
        first, last = BREAK_SPAN
        for row in range(model.rowCount()):
            is_break = model.index(row, 0).data(KIND_ROLE) == "break"
            span = last - first + 1 if is_break else 1
            if self.columnSpan(row, first) != span:
                self.setSpan(row, first, 1, span)

    def selected_rows(self) -> list[int]:
        """The selected rows, top to bottom (the current row when nothing is selected)."""
        model = self.selectionModel()
        rows = sorted({index.row() for index in model.selectedRows()}) if model else []
        if not rows and self.currentIndex().isValid():
            rows = [self.currentIndex().row()]
        return rows

    def select_rows(self, rows: list[int], column: int | None = None) -> None:
        """Select these rows and put the cursor on the first (in `column`, or the current one)."""
        model = self.model()
        selection = self.selectionModel()
        if model is None or selection is None or not rows:
            return
        rows = [r for r in rows if 0 <= r < model.rowCount()]
        if not rows:
            return
        col = column if column is not None else max(0, self.currentIndex().column())
        selection.clearSelection()
        self.setCurrentIndex(model.index(rows[0], col))
        flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
        for row in rows:
            selection.select(model.index(row, 0), flags)
        self.scrollTo(model.index(rows[0], col))

    def keyboardSearch(self, search: str) -> None:
        # Typing digits must never jump to another row that happens to start with them (and then
        # start editing it): a number typed on a cell that cannot be edited goes nowhere.
        return

    def keyPressEvent(self, event: QKeyEvent) -> None:
        index = self.currentIndex()
        typing = bool(event.text().strip()) and not event.modifiers() & (
            Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
        )
        wants_edit = typing or event.key() in (Qt.Key.Key_F2, Qt.Key.Key_Return, Qt.Key.Key_Enter)
        if (
            wants_edit
            and index.isValid()
            and self.state() != QAbstractItemView.State.EditingState
            and not index.flags() & (Qt.ItemFlag.ItemIsEditable | Qt.ItemFlag.ItemIsUserCheckable)
        ):
            self.edit_refused.emit(index.row())
            return
        if (
            event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            and self.state() != QAbstractItemView.State.EditingState
            and index.isValid()
        ):
            # Enter edits the current cell (Qt only does that on macOS).
            if index.flags() & Qt.ItemFlag.ItemIsEditable:
                self.edit(index)
                return
            if index.flags() & Qt.ItemFlag.ItemIsUserCheckable:
                checked = index.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
                state = Qt.CheckState.Unchecked if checked else Qt.CheckState.Checked
                self.model().setData(index, state.value, Qt.ItemDataRole.CheckStateRole)
                return
        super().keyPressEvent(event)

    def closeEditor(self, editor: QWidget, hint: QAbstractItemDelegate.EndEditHint) -> None:
        super().closeEditor(editor, hint)
        if hint == QAbstractItemDelegate.EndEditHint.SubmitModelCache:
            # Enter committed the value: go down a row, ready for the next one.
            index = self.currentIndex()
            below = index.sibling(index.row() + 1, index.column()) if index.isValid() else None
            if below is not None and below.isValid():
                self.setCurrentIndex(below)

    # ---------------------------------------------------------------- an open cell editor
    def editing_index(self) -> QModelIndex | None:
        """The cell being edited (its editor is open), or None."""
        if self.state() != QAbstractItemView.State.EditingState:
            return None
        index = self.currentIndex()
        return index if index.isValid() and self.indexWidget(index) is not None else None

    @contextmanager
    def holding_editor(self) -> Iterator[None]:
        """Keep an open cell editor open (uncommitted) while a question box has the focus."""
        delegate = self.itemDelegate()
        assert isinstance(delegate, StructureDelegate)
        delegate.holding = True
        try:
            yield
        finally:
            delegate.holding = False

    def commit_editor(self) -> None:
        """Save what the open cell editor holds, as Enter would (no move to the next row)."""
        index = self.editing_index()
        if index is None:
            return
        editor = self.indexWidget(index)
        self.commitData(editor)
        self.closeEditor(editor, QAbstractItemDelegate.EndEditHint.NoHint)

    def discard_editor(self) -> None:
        """Close the open cell editor without saving what it holds."""
        index = self.editing_index()
        if index is not None:
            self.closeEditor(self.indexWidget(index), QAbstractItemDelegate.EndEditHint.NoHint)

    def resume_editor(self) -> None:
        """Give the focus back to the open cell editor (after "Keep editing")."""
        index = self.editing_index()
        if index is not None:
            self.indexWidget(index).setFocus()

    def current_column(self) -> int:
        """The column of the cell cursor (0 when none)."""
        index: QModelIndex = self.currentIndex()
        return index.column() if index.isValid() else 0
