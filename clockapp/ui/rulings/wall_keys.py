"""The rulings window's wall keys: the verdict on the wall (Alt+W), the hands as an all-in
showdown with their odds (Alt+S), and the hand as a bad beat for the night's worst (Alt+V).

Each is one service call whose Outcome goes on the bus. A refused one raises a readable error,
which the key's error net shows on this window; the wall keeps what it showed.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QInputDialog, QWidget

from clockapp.core.wall import RULING
from clockapp.errors import ValidationError
from clockapp.poker.allin import AllInHand
from clockapp.services.app import Services
from clockapp.ui.bus import TournamentBus
from clockapp.ui.rulings import analysis
from clockapp.ui.rulings.present import pots_shown
from clockapp.ui.rulings.state import Dispute, Game
from clockapp.ui.rulings.to_wall import ruling_payload
from clockapp.ui.rulings.verdict import verdict

#: The streets a bad beat's money can go in on, with the board cards known then.
BEAT_STREETS = {"preflop": 0, "flop": 3, "turn": 4}


class WallKeys:
    """Mixed into `RulingsWindow`, which provides the dispute, the odds and the deck choice."""

    _dispute: Dispute
    _odds: analysis.OddsAnswer | None
    _wall_services: Services
    _wall_bus: TournamentBus
    _wall_showdown: tuple[int, tuple[tuple[str, tuple[str, ...]], ...]] | None
    # Dialog hook: the street the money went in on, or None for Cancel (tests replace it).
    ask_beat_street: Callable[[], str | None]

    def _init_wall_keys(self, services: Services, bus: TournamentBus) -> None:
        self._wall_services = services
        self._wall_bus = bus
        self._wall_showdown = None
        self.ask_beat_street = self._ask_beat_street

    def _four(self) -> bool:
        check = getattr(self, "four_colour_check", None)  # the window's deck choice
        return bool(check is not None and check.isChecked())

    def ruling_to_wall(self) -> None:
        """Alt+W: the verdict on the wall until the director clears it."""
        d = self._dispute
        reading = analysis.read_hands(d)
        shown = pots_shown(d, reading)
        odds = self._odds
        shares = {i: h.share for i, h in odds.hands.items()} if odds is not None else None
        said = verdict(d, reading, shown.pots, shown.uncalled, shares)
        payload = ruling_payload(d, reading, shown.pots, shown.uncalled, said, self._four())
        outcome = self._wall_services.wall.show(self._wall_bus.tournament_id, RULING, payload)
        self._wall_bus.publish(outcome.changes)

    def showdown_to_wall(self) -> None:
        """Alt+S: the live hands all in, shown with their odds; again after each card dealt."""
        d = self._dispute
        if d.game is not Game.HOLDEM:
            raise ValidationError("The showdown on the wall is for Hold'em hands.")
        live = [p for p in d.players if not p.folded]
        if any(p.bet <= 0 for p in live):
            raise ValidationError("Enter each live player's chips in (all in) first (Alt+C).")
        tid = self._wall_bus.tournament_id
        ids = {
            r.name.casefold(): r.id
            for r in self._wall_services.cashier.registrations(tid)
            if r.in_play
        }
        entries = [
            AllInHand(p.short, " ".join(p.cards), p.bet, p.bet, ids.get(p.short.casefold()))
            for p in live
        ]
        hands = tuple((p.short, p.cards) for p in live)
        same = self._wall_showdown is not None and self._wall_showdown[1] == hands
        outcome = self._wall_services.showdown.show(
            tid,
            entries,
            " ".join(d.board),
            showdown_id=self._wall_showdown[0] if same and self._wall_showdown else None,
            four_colour=self._four(),
        )
        self._wall_showdown = (outcome.value.showdown_id, hands)
        self._wall_bus.publish(outcome.changes)

    def beat_to_list(self) -> None:
        """Alt+V: the hand, dealt to the river, as a candidate for the night's worst beat."""
        d = self._dispute
        if len(d.board) != 5:
            raise ValidationError("Deal the whole board first: a bad beat is judged at the river.")
        street = self.ask_beat_street()
        if street is None:
            return
        known = BEAT_STREETS[street]
        hands = [(p.short, " ".join(p.cards)) for p in d.players if not p.folded]
        outcome = self._wall_services.showdown.enter_beat(
            self._wall_bus.tournament_id, hands, " ".join(d.board[:known]), " ".join(d.board)
        )
        self._wall_bus.publish(outcome.changes)

    def _ask_beat_street(self) -> str | None:
        parent = self if isinstance(self, QWidget) else None
        street, ok = QInputDialog.getItem(
            parent,
            "A bad beat",
            "The street when the money went in:",
            list(BEAT_STREETS),
            1,
            False,
        )
        return street if ok else None
