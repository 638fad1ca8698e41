"""Seating inside another action's transaction: a new entry's seat, a seat given back, a bust.

The cashier's compound actions are one transaction each: a buy-in and its seat, a
bust and the seat it frees, a rebuy or an undone bust that gives the player the seat they left.
Without a shootout a seat is drawn from the rows the draw needs and written as one row
(`sale_seat`); a shootout's room is loaded whole, as its busts follow the cashier.
The cashier locks the tournament (`services.cashier.till.lock_till`) and takes the action's time
first; these functions then read the room in the same session, so the seat drawn is the one the
sale paid for, and either both commit or neither does.

A seating refusal (a full room, a shootout under way) never undoes the sale: the result says
why no seat was drawn, and the tables window can seat the player later.
"""

from __future__ import annotations

import random
import secrets
from datetime import datetime

from clockapp.core.seating import DealIn, Seat, Seating, SeatingError, draw_seat, seat_player
from clockapp.i18n import gettext as _
from clockapp.persistence.models import SeatingConfigRow
from clockapp.persistence.queries import seat_draw
from clockapp.persistence.session import Session, one_to_one
from clockapp.services.seating.room import (
    Room,
    check_not_shootout,
    config_of,
    load_room,
    room_seating,
    with_names,
)
from clockapp.services.seating.room_changes import store_room, store_shootout_state
from clockapp.services.seating.room_status import balance_notice
from clockapp.services.seating.room_view import NewSeat
from clockapp.services.seating.sale_seat import (
    SeatNote,
    follow_busts,
    seat_one,
)


def fresh_rng() -> random.Random:
    """A generator nobody can predict, for one draw (as the seating service's default)."""
    return random.Random(secrets.randbits(128))


def _free(seating: Seating, seat: Seat) -> bool:
    """Whether `seat` is an open, empty seat at a table in play."""
    if not seating.has_table(seat.table):
        return False
    return seat.number in seating.empty_seats(seat.table)


def seat_in_session(
    session: Session,
    tournament_id: int,
    registration_id: int,
    now: datetime,
    rng: random.Random | None = None,
    *,
    back_to: Seat | None = None,
) -> SeatNote | None:
    """Seat a player just put in play, in the caller's transaction (which holds the lock).

    A player whose seat still stands keeps it. Otherwise the player goes back to `back_to` (the
    seat left at the bust) when it is still free, else draws a seat by the rules (the shortest
    tables first, never dealt in between the small blind and the button).

    Returns:
        None when the room has no tables (seating is not used tonight); else the seat, or why
        none was given.
    """
    if not seat_draw.has_shootout(session, tournament_id):  # the usual night: one seat row
        return seat_one(session, tournament_id, registration_id, now, rng or fresh_rng(), back_to)
    room = load_room(session, tournament_id, now)
    if not room.seating.tables:
        return None
    name = room.name(registration_id)
    kept = room.seating.seat_of(registration_id)
    if kept is not None:
        _store_followed(session, room, now)
        seat = NewSeat(registration_id, name, kept, DealIn.NOW, f"Keeps {kept}")
        return SeatNote(seat, changed=False)
    try:
        check_not_shootout(
            room,
            _(
                "A shootout is under way: a late seat is not possible (tables play down "
                "to one winner without balancing)."
            ),
        )
        room.in_play(registration_id)
        if back_to is not None and _free(room.seating, back_to):
            late = seat_player(room.seating, registration_id, back_to, how="Back at")
            reason = late.reason
        else:
            late = draw_seat(room.seating, registration_id, rng or fresh_rng(), teams=room.teams)
            reason = late.reason
            if back_to is not None:
                reason = _("{back_to} is no longer free: {reason}").format(
                    back_to=back_to, reason=late.reason
                )
    except SeatingError as error:
        _store_followed(session, room, now)
        return SeatNote(
            None,
            refusal=_("No seat drawn: {with_names}").format(with_names=with_names(error, room)),
        )
    store_room(session, room, late.seating, now)
    _store_followed(session, room, now)
    return SeatNote(NewSeat(registration_id, name, late.seat, late.deal_in, reason))


def follow_in_session(session: Session, tournament_id: int, now: datetime) -> bool:
    """Let the seating follow busts just recorded in the caller's transaction.

    The seats of players now out free at once, and a shootout table loses its players out (as
    `SeatingService.on_player_busted` does, but in the bust's own transaction). Returns whether
    anything was written.
    """
    if not seat_draw.has_shootout(session, tournament_id):  # the usual night: stale rows go
        return follow_busts(session, tournament_id, now)
    room = load_room(session, tournament_id, now)
    return _store_followed(session, room, now)


def balance_notice_in_session(session: Session, tournament_id: int) -> str | None:
    """The move the room needs when it is out of balance, in plain words
    (`room_status.balance_notice`); None in balance, and during a shootout, which never balances.

    Cheap enough to ask after every bust and every seating change: the room's counts come from
    the seat rows alone, and the shootout and the balance policy are read only when the tables
    differ by two or more (within one is balanced whatever the policy).
    """
    seating = room_seating(session, tournament_id)
    counts = seating.counts().values()
    if len(counts) < 2 or max(counts) - min(counts) <= 1:
        return None
    if seat_draw.has_shootout(session, tournament_id):
        return None
    policy = config_of(one_to_one(session, SeatingConfigRow, tournament_id)).policy
    return balance_notice(seating, policy)


def _store_followed(session: Session, room: Room, now: datetime) -> bool:
    changed = room.shootout_changed or bool(room.stale)
    if room.stale:
        store_room(session, room, room.seating, now)
    if room.shootout_changed:
        store_shootout_state(session, room, now)
    return changed
