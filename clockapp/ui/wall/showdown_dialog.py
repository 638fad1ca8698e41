"""The director's quick card-picker for an all-in showdown on the wall (Ctrl+Shift+A).

One row per player all in: the name (picked from the players in play at the cashier, or typed),
the hole cards (typed "As Kd", four each for Omaha, or clicked in the rulings' card picker), the
stack at the start of the hand and the chips put in (blank: all in). The board is typed or
clicked as it is dealt. "Show on the wall" (Enter) is one service call: the first keeps the
showdown and shows it, each later one shows the cards dealt since.

Every call to the database (the players in play, each show, the odds, the busts, the beat) runs
on the station's worker, in the order pressed, and answers here: the button that asked is busy
until then, and a second press of it while it is pending does nothing (so a second bust is never
recorded; the station's busts key counts as the same press as the dialog's button).

Preflop the hands go up at once, dashes for their chances: the odds (every board, up to a second
for Omaha; a Monte Carlo with its margin for Omaha with five hands or more) are worked out off
the GUI thread and put up by a second call (`fill_odds`) when they arrive, unless a newer show
has overtaken them (the runner drops a stale result, the service a stale wall). A refused entry
(a hand entered twice, a card on two hands, a board that is no street) is said here in red and
the wall keeps what it showed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

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

from clockapp.core.money.records import RegistrationInfo
from clockapp.errors import DomainError
from clockapp.i18n import gettext as _
from clockapp.i18n import pgettext
from clockapp.poker.allin import MAX_HANDS, AllInHand, AllInReading
from clockapp.poker.cards import as_cards
from clockapp.poker.equity import OMAHA_EXACT_HANDS
from clockapp.services.app import Services
from clockapp.services.changes import Outcome
from clockapp.services.results import BustReport
from clockapp.services.showdown import BeatView, ShowdownShown
from clockapp.ui.bus import LatestRead, TournamentBus
from clockapp.ui.errors import message_for, report
from clockapp.ui.rulings.card_picker import CardPicker
from clockapp.ui.rulings.worker import OddsRunner

MAX_STACK = 2_000_000_000
#: What a press of "Record the busts" (or the station's busts key) is known by on the worker:
#: while one is pending, another does nothing.
BUSTS_KEY = ("showdown", "busts")
#: The same for "Record as a bad beat" (and the station's key).
BEAT_KEY = ("showdown", "beat")


@dataclass
class PlayerRow:
    """The widgets of one player's row."""

    name: QComboBox
    cards: QLineEdit
    stack: QSpinBox
    bet: QSpinBox


def street_name(street: str) -> str:
    """The street the money went in on, in the reader's words (`flop`, `turn`, `river`)."""
    names = {
        "preflop": pgettext("street", "preflop"),
        "flop": pgettext("street", "flop"),
        "turn": pgettext("street", "turn"),
        "river": pgettext("street", "river"),
    }
    return names.get(street, street)


