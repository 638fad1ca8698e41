"""The engine: `make_engine(url)`, the default database location, and migrations at start-up.

SQLite (the default, one file in the user data folder) is opened with foreign keys on, WAL and
synchronous=FULL so an acknowledged transaction survives a crash or a power cut. Several stations on
several machines share one PostgreSQL server instead: `clockapp --db postgresql+psycopg://...`.
"""

from __future__ import annotations

import random
import re
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import event, inspect, text
from sqlalchemy.engine import URL, Connection, Engine, make_url
from sqlalchemy.exc import InvalidatePoolError, OperationalError
from sqlmodel import create_engine

from clockapp.i18n import gettext as _
from clockapp.paths import user_data_dir
from clockapp.persistence.checks import (
    check_sqlite_file,
    corrupt_error,
    disk_full_error,
    is_disk_full,
    read_only_error,
    too_new_error,
)
from clockapp.persistence.errors import (
    DATABASE_HELD,
    BackupError,
    DatabaseBusyError,
    DatabaseOpenError,
    DatabaseServerDownError,
)

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"


def default_url() -> str:
    """The SQLite file in the user's data folder."""
    return sqlite_url(user_data_dir() / "clockapp.db")


def sqlite_url(path: Path | str) -> str:
    """The SQLAlchemy URL of a SQLite file.

    >>> sqlite_url("/tmp/t.db")
    'sqlite:////tmp/t.db'
    """
    return f"sqlite:///{Path(path).resolve()}"


def normalize_url(url_or_path: str) -> str:
    """Accept a SQLAlchemy URL or a plain file path (taken as a SQLite file).

    A plain `postgresql://` URL (as PostgreSQL's own tools write it) uses psycopg, the driver
    clockapp ships with, rather than SQLAlchemy's default psycopg2.

    >>> normalize_url("postgresql+psycopg://u@h/db")
    'postgresql+psycopg://u@h/db'
    >>> normalize_url("postgresql://u@h:5432/db")
    'postgresql+psycopg://u@h:5432/db'
    >>> normalize_url("/tmp/night.db")
    'sqlite:////tmp/night.db'
    """
    if "://" in url_or_path:
        make_url(url_or_path)  # raises a clear ArgumentError on a malformed URL
        for plain in ("postgresql://", "postgres://"):
            if url_or_path.startswith(plain):
                return "postgresql+psycopg://" + url_or_path[len(plain) :]
        return url_or_path
    return sqlite_url(url_or_path)


#: The execution option that says how a SQLite transaction begins: "DEFERRED" for reads,
#: "IMMEDIATE" for an action that reads then writes (it takes the write lock before its first read,
#: so two stations can never both read a state and then both write their own version of it).
SQLITE_BEGIN = "clockapp_sqlite_begin"


#: The longest an action waits for SQLite's write lock, in all, before it is refused with
#: `DatabaseBusyError` (nothing changed). Transactions hold the lock for milliseconds.
SQLITE_WRITE_WAIT_S = 10.0
#: SQLite's own wait for a lock, per attempt. Its wait is a poll, not a queue: a long one lets a
#: waiter miss the lock over and over while others take it, so each attempt is short and the
#: station's writers take turns (`WriterQueue`), retrying with a random backoff in between.
SQLITE_BUSY_TIMEOUT_MS = 200
#: The longest pause between two attempts.
SQLITE_MAX_BACKOFF_S = 0.2

#: The execution option holding a SQLite engine's `WriterQueue`.
WRITERS = "clockapp_writers"


class WriterQueue:
    """The writers of one process in line for a SQLite database's write lock.

    Only the writer whose turn it is asks SQLite for the file's lock (and polls for it while
    another process holds it); the others wait here, woken in turn, instead of all polling.
    """

    def __init__(self) -> None:
        self._lock = threading.RLock()
        self._count = threading.Lock()
        self._local = threading.local()
        #: How many writers are waiting for their turn (not counting the one whose turn it is).
        self.waiting = 0

    @contextmanager
    def turn(self) -> Iterator[None]:
        """Hold the turn for one transaction; `DatabaseBusyError` after `SQLITE_WRITE_WAIT_S`."""
        deadline = time.monotonic() + SQLITE_WRITE_WAIT_S
        with self._count:
            self.waiting += 1
        try:
            got = self._lock.acquire(timeout=SQLITE_WRITE_WAIT_S)
        finally:
            with self._count:
                self.waiting -= 1
        if not got:
            raise DatabaseBusyError(_(DATABASE_HELD))
        outer = getattr(self._local, "deadline", None)
        self._local.deadline = outer or deadline
        try:
            yield
        finally:
            self._local.deadline = outer
            self._lock.release()

    def deadline(self) -> float | None:
        """When the current thread's turn must have the file's lock (None: not its turn)."""
        return getattr(self._local, "deadline", None)


