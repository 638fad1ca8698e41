"""The side-pot answer: who may win each pot, who takes what, and what looks wrong in the chips.

`AnswerView` is the top of the side-pot panel, above the director's inputs, so the ruling stays in
sight however many seats there are: the notes (where the finishing order comes from, what is still
missing, bets that are not whole chips, an odd chip given without knowing the button), then two
tables, the pots (main pot first) and each seat's take. Both tables are exactly as tall as their
rows: they are read at a glance, never scrolled on their own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QObject, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clockapp import formats
from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.ui.rulings.settlement import PayoutRow, PotRow, chips
from clockapp.ui.rulings.style import set_role
from clockapp.ui.table_model import AnyIndex as Index
from clockapp.ui.table_model import RowTableModel

R = TypeVar("R")
#: A row with odd chips is tinted light whatever the theme, so it has its own dark ink.
ODD_BRUSH = QBrush(QColor("#fff1c7"))
ODD_INK = QBrush(QColor("#14171a"))
MIN_COLUMN = 60
ROW_AIR = 2  # a little air under each row; ten-handed every pixel counts on a laptop


@dataclass(frozen=True)
class Column(Generic[R]):
    """A column of a `RowsModel`: its header and how to read a row's cell."""

    header: str
    text: Callable[[R], str]
    numeric: bool = False


def _signed(amount: int) -> str:
    return f"+{formats.number(amount)}" if amount > 0 else f"{formats.number(amount)}"


POT_COLUMNS: tuple[Column[PotRow], ...] = (
    Column(N_("Pot"), lambda r: r.name),
    Column(N_("Amount"), lambda r: chips(r.amount), numeric=True),
    Column(N_("Eligible"), lambda r: r.eligible),
    Column(N_("Goes to"), lambda r: r.goes_to),
)
PAYOUT_COLUMNS: tuple[Column[PayoutRow], ...] = (
    Column(N_("Seat"), lambda r: r.who),
    Column(N_("Put in"), lambda r: chips(r.put_in), numeric=True),
    Column(N_("Takes"), lambda r: chips(r.takes) + (" ●" if r.odd_chips else ""), numeric=True),
    # An uncalled bet given back is the seat's own chips, not winnings: a column of its own.
    Column(N_("Returned"), lambda r: chips(r.returned) if r.returned else "", numeric=True),
    Column(N_("Net"), lambda r: _signed(r.net), numeric=True),
)
RETURNED_COLUMN = 3
_ALL_COLUMNS: tuple[Column[Any], ...] = (*POT_COLUMNS, *PAYOUT_COLUMNS)
NUMERIC_HEADERS = frozenset(c.header for c in _ALL_COLUMNS if c.numeric or c.header == "Pot")


