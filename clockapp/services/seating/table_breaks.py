"""Break a table: the next tables in the break order, once the players fit at fewer tables."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from clockapp.core.seating import SeatingError
from clockapp.core.seating.breaking import busts_until_break, plan_breaks
from clockapp.persistence.session import Session
from clockapp.services.changes import Change, Outcome
from clockapp.services.seating.action import SeatingWork
from clockapp.services.seating.room import Room, check_not_shootout
from clockapp.services.seating.room_changes import Plan, apply_plan
from clockapp.services.seating.room_view import BalanceResult


class TableBreakActions:
    """Breaking tables on the director's word."""

    def __init__(self, work: SeatingWork) -> None:
        self._work = work

    def break_tables(self, tournament_id: int) -> Outcome[BalanceResult]:
        """Break the next tables in the break order now that the players fit at fewer tables.

        Raises:
            SeatingError: No table breaks yet (the message says how many more must go out).
        """

        def act(session: Session, room: Room, now: datetime) -> tuple[Any, Change, str]:
            check_not_shootout(room, "breaking tables")
            rules = room.settings.rules
            plan = plan_breaks(
                room.seating, self._work.rng(), rules=rules, stats=room.stats(), teams=room.teams
            )
            if not plan.broken:
                until = busts_until_break(room.seating, rules)
                if until is None:
                    raise SeatingError("Only one table is in play: there is no table to break.")
                raise SeatingError(
                    f"No table breaks yet: {until} more player{'s' if until != 1 else ''} must "
                    "go out before the players fit at one table fewer."
                )
            done = Plan(plan.seating, plan.stats, plan.moves, plan.broken, plan.final_table)
            return apply_plan(session, room, now, done, "broke tables")

        return self._work.write(tournament_id, act)