def writer_queue(engine: Engine) -> WriterQueue | None:
    """The `WriterQueue` of a SQLite engine (None for PostgreSQL, whose rows lock instead)."""
    queue = engine.get_execution_options().get(WRITERS)
    return queue if isinstance(queue, WriterQueue) else None


def _set_sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # pysqlite opens transactions itself, lazily and never for DDL; with isolation_level None it
    # leaves that to SQLAlchemy's "begin" event below, so a migration's DDL is one transaction and
    # a write transaction can take the lock first (SQLAlchemy's documented pysqlite recipe).
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
    finally:
        cursor.close()


def _begin_sqlite(connection: Any) -> None:
    options = connection.get_execution_options()
    mode = options.get(SQLITE_BEGIN, "DEFERRED")
    if mode != "IMMEDIATE":
        connection.exec_driver_sql(f"BEGIN {mode}")
        return
    queue = options.get(WRITERS)
    deadline = queue.deadline() if isinstance(queue, WriterQueue) else None
    if deadline is None:
        deadline = time.monotonic() + SQLITE_WRITE_WAIT_S
    pause = 0.01
    while True:
        try:
            connection.exec_driver_sql("BEGIN IMMEDIATE")
            return
        except OperationalError as error:
            if not _is_busy(error) or time.monotonic() >= deadline:
                if _is_busy(error):
                    raise DatabaseBusyError(_(DATABASE_HELD)) from error
                raise
        # A random pause, so stations that missed the lock together do not retry together.
        time.sleep(min(random.uniform(pause / 2, pause), max(0.0, deadline - time.monotonic())))
        pause = min(pause * 2, SQLITE_MAX_BACKOFF_S)


def _is_busy(error: OperationalError) -> bool:
    code = getattr(error.orig, "sqlite_errorcode", None)
    return code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED) or "locked" in str(error.orig)


def writing(engine: Engine) -> Engine:
    """The engine whose transactions take the database's write lock before their first read.

    On SQLite they begin with BEGIN IMMEDIATE; on PostgreSQL a transaction locks the rows it is
    about to change with SELECT ... FOR UPDATE (see `persistence.locks`), so this is the engine.
    """
    if engine.dialect.name == "sqlite":
        return engine.execution_options(**{SQLITE_BEGIN: "IMMEDIATE"})
    return engine


#: How long opening a connection to a PostgreSQL server may take (libpq's connect_timeout, which
#: covers the whole start-up: a server whose kernel accepts the connection while the server itself
#: sleeps is given up on after this, instead of never).
PG_CONNECT_TIMEOUT_S = 3
#: The longest a statement may run, or wait for a lock, on the server. Real actions take
#: milliseconds; this only makes sure nothing waits for ever behind a stuck session.
PG_STATEMENT_TIMEOUT_MS = 15_000
#: A pooled connection idle longer than this is checked with a ping before it is used; one used
#: a moment ago is not (a burst of actions would pay a round trip per transaction). A connection
#: that died meanwhile fails its action, which is refused in words, and the whole pool is then
#: replaced, so the next action connects afresh.
PG_PING_AFTER_IDLE_S = 2.0

_IDLE_SINCE = "clockapp_idle_since"


