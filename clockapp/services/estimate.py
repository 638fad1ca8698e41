"""The estimated end of the night, read from the structure, the clock and the busts so far.

`estimate` reads where the clock is in the structure (the play minutes so far), the busts that
stand (an undone bust and its undo row are left out) and the field (players left, chips in play,
players to the money), and asks `clockapp.core.estimate` when the bubble and the end are likely;
the minutes become times of day from the injected clock. `show` puts it on the wall (one action).
A bust's play minute is taken as its age before now (the clock assumed running since).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from clockapp.core.clock import view
from clockapp.core.errors import DomainError
from clockapp.core.estimate import EndEstimate, Range, estimate_end
from clockapp.core.structure import Structure
from clockapp.core.wall import ESTIMATE
from clockapp.persistence.queries import eliminations
from clockapp.persistence.session import Session
from clockapp.services.changes import Change, Outcome
from clockapp.services.clock import tournament_stats
from clockapp.services.context import ServiceContext, record_change
from clockapp.services.setup import load_clock, load_structure, lock_row, setup_row
from clockapp.services.wall import put_moment


@dataclass(frozen=True)
class TimeRange:
    """Likely between `low` and `high` (80%), most likely at `likely` (aware UTC)."""

    low: datetime
    likely: datetime
    high: datetime


@dataclass(frozen=True)
class NightEstimate:
    """When the bubble (None: in the money, or no payouts set) and the end are likely."""

    bubble: TimeRange | None
    end: TimeRange
    source: str  # "prior" or "fit"
    busts: int
    players_left: int

    def how_sure(self) -> str:
        """What the estimate stands on, for the director and the wall."""
        if self.source == "prior":
            return (
                f"An early guess: {self.busts} bust{'s' * (self.busts != 1)} so far, "
                "so a typical night's pace; 80% ranges"
            )
        return f"From the pace of the night's {self.busts} busts; 80% ranges"

    def to_payload(self) -> dict[str, object]:
        """The wall's self-contained payload (times as ISO UTC)."""

        def times(r: TimeRange | None) -> dict[str, str] | None:
            if r is None:
                return None
            return {k: getattr(r, k).isoformat() for k in ("low", "likely", "high")}

        return {
            "bubble": times(self.bubble),
            "end": times(self.end),
            "how_sure": self.how_sure(),
            "players_left": self.players_left,
        }


def played_minutes(
    structure: Structure, tournament_id: int, session: Session, now: datetime
) -> float:
    """The play minutes since the start: the items before the current one, and this one's part."""
    state = load_clock(session, tournament_id)
    if not state.started:
        return 0.0
    shown = view(state, structure, now)
    before = sum(item.minutes for item in structure.levels[: shown.index])
    item = structure.levels[shown.index]
    return before + max(0.0, item.minutes - shown.remaining_ms / 60_000)


def _at(now: datetime, r: Range) -> TimeRange:
    return TimeRange(*(now + timedelta(minutes=m) for m in (r.low, r.likely, r.high)))


def _estimate(session: Session, tournament_id: int, now: datetime) -> NightEstimate | None:
    structure = load_structure(session, tournament_id)
    played = played_minutes(structure, tournament_id, session, now)
    rows = eliminations.busts(session, tournament_id)
    undone = {b.undoes_id for b in rows if b.undoes_id is not None}
    standing = [b for b in rows if b.undoes_id is None and b.id not in undone]
    busts_at = [played - (now - b.created_at).total_seconds() / 60 for b in standing]
    stats = tournament_stats(session, setup_row(session, tournament_id))
    to_money = stats.players_to_money
    paid = stats.players_left - to_money if to_money is not None else 1
    found: EndEstimate | None = estimate_end(
        structure, played, busts_at, stats.players_left, max(1, paid), stats.chips_in_play
    )
    if found is None:
        return None
    bubble = None if found.bubble is None or to_money is None else _at(now, found.bubble)
    return NightEstimate(bubble, _at(now, found.end), found.source, found.busts, stats.players_left)


class EstimateService:
    """The estimated end: read it, show it on the wall."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    def estimate(self, tournament_id: int) -> NightEstimate | None:
        """When the bubble and the end are likely; None with fewer than two players or no chips."""
        with self._ctx.reading() as session:
            return _estimate(session, tournament_id, self._ctx.now())

    def show(self, tournament_id: int) -> Outcome[NightEstimate | None]:
        """Put the estimate on the wall (refused, with a reason, when there is nothing to say)."""
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            now = self._ctx.now()
            found = _estimate(session, tournament_id, now)
            if found is None:
                raise DomainError(
                    "Nothing to estimate yet: the wall needs two players or more with chips."
                )
            put_moment(session, tournament_id, ESTIMATE, found.to_payload(), now)
            changes = record_change(session, tournament_id, Change.WALL, "estimated end", now)
        return Outcome(found, changes)
