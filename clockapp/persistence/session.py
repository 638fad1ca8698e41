"""Sessions: one unit of work per user action (the SQLModel template's `core/db.py`).

Services open their sessions here and pass them to the query modules (`persistence.queries`); they
name the `Session` and `Engine` types through this module and build no SQL themselves. A number too
large for a column is the user's error, reported in words, never a driver's traceback.

Reads asked one after the other for the same change (each window refreshing what it shows) can
share one read transaction: inside `shared_reading(engine)`, every `reading(engine)` on that
thread gets the same session, and what it loaded stays in its identity map, so the tournament's
rows are read once for all of them (see `shared_reading`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager, nullcontext
from typing import Any, TypeVar, cast

from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DataError, DBAPIError, OperationalError
from sqlmodel import Session

from clockapp import formats
from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _
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
    "SHARED",
    "STATION",
    "WRITING",
    "Engine",
    "Session",
    "once_per_read",
    "reading",
    "shared_reading",
    "station_of",
    "transaction",
]

#: `Session.info` key marking a write transaction's session: reads made in it go to the database,
#: never to a cache of what was committed before (the transaction may have written since).
WRITING = "clockapp.writing"

#: `Session.info` key holding the name of the station whose action the transaction is
#: ("cashier@laptop2"): the change-log row it appends records it.
STATION = "clockapp.station"

#: `Session.info` key marking a read session shared by several reads (`shared_reading`): what
#: one of them read of the revisions serves the others (`services.context.revision_of`).
SHARED = "clockapp.shared"

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
    shared: _SharedReads | None = getattr(_here, "reads", None)
    if shared is not None:
        shared.end()  # reads after this action must see it: they begin a new transaction
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


def reader(engine: Engine) -> Engine:
    """The engine a read session runs on: on PostgreSQL its statements run outside a
    transaction (autocommit), which saves the BEGIN and the ROLLBACK around every read, two of
    the few round trips a refresh makes on a LAN. Nothing is lost: at READ COMMITTED every
    statement of a transaction takes a snapshot of its own anyway. On SQLite a read keeps its
    transaction, whose one snapshot its statements share.
    """
    if engine.dialect.name != "postgresql":
        return engine
    return engine.execution_options(isolation_level="AUTOCOMMIT")


@contextmanager
def reading(engine: Engine) -> Iterator[Session]:
    """A read-only session (nothing is committed); the shared one inside `shared_reading`."""
    shared: _SharedReads | None = getattr(_here, "reads", None)
    if shared is None or shared.engine is not engine:
        with _numbers_in_range(), Session(reader(engine)) as session:
            yield session
        return
    try:
        with _numbers_in_range():
            yield shared.session()
    except BaseException:
        shared.end()  # a failed read may leave the transaction unusable: the next one begins anew
        raise


class _SharedReads:
    """The read session the reads inside one `shared_reading` share, opened at the first."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._session: Session | None = None
        self._loaded: list[Any] = []

    def session(self) -> Session:
        if self._session is None:
            self._session = Session(reader(self.engine), info={SHARED: True})
            self._loaded = []
            # The identity map holds rows weakly: keep what was loaded, so the next read that
            # asks for the same row by its key (`Session.get`) finds it without a statement.
            event.listen(self._session, "loaded_as_persistent", self._on_loaded)
        return self._session

    def _on_loaded(self, _session: Session, instance: Any) -> None:
        self._loaded.append(instance)

    def end(self) -> None:
        session, self._session = self._session, None
        self._loaded = []
        if session is not None:
            session.close()


_here = threading.local()

#: `Session.info` key of what `once_per_read` worked out in a shared read session.
_ONCE = "clockapp.once"

T = TypeVar("T")
R = TypeVar("R")

#: `Session.info` key of the rows a shared read session found missing (`one_to_one`, `none_of`).
_MISSING = "clockapp.missing"


def note_missing(session: Session, model: type[Any], key: Hashable) -> None:
    """Remember, in a read session several reads share, that `model` has no row for `key` (its
    primary key, or the tournament of a table with several rows per tournament): read with the
    tournament's row (`persistence.queries.changes.revisions_loading_row`)."""
    if session.info.get(SHARED):
        session.info.setdefault(_MISSING, set()).add((model, key))


def none_of(session: Session, model: type[Any], key: Hashable) -> bool:
    """Whether a shared read session already knows that `model` has no row for `key`
    (`note_missing`): the query for those rows can be left out. False when it does not know."""
    return (model, key) in session.info.get(_MISSING, ())