def server_connect_args(url: URL) -> dict[str, Any]:
    """libpq's parameters that bound every wait on the server: a connect timeout, TCP
    keepalives and a user timeout (a dropped network is seen in seconds, not the kernel's
    minutes), and server-side statement and lock timeouts.

    A parameter given in the URL's query (``?connect_timeout=10``) wins.

    >>> args = server_connect_args(make_url("postgresql+psycopg://u@h/db?connect_timeout=9"))
    >>> "connect_timeout" in args, args["keepalives"]
    (False, 1)
    """
    import psycopg  # only where a server is used

    wanted: dict[str, Any] = {
        "connect_timeout": PG_CONNECT_TIMEOUT_S,
        "keepalives": 1,
        "keepalives_idle": 5,
        "keepalives_interval": 2,
        "keepalives_count": 3,
        "options": (
            f"-c statement_timeout={PG_STATEMENT_TIMEOUT_MS} "
            f"-c lock_timeout={PG_STATEMENT_TIMEOUT_MS}"
        ),
    }
    if psycopg.pq.version() >= 120000:  # libpq 12 added it
        # Sent data left unacknowledged this long (a pulled cable) closes the connection.
        wanted["tcp_user_timeout"] = 10_000
    return {name: value for name, value in wanted.items() if name not in url.query}


