"""Use cases on the wall's moments: show one over the clock, clear it, read it.

Each is one transaction that records `Change.WALL`, so every station's wall follows. The kinds'
own services (the showdown, the chip race, the shot clock...) build the payload and call `show`
inside their action, or the director's window calls `show` with a payload it built from a
service's result.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from clockapp.core.wall import WallError, WallMoment
from clockapp.persistence.queries import wall as wall_rows
from clockapp.persistence.session import Session
from clockapp.services.changes import Change, Changes, Outcome
from clockapp.services.context import ServiceContext, record_change, revision_of
from clockapp.services.setup import lock_row


def read_moment(session: Session, tournament_id: int) -> WallMoment | None:
    """The moment stored for the tournament; None when none is (or it is unreadable)."""
    text = wall_rows.get(session, tournament_id)
    if text is None:
        return None
    try:
        return WallMoment.from_json(text)
    except WallError:
        return None  # a damaged row never stops the clock: the wall shows the clock alone


def put_moment(
    session: Session, tournament_id: int, kind: str, payload: Mapping[str, Any], now: Any
) -> WallMoment:
    """Store a moment in the caller's transaction (recording its Change.WALL is the caller's)."""
    moment = WallMoment(kind, dict(payload), now)
    wall_rows.put(session, tournament_id, moment.to_json())
    return moment


class WallService:
    """Show a moment on the wall, clear it, read it."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    def current(self, tournament_id: int) -> WallMoment | None:
        """What the wall shows over the clock now (None: the clock alone)."""
        with self._ctx.reading() as session:
            return read_moment(session, tournament_id)

    def show(
        self, tournament_id: int, kind: str, payload: Mapping[str, Any]
    ) -> Outcome[WallMoment]:
        """Put `kind` with `payload` on the wall (replacing what was there)."""
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            moment = put_moment(session, tournament_id, kind, payload, self._ctx.now())
            changes = record_change(
                session, tournament_id, Change.WALL, f"wall: {kind}", self._ctx.now()
            )
        return Outcome(moment, changes)

    def clear(self, tournament_id: int, kind: str | None = None) -> Outcome[bool]:
        """Take the moment off the wall (only if it is `kind`, when given); True if one was."""
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            moment = read_moment(session, tournament_id)
            shown = wall_rows.get(session, tournament_id) is not None
            if not shown or (kind is not None and (moment is None or moment.kind != kind)):
                now_at = revision_of(session, tournament_id).tournament
                unchanged = Changes(tournament_id, Change.NONE, now_at)
                return Outcome(False, unchanged)
            wall_rows.put(session, tournament_id, None)
            changes = record_change(
                session, tournament_id, Change.WALL, "wall cleared", self._ctx.now()
            )
        return Outcome(True, changes)
