"""`ShowdownService`: the all-in showdown on the wall, its busts, and the night's worst beat.

`show` is one action: the entry is read by the poker rules (`clockapp.poker.allin`; a chop in
the smallest chip in play), kept (a `ShowdownRow`) and put on the wall in one transaction, with
every name, card and chance in the payload. A refused entry raises before anything is written.
`confirm_busts` records the busts the river caused through the busts' own rules
(`bust_ruling`), the winner of each busted player's last pot as the buster. `record_beat` and
`enter_beat` keep bad-beat candidates; `beats` ranks them and `worst_beat` is the night's worst.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from fractions import Fraction
from typing import Any

from clockapp.core.money.change import TillChange
from clockapp.core.money.field import BustInput
from clockapp.core.money.till import Till
from clockapp.core.text import NAME_MAX, clean_text
from clockapp.core.wall import SHOWDOWN
from clockapp.errors import DomainError
from clockapp.i18n import gettext as _
from clockapp.persistence.models import ShowdownRow
from clockapp.persistence.queries import showdowns as rows
from clockapp.persistence.session import Session
from clockapp.poker.allin import (
    STREETS,
    AllInHand,
    AllInReading,
    beat_chance,
    one_in,
    read_allin,
)
from clockapp.poker.cards import as_cards, format_cards
from clockapp.poker.showdown import showdown
from clockapp.services.cashier.action import Done, Ruling, money_action
from clockapp.services.cashier.cache import LedgerCache
from clockapp.services.changes import Change, Changes, Outcome
from clockapp.services.context import ServiceContext, record_change, revision_of
from clockapp.services.results.service import bust_ruling
from clockapp.services.results.views import BustReport
from clockapp.services.rulings import RulingsService
from clockapp.services.setup import lock_row
from clockapp.services.wall import put_moment, read_moment


class ShowdownError(DomainError):
    """A showdown action that cannot be done (its message says why)."""


@dataclass(frozen=True)
class ShowdownShown:
    """What `show` put on the wall: the kept showdown's id and the reading."""

    showdown_id: int
    reading: AllInReading
    payload: dict[str, Any]


@dataclass(frozen=True)
class BeatView:
    """One bad-beat candidate of the night.

    Attributes:
        showdown_id: The kept showdown (or the entry from the rulings window).
        winner: Who won the pot.
        beaten: Who lost it.
        street: The street when the money went in.
        chance: How likely the winner was to win then (exact).
        at: When it was recorded.
    """

    showdown_id: int
    winner: str
    beaten: tuple[str, ...]
    street: str
    chance: Fraction
    at: datetime

    @property
    def odds(self) -> str:
        """The chance as the room says it ("1 in 990")."""
        return one_in(self.chance)


def payload_of(
    reading: AllInReading, showdown_id: int, recorded: bool = False, four_colour: bool = False
) -> dict[str, Any]:
    """The wall's self-contained picture of a reading (names, cards, chances, pots, busts)."""
    hands = [
        {
            "name": h.name,
            "cards": [str(c) for c in h.cards],
            "win": h.win,
            "tie": h.tie,
            "outs": [str(c) for c in h.outs],
            "margin": h.margin,
            "value": h.value,
            "leader": h.name in reading.leaders,
            "stack": e.stack,
            "bet": e.bet,
        }
        for h, e in zip(reading.hands, reading.entries, strict=True)
    ]
    result = None
    if reading.result is not None:
        result = {
            "pots": [
                {
                    "name": p.name,
                    "amount": p.amount,
                    "winners": list(p.winners),
                    "shares": list(p.shares),
                }
                for p in reading.result.pots
            ],
            "returned": [list(r) for r in reading.result.returned],
            "busts": [{"name": b.name, "busted_by": b.busted_by} for b in reading.result.busts],
        }
    return {
        "id": showdown_id,
        "street": reading.street,
        "board": [str(c) for c in reading.board],
        "boards": reading.boards,
        "hands": hands,
        "result": result,
        "busts_recorded": recorded,
        "four_colour": four_colour,
        "pending": reading.pending,
    }


def _clean_entries(entries: Sequence[AllInHand]) -> list[AllInHand]:
    """`entries` with each player's name cleaned as every typed name is (`clean_text`), so the
    names kept and shown are the same on SQLite and PostgreSQL and draw as they read.

    Raises:
        TextError: A name that cannot be stored (broken, invisible, too long).
    """
    return [
        replace(
            e, name=clean_text(e.name, _("Hand {number}: the name").format(number=number), NAME_MAX)
        )
        for number, e in enumerate(entries, start=1)
    ]


def _players_json(entries: Sequence[AllInHand]) -> str:
    return json.dumps(
        [
            {
                "name": e.name.strip(),
                "cards": format_cards(e.hole),
                "stack": e.stack,
                "bet": e.bet,
                "registration_id": e.registration_id,
            }
            for e in entries
        ]
    )


def _entries(row: ShowdownRow) -> tuple[AllInHand, ...]:
    return tuple(
        AllInHand(p["name"], p["cards"], p["stack"], p["bet"], p.get("registration_id"))
        for p in json.loads(row.players_json)
    )


