"""Balance the room: the tables that break, the final table when it is time, then the moves that
even the tables out (all stored as one `Plan`)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from clockapp.core.seating.balancing import NeedButton, plan_balance
from clockapp.core.seating.breaking import plan_breaks
from clockapp.persistence.session import Session
from clockapp.services.changes import Change, Outcome
from clockapp.services.seating.action import SeatingWork
from clockapp.services.seating.room import Room, check_not_shootout
from clockapp.services.seating.room_changes import Plan, apply_plan
from clockapp.services.seating.room_view import BalanceResult


class BalanceActions:
    """Balancing the room after busts (breaking and forming the final table on the way)."""

    def __init__(self, work: SeatingWork) -> None:
        self._work = work

    def balance(self, tournament_id: int) -> Outcome[BalanceResult]:
        """Break the tables that break, form the final table when it is time, then balance.

        Call it after each elimination or whenever the director asks. When a button is needed,
        the result's `need_button` says which table: nothing is moved for balancing until the
        director answers (`set_button`) and balance is called again.

        Raises:
            SeatingError: A shootout is under way, or the chosen final table is not in play.
        """

        def act(session: Session, room: Room, now: datetime) -> tuple[Any, Change, str]:
            check_not_shootout(room, "balancing")
            config = room.settings
            breaks = plan_breaks(
                room.seating,
                self._work.rng(),
                rules=config.rules,
                stats=room.stats(),
                teams=room.teams,
            )
            moves = list(breaks.moves)
            seating, stats = breaks.seating, breaks.stats
            plan = plan_balance(seating, config.policy, stats, teams=room.teams)
            need: NeedButton | None = None
            warnings: tuple[str, ...] = ()
            if isinstance(plan, NeedButton):
                need = plan
            else:
                moves.extend(plan.moves)
                seating = plan.seating  # the buttons stay: moving players does not move them
                stats, warnings = plan.stats, plan.warnings
            plan_done = Plan(
                seating, stats, tuple(moves), breaks.broken, breaks.final_table, need, warnings
            )
            return apply_plan(session, room, now, plan_done, "balanced")

        return self._work.write(tournament_id, act)
