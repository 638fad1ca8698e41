"""What every service needs: the engine, the clock, and the unit of work."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cached_property

from sqlalchemy.engine import Engine
from sqlalchemy.exc import DataError
from sqlmodel import Session, col, select

from clockapp.errors import ValidationError
from clockapp.persistence.db import writing
from clockapp.persistence.models import ChangeRow
from clockapp.services.changes import Change, Changes

Now = Callable[[], datetime]

#: `Session.info` key marking a write transaction's session: reads made in it go to the database,
#: never to a cache of what was committed before (the transaction may have written since).
WRITING = "clockapp.writing"


def system_now() -> datetime:
    """The real time, timezone-aware UTC: the only place the app reads the system clock."""
    return datetime.now(UTC)


@dataclass(frozen=True)
class ServiceContext:
    """The engine and the injected time source, shared by every service."""

    engine: Engine
    now: Now = system_now

    @cached_property
    def _writer(self) -> Engine:
        return writing(self.engine)

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """One user action: a session whose work commits together or not at all.

        It holds the database's write lock from its first statement on SQLite (BEGIN IMMEDIATE);
        on PostgreSQL an action that reads then writes shared state calls `lock_tournament` first.
        """
        with (
            _numbers_in_range(),
            Session(self._writer, expire_on_commit=False, info={WRITING: True}) as session,
            session.begin(),
        ):
            yield session

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """A read-only session (nothing is committed)."""
        with _numbers_in_range(), Session(self.engine) as session:
            yield session


#: The largest whole number a database column holds (SQLite's INTEGER, PostgreSQL's BIGINT).
MAX_STORED_INT = 2**63 - 1


@contextmanager
def _numbers_in_range() -> Iterator[None]:
    """A number too large for the database is the user's error, not a crash.

    SQLite's driver raises OverflowError for an int past 64 bits and PostgreSQL a DataError for
    one past its column: either way the transaction has rolled back, and the user is told.
    """
    try:
        yield
    except OverflowError as error:
        raise ValidationError(
            f"A number is too large: clockapp stores whole numbers up to {MAX_STORED_INT:,}."
        ) from error
    except DataError as error:
        detail = str(error.orig).strip().splitlines()[0] if error.orig else "out of range"
        raise ValidationError(f"A value cannot be stored: {detail}.") from error


def record_change(
    session: Session, tournament_id: int | None, what: Change, summary: str, at: datetime
) -> Changes:
    """Append the action to the change log inside the caller's transaction; returns its Changes."""
    row = ChangeRow(tournament_id=tournament_id, what=int(what), at=at, summary=summary[:300])
    session.add(row)
    session.flush()
    assert row.id is not None
    return Changes(tournament_id=tournament_id, what=what, revision=row.id)


def latest_revision(session: Session) -> int:
    """The newest revision in the database (0 when nothing was ever done)."""
    last = session.exec(select(ChangeRow.id).order_by(col(ChangeRow.id).desc()).limit(1)).first()
    return last or 0


def changes_since(session: Session, revision: int, tournament_id: int | None) -> Changes | None:
    """Everything committed after `revision` for one tournament (and app-wide rows), merged.

    Returns None when nothing changed. Stations poll this to see each other's actions.
    """
    rows = session.exec(
        select(ChangeRow.id, ChangeRow.what, ChangeRow.tournament_id)
        .where(col(ChangeRow.id) > revision)
        .order_by(col(ChangeRow.id))
    ).all()
    if not rows:
        return None
    what = Change.NONE
    for _id, flags, tid in rows:
        if tid is None or tid == tournament_id:
            what |= Change(flags)
    return Changes(tournament_id=tournament_id, what=what, revision=rows[-1][0] or revision)
