"""Sessions: one unit of work per user action (the SQLModel template's `core/db.py`).

Services open their sessions here and pass them to the query modules (`persistence.queries`); they
name the `Session` and `Engine` types through this module and build no SQL themselves. A number too
large for a column is the user's error, reported in words, never a driver's traceback.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, nullcontext

from sqlalchemy.engine import Engine
from sqlalchemy.exc import DataError, DBAPIError, OperationalError
from sqlmodel import Session

from clockapp.errors import ValidationError
from clockapp.persistence.db import writer_queue
from clockapp.persistence.errors import (
    DATABASE_HELD,
    DISK_FULL,
    DatabaseBusyError,
    DatabaseUnreachableError,
    DiskFullError,
)

__all__ = [
    "MAX_STORED_INT",
    "STATION",
    "WRITING",
    "Engine",
    "Session",
    "reading",
    "station_of",
    "transaction",
]

#: `Session.info` key marking a write transaction's session: reads made in it go to the database,
#: never to a cache of what was committed before (the transaction may have written since).
WRITING = "clockapp.writing"

#: `Session.info` key holding the name of the station whose action the transaction is
#: ("cashier@laptop2"): the change-log row it appends records it.
STATION = "clockapp.station"

#: The largest whole number a database column holds (SQLite's INTEGER, PostgreSQL's BIGINT).
MAX_STORED_INT = 2**63 - 1


@contextmanager
def transaction(writer: Engine, station: str = "") -> Iterator[Session]:
    """A session whose work commits together or not at all, on `persistence.db.writing`'s engine.

    It holds the database's write lock from its first statement on SQLite (BEGIN IMMEDIATE); on
    PostgreSQL an action that reads then writes shared state calls `lock_tournament` first.
    `station` names who acts (see `station_of`).
    """
    info = {WRITING: True, STATION: station}
    queue = writer_queue(writer)
    with (
        queue.turn() if queue is not None else nullcontext(),
        _numbers_in_range(),
        Session(writer, expire_on_commit=False, info=info) as session,
        session.begin(),
    ):
        yield session


def station_of(session: Session) -> str:
    """The station whose action `session` carries ("" outside a station's transaction)."""
    return str(session.info.get(STATION, ""))


@contextmanager
def reading(engine: Engine) -> Iterator[Session]:
    """A read-only session (nothing is committed)."""
    with _numbers_in_range(), Session(engine) as session:
        yield session


@contextmanager
def _numbers_in_range() -> Iterator[None]:
    """A number too large for the database is the user's error, not a crash; so are a lost
    server and a file another station held too long (the transaction rolled back either way).

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
    except DBAPIError as error:
        readable = _lost_or_busy(error)
        if readable is None:
            raise
        raise readable from error


def _lost_or_busy(error: DBAPIError) -> Exception | None:
    """The readable error for a server that cannot be reached, a file held too long or a full
    disk."""
    detail = str(error.orig).strip().splitlines()[0] if error.orig else ""
    if getattr(error.orig, "sqlstate", None) in _TOOK_TOO_LONG:
        return DatabaseBusyError(
            "The database server took too long (another station holds what this action needs, "
            "or the server is overloaded), so nothing was changed. Try again."
        )
    if error.connection_invalidated or _server_gone(error):
        return DatabaseUnreachableError(
            "The database server cannot be reached, so nothing was changed"
            + (f" ({detail})" if detail else "")
            + ". clockapp reconnects by itself: try again once the warning is gone."
        )
    if getattr(error.orig, "sqlite_errorname", "") == "SQLITE_FULL":
        return DiskFullError(DISK_FULL)
    if isinstance(error, OperationalError) and "locked" in detail:
        return DatabaseBusyError(DATABASE_HELD)
    return None


#: PostgreSQL's codes for a statement cancelled by its statement_timeout or lock_timeout.
_TOOK_TOO_LONG = frozenset({"57014", "55P03"})


def _server_gone(error: DBAPIError) -> bool:
    # psycopg's OperationalError covers a refused connection, a server shut down under the
    # session and a dropped network; SQLite's (a locked or unreadable file) is not a lost server.
    module = type(error.orig).__module__ if error.orig is not None else ""
    return isinstance(error, OperationalError) and module.startswith("psycopg")
