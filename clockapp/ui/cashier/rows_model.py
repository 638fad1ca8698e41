"""`RowsModel`: the cashier window's read-only table model over a tuple of frozen rows.

Each model lists its `Column`s (header, text, right alignment for numbers) and may give a row's
font, colour and tooltip; `RowsModel` does the Qt plumbing once, and works out each row's look
once per refresh (a view asks for every cell's data again and again).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QFont

Index = QModelIndex | QPersistentModelIndex

_ALIGN_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
_ALIGN_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
_RIGHT, _LEFT = int(_ALIGN_RIGHT.value), int(_ALIGN_LEFT.value)

# The roles a RowsModel answers, as the plain ints Qt passes to `data`.
_DISPLAY = int(Qt.ItemDataRole.DisplayRole.value)
_ALIGNMENT = int(Qt.ItemDataRole.TextAlignmentRole.value)
_FONT = int(Qt.ItemDataRole.FontRole.value)
_FOREGROUND = int(Qt.ItemDataRole.ForegroundRole.value)
_TOOLTIP = int(Qt.ItemDataRole.ToolTipRole.value)
_ROLES = frozenset((_DISPLAY, _ALIGNMENT, _FONT, _FOREGROUND, _TOOLTIP))


def _font_key(font: QFont | None) -> str:
    return "" if font is None else font.key()


@dataclass(frozen=True)
class _Look:
    """How one row reads: its cells' texts, and its font, colour and tooltip (None: default)."""

    texts: tuple[str, ...]
    font: QFont | None
    foreground: QBrush | None
    tooltip: str | None


@dataclass(frozen=True)
class Column:
    """One column: its header, how a row reads in it, and whether it holds a number."""

    header: str
    text: Callable[[Any], str]
    numeric: bool = False


class RowsModel(QAbstractTableModel):
    """A read-only table over a tuple of frozen rows; subclasses give `COLUMNS`.

    A view asks `data` for about eight roles per cell, and again for every cell when it sizes its
    columns to their contents, so a row's look (the texts of its cells, its font, colour and
    tooltip) is worked out once, the first time the view asks for the row, and kept until the rows
    are replaced. The rows are frozen and the look is a function of them, so it cannot go stale.
    """

    COLUMNS: tuple[Column, ...] = ()

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: tuple[Any, ...] = ()
        self._looks: list[_Look | None] = []
        # What each column held when the view last sized it (see `unfitted_columns`).
        self._fitted: tuple[frozenset[tuple[str, str]], ...] | None = None
        self._alignments = tuple(
            _RIGHT if column.numeric else _LEFT for column in type(self).COLUMNS
        )

    # ------------------------------------------------------------------ rows
    def set_rows(self, rows: Sequence[Any]) -> bool:
        """Replace every row (the views keep their selection by row key, see the pages).

        Returns whether anything changed: the same rows again leave the model (and the view's
        column widths, selection and scroll position) as they are.
        """
        rows = tuple(rows)
        if rows == self._rows:
            return False
        self.beginResetModel()
        self._rows = rows
        self._looks = [None] * len(rows)
        self._rows_changed()
        self.endResetModel()
        return True

    def _rows_changed(self) -> None:
        """Hook for models that index their rows."""

    def unfitted_columns(self) -> tuple[int, ...]:
        """The columns whose contents changed since the view last sized them to fit.

        A column's width is that of its widest cell, and a cell's width depends only on its
        text and its font: a column whose set of (text, font) is what it was keeps its width,
        so the view measures only the others again (measuring asks for every cell's data). The
        first call names every column. The columns named count as sized from then on.
        """
        looks = [look or self._look(row) for row, look in enumerate(self._looks)]
        contents = tuple(
            frozenset((look.texts[column], _font_key(look.font)) for look in looks)
            for column in range(len(self.COLUMNS))
        )
        fitted = self._fitted
        self._fitted = contents
        if fitted is None:
            return tuple(range(len(contents)))
        return tuple(
            c for c, (now, then) in enumerate(zip(contents, fitted, strict=True)) if now != then
        )

    def rows(self) -> tuple[Any, ...]:
        """The rows shown, in order."""
        return self._rows

    def row_at(self, row: int) -> Any | None:
        """The row object at `row`, or None outside the table."""
        return self._rows[row] if 0 <= row < len(self._rows) else None

    def column_of(self, header: str) -> int:
        """The column number of `header` (tests and pages find columns by name)."""
        return next(i for i, c in enumerate(self.COLUMNS) if c.header == header)

    def text(self, row: int, header: str) -> str:
        """What the cell shows, found by column header."""
        return self.COLUMNS[self.column_of(header)].text(self._rows[row])

    # ------------------------------------------------------------------ Qt
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.COLUMNS)

    def data(self, index: Index, role: int = _DISPLAY) -> Any:
        # Roles first: most of what a view asks for (decoration, check state, background...)
        # is answered without touching the index. An invalid index has row and column -1.
        if role not in _ROLES:
            return None
        row, column = index.row(), index.column()
        if not (0 <= row < len(self._rows) and 0 <= column < len(self._alignments)):
            return None
        if role == _ALIGNMENT:
            return self._alignments[column]
        look = self._looks[row] or self._look(row)
        if role == _DISPLAY:
            return look.texts[column]
        if role == _FONT:
            return look.font
        if role == _FOREGROUND:
            return look.foreground
        return look.tooltip

    def _look(self, row: int) -> _Look:
        item = self._rows[row]
        look = _Look(
            tuple(column.text(item) for column in self.COLUMNS),
            self._font(item),
            self._foreground(item),
            self._tooltip(item),
        )
        self._looks[row] = look
        return look

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if (
            role == Qt.ItemDataRole.DisplayRole
            and orientation == Qt.Orientation.Horizontal
            and 0 <= section < len(self.COLUMNS)
        ):
            return self.COLUMNS[section].header
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    # ------------------------------------------------------------------ looks
    def _font(self, _row: Any) -> QFont | None:
        return None

    def _foreground(self, _row: Any) -> QBrush | None:
        return None

    def _tooltip(self, _row: Any) -> str | None:
        return None
