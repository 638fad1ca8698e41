"""Balance the room: the tables that break, the final table when it is time, then the moves that
even the tables out (all stored as one `Plan`).

While registration is open no table breaks and the final table does not form on Balance: a room
set up for the expected field would otherwise be broken down to the few players seated so far,
and every late entry would then find no seat. Balance still evens the tables out and says which
tables it kept up; the director breaks them on purpose with Break tables.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from clockapp.core.seating.balancing import NeedButton, plan_balance
from clockapp.core.seating.table_breaks import TableBreakPlan, plan_table_breaks
from clockapp.i18n import gettext as _
from clockapp.persistence.session import Session
from clockapp.services.cashier.cache import LedgerCache
from clockapp.services.cashier.till import load_till
from clockapp.services.changes import Change, Outcome
from clockapp.services.ending import window
from clockapp.services.seating.action import SeatingWork
from clockapp.services.seating.room import Room, check_not_shootout
from clockapp.services.seating.room_changes import Plan, apply_plan
from clockapp.services.seating.room_view import BalanceResult


class BalanceActions:
    """Balancing the room after busts (breaking and forming the final table on the way)."""

    def __init__(self, work: SeatingWork, tills: LedgerCache | None = None) -> None:
        self._work = work
        self._tills = tills

    def balance(self, tournament_id: int) -> Outcome[BalanceResult]:
        """Break the tables that break, form the final table when it is time, then balance.

        Call it after each bust or whenever the director asks. While registration is
        open no table breaks (late entries need the seats): the result's `held` says which
        tables would have, and `break_tables` breaks them when the director wants. When a button
        is needed,
        the result's `need_button` says which table: nothing is moved for balancing until the
        director answers (`set_button`) and balance is called again.

        Raises:
            SeatingError: A shootout is under way, or the chosen final table is not in play.
        """

        def act(session: Session, room: Room, now: datetime) -> tuple[Any, Change, str]:
            check_not_shootout(
                room,
                _(
                    "A shootout is under way: balancing is not possible (tables play down "
                    "to one winner without balancing)."
                ),
            )
            config = room.settings
            breaks = plan_table_breaks(
                room.seating,
                self._work.rng(),
                rules=config.rules,
                stats=room.stats(),
                teams=room.teams,
            )
            held: tuple[int, ...] = ()
            if breaks.broken and self._registration_open(session, room.tournament_id, now):
                held = breaks.broken
                breaks = TableBreakPlan(room.seating, (), room.stats())
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
                seating,
                stats,
                tuple(moves),
                breaks.broken,
                breaks.final_table,
                need,
                warnings,
                held,
            )
            return apply_plan(session, room, now, plan_done, "balanced")

        return self._work.write(tournament_id, act)

    def _registration_open(self, session: Session, tournament_id: int, now: datetime) -> bool:
        """Whether a new player may still enter now (the cashier's own rule, in this session)."""
        till = load_till(session, tournament_id, self._tills)
        return window(session, till, now).open
