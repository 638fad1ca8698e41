"""Locks taken at the start of an action that reads shared state and then writes it.

Every such action runs in a transaction from `ServiceContext.transaction()`, which on SQLite begins
with BEGIN IMMEDIATE (the whole database is locked for writing before the first read). PostgreSQL
locks rows instead: `lock_tournament` takes the tournament's row FOR UPDATE, so two stations acting
on one tournament queue up, and each reads the state the other committed (READ COMMITTED gives every
statement after the lock a fresh snapshot).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import bindparam, func
from sqlmodel import Session, col, select

from clockapp.persistence.models import (
    AppRevisionRow,
    CashierConfigRow,
    ClockRow,
    SetupRow,
    TournamentRow,
)
from clockapp.persistence.queries.changes import APP_ROW, note_revisions

#: The tournament's one-to-one rows nearly every action reads next: they come with the lock.
WITH_THE_LOCK: tuple[type[Any], ...] = (SetupRow, ClockRow, CashierConfigRow)
#: `Session.info` key of the rows the lock brought (the identity map holds rows weakly).
_BROUGHT = "clockapp.locked"


def _lock() -> Any:
    app = (
        select(func.coalesce(func.max(AppRevisionRow.revision), 0))
        .where(col(AppRevisionRow.id) == APP_ROW)
        .scalar_subquery()
    )
    query = select(TournamentRow, *WITH_THE_LOCK, app)
    for model in WITH_THE_LOCK:
        query = query.outerjoin(model, col(model.tournament_id) == col(TournamentRow.id))
    return query.where(col(TournamentRow.id) == bindparam("tid")).with_for_update(
        of=TournamentRow  # type: ignore[arg-type]
    )


# Built once: every write action starts with it (SQLAlchemy's compiled cache serves it).
_LOCK = _lock()


def lock_tournament(session: Session, tournament_id: int) -> TournamentRow | None:
    """Lock one tournament's row for the rest of the transaction; None when it does not exist.

    The same statement loads the rows in `WITH_THE_LOCK` that exist into the session (the
    action's reads of them by key then cost no statement), and where the change feed stands
    (`changes.revisions` answers from it until the action appends its change). SQLAlchemy
    leaves FOR UPDATE out on
    SQLite, where BEGIN IMMEDIATE already holds the lock; on PostgreSQL only the tournament's
    row is locked.
    """
    found = session.exec(_LOCK, params={"tid": tournament_id}).first()
    if found is None:
        return None
    row, *brought, app_revision = found
    session.info.setdefault(_BROUGHT, []).extend(r for r in brought if r is not None)
    note_revisions(session, tournament_id, (int(row.revision), int(app_revision)))
    return row
