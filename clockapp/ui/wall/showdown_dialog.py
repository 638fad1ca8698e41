"""The director's quick card-picker for an all-in showdown on the wall (Ctrl+Shift+A).

One row per player all in: the name (picked from the players in play at the cashier, or typed),
the hole cards (typed "As Kd", four each for Omaha, or clicked in the rulings' card picker), the
stack at the start of the hand and the chips put in (blank: all in). The board is typed or
clicked as it is dealt. "Show on the wall" (Enter) is one service call: the first keeps the
showdown and shows it, each later one shows the cards dealt since. Preflop the hands go up at
once, dashes for their chances: the odds (every board, up to a second for Omaha; a Monte Carlo
with its margin for Omaha with five hands or more) are worked out off the GUI thread and put
up by a second call (`fill_odds`) when they arrive, unless a newer show has overtaken them (the
runner drops a stale result, the service a stale wall). A refused entry (a hand entered twice,
a card on two hands, a board that is no street) is said here in red and the wall keeps what it
showed.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clockapp.errors import DomainError
from clockapp.poker.allin import MAX_HANDS, AllInHand, AllInReading
from clockapp.poker.cards import as_cards
from clockapp.poker.equity import OMAHA_EXACT_HANDS
from clockapp.services.app import Services
from clockapp.ui.bus import TournamentBus
from clockapp.ui.rulings.card_picker import CardPicker
from clockapp.ui.rulings.worker import OddsRunner

MAX_STACK = 2_000_000_000


@dataclass
class PlayerRow:
    """The widgets of one player's row."""

    name: QComboBox
    cards: QLineEdit
    stack: QSpinBox
    bet: QSpinBox


