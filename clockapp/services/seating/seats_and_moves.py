"""Players in seats: the draw, late seats, seats chosen and fixed, hand moves, their undo and
acknowledgement."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from clockapp.core.seating import (
    DealIn,
    MoveKind,
    Seat,
    Seating,
    SeatingError,
    draw_seat,
    draw_seats,
    move_player,
    seat_player,
    set_fixed,
)
from clockapp.core.text import REASON_MAX, clean_text
from clockapp.i18n import gettext as _
from clockapp.persistence.models import SeatMoveRow
from clockapp.persistence.queries import seating as seating_rows
from clockapp.persistence.session import Session
from clockapp.services.changes import Change, Outcome
from clockapp.services.ending import refuse_if_finished
from clockapp.services.seating.action import SeatingWork
from clockapp.services.seating.room import Room, check_not_shootout
from clockapp.services.seating.room_changes import log_moves, store_room
from clockapp.services.seating.room_view import MoveInfo, NewSeat


class SeatActions:
    """Seating players and moving them by hand."""

    def __init__(self, work: SeatingWork) -> None:
        self._work = work

    def draw_seats(
        self, tournament_id: int, *, redraw: bool = False
    ) -> Outcome[tuple[NewSeat, ...]]:
        """Seat every player in play who has no seat, by random draw (seat cards for everyone).

        Tables fill evenly (counts differ by at most one), team members spread over the tables.
        With `redraw`, everyone except the players with a fixed seat gives up the seat first and
        the whole field draws again (registration has closed).

        Raises:
            SeatingError: No tables, or more players than free open seats.
        """

        def act(session: Session, room: Room, now: datetime) -> tuple[Any, Change, str]:
            check_not_shootout(
                room,
                _(
                    "A shootout is under way: a draw is not possible (tables play down to "
                    "one winner without balancing)."
                ),
            )
            if not room.seating.tables:
                raise SeatingError(_("No tables are set up: add tables before drawing seats."))
            seating = room.seating
            if redraw:
                seats = {p: s for p, s in seating.seats.items() if p in seating.fixed}
                seating = Seating(seating.tables, seats, seating.fixed)
            players = [rid for rid in sorted(room.registrations) if seating.seat_of(rid) is None]
            if not players:
                raise SeatingError(_("Every player in play already has a seat."))
            drawn = draw_seats(seating, players, self._work.rng(), teams=room.teams)
            store_room(session, room, drawn.seating, now)
            result = tuple(
                NewSeat(
                    rid,
                    room.name(rid),
                    seat,
                    DealIn.NOW,
                    f"Drew {seat}",
                )
                for rid, seat in sorted(drawn.seats.items(), key=lambda item: item[1])
            )
            verb = "redrew" if redraw else "drew"
            return result, Change.SEATING, f"{verb} seats for {len(players)} players"

        return self._work.write(tournament_id, act)

    def seat_new_entry(self, tournament_id: int, registration_id: int) -> Outcome[NewSeat]:
        """Draw a seat for one late entry or re-entry (the cashier calls this after the buy-in).

        The player draws among the shortest tables, then a random empty seat; `NewSeat.deal_in`
        says whether the player waits for the button (never dealt in between the small blind and
        the button).

        Raises:
            SeatingError: The player is not in play, already seated, or no open seat is free.
        """

        def act(session: Session, room: Room, now: datetime) -> tuple[Any, Change, str]:
            refuse_if_finished(session, tournament_id)  # nobody takes a seat after the end
            check_not_shootout(
                room,
                _(
                    "A shootout is under way: a late seat is not possible (tables play down "
                    "to one winner without balancing)."
                ),
            )
            room.in_play(registration_id)
            late = draw_seat(room.seating, registration_id, self._work.rng(), teams=room.teams)
            store_room(session, room, late.seating, now)
            name = room.name(registration_id)
            seat = NewSeat(registration_id, name, late.seat, late.deal_in, late.reason)
            return seat, Change.SEATING, f"{name} drew {late.seat}"

        return self._work.write(tournament_id, act)

    def seat_player(
        self,
        tournament_id: int,
        registration_id: int,
        table: int,
        seat: int,
        *,
        fixed: bool = False,
    ) -> Outcome[NewSeat]:
        """Seat a player who has no seat in a chosen seat (the host's own; `fixed` keeps it).

        Raises:
            SeatingError: The player is not in play or already seated, or the seat is missing,
                closed or taken.
        """

        def act(session: Session, room: Room, now: datetime) -> tuple[Any, Change, str]:
            check_not_shootout(
                room,
                _(
                    "A shootout is under way: seating a player by hand is not possible "
                    "(tables play down to one winner without balancing)."
                ),
            )
            room.in_play(registration_id)
            done = seat_player(room.seating, registration_id, Seat(table, seat), fixed=fixed)
            store_room(session, room, done.seating, now)
            name = room.name(registration_id)
            info = NewSeat(registration_id, name, done.seat, done.deal_in, done.reason)
            return info, Change.SEATING, f"{name} seated at {done.seat}"

        return self._work.write(tournament_id, act)

    def move_player(
        self, tournament_id: int, registration_id: int, table: int, seat: int, reason: str = ""
    ) -> Outcome[MoveInfo]:
        """Move a player by hand to an empty open seat (drag and drop); logged and announced.

        Raises:
            SeatingError: The player is out or not seated, or the seat is missing, closed or taken.
        """

        reason = clean_text(reason, "Move reason", REASON_MAX)

        def act(session: Session, room: Room, now: datetime) -> tuple[Any, Change, str]:
            check_not_shootout(
                room,
                _(
                    "A shootout is under way: moving a player by hand is not possible "
                    "(tables play down to one winner without balancing)."
                ),
            )
            name = room.name(registration_id)
            if registration_id not in room.registrations:
                raise SeatingError(
                    _("{name} is out of the tournament: there is nobody to move.").format(name=name)
                )
            if room.seating.seat_of(registration_id) is None:
                raise SeatingError(
                    _("{name} has no seat yet: draw or choose a seat instead.").format(name=name)
                )
            moved = move_player(room.seating, registration_id, Seat(table, seat), reason)
            store_room(session, room, moved.seating, now)
            (info,) = log_moves(session, room, (moved.move,), now)
            return info, Change.SEATING, f"moved {name}: {moved.move.announcement}"

        return self._work.write(tournament_id, act)

    def undo_move(self, tournament_id: int, move_id: int) -> Outcome[MoveInfo]:
        """Take back a move made by hand: the player returns to the seat left (the undo of a drag).

        Raises:
            SeatingError: The move is not a hand move (`undo_actions` takes back a balancing,
                a break or the final table whole), was undone already, the player is no longer
                in its seat, or the old seat has been taken since.
        """

        def act(session: Session, room: Room, now: datetime) -> tuple[Any, Change, str]:
            row = session.get(SeatMoveRow, move_id)
            if row is None or row.tournament_id != tournament_id:
                raise SeatingError(
                    _("Move #{move_id} is not in this tournament.").format(move_id=move_id)
                )
            info = room.move_info(row)
            if info.kind is not MoveKind.MANUAL:
                raise SeatingError(
                    _(
                        "{name} was moved by a {kind} action, not by hand: undo that whole action "
                        "(Undo in the tables window), not one of its moves."
                    ).format(name=info.name, kind=info.kind)
                )
            if row.undone:
                raise SeatingError(
                    _("{name}'s move {announcement} is already undone.").format(
                        name=info.name, announcement=info.announcement
                    )
                )
            if room.seating.seat_of(info.registration_id) != info.to_seat:
                raise SeatingError(
                    _("{name} is no longer at {to_seat}: the move cannot be undone.").format(
                        name=info.name, to_seat=info.to_seat
                    )
                )
            back = move_player(room.seating, info.registration_id, info.from_seat, "Undo")
            store_room(session, room, back.seating, now)
            row.undone = True
            row.acknowledged = True
            session.add(row)
            session.flush()
            return (
                room.move_info(row),
                Change.SEATING,
                f"undid the move of {info.name}",
            )

        return self._work.write(tournament_id, act)

    def set_fixed(
        self, tournament_id: int, registration_id: int, fixed: bool = True
    ) -> Outcome[bool]:
        """Fix a player's seat (balancing never moves the player) or free it again."""

        def act(session: Session, room: Room, now: datetime) -> tuple[Any, Change, str]:
            room.in_play(registration_id)
            store_room(session, room, set_fixed(room.seating, registration_id, fixed), now)
            name = room.name(registration_id)
            return fixed, Change.SEATING, f"{'fixed' if fixed else 'freed'} the seat of {name}"

        return self._work.write(tournament_id, act)

    def acknowledge_move(self, tournament_id: int, move_id: int) -> Outcome[MoveInfo]:
        """The player has moved: the display stops showing the move.

        Raises:
            SeatingError: The move is not in this tournament.
        """

        def act(session: Session, room: Room, _now: datetime) -> tuple[Any, Change, str]:
            row = session.get(SeatMoveRow, move_id)
            if row is None or row.tournament_id != tournament_id:
                raise SeatingError(
                    _("Move #{move_id} is not in this tournament.").format(move_id=move_id)
                )
            row.acknowledged = True
            session.add(row)
            session.flush()
            info = room.move_info(row)
            return info, Change.SEATING, f"acknowledged {info.name}: {info.announcement}"

        return self._work.write(tournament_id, act)

    def acknowledge_all(self, tournament_id: int) -> Outcome[int]:
        """Acknowledge every pending move; returns how many there were."""

        def act(session: Session, _room: Room, _now: datetime) -> tuple[Any, Change, str]:
            rows = seating_rows.unacknowledged_moves(session, tournament_id)
            for row in rows:
                row.acknowledged = True
                session.add(row)
            return len(rows), Change.SEATING, f"acknowledged {len(rows)} moves"

        return self._work.write(tournament_id, act)
