"""Cheap signs that another station committed something, so a station reads the feed at once.

A station asks `changed()` often (every ~50 ms); it answers without a query when nothing happened:

- SQLite: `PRAGMA data_version` on one kept connection of the watcher's own. SQLite changes the
  number whenever another connection (this process's pool or another process) commits; the pragma
  reads a counter in shared memory, costing microseconds.
- PostgreSQL: a thread LISTENs on `queries.changes.CHANNEL` over its own connection; every action
  NOTIFYs inside its transaction, delivered at commit. `changed()` reads a flag the thread sets.
  When the connection drops the thread says so (`online`) and reconnects by itself; on reconnect
  it reports a change, since notifications sent meanwhile were lost.

Either way `changed()` may say True when nothing the station shows changed (the station then reads
its tournament's revision and finds nothing new); it never says False after a commit it has not
reported.
"""

from __future__ import annotations

import logging
import select
import sqlite3
import threading
import time
from collections.abc import Callable
from typing import Any, Protocol

from sqlalchemy.engine import Engine

from clockapp.persistence.db import server_connect_args
from clockapp.persistence.queries.changes import CHANNEL

log = logging.getLogger(__name__)

#: How long the PostgreSQL listener waits before trying a lost server again.
RECONNECT_S = 0.5
#: How long the PostgreSQL listener lets its connection be quiet before it asks the server a
#: trivial question, and how long it waits for the answer: a server that stopped answering
#: without closing anything (asleep, a dropped network) is seen in seconds, not at the
#: kernel's TCP timeouts (or never, while the kernel still acknowledges).
HEARTBEAT_S = 2.0
HEARTBEAT_TIMEOUT_S = 3.0
#: How often `SqliteWatcher.wait` reads data_version.
POLL_S = 0.05


class Watcher(Protocol):
    """What a station asks between reads of the feed."""

    @property
    def online(self) -> bool:
        """False while the database cannot be reached (as far as the watcher knows)."""
        ...

    def changed(self) -> bool:
        """True when something may have been committed since the last call."""
        ...

    def wait(self, timeout: float) -> bool:
        """Block up to `timeout` seconds for a sign (as `changed`, for a station without Qt)."""
        ...

    def on_sign(self, wake: Callable[[], None]) -> None:
        """Call `wake` (from the listener's thread) as soon as a sign comes, where the watcher
        has a listener (PostgreSQL); elsewhere the station asks `changed` on its timer."""
        ...

    def close(self) -> None:
        """Let go of the watcher's connection (and thread)."""
        ...


def watch(engine: Engine) -> Watcher:
    """The watcher for `engine`'s database."""
    if engine.dialect.name == "sqlite":
        return SqliteWatcher(engine.url.database or "")
    if engine.dialect.name == "postgresql":
        return PostgresWatcher(engine.url)
    return _AlwaysWatcher()  # pragma: no cover - clockapp runs on SQLite and PostgreSQL only


