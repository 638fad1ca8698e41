"""Shootouts: the seating actions that run in rounds (hand-for-hand play: `hand_for_hand`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from clockapp.core.money.field import BustInput
from clockapp.core.seating import Move, Seating, SeatingError
from clockapp.core.seating.shootout import (
    advance_shootout,
    shootout_bust,
    shootout_hand_busts,
    shootout_places,
    start_shootout,
)
from clockapp.core.seating.shootout_state import ExitCause, Shootout, ShootoutExit
from clockapp.core.seating.shootout_time import shootout_time_limit
from clockapp.i18n import gettext as _
from clockapp.persistence.session import Session, station_of
from clockapp.services.cashier.till import load_till, lock_till, record_busts
from clockapp.services.changes import Change, Outcome
from clockapp.services.context import ServiceContext
from clockapp.services.ending import sync_finish
from clockapp.services.seating.action import SeatingWork
from clockapp.services.seating.room import Room, core_table, load_room
from clockapp.services.seating.room_changes import (
    log_moves,
    round_moves,
    store_room,
    store_shootout_state,
)
from clockapp.services.seating.room_view import ShootoutView

#: What a shootout bust changes: the seats, and at the cashier the field, places and prizes.
BUST_CHANGES = Change.SEATING | Change.ENTRIES | Change.PAYOUTS


def _record_at_cashier(
    session: Session,
    room: Room,
    exits: Sequence[ShootoutExit],
    chips: Mapping[int, int] | None,
    now: datetime,
    reason: str,
    join: frozenset[int] = frozenset(),
) -> None:
    """Record the players who went out of the shootout as one hand at the cashier, in the same
    transaction, so places and prizes follow (players out together rank by `chips`: the chips
    they started the hand with, or their counts at a time limit). With `join`, the busts join the
    cashier hand of those players (the round's earlier time-outs: one moment, one hand)."""
    busts = [
        BustInput(player, None if chips is None else chips[player])
        for exit_ in exits
        for player in exit_.players
    ]
    lock_till(session, room.tournament_id)
    till = load_till(session, room.tournament_id)
    hand = next(
        (e.hand for e in till.busts if e.registration_id in join and e.undoes_id is None),
        None,
    )
    till = record_busts(
        session, till, busts, now, station=station_of(session), reason=reason, hand=hand
    )
    sync_finish(session, till, now)  # the last shootout table's winner wins the tournament
    for bust in busts:
        room.registrations.pop(bust.registration_id, None)


class ShootoutActions:
    """Shootouts: tables play down to one winner, winners meet in the next round.

    A player out of the shootout is out of the tournament: `shootout_bust`,
    `shootout_hand_busts` and `shootout_time_limit` record the bust at the cashier in
    the same transaction, and a bust recorded at the cashier puts the player out of his shootout
    table (see `clockapp.services.seating.shootout_busts`; `on_player_busted` stores it at once).
    """

    def __init__(self, ctx: ServiceContext, work: SeatingWork) -> None:
        self._ctx = ctx
        self._work = work

    def shootout(self, tournament_id: int) -> ShootoutView | None:
        """The shootout, or None when the tournament is not one."""
        with self._ctx.reading() as session:
            room = load_room(session, tournament_id, self._ctx.now())
            if room.shootout is None:
                return None
            return self._view(room)

    @staticmethod
    def _view(room: Room) -> ShootoutView:
        assert room.shootout is not None
        return ShootoutView(
            room.shootout,
            shootout_places(room.shootout),
            room.names_for(room.shootout.entrants),
            room.round_started_at,
            room.shootout_notes,
        )

    def start_shootout(
        self,
        tournament_id: int,
        *,
        time_limit_minutes: int | None = None,
        round_limits: Sequence[int | None] = (),
        advance: Sequence[int] = (),
    ) -> Outcome[ShootoutView]:
        """Draw the first shootout round for every player in play on the room's tables.

        As few tables as needed play (lowest numbers first), differing by one player; every
        seat is drawn again. With a time limit, each table's time runs from now;
        `round_limits` gives rounds their own limits, and `advance` the players each table sends
        on from each round (the first round "plays down to 3": `advance=(3,)`).

        Raises:
            SeatingError: A shootout is already under way, or the players do not fit.
        """

        def act(session: Session, room: Room, now: datetime) -> tuple[Any, Change, str]:
            if room.shootout is not None and room.shootout.champion is None:
                raise SeatingError(_("A shootout is already under way."))
            players = sorted(room.registrations)
            tables = [replace(t, button=None) for t in room.seating.tables]
            shootout = start_shootout(
                players,
                tables,
                self._work.rng(),
                time_limit_minutes=time_limit_minutes,
                round_limits=round_limits,
                advance=advance,
            )
            room.shootout_notes = ()
            self._store_shootout(session, room, shootout, now, moves=(), new_round=True)
            view = self._view(room)
            return view, Change.SEATING, f"shootout: round 1 for {len(players)} players"

        return self._work.write(tournament_id, act)

    def shootout_bust(self, tournament_id: int, registration_id: int) -> Outcome[ShootoutView]:
        """A player is out of the shootout, and of the tournament: the bust is recorded at the
        cashier in the same action (the last player left at a table wins it).

        Raises:
            SeatingError: The player is not playing in the current round (already out?), or has
                won the table.
        """
        return self._shootout_step(
            tournament_id,
            lambda s, _elapsed: shootout_bust(s, registration_id),
            f"shootout: registration {registration_id} out",
        )

    def shootout_hand_busts(
        self, tournament_id: int, starting_chips: Mapping[int, int]
    ) -> Outcome[ShootoutView]:
        """Several players at one table out in the same hand, ranked by their starting chips
        (recorded at the cashier as one hand with those chips)."""
        return self._shootout_step(
            tournament_id,
            lambda s, _elapsed: shootout_hand_busts(s, starting_chips),
            f"shootout: {len(starting_chips)} out in one hand",
            chips=starting_chips,
        )

    def shootout_time_limit(
        self, tournament_id: int, table: int, chips: Mapping[int, int]
    ) -> Outcome[ShootoutView]:
        """A table's time is up: its chip leader wins it, the others go out by chip count (at
        the cashier too: one hand, ranked by these counts, equal counts sharing places).

        Every table of the round times out at the same moment: the players out at the time
        limit in this round, whichever table was entered first, are one hand ranked by chips.

        Raises:
            SeatingError: The round has no time limit or it is not up yet (the round's own
                limit, from its draw), or the counts do not cover the table's players.
        """
        return self._shootout_step(
            tournament_id,
            lambda s, elapsed: shootout_time_limit(s, table, chips, elapsed=elapsed),
            f"shootout: time limit at table {table}",
            chips=chips,
        )

    def advance_shootout(
        self, tournament_id: int, chips: Mapping[int, int]
    ) -> Outcome[ShootoutView]:
        """Seat the table winners, with the chips they won, for the next round (redraw); the
        round's time limit starts now.

        Raises:
            SeatingError: The round is not finished, or the counts do not cover the winners.
        """

        def act(session: Session, room: Room, now: datetime) -> tuple[Any, Change, str]:
            before = room.shootout
            if before is None:
                raise SeatingError(_("No shootout is under way: start one first."))
            tables = [core_table(t) for t in room.tables.values() if t.in_play]
            after = advance_shootout(before, chips, tables, self._work.rng())
            moves = round_moves(before, after)
            self._store_shootout(session, room, after, now, moves=moves, new_round=True)
            return self._view(room), Change.SEATING, "shootout: next round"

        return self._work.write(tournament_id, act)

    def on_player_busted(
        self, tournament_id: int, registration_id: int
    ) -> Outcome[ShootoutView | None]:
        """The cashier has recorded a bust: follow it now (call it after the bust commits).

        In a shootout the player leaves his table there (a table left with one player is won);
        in any tournament the player's seat frees at once. Calling it is optional, since every
        seating action follows the cashier's records anyway, and harmless when the player is not
        out or not in the shootout. Returns the shootout, or None when there is none.
        """

        def act(session: Session, room: Room, now: datetime) -> tuple[Any, Change, str]:
            changed = room.shootout_changed or bool(room.stale)
            name = room.name(registration_id)
            if room.shootout is None:
                return None, Change.SEATING if changed else Change.NONE, f"{name} out: seat freed"
            if room.shootout_changed:
                store_shootout_state(session, room, now)
            view = self._view(room)
            return view, Change.SEATING if changed else Change.NONE, f"shootout: {name} out"

        return self._work.write(tournament_id, act)

    def _shootout_step(
        self,
        tournament_id: int,
        step: Callable[[Shootout, timedelta | None], Shootout],
        summary: str,
        *,
        chips: Mapping[int, int] | None = None,
    ) -> Outcome[ShootoutView]:
        def act(session: Session, room: Room, now: datetime) -> tuple[Any, Change, str]:
            before = room.shootout
            if before is None:
                raise SeatingError(_("No shootout is under way: start one first."))
            started = room.round_started_at
            after = step(before, None if started is None else now - started)
            known = set(before.exits)
            exits = tuple(e for e in after.exits if e not in known)
            what = Change.SEATING
            if exits:
                where = f"shootout round {after.current.number}, table {exits[0].table}"
                join: frozenset[int] = frozenset()
                if exits[0].cause is ExitCause.TIME_LIMIT:
                    where += ", time limit"
                    join = frozenset(
                        p
                        for e in before.exits
                        if e.round == after.current.number and e.cause is ExitCause.TIME_LIMIT
                        for p in e.players
                    )
                _record_at_cashier(session, room, exits, chips, now, where, join)
                what = BUST_CHANGES
            self._store_shootout(session, room, after, now, moves=())
            names = ", ".join(room.name(p) for e in exits for p in e.players)
            return self._view(room), what, f"{summary}: {names}" if names else summary

        return self._work.write(tournament_id, act)

    def _store_shootout(
        self,
        session: Session,
        room: Room,
        shootout: Shootout,
        now: datetime,
        *,
        moves: tuple[Move, ...],
        new_round: bool = False,
    ) -> None:
        room.shootout = shootout
        store_shootout_state(session, room, now, new_round=new_round)
        # The seats follow the round; tables that do not play it keep their rows, empty.
        round_seating = shootout.current.seating
        playing = {t.number for t in round_seating.tables}
        tables = tuple(
            round_seating.table(t.number) if t.number in playing else t for t in room.seating.tables
        )
        seats = {p: s for p, s in round_seating.seats.items() if p in room.registrations}
        store_room(session, room, Seating(tables, seats), now)
        if moves:
            log_moves(session, room, moves, now)
