"""The board and the players' hands: card entry, each hand's best five, its words, its odds.

`HandsPanel` shows what the window gives it and reports what the director does; it never decides
anything itself. Each `HandRow` carries the seat, an optional name, the hole cards, and on the
right what the cards mean: a badge naming the pots the hand takes ("WINS", "WINS SIDE 2", "SPLITS
MAIN"), "Full house, kings full of fives", the five cards that play, and while the board is
incomplete the win / tie / share odds and the outs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext
from clockapp.ui.rulings.cards import CardView, Look
from clockapp.ui.rulings.slots import CardsBox
from clockapp.ui.rulings.state import MAX_PLAYERS, MAX_SEAT
from clockapp.ui.rulings.style import set_role, set_state

BEST_CARD = QSize(38, 52)
BEST_CARD_COMPACT = QSize(30, 40)
SEAT_WIDTH_COMPACT = 96
#: Qt's "no maximum" for a widget's width (QWIDGETSIZE_MAX, which PySide6 does not export).
NO_LIMIT = (1 << 24) - 1
#: The narrowest a hand's tile gets: its entry and its best five fit.
TILE_WIDTH = 212
#: The most tiles side by side: a fourth player's goes on the next line.
MOST_COLUMNS = 3


@dataclass(frozen=True)
class HandShown:
    """Everything one hand row displays (computed by the window).

    Attributes:
        cards: The hole cards entered.
        looks: How each hole card is drawn (PLAYS when it is in the best five).
        targeted: The picker deals to this hand.
        error: A message about what was typed, or None.
        badge: "WINS", "SPLITS", "WINS SIDE 2", "SPLITS MAIN", "FOLDED" or "".
        badge_kind: The badge's colour: "WINS" (takes a pot alone), "SPLITS", "FOLDED" or "".
        description: The hand in words, or a hint ("Enter 2 cards").
        best_five: The five cards that play (empty when not known).
        odds: "Win 81.9% · Tie 0.4% · Share 82.1%" while the board is incomplete, else "".
        outs: "Outs (9): …" or "".
    """

    cards: tuple[str, ...]
    looks: tuple[Look, ...]
    targeted: bool
    error: str | None = None
    badge: str = ""
    badge_kind: str = ""
    description: str = ""
    best_five: tuple[str, ...] = ()
    odds: str = ""
    outs: str = ""


class WrapLabel(QLabel):
    """A word-wrapped label that asks for the height its text needs at its current width.

    Qt lays out a wrapped label from a guessed width, which inside a scroll area can leave the
    second or third line of "One pair, queens with nine, seven and two kickers" cut off.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def setText(self, text: str) -> None:
        super().setText(text)
        self._fit()

    def _fit(self) -> None:
        needed = self.heightForWidth(self.width()) if self.text() else 0
        if needed > 0 and needed != self.minimumHeight():
            self.setMinimumHeight(needed)