class SqliteWatcher:
    """`PRAGMA data_version` on a connection kept for it."""

    def __init__(self, path: str) -> None:
        self._path = path
        self._connection: sqlite3.Connection | None = None
        self._version: int | None = None
        self.online = True

    def changed(self) -> bool:
        if not self._path or self._path == ":memory:":
            return False  # a private in-memory database: no other station can write to it
        try:
            if self._connection is None:
                self._connection = sqlite3.connect(self._path, check_same_thread=False)
            version = int(self._connection.execute("PRAGMA data_version").fetchone()[0])
        except sqlite3.Error:
            self.close()
            self.online = False
            return True  # let the station's own read say what is wrong
        self.online = True
        moved = version != self._version
        self._version = version
        return moved

    def wait(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while not self.changed():
            if time.monotonic() >= deadline:
                return False
            time.sleep(POLL_S)
        return True

    def on_sign(self, wake: Callable[[], None]) -> None:
        return None  # no listener: the station's timer asks `changed`

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None
            self._version = None


class PostgresWatcher:
    """A thread LISTENing for the actions' NOTIFY; reconnects by itself."""

    def __init__(self, url: Any) -> None:
        self._conninfo = url.set(drivername="postgresql").render_as_string(hide_password=False)
        # The listener's connection is bounded as the pool's are: a lost server is seen in seconds.
        self._connect_args = server_connect_args(url)
        self._flag = threading.Event()
        self._flag.set()  # read once at the start
        self._wake: Callable[[], None] | None = None
        self._stop = threading.Event()
        self._online = True
        self._thread = threading.Thread(target=self._listen, name="clockapp-listen", daemon=True)
        self._thread.start()

    @property
    def online(self) -> bool:
        return self._online

    def changed(self) -> bool:
        if self._flag.is_set():
            self._flag.clear()
            return True
        return False

    def wait(self, timeout: float) -> bool:
        self._flag.wait(timeout)
        return self.changed()

    def on_sign(self, wake: Callable[[], None]) -> None:
        self._wake = wake

    def _sign(self) -> None:
        self._flag.set()
        wake = self._wake
        if wake is not None:
            try:
                wake()
            except RuntimeError:  # the station's object is gone (closing): stop waking it
                self._wake = None

    def close(self) -> None:
        self._wake = None
        self._stop.set()

    def _listen(self) -> None:
        import psycopg  # the PostgreSQL driver, only where a server is used

        while not self._stop.is_set():
            try:
                with psycopg.connect(self._conninfo, autocommit=True, **self._connect_args) as conn:
                    self._ask(conn, f"LISTEN {CHANNEL}")
                    if not self._online:
                        log.info("the database server is back")
                    self._online = True
                    self._sign()  # anything sent while we were away was lost: read now
                    heard = time.monotonic()
                    while not self._stop.is_set():
                        for _note in conn.notifies(timeout=0.5, stop_after=1):
                            self._sign()
                            heard = time.monotonic()
                        if time.monotonic() - heard >= HEARTBEAT_S:
                            if self._ask(conn, "SELECT 1"):
                                self._sign()
                            heard = time.monotonic()
            except psycopg.Error as error:
                if self._online:  # one line for the outage, not one per attempt
                    detail = " ".join(str(error).split())
                    log.warning("lost the database server: %s", detail)
                self._online = False
                self._sign()
                self._stop.wait(RECONNECT_S)

    @staticmethod
    def _ask(conn: Any, query: str) -> bool:
        """Send `query`, waiting at most `HEARTBEAT_TIMEOUT_S` for the answer; True when
        notifications came with it.

        When the answer does not come, the connection is closed (leaving psycopg's block would
        first wait on the silent server to roll back the query in flight) and psycopg's
        OperationalError raised. Done on libpq's connection, as psycopg's calls wait for ever.
        """
        import psycopg

        try:
            return PostgresWatcher._ask_within(conn.pgconn, query.encode())
        except psycopg.Error:
            conn.close()
            raise

    @staticmethod
    def _ask_within(pgconn: Any, query: bytes) -> bool:
        import psycopg

        deadline = time.monotonic() + HEARTBEAT_TIMEOUT_S

        def ready(write: bool) -> bool:
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            sockets = [pgconn.socket]
            if write:
                return bool(select.select([], sockets, [], left)[1])
            return bool(select.select(sockets, [], [], left)[0])

        pgconn.send_query(query)
        while pgconn.flush() != 0:
            if not ready(write=True):
                raise psycopg.OperationalError("the server stopped answering")
        pgconn.consume_input()
        while pgconn.is_busy():
            if not ready(write=False):
                raise psycopg.OperationalError(
                    f"the server did not answer for {HEARTBEAT_TIMEOUT_S:g} s"
                )
            pgconn.consume_input()
        while (result := pgconn.get_result()) is not None:
            if result.status == psycopg.pq.ExecStatus.FATAL_ERROR:
                raise psycopg.OperationalError(result.error_message.decode(errors="replace"))
        noted = False
        while pgconn.notifies() is not None:
            noted = True
        return noted


class _AlwaysWatcher:  # pragma: no cover - a database clockapp does not know: read every time
    online = True

    def changed(self) -> bool:
        return True

    def wait(self, timeout: float) -> bool:
        time.sleep(timeout)
        return True

    def on_sign(self, wake: Callable[[], None]) -> None:
        return None

    def close(self) -> None:
        return None
