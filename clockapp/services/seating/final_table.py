"""The final table: formed with a redraw for seats once every player fits at it."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from clockapp.core.seating import SeatingError
from clockapp.core.seating.table_breaks import TableBreakRules, plan_table_breaks, table_break_order
from clockapp.i18n import gettext as _
from clockapp.persistence.models import SeatingConfigRow
from clockapp.persistence.session import Session
from clockapp.services.changes import Change, Outcome
from clockapp.services.seating.action import SeatingWork
from clockapp.services.seating.room import Room, check_not_shootout
from clockapp.services.seating.room_changes import FinalRules, Plan, apply_plan
from clockapp.services.seating.room_view import BalanceResult


class FinalTableActions:
    """Forming the final table."""

    def __init__(self, work: SeatingWork) -> None:
        self._work = work

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
            check_not_shootout(
                room,
                _(
                    "A shootout is under way: forming the final table is not possible "
                    "(tables play down to one winner without balancing)."
                ),
            )
            rules = room.settings.rules
            if size is not None:
                rules = TableBreakRules(rules.order, rules.final_table, size)
            if len(room.seating.tables) < 2:
                raise SeatingError(
                    _("Only one table is in play: the players are already at the final table.")
                )
            plan = plan_table_breaks(
                room.seating, self._work.rng(), rules=rules, stats=room.stats(), teams=room.teams
            )
            if plan.final_table is None:
                host = room.seating.table(table_break_order(room.seating, rules)[-1])
                seats = rules.final_table_size or host.open_seat_count
                extra = room.seating.player_count - seats
                raise SeatingError(
                    _(
                        "{player_count} players do not fit at a final table of {seats}: {extra} "
                        "more "
                        "must go out first."
                    ).format(player_count=room.seating.player_count, seats=seats, extra=extra)
                )
            saved: tuple[FinalRules, FinalRules] | None = None
            if size is not None:
                row = session.get(SeatingConfigRow, tournament_id)
                assert row is not None
                was = FinalRules.of(row)
                row.final_table_size = size
                session.add(row)
                saved = (was, FinalRules.of(row))
            done = Plan(plan.seating, plan.stats, plan.moves, plan.broken, plan.final_table)
            return apply_plan(session, room, now, done, "formed the final table", saved)

        return self._work.write(tournament_id, act)
