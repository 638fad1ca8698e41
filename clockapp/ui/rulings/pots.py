"""The side-pot panel: what each seat put in, who folded, the order they finish, and the answer.

The director enters each seat's total bet for the hand and ticks the folds; the button seat and the
smallest chip in play decide where an odd chip goes and how big it is. When the hand is at a known
table, the table selector brings the players' names and the button from the seating. The finishing
order comes from the showdown when every live hand and the whole board are known; otherwise the
director gives it by hand (place 1 is best, equal places tie), which is enough to settle the chips
before anyone has tabled their cards. The answer is two tables: the pots (who may win each, who
takes what, odd chips marked) and each seat's take.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clockapp.ui.rulings.analysis import PayoutRow, PotRow, chips
from clockapp.ui.rulings.state import MAX_SEAT, Player
from clockapp.ui.rulings.style import set_role

R = TypeVar("R")
MAX_CHIPS = 2_000_000_000
ODD_BRUSH = QBrush(QColor("#fff1c7"))
Index = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True)
class Column(Generic[R]):
    """A column of a `RowsModel`: its header and how to read a row's cell."""

    header: str
    text: Callable[[R], str]
    numeric: bool = False


def _signed(amount: int) -> str:
    return f"+{amount:,}" if amount > 0 else f"{amount:,}"


POT_COLUMNS: tuple[Column[PotRow], ...] = (
    Column("Pot", lambda r: r.name),
    Column("Amount", lambda r: chips(r.amount), numeric=True),
    Column("Eligible", lambda r: r.eligible),
    Column("Goes to", lambda r: r.goes_to),
)
PAYOUT_COLUMNS: tuple[Column[PayoutRow], ...] = (
    Column("Seat", lambda r: r.who),
    Column("Put in", lambda r: chips(r.put_in), numeric=True),
    Column("Takes", lambda r: chips(r.takes) + (" ●" if r.odd_chips else ""), numeric=True),
    Column("Net", lambda r: _signed(r.net), numeric=True),
)


