"""The rulings window's wall keys: the verdict on the wall (Alt+W), the hands as an all-in
showdown with their odds (Alt+S), and the hand as a bad beat for the night's worst (Alt+V).

Each is one service call on the station's worker, whose Outcome goes on the bus when it answers;
the key's action is busy meanwhile (disabled, so a second press of the same key does nothing).
A dispute that cannot go on the wall raises a readable error at once, which the key's error net
shows on this window; a refusal from the database is shown there too, by the app's error net.
The wall keeps what it showed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QCheckBox, QInputDialog, QWidget

from clockapp.core.wall import RULING
from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _
from clockapp.poker.allin import AllInHand, read_allin
from clockapp.services.app import Services
from clockapp.services.changes import Outcome
from clockapp.services.showdown import ShowdownShown
from clockapp.ui.bus import TournamentBus
from clockapp.ui.rulings import analysis
from clockapp.ui.rulings.edits import DisputeState
from clockapp.ui.rulings.feeds import Feeds
from clockapp.ui.rulings.present import pots_shown
from clockapp.ui.rulings.to_wall import ruling_payload
from clockapp.ui.rulings.verdict import verdict

T = TypeVar("T")

#: The streets a bad beat's money can go in on, with the board cards known then.
BEAT_STREETS = {"preflop": 0, "flop": 3, "turn": 4}


class WallKeys:
    """The wall keys of a rulings window: the dispute from `state`, the odds from `feeds`, the
    deck from `four_colour`; `ask_beat_street` asks the street the money went in on (None for
    Cancel; tests replace it)."""

    def __init__(
        self,
        services: Services,
        bus: TournamentBus,
        state: DisputeState,
        feeds: Feeds,
        four_colour: QCheckBox,
        parent: QWidget,
    ) -> None:
        self._services = services
        self._bus = bus
        self._state = state
        self._feeds = feeds
        self._four_colour = four_colour
        self._parent = parent
        # The showdown on the wall (its id and the hands), so a card dealt updates it in place.
        self._showdown: tuple[int, tuple[tuple[str, tuple[str, ...]], ...]] | None = None
        self.ask_beat_street: Callable[[], str | None] = self._ask_beat_street
        #: The window's action for each key ("ruling", "showdown", "beat"), shown busy while
        #: its call is on the worker (the window sets them once its keys are bound).
        self.controls: dict[str, QAction] = {}

    def _four(self) -> bool:
        return self._four_colour.isChecked()

    def ruling_to_wall(self) -> None:
        """Alt+W: the verdict on the wall until the director clears it."""
        d = self._state.dispute
        reading = analysis.read_hands(d)
        shown = pots_shown(d, reading)
        odds = self._feeds.odds
        shares = {i: h.share for i, h in odds.hands.items()} if odds is not None else None
        said = verdict(d, reading, shown.pots, shown.uncalled, shares)
        payload = ruling_payload(d, reading, shown.pots, shown.uncalled, said, self._four())
        tid, wall = self._bus.tournament_id, self._services.wall
        self._submit(lambda: wall.show(tid, RULING, payload), "ruling")

    def showdown_to_wall(self) -> None:
        """Alt+S: the live hands all in, shown with their odds; again after each card dealt."""
        d = self._state.dispute
        live = [p for p in d.players if not p.folded]
        if any(p.bet <= 0 for p in live):
            raise ValidationError(_("Enter each live player's chips in (all in) first (Alt+C)."))
        # The entry is checked here, at once (pure, cheap): a refusal is said before anything is
        # asked of the database; the odds are worked out with the call, off the GUI thread.
        read_allin(
            [AllInHand(p.short, " ".join(p.cards), p.bet, p.bet) for p in live],
            " ".join(d.board),
            odds=False,
        )
        tid = self._bus.tournament_id
        cashier, showdown = self._services.cashier, self._services.showdown
        hands = tuple((p.short, p.cards) for p in live)
        same = self._showdown is not None and self._showdown[1] == hands
        showdown_id = self._showdown[0] if same and self._showdown else None
        four_colour, board = self._four(), " ".join(d.board)

        def work() -> Outcome[ShowdownShown]:
            ids = {r.name.casefold(): r.id for r in cashier.registrations(tid) if r.in_play}
            entries = [
                AllInHand(p.short, " ".join(p.cards), p.bet, p.bet, ids.get(p.short.casefold()))
                for p in live
            ]
            return showdown.show(
                tid, entries, board, showdown_id=showdown_id, four_colour=four_colour
            )

        def shown(value: ShowdownShown) -> None:
            self._showdown = (value.showdown_id, hands)

        self._submit(work, "showdown", shown)

    def beat_to_list(self) -> None:
        """Alt+V: the hand, dealt to the river, as a candidate for the night's worst beat."""
        d = self._state.dispute
        if len(d.board) != 5:
            raise ValidationError(
                _("Deal the whole board first: a bad beat is judged at the river.")
            )
        street = self.ask_beat_street()
        if street is None:
            return
        known = BEAT_STREETS[street]
        hands = [(p.short, " ".join(p.cards)) for p in d.players if not p.folded]
        tid, showdown = self._bus.tournament_id, self._services.showdown
        self._submit(
            lambda: showdown.enter_beat(tid, hands, " ".join(d.board[:known]), " ".join(d.board)),
            "beat",
        )

    def _submit(
        self,
        operation: Callable[[], Outcome[T]],
        what: str,
        on_done: Callable[[T], object] | None = None,
    ) -> None:
        """One call on the station's worker; a second press of the same key while it is on its
        way does nothing. A refusal is shown on this window by the app's error net."""
        self._bus.submit(
            operation,
            on_done,
            control=self.controls.get(what),
            key=(self, what),
            asker=self._parent,
        )

    def _ask_beat_street(self) -> str | None:
        street, ok = QInputDialog.getItem(
            self._parent,
            _("A bad beat"),
            _("The street when the money went in:"),
            list(BEAT_STREETS),
            1,
            False,
        )
        return street if ok else None
