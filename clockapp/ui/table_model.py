"""`RowTableModel`: a flat `QAbstractTableModel` over a tuple of row objects with fixed titles.

The plumbing every list in the app repeats (row and column counts, horizontal titles, finding the
row under an index) lives here; each model keeps what it shows (`data`), its flags and its own
setters. Rows are replaced whole (`_set_rows`, a model reset) unless a subclass inserts or removes
with Qt's begin/end calls around `_rows`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

AnyIndex = QModelIndex | QPersistentModelIndex
RowT = TypeVar("RowT")


class RowTableModel(QAbstractTableModel, Generic[RowT]):
    """A flat table: one row object per row, one title per column."""

    def __init__(self, headers: Iterable[str], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._headers = tuple(headers)
        self._rows: tuple[RowT, ...] = ()

    def _set_rows(self, rows: Iterable[RowT]) -> None:
        """Show these rows (a model reset: views drop their selection)."""
        self.beginResetModel()
        self._rows = tuple(rows)
        self.endResetModel()

    def row_at(self, index: AnyIndex) -> RowT | None:
        """The row object under `index`; None for an invalid index or a row out of range."""
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        return self._rows[index.row()]

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008 (Qt's signature)
        """One row per row object (none under a valid parent: a flat table)."""
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        """One column per title."""
        return 0 if parent.isValid() else len(self._headers)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        """The column titles (no vertical header text)."""
        if (
            role == Qt.ItemDataRole.DisplayRole
            and orientation == Qt.Orientation.Horizontal
            and 0 <= section < len(self._headers)
        ):
            return self._headers[section]
        return None