class HandRow(QFrame):
    """One player's seat, name, cards and result, as a tile: the hands stand side by side.

    Side by side, three hands and what they make are read across at once, as the table sees
    them, and a short laptop window holds them without scrolling.
    """

    def __init__(self, index: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._compact = False
        self._hole_cards = 2
        self.setObjectName(f"hand_{index}")
        set_role(self, "hand")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.setSpacing(4)

        # From the top: who (seat, name, remove), the hole cards and their entry, then what
        # the cards make.
        who = QHBoxLayout()
        who.setSpacing(6)
        self.seat_spin = QSpinBox(self)
        self.seat_spin.setObjectName(f"hand_{index}_seat")
        self.seat_spin.setRange(1, MAX_SEAT)
        self.seat_spin.setPrefix(_("Seat "))
        self.seat_spin.setAccessibleName(_("Player {number}: seat").format(number=index + 1))
        self.seat_spin.setAccelerated(False)
        self.name_edit = QLineEdit(self)
        self.name_edit.setObjectName(f"hand_{index}_name")
        self.name_edit.setPlaceholderText(_("Name"))
        self.name_edit.setAccessibleName(_("Player {number}: name").format(number=index + 1))
        self.name_edit.setMinimumWidth(40)
        set_role(self.name_edit, "name")
        self.remove_button = QPushButton("✕", self)
        self.remove_button.setObjectName(f"hand_{index}_remove")
        self.remove_button.setToolTip(_("Take this player out of the dispute (Ctrl+Delete)"))
        self.remove_button.setAccessibleName(_("Remove player"))
        set_role(self.remove_button, "remove")
        who.addWidget(self.seat_spin)
        who.addWidget(self.name_edit, 1)
        who.addWidget(self.remove_button)
        layout.addLayout(who)
        self.cards = CardsBox(f"hand_{index}", _("e.g. AsKd"), self)
        self.cards.entry.setAccessibleName(
            _("Player {number}: hole cards").format(number=index + 1)
        )
        layout.addWidget(self.cards)

        # The badge has a line of its own: "WINS MAIN + SIDE 1 · SPLITS SIDE 2" is long.
        self.badge = QLabel(self)
        self.badge.setObjectName(f"hand_{index}_badge")
        self.badge.setWordWrap(True)
        set_role(self.badge, "badge")
        self.badge.hide()
        layout.addWidget(self.badge, 0, Qt.AlignmentFlag.AlignLeft)
        self.description = WrapLabel(self)
        self.description.setObjectName(f"hand_{index}_description")
        set_role(self.description, "description")
        self.description.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.description)
        best = QHBoxLayout()
        best.setSpacing(4)
        self.best_views = [CardView(None, Look.PLAYS, BEST_CARD, self) for _i in range(5)]
        for view in self.best_views:
            view.hide()
            best.addWidget(view)
        best.addStretch(1)
        layout.addLayout(best)
        # Wraps: "Win 2.4% (1 in 42) · Tie 0.0% · Share 2.4% (1 in 42)" must not widen the tile.
        self.odds = WrapLabel(self)
        self.odds.setObjectName(f"hand_{index}_odds")
        self.outs = QLabel(self)
        self.outs.setObjectName(f"hand_{index}_outs")
        self.outs.setWordWrap(True)
        set_role(self.odds, "odds")
        set_role(self.outs, "outs")
        self.odds.setTextFormat(Qt.TextFormat.PlainText)
        self.outs.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.odds)
        layout.addWidget(self.outs)
        layout.addStretch(1)

    def set_compact(self, on: bool) -> None:
        """Smaller cards (a short window)."""
        self._compact = on
        self.cards.set_compact(on)
        self._place_entry()
        # A spin box asks for room for text it never shows: "Seat 10" fits in less.
        # Held to that width too, or the spin's wider size hint takes the room the name needs.
        self.seat_spin.setMinimumWidth(SEAT_WIDTH_COMPACT if on else 0)
        self.seat_spin.setMaximumWidth(SEAT_WIDTH_COMPACT if on else NO_LIMIT)
        for view in self.best_views:
            view.set_size(BEST_CARD_COMPACT if on else BEST_CARD)

    def _place_entry(self) -> None:
        # Compact, two cards leave room for the entry beside them; Omaha's four do not.
        self.cards.set_entry_beside(self._compact and self._hole_cards <= 2)

    def show_player(self, seat: int, name: str, removable: bool) -> None:
        """Show the seat number and name (without reporting them back as edits)."""
        blocked = self.seat_spin.blockSignals(True)
        self.seat_spin.setValue(seat)
        self.seat_spin.blockSignals(blocked)
        if self.name_edit.text() != name:
            self.name_edit.setText(name)
            if not self.name_edit.hasFocus():
                self.name_edit.setCursorPosition(0)  # a long name shows its start, not its end
        self.remove_button.setEnabled(removable)

    def show_hand(
        self, shown: HandShown, count: int, winner: bool, four_colour: bool, typing: bool
    ) -> None:
        """Display `shown` with `count` hole-card slots (`typing`: keep the entry's text)."""
        self._hole_cards = count
        self._place_entry()
        self.cards.set_four_colour(four_colour)
        self.cards.set_error(shown.error)
        self.cards.set_cards(shown.cards, count, shown.looks, shown.targeted, typing)
        self.badge.setText(shown.badge)
        set_state(self.badge, "kind", shown.badge_kind)
        self.badge.setVisible(bool(shown.badge))
        self.description.setText(shown.description)
        for view, card in zip(self.best_views, (*shown.best_five, *([None] * 5)), strict=False):
            view.set_four_colour(four_colour)
            view.set_card(card, Look.PLAYS)
            view.setVisible(card is not None)
        self.odds.setText(shown.odds)
        self.odds.setVisible(bool(shown.odds))
        self.outs.setText(shown.outs)
        self.outs.setVisible(bool(shown.outs))
        set_state(self, "winner", winner)
        set_state(self, "targeted", shown.targeted)


