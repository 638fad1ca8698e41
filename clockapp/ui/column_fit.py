"""`FittedTableView`: a table view whose columns fit their contents, measuring only what changed.

Qt's `resizeColumnToContents` asks the model for every cell of the column again (about eight
roles each, in Python for a Python model), which on a 300-row table costs more than the rest of a
refresh. This view keeps the width each row's cells asked for, and a model change marks only the
rows it names (`rowsInserted`, `rowsRemoved`, `rowsMoved`, `dataChanged`; a reset or a layout
change marks them all): `fit_columns` measures those rows alone and sets every column to the
widest cell (or its header), exactly what sizing the whole column to its contents gives.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, SignalInstance
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QTableView, QWidget

AnyIndex = QModelIndex | QPersistentModelIndex


class FittedTableView(QTableView):
    """A `QTableView` whose `fit_columns` measures only the rows changed since the last fit."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # Per row, the width each cell asks for (None: not measured since it changed).
        self._widths: list[tuple[int, ...] | None] = []
        self._model: QAbstractItemModel | None = None
        self._fit_when_shown = False

    def setModel(self, model: QAbstractItemModel | None) -> None:
        """Show `model` and follow its changes (what they mark to be measured again)."""
        if self._model is not None:
            for signal, slot in self._connections(self._model):
                signal.disconnect(slot)
        super().setModel(model)
        self._model = model
        if model is not None:
            for signal, slot in self._connections(model):
                signal.connect(slot)
        self._on_model_reset()

    def _connections(
        self, model: QAbstractItemModel
    ) -> tuple[tuple[SignalInstance, Callable[..., None]], ...]:
        return (
            (model.modelReset, self._on_model_reset),
            (model.layoutChanged, self._on_model_reset),
            (model.rowsInserted, self._on_model_rows_inserted),
            (model.rowsRemoved, self._on_model_rows_removed),
            (model.rowsMoved, self._on_model_rows_moved),
            (model.dataChanged, self._on_model_data_changed),
        )

    def showEvent(self, event: QShowEvent) -> None:
        """Fit the columns left to fit while the view was hidden."""
        super().showEvent(event)
        if self._fit_when_shown:
            self.fit_columns()

    # ------------------------------------------------------------------ what changed
    def _on_model_reset(self, *_args: object) -> None:
        rows = self._model.rowCount() if self._model is not None else 0
        self._widths = [None] * rows

    def _on_model_rows_inserted(self, parent: AnyIndex, first: int, last: int) -> None:
        if not parent.isValid():
            self._widths[first:first] = [None] * (last - first + 1)

    def _on_model_rows_removed(self, parent: AnyIndex, first: int, last: int) -> None:
        if not parent.isValid():
            del self._widths[first : last + 1]

    def _on_model_rows_moved(
        self, parent: AnyIndex, start: int, end: int, _destination: AnyIndex, row: int
    ) -> None:
        if parent.isValid():
            return
        moved = self._widths[start : end + 1]
        del self._widths[start : end + 1]
        landing = row if row < start else row - len(moved)
        self._widths[landing:landing] = moved

    def _on_model_data_changed(
        self, top_left: AnyIndex, bottom_right: AnyIndex, *_roles: object
    ) -> None:
        for row in range(top_left.row(), bottom_right.row() + 1):
            if 0 <= row < len(self._widths):
                self._widths[row] = None

    # ------------------------------------------------------------------ fitting
    def fit_columns(self) -> None:
        """Size each column to its widest cell or its header; the last one takes the rest.

        A view not on screen (a page of tabs not shown) fits when it is next shown: measuring
        what nobody sees is wasted, and a page refreshed ten times while hidden fits once.
        """
        model = self._model
        if model is None:
            return
        if not self.isVisible():
            self._fit_when_shown = True
            return
        self._fit_when_shown = False
        columns = model.columnCount()
        if len(self._widths) != model.rowCount():  # a change the view was not told about
            self._on_model_reset()
        for row, widths in enumerate(self._widths):
            if widths is None:
                self._widths[row] = tuple(
                    self.sizeHintForIndex(model.index(row, c)).width() for c in range(columns)
                )
        header = self.horizontalHeader()
        grid = 1 if self.showGrid() else 0  # as QTableView.sizeHintForColumn counts it
        last = columns - 1 if header.stretchLastSection() else columns
        for column in range(last):
            if self.isColumnHidden(column):
                continue
            content = max((w[column] for w in self._widths if w is not None), default=0)
            title = 0 if header.isHidden() else header.sectionSizeHint(column)
            width = max(content + grid, title)
            if self.columnWidth(column) != width:
                self.setColumnWidth(column, width)