class RowsModel(QAbstractTableModel, Generic[R]):
    """A read-only table over a tuple of frozen rows; rows with odd chips are tinted."""

    def __init__(
        self,
        columns: Sequence[Column[R]],
        odd: Callable[[R], bool],
        parent: Any = None,
    ) -> None:
        super().__init__(parent)
        self._columns = tuple(columns)
        self._odd = odd
        self._rows: tuple[R, ...] = ()

    def rows(self) -> tuple[R, ...]:
        """The rows shown."""
        return self._rows

    def set_rows(self, rows: Sequence[R]) -> None:
        """Show `rows` instead."""
        self.beginResetModel()
        self._rows = tuple(rows)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt API)
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt API)
        return 0 if parent.isValid() else len(self._columns)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row, column = self._rows[index.row()], self._columns[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return column.text(row)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            horizontal = (
                Qt.AlignmentFlag.AlignRight if column.numeric else Qt.AlignmentFlag.AlignLeft
            )
            return int(horizontal | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.BackgroundRole and self._odd(row):
            return ODD_BRUSH
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self._columns):
            return self._columns[section].header
        if orientation == Qt.Orientation.Vertical and 0 <= section < len(self._rows):
            return str(section + 1)
        return None


NUMERIC_HEADERS = frozenset(
    c.header for c in (*POT_COLUMNS, *PAYOUT_COLUMNS) if c.numeric or c.header == "Pot"
)


def _table(model: QAbstractTableModel, name: str) -> QTableView:
    view = QTableView()
    view.setObjectName(name)
    view.setModel(model)
    view.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
    view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    view.verticalHeader().hide()
    view.setWordWrap(True)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    header = view.horizontalHeader()
    header.setMinimumSectionSize(60)
    for column in range(model.columnCount()):
        numeric = model.headerData(column, Qt.Orientation.Horizontal) in NUMERIC_HEADERS
        mode = (
            QHeaderView.ResizeMode.ResizeToContents if numeric else QHeaderView.ResizeMode.Stretch
        )
        header.setSectionResizeMode(column, mode)
    return view


class SeatInputs:
    """The widgets of one seat's line in the panel."""

    def __init__(self, index: int, parent: QWidget) -> None:
        self.label = QLabel(parent)
        self.bet = QSpinBox(parent)
        self.bet.setObjectName(f"pot_{index}_bet")
        self.bet.setRange(0, MAX_CHIPS)
        self.bet.setGroupSeparatorShown(True)
        self.bet.setMaximumWidth(160)
        self.folded = QCheckBox(parent)
        self.folded.setObjectName(f"pot_{index}_folded")
        self.folded.setToolTip("Folded: the chips stay in the pot, the seat can win nothing")
        self.folded.setAccessibleName("Folded")
        self.place = QSpinBox(parent)
        self.place.setObjectName(f"pot_{index}_place")
        self.place.setRange(0, MAX_SEAT)
        self.place.setSpecialValueText("—")
        self.place.setMaximumWidth(90)
        self.place.setToolTip("Finishing order: 1 is the best hand, equal numbers split")

    def widgets(self) -> tuple[QWidget, ...]:
        return (self.label, self.bet, self.folded, self.place)


class PotsPanel(QWidget):
    """Inputs for the chips and the order, and the tables that settle them.

    Signals:
        bet_changed(int, int): a player's total bet (player index, chips).
        folded_changed(int, bool): a player folded or not.
        place_changed(int, int): a player's finishing place (0: not given).
        button_changed(int): the button's seat (0: not known).
        dead_changed(int): chips in the middle that belong to no seat.
        chip_changed(int): the smallest chip in play.
        table_chosen(int): the table the hand is at (0: none), for names and the button.
    """

    bet_changed = Signal(int, int)
    folded_changed = Signal(int, bool)
    place_changed = Signal(int, int)
    button_changed = Signal(int)
    dead_changed = Signal(int)
    chip_changed = Signal(int)
    table_chosen = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.seats: list[SeatInputs] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        title = QLabel("Side pots", self)
        set_role(title, "title")
        # The table sits on the title's line: the answer below must fit without scrolling.
        title_row = QHBoxLayout()
        title_row.addWidget(title)
        title_row.addSpacing(16)
        layout.addLayout(title_row)

        form = QGridLayout()
        form.setHorizontalSpacing(10)
        self.table_combo = QComboBox(self)
        self.table_combo.setObjectName("pot_table_choice")
        self.table_combo.setToolTip(
            "The table the hand is at: its players' names and the button come from the seating"
        )
        self.table_combo.addItem("Not at a known table", 0)
        self.table_note = QLabel(self)
        self.table_note.setObjectName("pot_table_note")
        self.table_note.setWordWrap(True)
        set_role(self.table_note, "note")
        table_label = QLabel("&Table", self)
        table_label.setBuddy(self.table_combo)
        table_label.setMinimumWidth(table_label.sizeHint().width() + 8)
        title_row.addWidget(table_label)
        title_row.addWidget(self.table_combo)
        title_row.addWidget(self.table_note, 1)
        self.button_spin = QSpinBox(self)
        self.button_spin.setObjectName("pot_button")
        self.button_spin.setRange(0, MAX_SEAT)
        self.button_spin.setSpecialValueText("not known")
        self.button_spin.setPrefix("Seat ")
        self.dead_spin = QSpinBox(self)
        self.dead_spin.setObjectName("pot_dead")
        self.dead_spin.setRange(0, MAX_CHIPS)
        self.dead_spin.setGroupSeparatorShown(True)
        self.dead_spin.setToolTip("Antes and chips of players not listed, already in the middle")
        self.chip_spin = QSpinBox(self)
        self.chip_spin.setObjectName("pot_chip")
        self.chip_spin.setRange(1, MAX_CHIPS)
        self.chip_spin.setGroupSeparatorShown(True)
        self.chip_spin.setToolTip(
            "Pots split in units of this chip; odd chips go left of the button"
        )
        self.chip_note = QLabel(self)
        self.chip_note.setObjectName("pot_chip_note")
        self.chip_note.setWordWrap(True)
        set_role(self.chip_note, "note")
        for spin in (self.button_spin, self.dead_spin, self.chip_spin):
            spin.setMaximumWidth(150)
        for column, (text, spin) in enumerate(
            (("Button", self.button_spin), ("Dead money", self.dead_spin))
        ):
            label = QLabel(text, self)
            label.setBuddy(spin)
            form.addWidget(label, 0, 2 * column)
            form.addWidget(spin, 0, 2 * column + 1)
        chip_label = QLabel("Smallest chip", self)
        chip_label.setBuddy(self.chip_spin)
        form.addWidget(chip_label, 1, 0)
        form.addWidget(self.chip_spin, 1, 1)
        form.addWidget(self.chip_note, 1, 2, 1, 2)
        form.setColumnStretch(3, 1)
        layout.addLayout(form)
        self.button_spin.valueChanged.connect(self.button_changed)
        self.dead_spin.valueChanged.connect(self.dead_changed)
        self.chip_spin.valueChanged.connect(self.chip_changed)
        self.table_combo.activated.connect(
            lambda index: self.table_chosen.emit(int(self.table_combo.itemData(index) or 0))
        )

        self._grid = QGridLayout()
        self._grid.setHorizontalSpacing(12)
        for column, header in enumerate(("Player", "Total bet", "Folded", "Place")):
            label = QLabel(f"<b>{header}</b>", self)
            self._grid.addWidget(label, 0, column)
        layout.addLayout(self._grid)

        self.order_note = QLabel(self)
        self.order_note.setObjectName("pot_order_note")
        self.order_note.setWordWrap(True)
        set_role(self.order_note, "note")
        layout.addWidget(self.order_note)
        self.error_label = QLabel(self)
        self.error_label.setObjectName("pot_error")
        set_role(self.error_label, "error")
        self.error_label.setWordWrap(True)
        self.error_label.hide()
        layout.addWidget(self.error_label)

        self.pot_model: RowsModel[PotRow] = RowsModel(POT_COLUMNS, lambda r: r.odd_chips, self)
        self.payout_model: RowsModel[PayoutRow] = RowsModel(
            PAYOUT_COLUMNS, lambda r: r.odd_chips > 0, self
        )
        self.pot_table = _table(self.pot_model, "pot_table")
        self.payout_table = _table(self.payout_model, "payout_table")
        self.uncalled_label = QLabel(self)
        self.uncalled_label.setObjectName("pot_uncalled")
        self.uncalled_label.setWordWrap(True)
        set_role(self.uncalled_label, "uncalled")
        self.odd_note = QLabel("● includes an odd chip", self)
        self.odd_note.setObjectName("pot_odd_note")
        set_role(self.odd_note, "note")
        layout.addWidget(self.pot_table)
        layout.addWidget(self.uncalled_label)
        layout.addWidget(self.payout_table)
        layout.addWidget(self.odd_note)
        layout.addStretch(1)

    def ensure_seats(self, count: int) -> None:
        """Have exactly `count` seat lines."""
        while len(self.seats) < count:
            index = len(self.seats)
            seat = SeatInputs(index, self)
            for column, widget in enumerate(seat.widgets()):
                self._grid.addWidget(widget, index + 1, column)
            seat.bet.valueChanged.connect(lambda v, i=index: self.bet_changed.emit(i, v))
            seat.folded.toggled.connect(lambda on, i=index: self.folded_changed.emit(i, on))
            seat.place.valueChanged.connect(lambda v, i=index: self.place_changed.emit(i, v))
            self.seats.append(seat)
        while len(self.seats) > count:
            seat = self.seats.pop()
            for widget in seat.widgets():
                self._grid.removeWidget(widget)
                widget.deleteLater()

    def show_players(self, players: Sequence[Player], places: Sequence[int] | None) -> None:
        """Show each player's inputs; `places` from the showdown locks the order (None: by hand)."""
        self.ensure_seats(len(players))
        for index, (player, seat) in enumerate(zip(players, self.seats, strict=True)):
            seat.label.setText(player.label)
            _set_quietly(seat.bet, player.bet)
            _set_quietly(seat.folded, player.folded)
            if places is not None:
                _set_quietly(seat.place, places[index])
            else:
                _set_quietly(seat.place, player.place or 0)
            seat.place.setEnabled(places is None and not player.folded)

    def show_tables(self, tables: Sequence[tuple[int, str]], current: int | None) -> None:
        """Offer `tables` ((number, title) by number), with `current` chosen (None: no table)."""
        blocked = self.table_combo.blockSignals(True)
        self.table_combo.clear()
        self.table_combo.addItem("Not at a known table", 0)
        for number, title in tables:
            self.table_combo.addItem(title, number)
        index = self.table_combo.findData(current or 0)
        self.table_combo.setCurrentIndex(max(0, index))
        self.table_combo.setEnabled(bool(tables))
        self.table_combo.blockSignals(blocked)

    def show_table_note(self, note: str) -> None:
        """Say where the names and the button came from (or why there is no table)."""
        self.table_note.setText(note)
        self.table_note.setVisible(bool(note))

    def show_settings(self, button: int | None, dead: int, chip: int, chip_note: str) -> None:
        """Show the button, dead money and smallest chip."""
        _set_quietly(self.button_spin, button or 0)
        _set_quietly(self.dead_spin, dead)
        _set_quietly(self.chip_spin, chip)
        self.chip_note.setText(chip_note)
        self.chip_note.setVisible(bool(chip_note))

    def show_answer(
        self,
        pots: Sequence[PotRow],
        payouts: Sequence[PayoutRow],
        uncalled: str,
        order_note: str,
        error: str | None,
    ) -> None:
        """Show the settled pots, or why they cannot be settled yet."""
        self.pot_model.set_rows(pots)
        self.payout_model.set_rows(payouts)
        self.uncalled_label.setText(uncalled)
        self.uncalled_label.setVisible(bool(uncalled))
        self.order_note.setText(order_note)
        self.error_label.setText(error or "")
        self.error_label.setVisible(bool(error))
        self.odd_note.setVisible(any(p.odd_chips for p in payouts))
        self.pot_table.setVisible(bool(pots))
        self.payout_table.setVisible(bool(payouts))
        for table in (self.pot_table, self.payout_table):
            _fit_height(table)


def _fit_height(table: QTableView) -> None:
    """Make `table` exactly as tall as its rows: the answer is read at a glance, never scrolled."""
    table.resizeRowsToContents()
    rows = table.model().rowCount()
    height = table.horizontalHeader().height() + 2 * table.frameWidth()
    height += sum(table.rowHeight(r) for r in range(rows)) if rows else 40
    table.setFixedHeight(height)


def _set_quietly(widget: QSpinBox | QCheckBox, value: int | bool) -> None:
    """Show `value` without reporting it back as the director's edit."""
    blocked = widget.blockSignals(True)
    if isinstance(widget, QCheckBox):
        widget.setChecked(bool(value))
    elif widget.value() != value:
        widget.setValue(int(value))
    widget.blockSignals(blocked)
