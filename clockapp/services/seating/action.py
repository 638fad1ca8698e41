"""The one way a seating action runs (`SeatingWork.write`), over the room's rows.

One action: lock the tournament (`lock_room`), load the room (`load_room`), let the action decide
and write, drop the stale seats, record the change. The pieces live next to this module:

- `room`: the `Room` as read, `load_room`, `lock_room`, and the row and name conversions;
- `room_changes`: `store_room`, `store_stats`, `log_moves`, `apply_plan`, hand-for-hand and
  shootout state;
- `room_status`: what the tables window is shown of a room (`table_infos`, `balance_status`).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from datetime import datetime
from typing import TypeVar

from clockapp.core.seating import SeatingError
from clockapp.persistence.session import Session
from clockapp.services.changes import Change, Outcome
from clockapp.services.context import ServiceContext, record_change
from clockapp.services.seating.room import (
    Room,
    load_room,
    lock_room,
    with_names,
)
from clockapp.services.seating.room_changes import (
    store_room,
    store_shootout_state,
)

T = TypeVar("T")


class SeatingWork:
    """The unit of work every group of seating actions is given: the context, the random source,
    and `write`, which runs one action in one transaction."""

    def __init__(self, ctx: ServiceContext, rng: random.Random | None = None) -> None:
        """Build the service.

        Args:
            ctx: The engine and the time source.
            rng: The random source for draws (tests pass a seeded one); by default every draw
                gets a fresh generator seeded from `secrets`.
        """
        self._ctx = ctx
        self._fixed_rng = rng

    def rng(self) -> random.Random:
        """The random source for one draw."""
        if self._fixed_rng is not None:
            return self._fixed_rng
        return random.Random(secrets.randbits(128))

    def write(
        self,
        tournament_id: int,
        action: Callable[[Session, Room, datetime], tuple[T, Change, str]],
    ) -> Outcome[T]:
        """Run one seating action: lock, load, act, drop stale seats, record the change."""
        with self._ctx.transaction() as session:
            config = lock_room(session, tournament_id)
            now = self._ctx.now()  # inside the lock: actions' times follow their order
            room = load_room(session, tournament_id, now)
            room.action = config.revision
            try:
                value, what, summary = action(session, room, now)
            except SeatingError as error:
                raise with_names(error, room) from error
            if room.stale:
                store_room(session, room, room.seating, now)
            if room.shootout_changed:
                store_shootout_state(session, room, now)
                what |= Change.SEATING
            changes = record_change(session, tournament_id, what, summary, now)
        return Outcome(value, changes)
