"""`RowsModel`: the cashier window's read-only table model over a tuple of frozen rows.

Each model lists its `Column`s (header, text, right alignment for numbers), names what identifies
a row (`row_key`) and may give a row's font, colour and tooltip; `RowsModel` does the rest on the
app's one table model, `RowTableModel`. A refresh tells the view only about the rows that changed
(`RowTableModel._update_rows`), and a row's look is worked out once, when the view first asks.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QBrush, QFont

from clockapp.ui.table_model import AnyIndex, RowTableModel

RowT = TypeVar("RowT")

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


def styled_font(*, bold: bool = False, italic: bool = False, strike_out: bool = False) -> QFont:
    """A default font with these styles (models build theirs once, not per row)."""
    font = QFont()
    font.setBold(bold)
    font.setItalic(italic)
    font.setStrikeOut(strike_out)
    return font


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


class RowsModel(RowTableModel[RowT]):
    """A read-only table over a tuple of frozen rows; subclasses give `COLUMNS`.

    A view asks `data` for about eight roles per cell, so a row's look (the texts of its cells,
    its font, colour and tooltip) is worked out once, the first time the view asks for the row,
    and kept until the rows change (then only the rows the view shows are worked out again).
    """

    COLUMNS: ClassVar[tuple[Column, ...]] = ()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__((c.header for c in type(self).COLUMNS), parent)
        self._looks: list[_Look | None] = []
        self._alignments = tuple(
            _RIGHT if column.numeric else _LEFT for column in type(self).COLUMNS
        )

    # ------------------------------------------------------------------ rows
    def set_rows(self, rows: Sequence[RowT]) -> bool:
        """Show `rows`; whether anything changed.

        Rows are matched by `row_key`: the view is told which rows were removed, moved, inserted
        or changed, so it keeps its selection, current row, scroll position and column widths,
        and repaints (and measures, see `FittedTableView`) only those rows. The same rows again
        change nothing.
        """
        return self._update_rows(rows, self.row_key)

    def row_key(self, row: RowT) -> Hashable:
        """What identifies a row from one refresh to the next (the row itself by default)."""
        return row  # frozen rows: hashable by value

    def _rows_changed(self) -> None:
        # Looks are cheap to work out for the rows on screen: forget them all rather than track
        # which moved (a look may depend on other rows, see `LedgerModel`).
        self._looks = [None] * len(self._rows)

    def rows(self) -> tuple[RowT, ...]:
        """The rows shown, in order."""
        return self._rows

    def column_of(self, header: str) -> int:
        """The column number of `header` (tests and pages find columns by name)."""
        return next(i for i, c in enumerate(self.COLUMNS) if c.header == header)

    def text(self, row: int, header: str) -> str:
        """What the cell shows, found by column header."""
        return str(self.COLUMNS[self.column_of(header)].text(self._rows[row]))

    # ------------------------------------------------------------------ Qt
    def data(self, index: AnyIndex, role: int = _DISPLAY) -> Any:
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

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    # ------------------------------------------------------------------ looks
    def _font(self, _row: RowT) -> QFont | None:
        return None

    def _foreground(self, _row: RowT) -> QBrush | None:
        return None

    def _tooltip(self, _row: RowT) -> str | None:
        return None
