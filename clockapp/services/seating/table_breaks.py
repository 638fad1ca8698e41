"""Break a table: the next tables in the break order, once the players fit at fewer tables, or
the table the director chose among those that can break now."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime
from typing import Any

from clockapp.core.seating import SeatingError
from clockapp.core.seating.editing import set_button
from clockapp.core.seating.table_breaks import (
    busts_until_table_break,
    plan_table_breaks,
    table_break_costs,
)
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext
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

    def break_tables(
        self,
        tournament_id: int,
        table: int | None = None,
        buttons: Mapping[int, int] | None = None,
    ) -> Outcome[BalanceResult]:
        """Break the next tables in the break order now that the players fit at fewer tables.

        With `table`, that table breaks first (it must be one that can break now: the tables
        window offers them with their cost). `buttons` are the director's answers for the
        tables that receive players ({table: seat}), set in the same transaction first, so the
        players who arrive are dealt in by the button (never between the small blind and it)
        instead of leaving it to the dealer.

        Raises:
            SeatingError: No table breaks yet (the message says how many more must go out), the
                chosen table cannot break now, or a button is not in front of a player.
        """

        def act(session: Session, room: Room, now: datetime) -> tuple[Any, Change, str]:
            check_not_shootout(
                room,
                _(
                    "A shootout is under way: breaking tables is not possible (tables play "
                    "down to one winner without balancing)."
                ),
            )
            rules = room.settings.rules
            seating = room.seating
            for number, seat in sorted((buttons or {}).items()):
                seating = set_button(seating, number, seat)
            if table is not None:
                costs = table_break_costs(seating, rules) if len(seating.tables) > 2 else {}
                if table not in costs:
                    can = ", ".join(f"table {n}" for n in costs) or "none"
                    raise SeatingError(
                        _(
                            "Table {table} cannot break now (tables that can: {can}). Look at "
                            "the tables "
                            "window's header and choose again."
                        ).format(table=table, can=can)
                    )
                rules = replace(rules, order=(table, *(n for n in rules.order if n != table)))
            plan = plan_table_breaks(
                seating, self._work.rng(), rules=rules, stats=room.stats(), teams=room.teams
            )
            if not plan.broken:
                until = busts_until_table_break(seating, rules)
                if until is None:
                    raise SeatingError(_("Only one table is in play: there is no table to break."))
                raise SeatingError(
                    ngettext(
                        "No table breaks yet: {until} more player must go out before the "
                        "players fit at one table fewer.",
                        "No table breaks yet: {until} more players must go out before the "
                        "players fit at one table fewer.",
                        until,
                    ).format(until=until)
                )
            done = Plan(plan.seating, plan.stats, plan.moves, plan.broken, plan.final_table)
            return apply_plan(session, room, now, done, "broke tables")

        return self._work.write(tournament_id, act)