class RowsModel(RowTableModel[R]):
    """A read-only table over a tuple of frozen rows; rows with odd chips are tinted."""

    def __init__(
        self,
        columns: Sequence[Column[R]],
        odd: Callable[[R], bool],
        parent: QObject | None = None,
    ) -> None:
        super().__init__((c.header for c in columns), parent)
        self._columns = tuple(columns)
        self._odd = odd

    def rows(self) -> tuple[R, ...]:
        """The rows shown."""
        return self._rows

    def header_key(self, column: int) -> str:
        """The English title of `column`, as the code names it (the view shows it translated)."""
        return self._columns[column].header

    def set_rows(self, rows: Sequence[R]) -> None:
        """Show `rows` instead."""
        self._set_rows(rows)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        row = self.row_at(index)
        if row is None:
            return None
        column = self._columns[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return column.text(row)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            horizontal = (
                Qt.AlignmentFlag.AlignRight if column.numeric else Qt.AlignmentFlag.AlignLeft
            )
            return int(horizontal | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.BackgroundRole and self._odd(row):
            return ODD_BRUSH
        if role == Qt.ItemDataRole.ForegroundRole and self._odd(row):
            return ODD_INK
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        """The column titles, and the rows numbered from 1 down the side."""
        if (
            role == Qt.ItemDataRole.DisplayRole
            and orientation == Qt.Orientation.Vertical
            and 0 <= section < len(self._rows)
        ):
            return str(section + 1)
        return super().headerData(section, orientation, role)


def share_width(room: int, wanted: Sequence[int]) -> list[int]:
    """Share `room` between columns that want `wanted` widths on one line.

    Short columns get all they ask for first and the rest share what is left, so as few columns
    as possible wrap ("All still in but Ann" stays on one line beside a long "waiting for the
    finishing order"); room to spare is shared in proportion to what each asked.

    >>> share_width(400, [100, 500])
    [100, 300]
    >>> share_width(400, [100, 100])
    [200, 200]
    """
    count = len(wanted)
    widths = [0] * count
    order = sorted(range(count), key=lambda c: wanted[c])
    left = room
    for position, column in enumerate(order):
        rest = order[position:]
        if wanted[column] > left // len(rest):
            # This column and every wider one want more than an even share: they share evenly.
            each, extra = divmod(left, len(rest))
            for i, c in enumerate(rest):
                widths[c] = max(MIN_COLUMN, each + (1 if i < extra else 0))
            return widths
        widths[column] = wanted[column]
        left -= wanted[column]
    asked = sum(wanted) or 1
    for c in range(count):
        widths[c] += left * wanted[c] // asked
    if order:
        widths[order[-1]] += room - sum(widths)  # rounding: to the widest
    return widths


class FitTable(QTableView):
    """A table exactly as tall as its rows, kept so when its width (and so the wrapping) changes.

    Signals:
        fitted(): the table took a new height (the panel re-shares its space).
    """

    fitted = Signal()

    def __init__(self, model: QAbstractTableModel, name: str, parent: QWidget | None = None):
        super().__init__(parent)
        self._fitted_width = -1
        self.setObjectName(name)
        self.setModel(model)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        # Read only: Tab reaches it to read it, a click leaves the focus in the inputs.
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.verticalHeader().hide()
        self.setWordWrap(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        header = self.horizontalHeader()
        header.setMinimumSectionSize(MIN_COLUMN)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)  # `fit` sizes every column
        # By the columns' English titles: the header shows them in the station's language.
        self._numeric = [
            (
                model.header_key(c)
                if isinstance(model, RowsModel)
                else model.headerData(c, Qt.Orientation.Horizontal)
            )
            in NUMERIC_HEADERS
            for c in range(model.columnCount())
        ]

    def _column_widths(self) -> list[int]:
        """Numbers and pot names as wide as they are; the text columns share the rest."""
        header = self.horizontalHeader()
        wanted = [
            max(self.sizeHintForColumn(c), header.sectionSizeHint(c), MIN_COLUMN)
            for c in range(len(self._numeric))
        ]
        texts = [c for c, numeric in enumerate(self._numeric) if not numeric]
        room = self.width() - 2 * self.frameWidth()
        room -= sum(
            w for c, w in enumerate(wanted) if self._numeric[c] and not self.isColumnHidden(c)
        )
        shares = share_width(max(room, 0), [wanted[c] for c in texts])
        return [shares[texts.index(c)] if c in texts else w for c, w in enumerate(wanted)]

    def fit(self) -> None:
        """Take exactly the height of the header and the rows at the current width."""
        self._fitted_width = self.width()
        header = self.horizontalHeader()
        for column, width in enumerate(self._column_widths()):
            header.resizeSection(column, width)
        rows = self.model().rowCount()
        # Rows as tall as their (wrapped) text and a little air; not `resizeRowsToContents`,
        # which takes the hidden row header's padded height and costs ten-handed a whole row.
        for row in range(rows):
            self.setRowHeight(row, self.sizeHintForRow(row) + ROW_AIR)
        height = self.horizontalHeader().height() + 2 * self.frameWidth()
        height += sum(self.rowHeight(r) for r in range(rows)) if rows else 40
        if height != self.height() or self.minimumHeight() != height:
            self.setFixedHeight(height)
            self.fitted.emit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.width() != self._fitted_width:  # a new width wraps the text differently
            self.fit()


class AnswerView(QWidget):
    """The notes and the two tables of the settled hand (`PotsPanel` shows it above its inputs).

    Signals:
        resized(): the answer's height changed (new rows, notes shown or hidden).
    """

    resized = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 6, 0)
        self.order_note = self._label("pot_order_note", "note")
        self.error_label = self._label("pot_error", "error")
        self.warning_label = self._label("pot_warning", "warning")
        self.pot_model: RowsModel[PotRow] = RowsModel(POT_COLUMNS, lambda r: r.odd_chips, self)
        self.payout_model: RowsModel[PayoutRow] = RowsModel(
            PAYOUT_COLUMNS, lambda r: r.odd_chips > 0, self
        )
        self.pot_table = FitTable(self.pot_model, "pot_table", self)
        self.pot_table.setAccessibleName(_("Pots"))
        self.payout_table = FitTable(self.payout_model, "payout_table", self)
        self.payout_table.setAccessibleName(_("Chips paid"))
        self.uncalled_label = self._label("pot_uncalled", "uncalled")
        self.knockout_label = self._label("pot_knockouts", "note")  # bounties: who busts whom
        self.odd_note = self._label("pot_odd_note", "note")
        self.odd_note.setText(_("● includes an odd chip"))
        for widget in (
            self.order_note,
            self.error_label,
            self.warning_label,
            self.pot_table,
            self.uncalled_label,
            self.payout_table,
            self.odd_note,
            self.knockout_label,  # last: the chips' answer stays in view above it
        ):
            layout.addWidget(widget)
        layout.addStretch(1)
        for table in (self.pot_table, self.payout_table):
            table.fitted.connect(self.resized)

    def _label(self, name: str, role: str) -> QLabel:
        label = QLabel(self)
        label.setObjectName(name)
        label.setWordWrap(True)
        set_role(label, role)
        return label

    def show_answer(
        self,
        pots: Sequence[PotRow],
        payouts: Sequence[PayoutRow],
        uncalled: str,
        order_note: str,
        error: str | None,
        warnings: Sequence[str] = (),
        knockouts: Sequence[str] = (),
    ) -> None:
        """Show the settled pots, or why they cannot be settled yet, what looks wrong, and who
        would be credited with each knockout."""
        self.pot_model.set_rows(pots)
        self.payout_model.set_rows(payouts)
        for label, text in (
            (self.uncalled_label, uncalled),
            (self.order_note, order_note),
            (self.error_label, error or ""),
            (self.warning_label, "\n".join(warnings)),
            (self.knockout_label, "\n".join(knockouts)),
        ):
            label.setText(text)
            label.setVisible(bool(text))
        self.odd_note.setVisible(any(p.odd_chips for p in payouts))
        # The Returned column only when a bet came back: otherwise it only narrows the others.
        self.payout_table.setColumnHidden(RETURNED_COLUMN, not any(p.returned for p in payouts))
        self.pot_table.setVisible(bool(pots))
        self.payout_table.setVisible(bool(payouts))
        for table in (self.pot_table, self.payout_table):
            table.fit()
        self.resized.emit()
