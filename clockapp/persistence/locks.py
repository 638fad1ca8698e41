"""Locks taken at the start of an action that reads shared state and then writes it.

Every such action runs in a transaction from `ServiceContext.transaction()`, which on SQLite begins
with BEGIN IMMEDIATE (the whole database is locked for writing before the first read). PostgreSQL
locks rows instead: `lock_tournament` takes the tournament's row FOR UPDATE, so two stations acting
on one tournament queue up, and each reads the state the other committed (READ COMMITTED gives every
statement after the lock a fresh snapshot).
"""

from __future__ import annotations

import functools
from typing import Any

from sqlalchemy import Select, bindparam
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from clockapp.persistence.models import TournamentRow
from clockapp.persistence.queries.changes import (
    app_revision_column,
    note_revisions,
    of_the_tournament,
)

# Built once: every write action starts with it (SQLAlchemy's compiled cache serves it).
_LOCK = select(TournamentRow).where(col(TournamentRow.id) == bindparam("tid")).with_for_update()

#: `Session.info` key of the rows `bring_rows` read (the identity map holds rows weakly).
_BROUGHT = "clockapp.brought"


def lock_tournament(session: Session, tournament_id: int) -> TournamentRow | None:
    """Lock one tournament's row for the rest of the transaction; None when it does not exist.

    SQLAlchemy leaves FOR UPDATE out on SQLite, where BEGIN IMMEDIATE already holds the lock.
    """
    return session.exec(_LOCK, params={"tid": tournament_id}).first()


@functools.cache
def _bringing(models: tuple[type[Any], ...]) -> Select[Any]:
    query = sa_select(*models, app_revision_column()).select_from(TournamentRow)
    return of_the_tournament(query, models)


def bring_rows(session: Session, locked: TournamentRow, models: tuple[type[Any], ...]) -> None:
    """After `lock_tournament`: read the tournament's one-to-one rows of `models` that exist
    into the session in one statement (the action's reads of them by key then cost none), with
    where the change feed stands (`changes.revisions` answers from it until the action appends
    its change).

    A statement of its own, after the lock: on PostgreSQL a statement that waited for the lock
    reads the other tables as they were before it waited; the next one sees what the
    transaction it waited for committed.
    """
    tournament_id = locked.id
    assert tournament_id is not None
    found = session.execute(_bringing(models), {"tid": tournament_id}).one()
    *rows, app_revision = found
    session.info.setdefault(_BROUGHT, []).extend(r for r in rows if r is not None)
    note_revisions(session, tournament_id, (int(locked.revision), int(app_revision)))