class BoardRow(QFrame):
    """The community cards, the street they make, and the odds' busy indicator and note."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("board")
        set_role(self, "board")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.setSpacing(14)
        self._layout = layout
        titles = QVBoxLayout()
        title = QLabel(_("Board"), self)
        title.setObjectName("board_title")
        set_role(title, "title")
        self.street = QLabel(self)
        self.street.setObjectName("board_street")
        set_role(self.street, "street")
        titles.addWidget(title)
        titles.addWidget(self.street)
        titles.addStretch(1)
        layout.addLayout(titles)
        self.cards = CardsBox(
            "board", _("e.g. 2s Ah Ac (Enter: first hand)"), self, entry_beside=True
        )
        self.cards.entry.setAccessibleName(_("Board cards"))
        layout.addWidget(self.cards, 1)
        # The odds are about the board to come: their status sits under its entry.
        self.busy_bar = QProgressBar(self)
        self.busy_bar.setObjectName("odds_busy")
        self.busy_bar.setRange(0, 0)  # busy mode: the calculation has no progress to report
        self.busy_bar.setFixedWidth(90)
        self.busy_bar.setTextVisible(False)
        self.busy_bar.hide()
        self.odds_note = QLabel(self)
        self.odds_note.setObjectName("odds_note")
        self.odds_note.setWordWrap(True)
        set_role(self.odds_note, "note")
        status = QHBoxLayout()
        status.addWidget(self.busy_bar)
        status.addWidget(self.odds_note, 1)
        side = self.cards.side
        assert side is not None  # the entry is beside the cards
        side.insertLayout(side.count() - 1, status)

    def set_compact(self, on: bool) -> None:
        """Smaller slots (a short window)."""
        self.cards.set_compact(on)
        self._layout.setContentsMargins(10, 4 if on else 8, 10, 4 if on else 8)

    def show_board(
        self,
        cards: Sequence[str],
        targeted: bool,
        error: str | None,
        four_colour: bool,
        typing: bool,
    ) -> None:
        """Display the board (`typing`: keep the entry's text)."""
        self.cards.set_four_colour(four_colour)
        self.cards.set_error(error)
        self.cards.set_cards(cards, 5, next_slot=targeted, keep_text=typing)
        self.street.setText(
            {0: _("Preflop"), 3: _("Flop"), 4: _("Turn"), 5: _("River")}.get(len(cards))
            or ngettext("{count} card", "{count} cards", len(cards)).format(count=len(cards))
        )
        set_state(self, "targeted", targeted)


class HandsPanel(QWidget):
    """The players' tiles side by side (up to three a line), then the button that adds a player.

    Signals:
        player_added(): the director asked for another player.
        rows_changed(): rows were created or dropped (the window reconnects them).
    """

    player_added = Signal()
    rows_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows: list[HandRow] = []
        self._compact = False
        self._columns = MOST_COLUMNS
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self._scroll = QScrollArea(self)
        self._scroll.setWidgetResizable(True)
        self._scroll.setFrameShape(QFrame.Shape.NoFrame)
        inner = QWidget()
        column = QVBoxLayout(inner)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(8)
        self._grid = QGridLayout()
        self._grid.setSpacing(8)
        for index in range(MOST_COLUMNS):
            self._grid.setColumnStretch(index, 1)  # tiles share the width evenly
        column.addLayout(self._grid)
        self.add_button = QPushButton(_("Add player"), inner)
        self.add_button.setObjectName("add_player")
        self.add_button.setToolTip(_("Add a player on the next free seat (Ctrl+N)"))
        self.add_button.clicked.connect(self.player_added)
        column.addWidget(self.add_button, 0, Qt.AlignmentFlag.AlignLeft)
        column.addStretch(1)
        self._scroll.setWidget(inner)
        layout.addWidget(self._scroll, 1)

    def set_compact(self, on: bool) -> None:
        """Smaller cards in every tile (a short window)."""
        self._compact = on
        for row in self.rows:
            row.set_compact(on)

    def ensure_rows(self, count: int) -> None:
        """Have exactly `count` hand rows (the window then connects new ones)."""
        changed = False
        while len(self.rows) < count:
            row = HandRow(len(self.rows))
            row.set_compact(self._compact)
            self._place(row, len(self.rows))
            self.rows.append(row)
            changed = True
        while len(self.rows) > count:
            row = self.rows.pop()
            self._grid.removeWidget(row)
            row.hide()
            row.deleteLater()
            changed = True
        self.add_button.setEnabled(count < MAX_PLAYERS)
        if changed:
            self.rows_changed.emit()

    def scroll_to(self, row: HandRow) -> None:
        """Bring `row` into view."""
        self._scroll.ensureWidgetVisible(row)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        # The scroll bar's width is kept free whether it shows or not: the count of columns
        # must not depend on the scroll bar it brings.
        room = self.width() - self._scroll.verticalScrollBar().sizeHint().width()
        spacing = self._grid.horizontalSpacing()
        tile = max([TILE_WIDTH, *(row.minimumSizeHint().width() for row in self.rows)])
        columns = max(1, min(MOST_COLUMNS, (room + spacing) // (tile + spacing)))
        if columns != self._columns:
            self._columns = columns
            for index in range(MOST_COLUMNS):
                self._grid.setColumnStretch(index, 1 if index < columns else 0)
            for index, row in enumerate(self.rows):
                self._grid.removeWidget(row)
                self._place(row, index)

    def _place(self, row: HandRow, index: int) -> None:
        self._grid.addWidget(row, index // self._columns, index % self._columns)
