"""Locks taken at the start of an action that reads shared state and then writes it.

Every such action runs in a transaction from `ServiceContext.transaction()`, which on SQLite begins
with BEGIN IMMEDIATE (the whole database is locked for writing before the first read). PostgreSQL
locks rows instead: `lock_tournament` takes the tournament's row FOR UPDATE, so two stations acting
on one tournament queue up, and each reads the state the other committed (READ COMMITTED gives every
statement after the lock a fresh snapshot).
"""

from __future__ import annotations

from sqlalchemy import bindparam
from sqlmodel import Session, col, select

from clockapp.persistence.models import TournamentRow

# Built once: every write action starts with it (SQLAlchemy's compiled cache serves it).
_LOCK = select(TournamentRow).where(col(TournamentRow.id) == bindparam("tid")).with_for_update()


def lock_tournament(session: Session, tournament_id: int) -> TournamentRow | None:
    """Lock one tournament's row for the rest of the transaction; None when it does not exist.

    SQLAlchemy leaves FOR UPDATE out on SQLite, where BEGIN IMMEDIATE already holds the lock.
    """
    return session.exec(_LOCK, params={"tid": tournament_id}).first()
