"""The clock's claimed events (which level or break announcement a station has already made)
and the clock actions each station's Undo offers."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, func
from sqlmodel import Session, col, select

from clockapp.persistence.models import ClockEventClaimRow, ClockStepRow


def claimed_keys(session: Session, tournament_id: int) -> set[tuple[int, str]]:
    """(item index, kind) of every event claimed for the tournament."""
    rows = session.exec(
        select(ClockEventClaimRow.item_index, ClockEventClaimRow.kind).where(
            col(ClockEventClaimRow.tournament_id) == tournament_id
        )
    ).all()
    return {(index, kind) for index, kind in rows}


#: How many clock actions a station's Undo offers again after a restart: the newest. Older rows
#: stay (a night's presses are a few hundred small rows, deleted with the tournament), so a
#: press costs one statement more, not a clean-up.
KEPT_STEPS = 100


def add_step(
    session: Session,
    tournament_id: int,
    station: str,
    name: str,
    states: tuple[str, str],
    at: datetime,
) -> None:
    """Keep a clock action for the station's Undo (`states`: before and after, as JSON)."""
    before, after = states
    session.add(
        ClockStepRow(
            tournament_id=tournament_id,
            station=station,
            name=name[:80],
            before=before,
            after=after,
            created_at=at,
        )
    )


def drop_last_step(session: Session, tournament_id: int, station: str) -> None:
    """Forget the station's newest step (an undo of it was saved), in one statement."""
    newest = (
        select(func.max(ClockStepRow.id))
        .where(
            col(ClockStepRow.tournament_id) == tournament_id,
            col(ClockStepRow.station) == station,
        )
        .scalar_subquery()
    )
    session.execute(delete(ClockStepRow).where(col(ClockStepRow.id) == newest))


def last_steps(session: Session, tournament_id: int, station: str) -> list[tuple[str, str, str]]:
    """(name, before, after) of the station's newest `KEPT_STEPS` steps, oldest first."""
    rows = session.exec(
        select(ClockStepRow.name, ClockStepRow.before, ClockStepRow.after)
        .where(
            col(ClockStepRow.tournament_id) == tournament_id,
            col(ClockStepRow.station) == station,
        )
        .order_by(col(ClockStepRow.id).desc())
        .limit(KEPT_STEPS)
    ).all()
    return [(name, before, after) for name, before, after in reversed(rows)]
