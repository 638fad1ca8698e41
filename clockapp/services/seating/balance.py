"""Balancing and breaking: the tables that break, the final table, the moves that balance the
room (each stored as one `Plan`)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from clockapp.core.seating import SeatingError
from clockapp.core.seating.balancing import NeedButton, plan_balance
from clockapp.core.seating.breaking import BreakRules, break_order, busts_until_break, plan_breaks
from clockapp.persistence.models import SeatingConfigRow
from clockapp.persistence.session import Session
from clockapp.services.changes import Change, Outcome
from clockapp.services.seating.store import Plan, Room, SeatingWork, apply_plan, check_not_shootout
from clockapp.services.seating.views import BalanceResult


class BalanceActions:
    """Breaking and balancing tables, and forming the final table."""

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

    def form_final_table(
        self, tournament_id: int, size: int | None = None
    ) -> Outcome[BalanceResult]:
        """Form the final table with a redraw for seats once every player fits at it.

        Args:
            tournament_id: The tournament.
            size: How many players the final table seats (kept for later); by default the
                configured size, else the open seats of the final table.

        Raises:
            SeatingError: Only one table is in play, or the players do not fit yet.
        """

        def act(session: Session, room: Room, now: datetime) -> tuple[Any, Change, str]:
            check_not_shootout(room, "forming the final table")
            rules = room.settings.rules
            if size is not None:
                rules = BreakRules(rules.order, rules.final_table, size)
            if len(room.seating.tables) < 2:
                raise SeatingError(
                    "Only one table is in play: the players are already at the final table."
                )
            plan = plan_breaks(
                room.seating, self._work.rng(), rules=rules, stats=room.stats(), teams=room.teams
            )
            if plan.final_table is None:
                host = room.seating.table(break_order(room.seating, rules)[-1])
                seats = rules.final_table_size or host.open_seat_count
                extra = room.seating.player_count - seats
                raise SeatingError(
                    f"{room.seating.player_count} players do not fit at a final table of {seats}: "
                    f"{extra} more must go out first."
                )
            if size is not None:
                row = session.get(SeatingConfigRow, tournament_id)
                assert row is not None
                row.final_table_size = size
                session.add(row)
            done = Plan(plan.seating, plan.stats, plan.moves, plan.broken, plan.final_table)
            return apply_plan(session, room, now, done, "formed the final table")

        return self._work.write(tournament_id, act)
