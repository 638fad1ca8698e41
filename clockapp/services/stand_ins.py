"""A teammate stands in for a player who leaves early (`StandInService`).

`stand_in` is one transaction: the tournament is locked, the rule (`clockapp.core.stand_ins`)
checks the two players, and the stand-in is recorded with the time and the station. A refusal
writes nothing. The registration keeps its chips and result, so the team's rules apply to it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from clockapp.core.stand_ins import check_stand_in
from clockapp.persistence.queries import stand_ins as stand_ins_q
from clockapp.services.changes import Change, Outcome
from clockapp.services.context import ServiceContext, record_change
from clockapp.services.setup import get_row, lock_row


@dataclass(frozen=True)
class StandInInfo:
    """A teammate standing in: for which registration, who left, who plays, since when."""

    registration_id: int
    leaving: str
    teammate: str
    at: datetime


class StandInService:
    """Record and read teammates standing in."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    def stand_in(
        self, tournament_id: int, registration_id: int, teammate_player_id: int
    ) -> Outcome[StandInInfo]:
        """The teammate `teammate_player_id` plays the chips of `registration_id` from now.

        Raises:
            StandInError: Not a teammate, the teammate still in play, the player not in play.
        """
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            now = self._ctx.now()
            facts = stand_ins_q.facts(session, tournament_id, registration_id, teammate_player_id)
            check_stand_in(facts)
            stand_ins_q.insert(
                session, tournament_id, registration_id, teammate_player_id, now, self._ctx.station
            )
            summary = f"{facts.teammate} stands in for {facts.leaving}"
            changes = record_change(session, tournament_id, Change.ENTRIES, summary, now)
        return Outcome(StandInInfo(registration_id, facts.leaving, facts.teammate, now), changes)

    def stand_ins(self, tournament_id: int) -> tuple[StandInInfo, ...]:
        """Every stand-in of the tournament, oldest first."""
        with self._ctx.reading() as session:
            get_row(session, tournament_id)
            return tuple(StandInInfo(*row) for row in stand_ins_q.listed(session, tournament_id))
