"""Hand-for-hand play and shootouts: the seating actions that run in rounds."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from datetime import datetime
from typing import Any

from sqlmodel import Session

from clockapp.core.balancing import (
    HandForHand,
    finish_hand,
    start_hand_for_hand,
)
from clockapp.core.balancing import next_hand as core_next_hand
from clockapp.core.seating import Move, Seating, SeatingError, advance_button
from clockapp.core.shootout import (
    Shootout,
    advance_shootout,
    shootout_bust,
    shootout_hand_busts,
    shootout_places,
    shootout_time_limit,
    start_shootout,
)
from clockapp.persistence.models import HandForHandRow, ShootoutRow
from clockapp.persistence.models.seating import shootout_to_json
from clockapp.services.changes import Change, Outcome
from clockapp.services.seating.store import (
    Room,
    SeatingBase,
    core_table,
    hfh_of,
    load_room,
    log_moves,
    round_moves,
    store_hfh,
    store_room,
)
from clockapp.services.seating.views import ShootoutView
from clockapp.services.setup import get_row


class HandForHandActions(SeatingBase):
    """Hand-for-hand play near the money."""

    def hand_for_hand(self, tournament_id: int) -> HandForHand | None:
        """Hand-for-hand play, or None when it is off."""
        with self._ctx.reading() as session:
            get_row(session, tournament_id)
            return hfh_of(session.get(HandForHandRow, tournament_id))

    def start_hand_for_hand(self, tournament_id: int) -> Outcome[HandForHand]:
        """Start hand-for-hand play (near the money): hand 1 at every table.

        Raises:
            SeatingError: Hand-for-hand play is already on, or no table is in play.
        """

        def act(session: Session, room: Room, _now: datetime) -> tuple[Any, Change, str]:
            if session.get(HandForHandRow, tournament_id) is not None:
                raise SeatingError("Hand-for-hand play is already on.")
            if not room.seating.tables:
                raise SeatingError("No table is in play: there is no hand to play.")
            hfh = start_hand_for_hand(room.seating)
            store_hfh(session, HandForHandRow(tournament_id=tournament_id), hfh)
            return hfh, Change.SEATING | Change.CLOCK, "hand-for-hand on"

        return self._write(tournament_id, act)

    def finish_hand(
        self, tournament_id: int, table: int, finished: bool = True
    ) -> Outcome[HandForHand]:
        """Mark a table's hand as finished (or, `finished=False`, as still playing)."""
        return self._hfh_step(
            tournament_id,
            lambda hfh, _room: finish_hand(hfh, table, finished),
            f"table {table} {'finished' if finished else 'plays'} the hand",
        )

    def next_hand(self, tournament_id: int) -> Outcome[HandForHand]:
        """Every table has finished: deal the next hand (known buttons move on one player).

        Raises:
            SeatingError: A table has not finished the hand.
        """
        return self._hfh_step(tournament_id, None, "next hand")

    def _hfh_step(
        self,
        tournament_id: int,
        step: Callable[[HandForHand, Room], HandForHand] | None,
        summary: str,
    ) -> Outcome[HandForHand]:
        def act(session: Session, room: Room, now: datetime) -> tuple[Any, Change, str]:
            row = session.get(HandForHandRow, tournament_id)
            hfh = hfh_of(row)
            if row is None or hfh is None:
                raise SeatingError("Hand-for-hand play is off: start it first.")
            if step is not None:
                after = step(hfh, room)
            else:
                after = core_next_hand(hfh, room.seating)
                seating = room.seating
                for table in seating.tables:
                    if table.button is not None and seating.count(table.number) >= 2:
                        seating = advance_button(seating, table.number)
                store_room(session, room, seating, now)
            store_hfh(session, row, after)
            return after, Change.SEATING, summary

        return self._write(tournament_id, act)

    def stop_hand_for_hand(self, tournament_id: int) -> Outcome[bool]:
        """End hand-for-hand play (the bubble has burst)."""

        def act(session: Session, _room: Room, _now: datetime) -> tuple[Any, Change, str]:
            row = session.get(HandForHandRow, tournament_id)
            if row is None:
                raise SeatingError("Hand-for-hand play is already off.")
            session.delete(row)
            return True, Change.SEATING | Change.CLOCK, "hand-for-hand off"

        return self._write(tournament_id, act)


