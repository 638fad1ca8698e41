"""The shot clock: call the clock on a player in play, onto the wall; cancel it.

`call` is one transaction: the player must be in play (a busted or unknown player is refused
with a message the director reads, and nothing changes), the call is stored as a wall moment
with its absolute end time (`clockapp.core.shot_clock`), and `Change.WALL` is recorded so every
station counts the same seconds. `cancel` takes it off the wall only if the wall still shows it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from clockapp.core.shot_clock import SECONDS, ShotClock, ShotClockError
from clockapp.core.wall import SHOT_CLOCK
from clockapp.i18n import gettext as _
from clockapp.persistence.session import Session
from clockapp.services.changes import Change, Outcome
from clockapp.services.context import ServiceContext, record_change
from clockapp.services.seating.room import load_room
from clockapp.services.setup import lock_row
from clockapp.services.wall import WallService, put_moment


@dataclass(frozen=True)
class ShotPlayer:
    """A player the clock can be called on: registration id, name, and seat ("" unseated)."""

    registration_id: int
    name: str
    seat: str = ""


def call_in_session(
    session: Session,
    tournament_id: int,
    registration_id: int,
    now: datetime,
    seconds: int = SECONDS,
) -> ShotClock:
    """Call the clock on the player in the caller's locked transaction, onto the wall.

    `ShotClockService.call` runs it on its own; a captain's call for the clock, accepted, runs
    it inside the acceptance's transaction.
    """
    room = load_room(session, tournament_id, now)
    if registration_id not in room.registrations:
        name = room.name(registration_id)
        raise ShotClockError(
            _(
                "{name} is not in play (out of the tournament, or not registered): the clock "
                "is called on a player still in the hand."
            ).format(name=name)
        )
    seat = room.seating.seat_of(registration_id)
    where = (
        ""
        if seat is None
        else _("Table {table}, seat {number}").format(table=seat.table, number=seat.number)
    )
    shot = ShotClock.called(room.name(registration_id), now, seconds, where)
    put_moment(session, tournament_id, SHOT_CLOCK, shot.to_payload(), now)
    return shot


class ShotClockService:
    """Call the clock on a player, and cancel it."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    def players(self, tournament_id: int) -> tuple[ShotPlayer, ...]:
        """The players in play, seated ones by table and seat first, then by name."""
        with self._ctx.reading() as session:
            room = load_room(session, tournament_id, self._ctx.now())
            found = []
            for rid in room.registrations:
                seat = room.seating.seat_of(rid)
                where = (
                    ""
                    if seat is None
                    else _("Table {table}, seat {number}").format(
                        table=seat.table, number=seat.number
                    )
                )
                order = (0, seat.table, seat.number, "") if seat else (1, 0, 0, room.name(rid))
                found.append((order, ShotPlayer(rid, room.name(rid), where)))
            return tuple(player for _, player in sorted(found, key=lambda pair: pair[0]))

    def call(
        self, tournament_id: int, registration_id: int, seconds: int = SECONDS
    ) -> Outcome[ShotClock]:
        """Call the clock on the player: `seconds` to act, shown on every wall."""
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            now = self._ctx.now()
            shot = call_in_session(session, tournament_id, registration_id, now, seconds)
            changes = record_change(
                session, tournament_id, Change.WALL, f"clock called on {shot.player}", now
            )
        return Outcome(shot, changes)

    def cancel(self, tournament_id: int) -> Outcome[bool]:
        """Take the shot clock off the wall (nothing when the wall shows something else)."""
        return WallService(self._ctx).clear(tournament_id, SHOT_CLOCK)