class ShowdownDialog(QDialog):
    """Enter an all-in showdown and show it on the wall, street by street."""

    def __init__(self, services: Services, bus: TournamentBus, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(_("All-in showdown on the wall"))
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
        # Odds that came while a newer show was on the worker: that show decides their fate.
        self._held_odds: tuple[int, AllInReading] | None = None
        self._in_play: dict[str, int] = {}  # the players in play, by folded name (last read)
        self._names: list[str] = []
        self._reading = LatestRead(bus, self._read_in_play, self._on_in_play, self._on_read_failed)
        self._setup_ui()
        self.add_player()
        self.add_player()
        self.refresh_names()

    # ---------------------------------------------------------------- layout

    def _setup_ui(self) -> None:
        root = QVBoxLayout(self)
        self.picker = CardPicker(self)
        self.picker.card_picked.connect(self._on_picker_card_picked)
        root.addWidget(self.picker, 0, Qt.AlignmentFlag.AlignHCenter)
        self._grid = QGridLayout()
        titles = (_("Player"), _("Hole cards"), _("Stack"), _("Chips in (all in)"))
        for column, title in enumerate(titles):
            self._grid.addWidget(QLabel(_("<b>{title}</b>").format(title=title)), 0, column)
        root.addLayout(self._grid)
        more = QHBoxLayout()
        self.add_button = QPushButton(_("Add a player"))
        self.add_button.clicked.connect(lambda _=False: self.add_player())
        more.addWidget(self.add_button)
        more.addStretch(1)
        self.four_colour_check = QCheckBox(_("Four-colour deck"))
        more.addWidget(self.four_colour_check)
        root.addLayout(more)
        board = QHBoxLayout()
        board.addWidget(QLabel(_("<b>Board</b> (flop, turn, river as dealt):")))
        self.board_edit = QLineEdit()
        self.board_edit.setAccessibleName(_("Board"))
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
        self.show_button = QPushButton(_("Show on the wall"))
        self.show_button.setDefault(True)
        self.show_button.clicked.connect(lambda _=False: self.show_on_wall())
        self.busts_button = QPushButton(_("Record the busts"))
        self.busts_button.clicked.connect(lambda _=False: self.record_busts())
        self.beat_button = QPushButton(_("Record as a bad beat"))
        self.beat_button.clicked.connect(lambda _=False: self.record_beat())
        self.new_button = QPushButton(_("New showdown"))
        self.new_button.clicked.connect(lambda _=False: self.new_showdown())
        for button in (self.show_button, self.busts_button, self.beat_button, self.new_button):
            buttons.addWidget(button)
        # Enter is always "Show on the wall": a busy Show hands the focus on to the next button,
        # and an auto-default one would then take Enter and record the busts instead.
        for button in (self.add_button, self.busts_button, self.beat_button, self.new_button):
            button.setAutoDefault(False)
        close = QPushButton(_("Close"))
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
        name.addItems(["", *self._names])
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
        bet.setSpecialValueText(_("all in"))
        # The column titles above are not tied to a row's inputs: each says whose it is.
        name.setAccessibleName(_("Player {line}: name").format(line=line))
        cards.setAccessibleName(_("Player {line}: hole cards").format(line=line))
        stack.setAccessibleName(_("Player {line}: stack").format(line=line))
        bet.setAccessibleName(_("Player {line}: chips in").format(line=line))
        for column, widget in enumerate((name, cards, stack, bet)):
            self._grid.addWidget(widget, line, column)
        self.rows.append(PlayerRow(name, cards, stack, bet))

    def refresh_names(self) -> None:
        """Read the players in play again (busts and buy-ins since), on the worker; each row
        keeps what it says when the names arrive."""
        self._reading.ask()

    def _read_in_play(self) -> Sequence[RegistrationInfo]:
        """On the worker."""
        return self._services.cashier.registrations(self._bus.tournament_id)

    def _on_in_play(self, registrations: Sequence[RegistrationInfo]) -> None:
        self._in_play = _in_play(registrations)
        self._names = sorted(r.name for r in registrations if r.in_play)
        names = ["", *self._names]
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

    def _on_read_failed(self, error: Exception) -> None:
        self._say(
            _("The players in play could not be read: {error}").format(error=message_for(error)),
            error=True,
        )

    def entries(self) -> list[AllInHand]:
        """The players as entered (empty rows left out), each with the registration of the
        player of that name in play when the names were last read (a show looks them up
        again on the worker)."""
        ids = self._in_play
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
        """Show the showdown as entered (one service call, on the worker). False when a show is
        still pending (the press does nothing); a refusal is said in red when it answers.

        Preflop the hands go up at once and the exact odds follow from the odds runner; any
        later show supersedes odds still being worked out.
        """
        services, tid = self._services, self._bus.tournament_id
        entries, board = self.entries(), self.board_edit.text()
        showdown_id, four_colour = self.showdown_id, self.four_colour_check.isChecked()
        preflop = not board.strip()

        def work() -> Outcome[ShowdownShown]:
            # The players are looked up where the show is made: a buy-in since the names were
            # read still gets its bust recorded.
            hands = _with_ids(entries, _in_play(services.cashier.registrations(tid)))
            return services.showdown.show(
                tid,
                hands,
                board,
                showdown_id=showdown_id,
                four_colour=four_colour,
                odds_later=preflop,
            )

        return self._bus.submit(
            work,
            lambda shown: self._on_shown(shown, board),
            self._on_show_refused,
            control=self.show_button,
            asker=self,
        )

    def _on_shown(self, shown: ShowdownShown, board: str) -> None:
        # Shown: odds still being worked out are for older cards now (the result is dropped).
        self.odds.request(None)
        self._odds_for = None
        self._held_odds = None
        self.showdown_id = shown.showdown_id
        reading = shown.reading
        if reading.pending:
            self._odds_for = self.showdown_id
            read, hands = self._services.showdown.read, reading.entries
            self.odds.request(lambda: read(hands, board))
            omaha = all(len(h.cards) == 4 for h in reading.hands)
            sampled = omaha and len(reading.hands) > OMAHA_EXACT_HANDS
            self._say(
                _("On the wall: the hands. Working out the odds…")
                if sampled
                else _("On the wall: the hands. Working out the exact odds…")
            )
        else:
            self._say(_("On the wall: the {street}.").format(street=street_name(reading.street)))

    def _on_show_refused(self, error: Exception) -> None:
        if not isinstance(error, DomainError):
            report(error, self)
            return
        reason = str(error).rstrip(".")
        self._say(
            _("Not shown: {reason}. The wall is unchanged.").format(reason=reason), error=True
        )
        held, self._held_odds = self._held_odds, None
        if held is not None:  # the wall still shows the showdown these odds are for
            self._fill_odds(*held)

    def _on_odds_finished(self, reading: object) -> None:
        showdown_id, self._odds_for = self._odds_for, None
        if showdown_id is None or not isinstance(reading, AllInReading):
            return
        if self._bus.worker.is_pending(self.show_button):
            self._held_odds = (showdown_id, reading)  # a newer show may overtake them
            return
        self._fill_odds(showdown_id, reading)

    def _fill_odds(self, showdown_id: int, reading: AllInReading) -> None:
        services, tid = self._services, self._bus.tournament_id

        def filled(shown: bool) -> None:
            if shown:
                sampled = any(h.margin > 0 for h in reading.hands)  # Omaha, five hands or more
                street = street_name(reading.street)
                self._say(
                    (
                        _(
                            "On the wall: the {street}, with the odds from random boards and "
                            "their margin."
                        )
                        if sampled
                        else _("On the wall: the {street}, with the exact odds.")
                    ).format(street=street)
                )

        def refused(error: Exception) -> None:
            self._say(
                _("The odds are not shown: {error}").format(error=message_for(error)), error=True
            )

        self._bus.submit(
            lambda: services.showdown.fill_odds(tid, showdown_id, reading),
            filled,
            refused,
            key=(self, "odds"),
            asker=self,
        )

    def _on_odds_failed(self, error: object) -> None:
        self._odds_for = None
        self._say(_("The odds could not be worked out: {error}").format(error=error), error=True)

    def record_busts(self) -> bool:
        """Record the busts of the showdown on the wall into the busts (on the worker).
        False when refused at once, or when the busts are still being recorded."""
        if self.showdown_id is None:
            self._say(_("Show the showdown on the wall first."), error=True)
            return False
        services, tid, showdown_id = self._services, self._bus.tournament_id, self.showdown_id

        def recorded(busts: BustReport) -> None:
            names = ", ".join(p.name for p in busts.busted)
            self._say(_("Recorded: {names} out.").format(names=names))

        return self._bus.submit(
            lambda: services.showdown.confirm_busts(tid, showdown_id),
            recorded,
            lambda error: self._refused(_("Not recorded: {error}"), error),
            control=self.busts_button,
            key=BUSTS_KEY,
            asker=self,
        )

    def record_beat(self) -> bool:
        """Keep this showdown as a candidate for the night's worst beat (on the worker)."""
        if self.showdown_id is None:
            self._say(_("Show the showdown on the wall first."), error=True)
            return False
        services, tid, showdown_id = self._services, self._bus.tournament_id, self.showdown_id

        def recorded(beat: BeatView) -> None:
            self._say(
                _("Bad beat recorded: {winner} won it {odds} on the {street}.").format(
                    winner=beat.winner, odds=beat.odds, street=street_name(beat.street)
                )
            )

        return self._bus.submit(
            lambda: services.showdown.record_beat(tid, showdown_id),
            recorded,
            lambda error: self._refused(_("Not recorded: {error}"), error),
            control=self.beat_button,
            key=BEAT_KEY,
            asker=self,
        )

    def _refused(self, sentence: str, error: Exception) -> None:
        """Say `sentence` (a translated text with an `{error}` field) for a refusal."""
        if isinstance(error, DomainError):
            self._say(sentence.format(error=error), error=True)
        else:
            report(error, self)

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


def _in_play(registrations: Sequence[RegistrationInfo]) -> dict[str, int]:
    """The registrations of the players in play, by folded name."""
    return {r.name.casefold(): r.id for r in registrations if r.in_play}


def _with_ids(entries: Sequence[AllInHand], ids: dict[str, int]) -> list[AllInHand]:
    """The entries, each with the registration of the player of that name now in play."""
    return [replace(hand, registration_id=ids.get(hand.name.casefold())) for hand in entries]