def _board(row: ShowdownRow) -> str:
    return " ".join(part for part in (row.flop, row.turn, row.river) if part)


class ShowdownService:
    """The showdown's actions; each is one write transaction."""

    def __init__(self, ctx: ServiceContext, cache: LedgerCache | None = None) -> None:
        self._ctx = ctx
        self._cache = cache

    def read(self, entries: Sequence[AllInHand], board: str = "") -> AllInReading:
        """The reading of an entry without keeping it (the dialog's preview)."""
        return read_allin(_clean_entries(entries), board)

    def show(
        self,
        tournament_id: int,
        entries: Sequence[AllInHand],
        board: str = "",
        showdown_id: int | None = None,
        *,
        four_colour: bool = False,
        odds_later: bool = False,
    ) -> Outcome[ShowdownShown]:
        """Keep the showdown (new, or `showdown_id` with the cards dealt since) and show it.

        With `odds_later` the hands go on the wall at once with their chances pending (before the
        river): the caller works the exact reading out (`read`) and hands it to `fill_odds`.

        Raises:
            CardError, PokerError: The entry is refused (nothing is written).
            ShowdownError: The showdown is not this tournament's or its busts are recorded.
        """
        # Refuses bad input before any write.
        chip = RulingsService(self._ctx).smallest_chip(tournament_id)  # a chop pays in it
        reading = read_allin(_clean_entries(entries), board, odds=not odds_later, chip=chip)
        cards = [str(c) for c in reading.board]
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            now = self._ctx.now()
            if showdown_id is None:
                row = ShowdownRow(
                    tournament_id=tournament_id,
                    allin_board=format_cards(reading.board),
                    created_at=now,
                    updated_at=now,
                )
            else:
                row = self._row(session, tournament_id, showdown_id)
                if row.busts_recorded:
                    raise ShowdownError(_("This showdown's busts are recorded: start a new one."))
            row.players_json = _players_json(reading.entries)
            row.flop = " ".join(cards[:3])
            row.turn = cards[3] if len(cards) > 3 else ""
            row.river = cards[4] if len(cards) > 4 else ""
            row.result_json = (
                "" if reading.result is None else json.dumps(payload_of(reading, 0)["result"])
            )
            row.updated_at = now
            if showdown_id is None:
                rows.insert(session, row)
            else:
                rows.save(session, row)
            assert row.id is not None
            payload = payload_of(reading, row.id, four_colour=four_colour)
            put_moment(session, tournament_id, SHOWDOWN, payload, now)
            changes = record_change(
                session, tournament_id, Change.WALL, f"showdown on the {reading.street}", now
            )
        return Outcome(ShowdownShown(row.id, reading, payload), changes)

    def fill_odds(
        self, tournament_id: int, showdown_id: int, reading: AllInReading
    ) -> Outcome[bool]:
        """Put the exact odds of a showdown shown with `odds_later` on the wall.

        Only while the wall still shows that showdown pending with the same hands and board:
        a reading overtaken by a newer street, a new showdown or another moment (from this
        station or another) is dropped, nothing is written, and the value is False.

        Raises:
            ShowdownError: The reading has no odds, or the showdown is not this tournament's.
        """
        if reading.pending:
            raise ShowdownError(_("These odds are not worked out yet."))
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            row = self._row(session, tournament_id, showdown_id)
            shown = read_moment(session, tournament_id)
            current = (
                shown is not None
                and shown.kind == SHOWDOWN
                and shown.payload.get("id") == row.id
                and bool(shown.payload.get("pending"))
                and _board(row) == format_cards(reading.board)
                and row.players_json == _players_json(reading.entries)
            )
            if shown is None or not current:
                at = revision_of(session, tournament_id).tournament
                return Outcome(False, Changes(tournament_id, Change.NONE, at))
            assert row.id is not None
            four = bool(shown.payload.get("four_colour", False))
            now = self._ctx.now()
            put_moment(
                session, tournament_id, SHOWDOWN, payload_of(reading, row.id, False, four), now
            )
            changes = record_change(
                session, tournament_id, Change.WALL, f"showdown odds on the {reading.street}", now
            )
        return Outcome(True, changes)

    def confirm_busts(self, tournament_id: int, showdown_id: int) -> Outcome[BustReport]:
        """Record the busts the showdown caused, in the rules' order, the winners as busters.

        Raises:
            ShowdownError: No river yet, nobody busted, a busted player is not in the cashier,
                or the busts are recorded already.
            BustError: The busts refuse a bust (nothing is written).
        """
        chip = RulingsService(self._ctx).smallest_chip(tournament_id)  # as `show` split pots

        def rule(session: Session, till: Till, now: datetime) -> Ruling[BustReport]:
            row = self._row(session, tournament_id, showdown_id)
            if row.busts_recorded:
                raise ShowdownError(_("This showdown's busts are recorded already."))
            reading = read_allin(_entries(row), _board(row), chip=chip)
            if reading.result is None:
                raise ShowdownError(_("Deal the river first: the busts come with the result."))
            busts = reading.result.busts
            if not busts:
                raise ShowdownError(_("Nobody is out: every player keeps chips."))
            missing = [b.name for b in busts if b.registration_id is None]
            if missing:
                raise ShowdownError(
                    _(
                        "{names} is not a player in play at the cashier: record that bust from the "
                        "cashier."
                    ).format(names=", ".join(missing))
                )
            inputs = [
                BustInput(b.registration_id, b.stack, b.buster_registration_id)
                for b in busts
                if b.registration_id is not None
            ]
            busted = bust_ruling(session, till, inputs, now, self._ctx.station)

            def finish(
                session: Session, after: Till, written: Sequence[TillChange], now: datetime
            ) -> Done[BustReport]:
                done = busted.finish(session, after, written, now)
                row.busts_recorded = True
                row.updated_at = now
                rows.save(session, row)
                shown = read_moment(session, tournament_id)
                assert row.id is not None
                if (
                    shown is not None
                    and shown.kind == SHOWDOWN
                    and shown.payload.get("id") == row.id
                ):
                    four = bool(shown.payload.get("four_colour", False))
                    payload = payload_of(reading, row.id, True, four)
                    put_moment(session, tournament_id, SHOWDOWN, payload, now)
                return Done(done.value, done.what | Change.WALL, f"showdown: {done.summary}")

            return Ruling(busted.changes, finish)

        return money_action(self._ctx, self._cache, tournament_id, rule, keep=True)

    def record_beat(self, tournament_id: int, showdown_id: int) -> Outcome[BeatView]:
        """A kept showdown dealt to the river as a bad beat (the winner's chance at the all-in)."""
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            row = self._row(session, tournament_id, showdown_id)
            holes = [e.hole for e in _entries(row)]
            self._score(row, holes, row.allin_board, _board(row))
            row.updated_at = self._ctx.now()
            rows.save(session, row)
            view = _beat_view(row)
            changes = record_change(
                session, tournament_id, Change.ENTRIES, "bad beat recorded", self._ctx.now()
            )
        return Outcome(view, changes)

    def enter_beat(
        self,
        tournament_id: int,
        hands: Sequence[tuple[str, str]],
        allin_board: str,
        final_board: str,
    ) -> Outcome[BeatView]:
        """Keep a bad beat from the rulings window (name and hole cards each, the two boards)."""
        entries = _clean_entries([AllInHand(name, cards, 1, 1) for name, cards in hands])
        final = as_cards(final_board, "the final board")
        read_allin(entries, final)  # the same checks as a showdown's (names, cards, street)
        start = as_cards(allin_board, "the board at the all-in")
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            now = self._ctx.now()
            row = ShowdownRow(
                tournament_id=tournament_id,
                source="rulings",
                players_json=_players_json(entries),
                allin_board=format_cards(start),
                flop=format_cards(final[:3]),
                turn=format_cards(final[3:4]),
                river=format_cards(final[4:5]),
                created_at=now,
                updated_at=now,
            )
            self._score(row, [e.hole for e in entries], row.allin_board, _board(row))
            rows.insert(session, row)
            view = _beat_view(row)
            changes = record_change(session, tournament_id, Change.ENTRIES, "bad beat entered", now)
        return Outcome(view, changes)

    def beats(self, tournament_id: int) -> tuple[BeatView, ...]:
        """The night's bad-beat candidates, the least likely first (ties: the earlier first)."""
        with self._ctx.reading() as session:
            views = [_beat_view(row) for row in rows.beats(session, tournament_id)]
        return tuple(sorted(views, key=lambda v: (v.chance, v.showdown_id)))

    def worst_beat(self, tournament_id: int) -> BeatView | None:
        """The night's worst beat (the team points read it); None when none is recorded."""
        ranked = self.beats(tournament_id)
        return ranked[0] if ranked else None

    def latest(self, tournament_id: int) -> int | None:
        """The id of the showdown entered last."""
        with self._ctx.reading() as session:
            row = rows.latest(session, tournament_id)
            return None if row is None else row.id

    @staticmethod
    def _score(row: ShowdownRow, holes: Sequence[Any], allin_board: str, final: str) -> None:
        chance = beat_chance(holes, allin_board, final)
        row.beat_wins, row.beat_boards = chance.numerator, chance.denominator

    @staticmethod
    def _row(session: Session, tournament_id: int, showdown_id: int) -> ShowdownRow:
        row = rows.get(session, tournament_id, showdown_id)
        if row is None:
            raise ShowdownError(
                _("Showdown {showdown_id} is not one of this tournament's.").format(
                    showdown_id=showdown_id
                )
            )
        return row


def _beat_view(row: ShowdownRow) -> BeatView:
    assert row.id is not None
    assert row.beat_boards is not None
    assert row.beat_wins is not None
    entries = _entries(row)
    shown = showdown(_board(row), [e.hole for e in entries])
    winner = entries[shown.winners[0]].name
    beaten = tuple(e.name for e in entries if e.name != winner)
    street = STREETS[len(row.allin_board.split())]
    return BeatView(
        row.id, winner, beaten, street, Fraction(row.beat_wins, row.beat_boards), row.created_at
    )