class ShowdownDialog(QDialog):
    """Enter an all-in showdown and show it on the wall, street by street."""

    def __init__(self, services: Services, bus: TournamentBus, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("All-in showdown on the wall")
        self.setObjectName("showdown_dialog")
        self._services = services
        self._bus = bus
        self.showdown_id: int | None = None
        self.rows: list[PlayerRow] = []
        self._focused: QLineEdit | None = None
        self.odds = OddsRunner(self, debounce_ms=0)
        self.odds.finished.connect(self._on_odds_finished)
        self.odds.failed.connect(self._on_odds_failed)
        self._odds_for: int | None = None  # the showdown whose preflop odds are being worked out
        self._setup_ui()
        self.add_player()
        self.add_player()

    # ---------------------------------------------------------------- layout

    def _setup_ui(self) -> None:
        root = QVBoxLayout(self)
        self.picker = CardPicker(self)
        self.picker.card_picked.connect(self._on_picker_card_picked)
        root.addWidget(self.picker, 0, Qt.AlignmentFlag.AlignHCenter)
        self._grid = QGridLayout()
        for column, title in enumerate(("Player", "Hole cards", "Stack", "Chips in (all in)")):
            self._grid.addWidget(QLabel(f"<b>{title}</b>"), 0, column)
        root.addLayout(self._grid)
        more = QHBoxLayout()
        self.add_button = QPushButton("Add a player")
        self.add_button.clicked.connect(lambda _=False: self.add_player())
        more.addWidget(self.add_button)
        more.addStretch(1)
        self.four_colour_check = QCheckBox("Four-colour deck")
        more.addWidget(self.four_colour_check)
        root.addLayout(more)
        board = QHBoxLayout()
        board.addWidget(QLabel("<b>Board</b> (flop, turn, river as dealt):"))
        self.board_edit = QLineEdit()
        self.board_edit.setObjectName("showdown_board")
        self.board_edit.setPlaceholderText("Qh 9h 2c")
        self._watch(self.board_edit)
        board.addWidget(self.board_edit, 1)
        root.addLayout(board)
        self.message_label = QLabel("")
        self.message_label.setObjectName("showdown_message")
        self.message_label.setWordWrap(True)
        root.addWidget(self.message_label)
        buttons = QHBoxLayout()
        self.show_button = QPushButton("Show on the wall")
        self.show_button.setDefault(True)
        self.show_button.clicked.connect(lambda _=False: self.show_on_wall())
        self.busts_button = QPushButton("Record the busts")
        self.busts_button.clicked.connect(lambda _=False: self.record_busts())
        self.beat_button = QPushButton("Record as a bad beat")
        self.beat_button.clicked.connect(lambda _=False: self.record_beat())
        self.new_button = QPushButton("New showdown")
        self.new_button.clicked.connect(lambda _=False: self.new_showdown())
        for button in (self.show_button, self.busts_button, self.beat_button, self.new_button):
            buttons.addWidget(button)
        close = QPushButton("Close")
        close.setAutoDefault(False)
        close.clicked.connect(lambda _=False: self.close())
        buttons.addStretch(1)
        buttons.addWidget(close)
        root.addLayout(buttons)

    def add_player(self) -> None:
        """A row for one more player all in."""
        if len(self.rows) >= MAX_HANDS:
            return
        line = len(self.rows) + 1
        name = QComboBox()
        name.setEditable(True)
        name.addItems(["", *self._names_in_play()])
        name.setObjectName(f"showdown_name_{line}")
        cards = QLineEdit()
        cards.setObjectName(f"showdown_cards_{line}")
        cards.setPlaceholderText("As Kd")
        self._watch(cards)
        stack = QSpinBox()
        stack.setRange(0, MAX_STACK)
        stack.setGroupSeparatorShown(True)
        bet = QSpinBox()
        bet.setRange(0, MAX_STACK)
        bet.setGroupSeparatorShown(True)
        bet.setSpecialValueText("all in")
        for column, widget in enumerate((name, cards, stack, bet)):
            self._grid.addWidget(widget, line, column)
        self.rows.append(PlayerRow(name, cards, stack, bet))

    def refresh_names(self) -> None:
        """The players in play again (busts and buy-ins since), keeping what each row says."""
        names = ["", *self._names_in_play()]
        for row in self.rows:
            typed = row.name.currentText()
            row.name.clear()
            row.name.addItems(names)
            row.name.setCurrentText(typed)

    def _watch(self, edit: QLineEdit) -> None:
        edit.textEdited.connect(lambda _t: self._refresh_picker())
        edit.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Remember which card field the director is in: the picker deals to it."""
        if isinstance(watched, QLineEdit) and event.type() == QEvent.Type.FocusIn:
            self._focused = watched
        return False

    # ---------------------------------------------------------------- reading

    def _names_in_play(self) -> list[str]:
        registrations = self._services.cashier.registrations(self._bus.tournament_id)
        return sorted(r.name for r in registrations if r.in_play)

    def _registrations(self) -> dict[str, int]:
        registrations = self._services.cashier.registrations(self._bus.tournament_id)
        return {r.name.casefold(): r.id for r in registrations if r.in_play}

    def entries(self) -> list[AllInHand]:
        """The players as entered (empty rows left out)."""
        ids = self._registrations()
        hands = []
        for row in self.rows:
            name = row.name.currentText().strip()
            cards = row.cards.text().strip()
            if not name and not cards:
                continue
            stack = row.stack.value()
            bet = row.bet.value() or stack
            hands.append(AllInHand(name, cards, stack, bet, ids.get(name.casefold())))
        return hands

    def _refresh_picker(self) -> None:
        used: set[str] = set()
        for edit in [self.board_edit, *(row.cards for row in self.rows)]:
            try:
                used.update(str(card) for card in as_cards(edit.text(), "cards"))
            except DomainError:
                continue  # half typed: the picker greys what it can read
        self.picker.set_used(used)
        self.picker.set_four_colour(self.four_colour_check.isChecked())

    def _on_picker_card_picked(self, card: str) -> None:
        edit = self._focused or self._next_open_field()
        if edit is None:
            return
        edit.setText(f"{edit.text().strip()} {card}".strip())
        self._refresh_picker()

    def _next_open_field(self) -> QLineEdit | None:
        typed = [len(row.cards.text().split()) for row in self.rows]
        hole = 4 if any(count > 2 for count in typed) else 2  # a third card means Omaha
        for row, count in zip(self.rows, typed, strict=True):
            if count < hole:
                return row.cards
        return self.board_edit

    # ---------------------------------------------------------------- actions

    def _say(self, text: str, error: bool = False) -> None:
        colour = "#c8102e" if error else "#11823b"
        self.message_label.setStyleSheet(f"color: {colour};")
        self.message_label.setText(text)

    def show_on_wall(self) -> bool:
        """Show the showdown as entered (one service call); False with a message when refused.

        Preflop the hands go up at once and the exact odds follow from the worker; any later
        show supersedes odds still being worked out.
        """
        entries, board = self.entries(), self.board_edit.text()
        preflop = not board.strip()
        try:
            outcome = self._services.showdown.show(
                self._bus.tournament_id,
                entries,
                board,
                showdown_id=self.showdown_id,
                four_colour=self.four_colour_check.isChecked(),
                odds_later=preflop,
            )
        except DomainError as error:
            self._say(f"Not shown: {error}. The wall is unchanged.", error=True)
            return False
        # Shown: odds still being worked out are for older cards now (the result is dropped).
        self.odds.request(None)
        self._odds_for = None
        self.showdown_id = outcome.value.showdown_id
        self._bus.publish(outcome.changes)
        reading = outcome.value.reading
        if reading.pending:
            self._odds_for = self.showdown_id
            read = self._services.showdown.read
            self.odds.request(lambda: read(entries, board))
            omaha = all(len(h.cards) == 4 for h in reading.hands)
            sampled = omaha and len(reading.hands) > OMAHA_EXACT_HANDS
            self._say(f"On the wall: the hands. Working out the {'' if sampled else 'exact '}odds…")
        else:
            self._say(f"On the wall: the {reading.street}.")
        return True

    def _on_odds_finished(self, reading: object) -> None:
        showdown_id, self._odds_for = self._odds_for, None
        if showdown_id is None or not isinstance(reading, AllInReading):
            return
        try:
            outcome = self._services.showdown.fill_odds(
                self._bus.tournament_id, showdown_id, reading
            )
        except DomainError as error:
            self._say(f"The odds are not shown: {error}", error=True)
            return
        if outcome.value:
            self._bus.publish(outcome.changes)
            sampled = any(h.margin > 0 for h in reading.hands)  # Omaha, five hands or more
            odds = "odds from random boards, with their margin" if sampled else "exact odds"
            self._say(f"On the wall: the {reading.street}, with the {odds}.")

    def _on_odds_failed(self, error: object) -> None:
        self._odds_for = None
        self._say(f"The odds could not be worked out: {error}", error=True)

    def record_busts(self) -> bool:
        """Record the busts of the showdown on the wall into the eliminations."""
        if self.showdown_id is None:
            self._say("Show the showdown on the wall first.", error=True)
            return False
        try:
            outcome = self._services.showdown.confirm_busts(
                self._bus.tournament_id, self.showdown_id
            )
        except DomainError as error:
            self._say(f"Not recorded: {error}", error=True)
            return False
        self._bus.publish(outcome.changes)
        names = ", ".join(p.name for p in outcome.value.busted)
        self._say(f"Recorded: {names} out.")
        return True

    def record_beat(self) -> bool:
        """Keep this showdown as a candidate for the night's worst beat."""
        if self.showdown_id is None:
            self._say("Show the showdown on the wall first.", error=True)
            return False
        try:
            outcome = self._services.showdown.record_beat(self._bus.tournament_id, self.showdown_id)
        except DomainError as error:
            self._say(f"Not recorded: {error}", error=True)
            return False
        self._bus.publish(outcome.changes)
        beat = outcome.value
        self._say(f"Bad beat recorded: {beat.winner} won it {beat.odds} on the {beat.street}.")
        return True

    def new_showdown(self) -> None:
        """Clear the rows and the board for the next all in (the wall keeps the last one)."""
        self.showdown_id = None  # odds still being worked out go up on the last one's wall
        for row in self.rows:
            row.name.setCurrentText("")
            row.cards.clear()
            row.stack.setValue(0)
            row.bet.setValue(0)
        self.board_edit.clear()
        self._refresh_picker()
        self._say("")
