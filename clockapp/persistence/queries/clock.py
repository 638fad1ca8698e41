"""The clock's claimed events (which level or break announcement a station has already made)
and the clock actions each station's Undo offers."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ScalarSelect, func, update
from sqlalchemy import select as sa_select  # wider column lists than sqlmodel's select types
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

#: The kind of a kept step that is the director closing or reopening registration.
REGISTRATION_STEP = "registration"


def add_step(
    session: Session,
    tournament_id: int,
    station: str,
    name: str,
    states: tuple[str, str],
    at: datetime,
    kind: str = "clock",
) -> None:
    """Keep a clock action for the station's Undo (`states`: before and after, as JSON), or
    with `kind` "registration" a registration choice (`states`: the modes).

    A new press leaves the undone steps where they are: they come before it now, so they are
    no longer offered for redo (`last_steps`), and nothing needs deleting.
    """
    before, after = states
    session.add(
        ClockStepRow(
            tournament_id=tournament_id,
            station=station,
            name=name[:80],
            kind=kind,
            before=before,
            after=after,
            created_at=at,
        )
    )


def _newest_done(tournament_id: int, station: str) -> ScalarSelect[int | None]:
    return (
        select(func.max(ClockStepRow.id))
        .where(
            col(ClockStepRow.tournament_id) == tournament_id,
            col(ClockStepRow.station) == station,
            ~col(ClockStepRow.undone),
        )
        .scalar_subquery()
    )


def redo_step(session: Session, tournament_id: int, station: str, after: str, at: datetime) -> None:
    """Mark the station's next step to redo (the oldest undone one after the newest done one)
    done again, with what it left this time (`after`: the clock, JSON, or the registration
    choice), in one statement."""
    oldest = (
        select(func.min(ClockStepRow.id))
        .where(
            col(ClockStepRow.tournament_id) == tournament_id,
            col(ClockStepRow.station) == station,
            col(ClockStepRow.undone),
            col(ClockStepRow.id) > func.coalesce(_newest_done(tournament_id, station), 0),
        )
        .scalar_subquery()
    )
    session.execute(
        update(ClockStepRow)
        .where(col(ClockStepRow.id) == oldest)
        .values(undone=False, after=after, created_at=at)
    )


def undo_last_step(session: Session, tournament_id: int, station: str) -> None:
    """Mark the station's newest done step undone (an undo of it was saved), in one
    statement: the Redo offers it until a new press."""
    newest = _newest_done(tournament_id, station)
    session.execute(update(ClockStepRow).where(col(ClockStepRow.id) == newest).values(undone=True))


def last_steps(
    session: Session, tournament_id: int, station: str
) -> list[tuple[str, str, str, str, bool]]:
    """(kind, name, before, after, undone) of the station's newest `KEPT_STEPS` steps, oldest
    first: the done ones, then the ones undone after the newest done one, in the order they
    were done (steps undone before a newer press are left out: that press dropped them from
    the Redo)."""
    rows = session.execute(
        sa_select(
            col(ClockStepRow.kind),
            col(ClockStepRow.name),
            col(ClockStepRow.before),
            col(ClockStepRow.after),
            col(ClockStepRow.undone),
        )
        .where(
            col(ClockStepRow.tournament_id) == tournament_id,
            col(ClockStepRow.station) == station,
        )
        .order_by(col(ClockStepRow.id).desc())
        .limit(KEPT_STEPS)
    ).all()
    steps = [(kind, name, before, after, undone) for kind, name, before, after, undone in rows]
    steps.reverse()
    done = [i for i, step in enumerate(steps) if not step[4]]
    newest = done[-1] if done else -1
    return [step for i, step in enumerate(steps) if not step[4] or i > newest]
