"""Seat moves on the wall, and the director's list to acknowledge them.

`MovesBanner` is the strip of the clock display that shows every pending seat move in large type
("Ann Lee   Table 3, seat 7 -> Table 1, seat 2") until the director acknowledges it; a table break
or the final table's redraw is named in its title. More moves than fit are shown a page at a time,
turning every few seconds (a timer that only repaints: the moves come from the session).

`PendingMovesBox` is the director window's list of the same moves with a Done button for each and
an "All done" button; each acknowledgement is one service call through the bus, so the display
and every other station drop the move at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.ui.display import present
from clockapp.ui.display.theme import WallTheme
from clockapp.ui.display.widgets import FitLabel, Panel
from clockapp.ui.table_model import AnyIndex, RowTableModel
from clockapp.ui.ticks import guarded

if TYPE_CHECKING:
    from clockapp.services.seating import MoveInfo

LEFT = Qt.AlignmentFlag.AlignLeft
RIGHT = Qt.AlignmentFlag.AlignRight
#: Moves shown at once on the wall; more turn pages.
ROWS_PER_PAGE = 3
#: How long each page of moves stays up.
PAGE_MS = 6000


class MovesBanner(Panel):
    """The display's strip of pending seat moves (hidden while there are none)."""

    def __init__(self, look: WallTheme, parent: QWidget | None = None) -> None:
        super().__init__(look, parent, edge=look.PAUSED)
        self._moves: tuple[MoveInfo, ...] = ()
        self._page = 0
        layout = QVBoxLayout(self)
        self._layout = layout
        header = QHBoxLayout()
        self.title = FitLabel(look, "", color=look.PAUSED, fill=0.62, align=LEFT)
        self.page_label = FitLabel(
            look, "", color=look.MUTED, fill=0.55, weight=QFont.Weight.Medium, align=RIGHT
        )
        header.addWidget(self.title, 80)
        header.addWidget(self.page_label, 20)
        layout.addLayout(header, 5)
        self.rows: list[tuple[QWidget, FitLabel, FitLabel]] = []
        for _row in range(ROWS_PER_PAGE):
            row = QWidget(self)
            line = QHBoxLayout(row)
            line.setContentsMargins(0, 0, 0, 0)
            name = FitLabel(look, "", color=look.BLINDS, fill=0.7, align=LEFT)
            where = FitLabel(look, "", fill=0.7, align=LEFT)
            line.addWidget(name, 34)
            line.addWidget(where, 66)
            layout.addWidget(row, 7)
            self.rows.append((row, name, where))
        self.timer = QTimer(self)
        self.timer.setInterval(PAGE_MS)
        self.timer.timeout.connect(guarded("the seat moves pager", self.next_page))
        self.hide()

    # ---------------------------------------------------------------- state

    @property
    def moves(self) -> tuple[MoveInfo, ...]:
        """The pending moves (every page)."""
        return self._moves

    def page_count(self) -> int:
        """How many pages the moves fill."""
        return max(1, -(-len(self._moves) // ROWS_PER_PAGE))

    def shown(self) -> list[tuple[str, str]]:
        """(name, move) of each line on the wall now."""
        return [(n.text(), w.text()) for row, n, w in self.rows if not row.isHidden()]

    def stretch(self) -> int:
        """The share of the display's height the banner needs (0 when hidden)."""
        if not self._moves:
            return 0
        return 5 + 7 * min(len(self._moves), ROWS_PER_PAGE)

    def set_moves(self, moves: Sequence[MoveInfo]) -> None:
        """Show `moves` (the first page), or hide the banner when there are none."""
        moves = tuple(moves)
        if moves == self._moves:
            return
        self._moves = moves
        self._page = 0
        if self.page_count() > 1:
            self.timer.start()
        else:
            self.timer.stop()
        self._show_page()
        self.setVisible(bool(moves))

    def next_page(self) -> None:
        """Turn to the next page of moves (the timer does it every few seconds)."""
        self._page = (self._page + 1) % self.page_count()
        self._show_page()

    def _show_page(self) -> None:
        moves = self._moves
        self.title.setText(present.moves_title(moves) if moves else "")
        pages = self.page_count()
        self.page_label.setText(f"{self._page + 1} / {pages}" if pages > 1 else "")
        start = self._page * ROWS_PER_PAGE
        page = moves[start : start + ROWS_PER_PAGE]
        # Keep as many lines as the first page needs, so turning pages never re-lays the clock.
        lines = min(len(moves), ROWS_PER_PAGE)
        for index, (row, name, where) in enumerate(self.rows):
            if index < len(page):
                name.setText(present.move_line(page[index])[0])
                where.setText(present.move_line(page[index])[1])
            else:
                name.setText("")
                where.setText("")
            row.setVisible(index < lines)

    def apply_metrics(self, height: int) -> None:
        """Margins proportional to the display's height."""
        pad = round(height * 0.012)
        self._layout.setContentsMargins(round(pad * 2), pad, round(pad * 2), pad)
        self._layout.setSpacing(0)


# ---------------------------------------------------------------------------- the director's list
MOVE_HEADERS = (N_("Player"), N_("From"), N_("To"), N_("Why"), "")
DONE_COLUMN = 4


class PendingMovesModel(RowTableModel["MoveInfo"]):
    """The pending moves as rows: player, from, to, why (and a column for the Done button)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(tuple(_(h) if h else h for h in MOVE_HEADERS), parent)

    @property
    def moves(self) -> tuple[MoveInfo, ...]:
        """The moves listed."""
        return self._rows

    def set_moves(self, moves: Sequence[MoveInfo]) -> None:
        """List `moves` instead."""
        self._set_rows(moves)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """The move's cells, its announcement as the tooltip, its id under `UserRole`."""
        move = self.row_at(index)
        if move is None or not 0 <= index.column() < len(MOVE_HEADERS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return (move.name, str(move.from_seat), str(move.to_seat), move.reason, "")[
                index.column()
            ]
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{move.name}: {move.announcement}\n{move.reason}"
        if role == Qt.ItemDataRole.UserRole:
            return move.id
        return None


class PendingMovesBox(QGroupBox):
    """The director's list of the moves on the wall, each with a Done button.

    Args:
        acknowledge: Called with a move's id when its Done button is clicked.
        acknowledge_all: Called when "All done" is clicked.
    """

    def __init__(
        self,
        acknowledge: Callable[[int], object],
        acknowledge_all: Callable[[], object],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(_("Seat moves on the clock display"), parent)
        self.setObjectName("pending_moves")
        self._acknowledge = acknowledge
        self.model = PendingMovesModel(self)
        layout = QVBoxLayout(self)
        self.note = QLabel(_("When a player has taken the new seat, click Done."))
        self.note.setWordWrap(True)
        layout.addWidget(self.note)
        self.view = QTableView()
        self.view.setObjectName("pending_moves_view")
        self.view.setModel(self.model)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.verticalHeader().hide()
        self.view.setWordWrap(False)
        self.view.setTextElideMode(Qt.TextElideMode.ElideRight)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        layout.addWidget(self.view)
        self.all_done_button = QPushButton(_("All done"))
        self.all_done_button.setObjectName("moves_all_done")
        self.all_done_button.clicked.connect(lambda _=False: acknowledge_all())
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.all_done_button)
        layout.addLayout(buttons)
        self.done_buttons: list[QPushButton] = []
        self.hide()

    def set_moves(self, moves: Sequence[MoveInfo]) -> None:
        """List `moves` with a Done button each; hidden when there are none."""
        self.model.set_moves(moves)
        self.done_buttons = []
        for row, move in enumerate(self.model.moves):
            button = QPushButton(_("Done"))
            button.setObjectName(f"move_done_{move.id}")
            button.setToolTip(_("{name} has moved: take it off the display").format(name=move.name))
            button.clicked.connect(lambda _=False, m=move.id: self._acknowledge(m))
            self.view.setIndexWidget(self.model.index(row, DONE_COLUMN), button)
            self.done_buttons.append(button)
        rows = len(self.model.moves)
        self.setTitle(_("Seat moves on the clock display ({count})").format(count=rows))
        # As tall as its rows, up to six; more scroll.
        shown = min(rows, 6)
        height = self.view.horizontalHeader().sizeHint().height() + 2 * self.view.frameWidth()
        height += shown * self.view.verticalHeader().defaultSectionSize()
        self.view.setFixedHeight(height)
        self.setVisible(rows > 0)
