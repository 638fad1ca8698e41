"""A PostgreSQL server that hangs or stops is noticed in seconds, and reported in the app's words.

A server of the test's own, paused with SIGSTOP (it stops answering without closing anything, as a
host that sleeps) or stopped as a host would stop it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import event, text

from clockapp.persistence import db
from clockapp.persistence.db import PG_CONNECT_TIMEOUT_S, make_engine, writing
from clockapp.persistence.errors import DatabaseBusyError, DatabaseUnreachableError
from clockapp.persistence.session import reading, transaction
from clockapp.persistence.watch import watch
from tests import pgserver

pytestmark = pytest.mark.postgres


@pytest.fixture(scope="module")
def module_server() -> Iterator[pgserver.Server]:
    bindir = pgserver.find_bin()
    if bindir is None:
        pytest.skip("pausing a server needs PostgreSQL's binaries (initdb, pg_ctl) here")
    with pgserver.restartable_server(bindir) as started:
        yield started


@pytest.fixture
def server(module_server: pgserver.Server) -> Iterator[pgserver.Server]:
    """The module's server, running (a test that stopped it has it started again)."""
    yield module_server
    module_server.resume()
    module_server.start_if_stopped()


def _one_action(url: str) -> BaseException | None:
    """Run one small write action on a new engine; the error it ended with (None: it worked)."""
    engine = make_engine(url)
    try:
        with transaction(writing(engine)) as session:
            session.exec(text("SELECT 1"))  # type: ignore[call-overload]
    except BaseException as error:
        return error
    finally:
        engine.dispose()
    return None


@pytest.mark.slow
def test_a_hung_server_fails_a_new_connection_within_the_connect_timeout(
    server: pgserver.Server,
) -> None:
    ended: list[BaseException | None] = []
    server.pause()
    try:
        started = time.monotonic()
        worker = threading.Thread(target=lambda: ended.append(_one_action(server.url)))
        worker.start()
        worker.join(timeout=PG_CONNECT_TIMEOUT_S + 10)
        took = time.monotonic() - started
        assert not worker.is_alive(), "the connection attempt still hangs"
    finally:
        server.resume()
        worker.join()
    assert isinstance(ended[0], DatabaseUnreachableError)
    assert "cannot be reached, so nothing was changed" in str(ended[0])
    assert took >= PG_CONNECT_TIMEOUT_S - 0.5  # it was the timeout that ended the wait


@pytest.mark.slow
def test_a_stopped_server_is_the_apps_own_error(server: pgserver.Server) -> None:
    server.stop()
    error = _one_action(server.url)
    assert isinstance(error, DatabaseUnreachableError)
    assert "cannot be reached, so nothing was changed" in str(error)


def test_connections_carry_keepalives_and_a_bound_on_every_wait(server: pgserver.Server) -> None:
    engine = make_engine(server.url)
    try:
        with engine.connect() as connection:
            shown = {
                name: connection.exec_driver_sql(f"SHOW {name}").scalar()
                for name in ("statement_timeout", "lock_timeout")
            }
            raw = connection.connection.driver_connection
            assert raw is not None
            parameters = raw.info.get_parameters()
    finally:
        engine.dispose()
    assert shown == {"statement_timeout": "15s", "lock_timeout": "15s"}
    assert parameters["keepalives"] == "1"
    assert int(parameters["keepalives_idle"]) <= 10
    assert int(parameters["connect_timeout"]) == PG_CONNECT_TIMEOUT_S
    assert int(parameters["tcp_user_timeout"]) > 0


def test_a_parameter_in_the_url_wins_over_the_apps_default(server: pgserver.Server) -> None:
    engine = make_engine(server.url + "?connect_timeout=9")
    try:
        with engine.connect() as connection:
            raw = connection.connection.driver_connection
            assert raw is not None
            assert raw.info.get_parameters()["connect_timeout"] == "9"
    finally:
        engine.dispose()


def test_back_to_back_actions_do_not_ping_the_server_first(
    server: pgserver.Server, tmp_path: Path
) -> None:
    """A burst of reads costs their statements only: no round trip per checkout for a ping, and
    none for a BEGIN or a ROLLBACK (a read runs outside a transaction: `session.reader`)."""
    engine = make_engine(server.url)
    trace = tmp_path / "libpq.trace"
    with trace.open("w") as sink:

        @event.listens_for(engine, "connect")
        def _trace(dbapi_connection, _record) -> None:  # type: ignore[no-untyped-def]
            dbapi_connection.pgconn.trace(sink.fileno())

        try:
            for _ in range(20):
                with reading(engine) as session:
                    session.exec(text("SELECT 42"))  # type: ignore[call-overload]
        finally:
            engine.dispose()
    sent = [line.split("\t", 3)[3] for line in trace.read_text().splitlines() if "\tF\t" in line]
    # psycopg sends a statement as a simple Query, or (once it has prepared it) as Bind and
    # Execute, each ended by a Sync that waits for the answer.
    ran = [m for m in sent if m.startswith("Execute") or m.startswith('Query\t "SELECT 42"')]
    trips = [m for m in sent if m.startswith(("Query", "Sync"))]
    assert len(ran) == 20
    assert len(trips) <= 20 + 1  # the statements (and the one Parse): no ping, BEGIN or ROLLBACK


def test_an_idle_connection_to_a_restarted_server_is_replaced_before_use(
    server: pgserver.Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(db, "PG_PING_AFTER_IDLE_S", 0.0)  # every pooled connection counts as idle
    engine = make_engine(server.url)
    try:
        with reading(engine) as session:
            session.exec(text("SELECT 1"))  # type: ignore[call-overload]
        server.stop()
        server.start()
        with reading(engine) as session:  # the pooled connection is dead: a new one is used
            assert session.exec(text("SELECT 2")).scalar() == 2  # type: ignore[call-overload]
    finally:
        engine.dispose()


def test_a_lock_held_past_the_lock_timeout_is_refused_in_words(server: pgserver.Server) -> None:
    holder = make_engine(server.url)
    # The URL's own options replace the app's, so the wait is short here.
    waiter = make_engine(server.url + "?options=-c%20lock_timeout%3D200")
    try:
        with holder.begin() as held:
            held.exec_driver_sql("CREATE TABLE t (x int)")
        with holder.begin() as held:
            held.exec_driver_sql("LOCK TABLE t IN ACCESS EXCLUSIVE MODE")
            with (
                pytest.raises(DatabaseBusyError, match="nothing was changed"),
                transaction(writing(waiter)) as session,
            ):
                session.exec(text("INSERT INTO t VALUES (1)"))  # type: ignore[call-overload]
    finally:
        holder.dispose()
        waiter.dispose()


@pytest.mark.slow
def test_a_station_notices_a_hung_server_in_seconds_and_its_return(
    server: pgserver.Server,
) -> None:
    engine = make_engine(server.url)
    watcher = watch(engine)
    try:
        watcher.changed()  # the sign every watcher starts with
        watcher.wait(10)  # and the one it gives once it listens
        server.pause()
        try:
            paused = time.monotonic()
            deadline = paused + 30
            while watcher.online and time.monotonic() < deadline:
                watcher.wait(0.1)
            noticed = time.monotonic() - paused
            assert not watcher.online, "a server that stopped answering went unnoticed"
            assert noticed < 15
        finally:
            server.resume()
        deadline = time.monotonic() + 30
        while not watcher.online and time.monotonic() < deadline:
            watcher.wait(0.1)
        assert watcher.online
    finally:
        watcher.close()
        engine.dispose()