class ShootoutActions(SeatingBase):
    """Shootouts: tables play down to one winner, winners meet in the next round."""

    def shootout(self, tournament_id: int) -> ShootoutView | None:
        """The shootout, or None when the tournament is not one."""
        with self._ctx.reading() as session:
            room = load_room(session, tournament_id)
            if room.shootout is None:
                return None
            names = room.names_for(room.shootout.entrants)
            return ShootoutView(room.shootout, shootout_places(room.shootout), names)

    def start_shootout(
        self, tournament_id: int, *, time_limit_minutes: int | None = None
    ) -> Outcome[ShootoutView]:
        """Draw the first shootout round for every player in play on the room's tables.

        As few tables as needed play (lowest numbers first), differing by one player; every
        seat is drawn again.

        Raises:
            SeatingError: A shootout is already under way, or the players do not fit.
        """

        def act(session: Session, room: Room, now: datetime) -> tuple[Any, Change, str]:
            if room.shootout is not None and room.shootout.champion is None:
                raise SeatingError("A shootout is already under way.")
            players = sorted(room.registrations)
            tables = [replace(t, button=None) for t in room.seating.tables]
            shootout = start_shootout(
                players, tables, self._rng(), time_limit_minutes=time_limit_minutes
            )
            self._store_shootout(session, room, shootout, now, moves=())
            view = ShootoutView(shootout, shootout_places(shootout), room.names_for(players))
            return view, Change.SEATING, f"shootout: round 1 for {len(players)} players"

        return self._write(tournament_id, act)

    def shootout_bust(self, tournament_id: int, registration_id: int) -> Outcome[ShootoutView]:
        """A player is out of the shootout (record the bust at the cashier as well)."""
        return self._shootout_step(
            tournament_id,
            lambda s: shootout_bust(s, registration_id),
            f"shootout: registration {registration_id} out",
        )

    def shootout_hand_busts(
        self, tournament_id: int, starting_chips: Mapping[int, int]
    ) -> Outcome[ShootoutView]:
        """Several players at one table out in the same hand, ranked by their starting chips."""
        return self._shootout_step(
            tournament_id,
            lambda s: shootout_hand_busts(s, starting_chips),
            f"shootout: {len(starting_chips)} out in one hand",
        )

    def shootout_time_limit(
        self, tournament_id: int, table: int, chips: Mapping[int, int]
    ) -> Outcome[ShootoutView]:
        """A table's time is up: its chip leader wins it, the others go out by chip count."""
        return self._shootout_step(
            tournament_id,
            lambda s: shootout_time_limit(s, table, chips),
            f"shootout: time limit at table {table}",
        )

    def advance_shootout(
        self, tournament_id: int, chips: Mapping[int, int]
    ) -> Outcome[ShootoutView]:
        """Seat the table winners, with the chips they won, for the next round (redraw).

        Raises:
            SeatingError: The round is not finished, or the counts do not cover the winners.
        """
        return self._shootout_step(tournament_id, None, "shootout: next round", chips=chips)

    def _shootout_step(
        self,
        tournament_id: int,
        step: Callable[[Shootout], Shootout] | None,
        summary: str,
        *,
        chips: Mapping[int, int] | None = None,
    ) -> Outcome[ShootoutView]:
        def act(session: Session, room: Room, now: datetime) -> tuple[Any, Change, str]:
            before = room.shootout
            if before is None:
                raise SeatingError("No shootout is under way: start one first.")
            moves: tuple[Move, ...] = ()
            if step is not None:
                after = step(before)
            else:
                assert chips is not None
                tables = [core_table(t) for t in room.tables.values() if t.in_play]
                after = advance_shootout(before, chips, tables, self._rng())
                moves = round_moves(before, after)
            self._store_shootout(session, room, after, now, moves=moves)
            view = ShootoutView(after, shootout_places(after), room.names_for(after.entrants))
            return view, Change.SEATING, summary

        return self._write(tournament_id, act)

    def _store_shootout(
        self,
        session: Session,
        room: Room,
        shootout: Shootout,
        now: datetime,
        *,
        moves: tuple[Move, ...],
    ) -> None:
        row = session.get(ShootoutRow, room.tournament_id)
        if row is None:
            row = ShootoutRow(tournament_id=room.tournament_id, state_json="", updated_at=now)
        row.state_json = shootout_to_json(shootout)
        row.updated_at = now
        session.add(row)
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