def _ping_when_idle(engine: Engine) -> None:
    """Check a pooled connection with a ping only when it has been idle a while (see
    `PG_PING_AFTER_IDLE_S`); a dead one is replaced, and the pool with it, before use."""
    dialect = engine.dialect

    def checkin(_dbapi_connection: Any, record: Any) -> None:
        record.info[_IDLE_SINCE] = time.monotonic()

    def checkout(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        since = record.info.pop(_IDLE_SINCE, None)
        if since is None or time.monotonic() - since < PG_PING_AFTER_IDLE_S:
            return
        try:
            dialect.do_ping(dbapi_connection)
        except dialect.loaded_dbapi.Error as error:
            # The pool reconnects (a few attempts) and drops every older connection with it.
            raise InvalidatePoolError(
                _("the server did not answer a ping: {error}").format(error=error)
            ) from error

    event.listen(engine, "checkin", checkin)
    event.listen(engine, "checkout", checkout)


def make_engine(url: str) -> Engine:
    """Build the engine for `url` (a SQLAlchemy URL or a SQLite file path)."""
    url = normalize_url(url)
    if make_url(url).get_backend_name() == "sqlite":
        # Connections are pooled and kept open: closing the last connection to a WAL database makes
        # SQLite checkpoint the log into the file, which tripled the cost of each small transaction.
        # A pooled connection still sees other processes' commits at the start of every transaction.
        kwargs: dict[str, Any] = {"connect_args": {"check_same_thread": False}}
        engine = create_engine(url, **kwargs)
        engine.update_execution_options(**{WRITERS: WriterQueue()})
        event.listen(engine, "connect", _set_sqlite_pragmas)
        event.listen(engine, "begin", _begin_sqlite)
        return engine
    engine = create_engine(url, connect_args=server_connect_args(make_url(url)))
    _ping_when_idle(engine)
    return engine


def alembic_config(engine: Engine) -> Config:
    """Alembic's configuration for migrating `engine` with the migrations shipped in the package."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.attributes["engine"] = engine
    return config


_REVISION = re.compile(r"^revision: str = ['\"](\w+)['\"]", re.MULTILINE)
_DOWN_REVISION = re.compile(r"^down_revision: str \| None = ['\"](\w+)['\"]", re.MULTILINE)


def shipped_head() -> str | None:
    """The newest migration, read from the version files' headers without importing Alembic.

    Loading Alembic costs a noticeable part of a start-up; this lets an up-to-date database skip it.
    `head_revision()` gives the same answer through Alembic (a test checks they agree).
    """
    revisions: set[str] = set()
    parents: set[str] = set()
    for path in (MIGRATIONS_DIR / "versions").glob("*.py"):
        source = path.read_text(encoding="utf-8")
        found = _REVISION.search(source)
        if found:
            revisions.add(found.group(1))
            parents.update(_DOWN_REVISION.findall(source))
    heads = revisions - parents
    return heads.pop() if len(heads) == 1 else None


def shipped_revisions() -> frozenset[str]:
    """Every migration this clockapp ships (a database at another revision is from a newer one)."""
    found: set[str] = set()
    for path in (MIGRATIONS_DIR / "versions").glob("*.py"):
        match = _REVISION.search(path.read_text(encoding="utf-8"))
        if match:
            found.add(match.group(1))
    return frozenset(found)


def stored_revision(engine: Engine) -> str | None:
    """The migration recorded in the database, read with plain SQL (None when there is none)."""
    with engine.connect() as connection:
        if not inspect(connection).has_table("alembic_version"):
            return None
        return connection.execute(text("SELECT version_num FROM alembic_version")).scalar()


@contextmanager
def migration_transaction(engine: Engine) -> Iterator[Connection]:
    """The one transaction every migration runs in (Alembic's env.py): all of them or none.

    On SQLite, `PRAGMA foreign_keys` is a no-op inside a transaction, so it is switched off just
    before BEGIN: batch mode copies a table, drops the old one and renames the copy, and with
    foreign keys on, dropping a table other rows point to fails (or deletes them). The keys are
    checked once, before COMMIT, and switched back on afterwards. The transaction takes the
    write lock first (BEGIN IMMEDIATE).
    """
    with engine.connect() as connection:
        raw = connection.connection.driver_connection if engine.dialect.name == "sqlite" else None
        if raw is not None:
            raw.execute("PRAGMA foreign_keys=OFF")  # autocommit mode: before BEGIN
            # Two stations starting at once: the second waits for the first's upgrade, then
            # finds nothing left to do (a deferred BEGIN would fail when it came to write).
            connection.execution_options(**{SQLITE_BEGIN: "IMMEDIATE"})
        try:
            with connection.begin():
                if engine.dialect.name == "postgresql":
                    # A migration may copy a large table: only its lock waits stay bounded.
                    connection.exec_driver_sql("SET LOCAL statement_timeout = 0")
                yield connection
                if raw is not None:
                    broken = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
                    if broken:
                        raise RuntimeError(f"a migration broke foreign keys: {broken[:5]}")
        finally:
            if raw is not None:
                raw.execute("PRAGMA foreign_keys=ON")


def migrate(engine: Engine, *, backup: bool = True) -> None:
    """Bring the schema up to the newest migration (`alembic upgrade head`), in one transaction.

    A database already at the newest migration is left alone without loading Alembic. One from a
    newer clockapp is refused untouched (DatabaseTooNewError). Before an older SQLite database is
    upgraded, an online backup of it is written to its backups folder (unless `backup` is False).
    """
    head = shipped_head()
    stored = stored_revision(engine)
    if head is not None and stored == head:
        return
    if stored is not None and stored not in shipped_revisions():
        raise too_new_error(stored, sqlite_file(engine))
    path = sqlite_file(engine)
    if backup and stored is not None and path is not None:
        from clockapp.persistence.backup import write_backup

        try:
            write_backup(path, "upgrade", {"from_revision": stored, "to_revision": head})
        except BackupError as error:  # no upgrade without a way back
            raise BackupError(
                _(
                    "{error} The database was not upgraded: make room on the disk or make the "
                    "folder writable, then start clockapp again."
                ).format(error=error)
            ) from error
    from alembic import command

    command.upgrade(alembic_config(engine), "head")


def current_revision(engine: Engine) -> str | None:
    """The migration the database is at, or None for an empty database."""
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def head_revision() -> str | None:
    """The newest migration shipped with this version of clockapp."""
    from alembic.script import ScriptDirectory

    return ScriptDirectory(str(MIGRATIONS_DIR)).get_current_head()


def sqlite_path(url: str) -> Path | None:
    """The file of a SQLite URL (None for PostgreSQL or an in-memory database).

    >>> sqlite_path("sqlite:////tmp/night.db").as_posix()
    '/tmp/night.db'
    >>> sqlite_path("postgresql://u@h/db") is None
    True
    """
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(parsed.database)


def sqlite_file(engine: Engine) -> Path | None:
    """The SQLite file behind `engine` (None for PostgreSQL or an in-memory database)."""
    return sqlite_path(engine.url.render_as_string(hide_password=False))


def open_database(url: str | None = None) -> Engine:
    """Build the engine for `url` (default: the user's SQLite file) and migrate it.

    A SQLite file is checked first (`check_sqlite_file`): a database that cannot be used raises a
    `DatabaseOpenError` saying why, and is left as it is.
    """
    url = normalize_url(url or default_url())
    path = sqlite_path(url)
    if path is not None:
        check_sqlite_file(path, shipped_revisions())
    engine = make_engine(url)
    try:
        migrate(engine)
    except Exception as error:
        engine.dispose()
        if path is not None:
            raise _explain(error, path) from error
        if isinstance(error, OperationalError):  # the server is down, unreachable, refuses us
            shown = make_url(url).render_as_string(hide_password=True)
            detail = str(error.orig or error).strip().splitlines()[0]
            raise DatabaseServerDownError(
                _("Cannot connect to the database {shown}: {detail}").format(
                    shown=shown, detail=detail
                )
            ) from error
        raise
    return engine


def _explain(error: Exception, path: Path) -> Exception:
    """The app's error for a SQLite failure while opening `path` (others are returned as is)."""
    message = str(getattr(error, "orig", None) or error).lower()
    if is_disk_full(error, path.parent):
        return disk_full_error(path)
    if "readonly" in message or "read-only" in message:
        return read_only_error(path)
    if "malformed" in message or "not a database" in message or "corrupt" in message:
        return corrupt_error(path, str(getattr(error, "orig", None) or error))
    if "locked" in message or "busy" in message or isinstance(error, DatabaseBusyError):
        return DatabaseOpenError(
            _(
                "The database {path} is busy: another clockapp is writing "
                "to it (or upgrading it). Try again in a moment."
            ).format(path=path),
            path,
        )
    return error


def _set_read_only_pragmas(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.isolation_level = None  # transactions begun by the "begin" event, as above
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA query_only=ON")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
    finally:
        cursor.close()


def open_read_only(url: str | None = None) -> Engine:
    """An engine that only reads the clockapp database at `url`: it creates and changes nothing.

    A SQLite file is opened with `mode=ro` and `PRAGMA query_only` (a read-only file works); on
    PostgreSQL every transaction is read-only. The schema is never created or upgraded: a missing
    file, another program's database, or one whose schema is older or newer than this clockapp's
    raises a `DatabaseOpenError` naming it, and the database is left exactly as it was.
    """
    import sqlite3

    from sqlalchemy.pool import QueuePool

    from clockapp.persistence.backup import sqlite_uri

    url = normalize_url(url or default_url())
    path = sqlite_path(url)
    if path is None:
        shown = make_url(url).render_as_string(hide_password=True)
        engine = create_engine(
            url,
            pool_pre_ping=True,
            connect_args={"options": "-c default_transaction_read_only=on"},
        )
    else:
        shown = str(path)
        if not path.is_file():
            raise DatabaseOpenError(
                _("The database {path} does not exist.").format(path=path), path
            )
        uri = sqlite_uri(path, "ro")
        engine = create_engine(
            "sqlite://",
            creator=lambda: sqlite3.connect(uri, uri=True, check_same_thread=False),
            poolclass=QueuePool,
        )
        event.listen(engine, "connect", _set_read_only_pragmas)
        event.listen(engine, "begin", _begin_sqlite)
    try:
        stored = stored_revision(engine)
    except Exception as error:
        engine.dispose()
        message = str(getattr(error, "orig", None) or error).lower()
        if path is not None and ("not a database" in message or "malformed" in message):
            raise DatabaseOpenError(
                _("The file {path} is not a clockapp database.").format(path=path), path
            ) from error
        detail = str(getattr(error, "orig", None) or error).strip().splitlines()[0]
        raise DatabaseOpenError(
            _("Cannot read the database {shown}: {detail}").format(shown=shown, detail=detail), path
        ) from error
    if stored is None:
        engine.dispose()
        raise DatabaseOpenError(
            _("The file {shown} is not a clockapp database.").format(shown=shown), path
        )
    if stored not in shipped_revisions():
        engine.dispose()
        raise too_new_error(stored, path)
    if stored != shipped_head():
        engine.dispose()
        raise DatabaseOpenError(
            _(
                "The database {shown} was written by an older clockapp: open it once with "
                "clockapp to upgrade it, then serve it."
            ).format(shown=shown),
            path,
        )
    return engine