def one_to_one(session: Session, model: type[R], key: Hashable) -> R | None:
    """`session.get(model, key)`, but None without a statement for a row a shared read session
    already found missing (`note_missing`). A row it found is in its identity map already, so
    `session.get` answers that one without a statement too."""
    if none_of(session, model, key):
        return None
    return session.get(model, key)


def once_per_read(session: Session, key: Hashable, compute: Callable[[], T]) -> T:
    """`compute()`, worked out once in a read session that several reads share (`shared_reading`):
    each later read of the same `key` there gets the same answer, of the same moment. Anywhere
    else (a write transaction, a read of its own) it is worked out each time.

    `key` names the query and its arguments; the answer must be a frozen value (it is shared).
    """
    if not session.info.get(SHARED):
        return compute()
    known: dict[Hashable, Any] = session.info.setdefault(_ONCE, {})
    if key not in known:
        known[key] = compute()
    return cast(T, known[key])


@contextmanager
def shared_reading(engine: Engine) -> Iterator[None]:
    """Let every `reading(engine)` on this thread until the end share one read session.

    One transaction (one BEGIN, one snapshot on SQLite) instead of one per read, and each row
    read by its key once: for the reads one change makes every window ask, one after the other.
    An action's transaction on this thread ends the shared session (what is read after it
    begins anew and sees it), and so does a read that fails. Nested, the outer one is shared.
    """
    if getattr(_here, "reads", None) is not None:
        yield
        return
    shared = _here.reads = _SharedReads(engine)
    try:
        yield
    finally:
        _here.reads = None
        shared.end()


@contextmanager
def _numbers_in_range() -> Iterator[None]:
    """A number too large for the database is the user's error, not a crash; so are a broken
    character, a lost server and a file another station held too long (the transaction rolled
    back either way).

    SQLite's driver raises OverflowError for an int past 64 bits and PostgreSQL a DataError for
    one past its column: either way the transaction has rolled back, and the user is told. Both
    drivers raise UnicodeEncodeError for a lone surrogate (half of a UTF-16 pair), which UTF-8
    cannot hold: the services clean what they store (`clockapp.core.text`), and this catches
    any text that reaches a statement another way, a search or a lookup by name included.
    """
    try:
        yield
    except OverflowError as error:
        raise ValidationError(
            _(
                "A number is too large: clockapp stores whole numbers up to {max_stored_int}."
            ).format(max_stored_int=formats.number(MAX_STORED_INT))
        ) from error
    except UnicodeEncodeError as error:
        broken = ord(error.object[error.start])
        raise ValidationError(
            _(
                "A text holds a broken character (U+{broken:04X}) that cannot be stored or "
                "looked up; type it again."
            ).format(broken=broken)
        ) from error
    except DataError as error:
        detail = str(error.orig).strip().splitlines()[0] if error.orig else "out of range"
        raise ValidationError(
            _("A value cannot be stored: {detail}.").format(detail=detail)
        ) from error
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
            _(
                "The database server took too long (another station holds "
                "what this action needs, or the server is overloaded), so "
                "nothing was changed. Try again."
            )
        )
    if error.connection_invalidated or _server_gone(error):
        return DatabaseUnreachableError(
            _(
                "The database server cannot be reached, so nothing was changed ({reason}). "
                "clockapp reconnects by itself: try again once the warning is gone."
            ).format(reason=detail)
            if detail
            else _(
                "The database server cannot be reached, so nothing was changed. clockapp "
                "reconnects by itself: try again once the warning is gone."
            )
        )
    if getattr(error.orig, "sqlite_errorname", "") == "SQLITE_FULL":
        return DiskFullError(_(DISK_FULL))
    if isinstance(error, OperationalError) and "locked" in detail:
        return DatabaseBusyError(_(DATABASE_HELD))
    return None


#: PostgreSQL's codes for a statement cancelled by its statement_timeout or lock_timeout.
_TOOK_TOO_LONG = frozenset({"57014", "55P03"})


def _server_gone(error: DBAPIError) -> bool:
    # psycopg's OperationalError covers a refused connection, a server shut down under the
    # session and a dropped network; SQLite's (a locked or unreadable file) is not a lost server.
    module = type(error.orig).__module__ if error.orig is not None else ""
    return isinstance(error, OperationalError) and module.startswith("psycopg")
