"""Benchmark: a buy-in key press and a clock pause with the director, wall, cashier and tables open.

A tournament of 300 (then 3,000) players bought in and seated, on tables of 10 with seats to
spare, on a SQLite file with the app's settings; and, when `CLOCKAPP_TEST_PG_URL` names a
PostgreSQL server, on a fresh database there, reached through a small TCP proxy on 127.0.0.1
that holds every packet 1 ms each way (a LAN). One station is opened offscreen as the app opens
it: the director window and the wall (`ClockStation`), the cashier and the tables windows,
with the app's garbage collection (on the GUI thread, the start-up heap frozen).

Then the cashier sells buy-ins the way a cashier does (the player found, B, Enter on the
amount), the seat drawn in the same transaction, and the director pauses and resumes the clock
(Space on the wall). Each press is timed from the key to every window refreshed (the station's
worker idle, every queued event handled), and every SQL statement is counted with SQLAlchemy's
`before_cursor_execute` event; a round trip is a statement, a BEGIN the driver sends (PostgreSQL),
a COMMIT or a ROLLBACK.

Goals: a buy-in with its seat at most 40 statements and 30 round trips, every window's refresh
included; a pause at most 10 statements; a buy-in key press to every window refreshed, p99,
under 100 ms at 300 players and under 250 ms at 3,000 players, on each database. The service
call alone is timed beside it (the work that must not grow with the field).

Run: `QT_QPA_PLATFORM=offscreen .venv/bin/python bench/bench_refresh_budget.py [--players 300]`
(a few minutes: the 3,000-player field is sold through the service first). BENCH_TRACE=1 prints
the statements of one buy-in and one pause.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import os
import statistics
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # `tests` starts a server

from driving import press, settle
from goals import exit_code, verdict
from PySide6.QtCore import Qt, QtMsgType, qInstallMessageHandler
from PySide6.QtWidgets import QApplication
from sqlalchemy import event
from sqlalchemy.engine import Engine, make_url

from clockapp.core.clock import ClockStatus
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RebuyRule, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.persistence.db import make_engine, migrate, sqlite_url
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails

GOAL_BUY_IN_STATEMENTS = 40
GOAL_BUY_IN_TRIPS = 30
GOAL_PAUSE_STATEMENTS = 10
GOAL_P99_MS = {300: 100.0, 3000: 250.0}
PRESSES = {300: 40, 3000: 25}
PAUSES = 20
SEATS = 10
DELAY_S = 0.001
PRICE = EntryPrice(2000, house_fee=500, bounty=500)


# ---------------------------------------------------------------- counting
@dataclass
class Counter:
    """Statements and round trips the engine made since the last `take`."""

    server: bool
    statements: int = 0
    trips: int = 0
    trace: list[str] | None = None

    def listen(self, engine: Engine) -> None:
        event.listen(engine, "before_cursor_execute", self._on_execute)
        for name in ("begin", "commit", "rollback"):
            event.listen(engine, name, getattr(self, f"_on_{name}"))

    def _on_execute(self, _conn: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        self.statements += 1
        self.trips += 1
        if self.trace is not None:
            self.trace.append(f"{_caller():<60} {' '.join(statement.split())[:90]}")

    def _on_begin(self, conn: Any) -> None:
        # psycopg sends BEGIN itself (SQLite's BEGIN is a statement above), but not for a read
        # outside a transaction (`persistence.session.reader`).
        if self.server and not _autocommit(conn):
            self.trips += 1

    def _on_commit(self, conn: Any) -> None:
        if not _autocommit(conn):
            self.trips += 1

    def _on_rollback(self, conn: Any) -> None:
        if not _autocommit(conn):
            self.trips += 1

    def take(self) -> tuple[int, int]:
        taken = (self.statements, self.trips)
        self.statements = self.trips = 0
        return taken


def _autocommit(conn: Any) -> bool:
    """Whether the connection runs its statements outside a transaction (nothing is sent for
    its BEGIN, COMMIT or ROLLBACK)."""
    return bool(getattr(conn.connection.dbapi_connection, "autocommit", False))


def _caller() -> str:
    """The window or service part that asked for a statement (for BENCH_TRACE)."""
    ui = service = ""
    for frame in traceback.extract_stack()[::-1]:
        name = frame.filename
        plumbing = "/bus.py" in name or "operations" in name
        if not ui and "/clockapp/ui/" in name and not plumbing:
            ui = f"{Path(name).stem}.{frame.name}"
        if not service and "/clockapp/services/" in name:
            service = f"{Path(name).stem}.{frame.name}"
    return f"{ui} > {service}"


@dataclass
class Samples:
    ms: list[float] = field(default_factory=list)
    statements: list[int] = field(default_factory=list)
    trips: list[int] = field(default_factory=list)


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


# ---------------------------------------------------------------- the proxy
@contextlib.contextmanager
def delaying_proxy(host: str, port: int, delay_s: float) -> Iterator[int]:
    """A TCP proxy on 127.0.0.1 that holds every chunk `delay_s` each way; yields its port."""
    loop = asyncio.new_event_loop()
    ready = threading.Event()
    bound: list[int] = []

    async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while chunk := await reader.read(65536):
                await asyncio.sleep(delay_s)
                writer.write(chunk)
                await writer.drain()
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            writer.close()

    async def serve(client_r: asyncio.StreamReader, client_w: asyncio.StreamWriter) -> None:
        server_r, server_w = await asyncio.open_connection(host, port)
        await asyncio.gather(pipe(client_r, server_w), pipe(server_r, client_w))

    async def start() -> asyncio.Server:
        server = await asyncio.start_server(serve, "127.0.0.1", 0)
        bound.append(server.sockets[0].getsockname()[1])
        ready.set()
        return server

    def run() -> None:
        asyncio.set_event_loop(loop)
        loop.run_until_complete(start())
        loop.run_forever()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    ready.wait()
    try:
        yield bound[0]
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)


# ---------------------------------------------------------------- the room
def set_up(services: Services, players: int, presses: int) -> tuple[int, list[str]]:
    """A tournament of `players` bought in and seated; returns it and `presses` new names."""
    tid = services.tournaments.create("Refresh bench").value.id
    rules = EntryRules(
        RegistrationRule(PRICE, 10_000), rebuy=RebuyRule(PRICE, 10_000, last_level=10)
    )
    services.cashier.set_config(tid, CashierConfig(rules))
    tables = (players + presses) // (SEATS - 1) + 1
    while tables > 0:  # the service adds up to 200 at a time
        services.seating.add_tables(tid, min(tables, 200), seat_count=SEATS)
        tables -= 200
    services.clock.start(tid)
    began = time.perf_counter()
    for n in range(players):
        pid = services.players.create(PlayerDetails(f"Player {n:05d}")).value.id
        services.cashier.buy_in(tid, pid, tendered=5000, seat=True)
    print(f"  set-up: {players} buy-ins in {time.perf_counter() - began:.0f} s", flush=True)
    names = [f"Walk-in {n:03d}" for n in range(presses)]
    for name in names:
        services.players.create(PlayerDetails(name))
    return tid, names


class _Silent:
    muted = True

    def set_muted(self, muted: bool) -> None:
        """Ignored."""

    def play(self, cue: object) -> None:
        """Ignored."""

    def say(self, text: str) -> None:
        """Ignored."""

    def preload(self) -> None:
        """Ignored."""


def quiet_offscreen(_kind: QtMsgType, _context: object, message: str) -> None:
    """Qt's messages, but the offscreen platform's note about size hints (one per window)."""
    if "propagateSizeHints" not in message:
        print(message, file=sys.stderr)


def measure(url: str, players: int, server: bool, label: str) -> list[bool]:
    from clockapp.ui.bus import TournamentBus
    from clockapp.ui.collector import GuiCollector
    from clockapp.ui.settings import UiSettings
    from clockapp.ui.shell.launcher import freeze_startup_heap
    from clockapp.ui.station.station import ClockStation

    app = QApplication.instance() or QApplication([])
    qInstallMessageHandler(quiet_offscreen)
    presses = PRESSES[players]
    engine = make_engine(url)
    migrate(engine)
    services = Services(engine)
    tid, names = set_up(services, players, presses)
    service_ms = time_service_buy_ins(services, tid, 10)
    folder = tempfile.mkdtemp(prefix="clockapp-bench-")
    bus = TournamentBus(services, tid, poll_interval_ms=0)
    station = ClockStation(services, bus, _Silent(), UiSettings(Path(folder) / "ui.ini"))  # type: ignore[arg-type]
    station.display.resize(1280, 720)
    station.show(fullscreen=False)
    cashier = station.windows.open_cashier()
    station.windows.open_tables()
    settle(app, bus)
    # The app's own garbage collection: on the GUI thread's timer, with what start-up built
    # frozen once the windows are up (`clockapp.ui.shell`). Without it a full collection of the
    # whole heap lands in a press now and then (75 ms at 300 players), which the app never sees.
    collector = GuiCollector(app)
    collector.start()
    freeze_startup_heap()
    counter = Counter(server)
    counter.listen(engine)
    trace = os.environ.get("BENCH_TRACE")
    desk = cashier.desk  # type: ignore[attr-defined]
    buy_ins = Samples()
    for number, name in enumerate(names):
        desk.search.setText(name)
        press(desk.search, Qt.Key.Key_Return)
        settle(app, bus)
        counter.take()
        counter.trace = [] if trace and number == 3 else None
        began = time.perf_counter()
        press(desk.table, Qt.Key.Key_F2)  # the desk's buy-in key
        settle(app, bus)  # the dialog opens when the key's read answers on the worker
        dialog = desk.dialog
        assert dialog is not None, cashier.message.text()  # type: ignore[attr-defined]
        # Ctrl+Enter takes the money (a plain Enter never does).
        press(
            dialog.tendered_edit, Qt.Key.Key_Return, modifiers=Qt.KeyboardModifier.ControlModifier
        )
        settle(app, bus)
        buy_ins.ms.append((time.perf_counter() - began) * 1000)
        statements, trips = counter.take()
        buy_ins.statements.append(statements)
        buy_ins.trips.append(trips)
        assert desk.last_seat, cashier.message.text()  # type: ignore[attr-defined]
        if counter.trace is not None:
            print("\n".join(["  buy-in statements:", *counter.trace]))
    pauses = Samples()
    for number in range(PAUSES * 2):
        counter.take()
        counter.trace = [] if trace and number == 2 else None
        began = time.perf_counter()
        station.controller.toggle_pause()  # what Space on the wall does
        settle(app, bus)
        ms = (time.perf_counter() - began) * 1000
        statements, trips = counter.take()
        if counter.trace is not None:
            print("\n".join(["  pause statements:", *counter.trace]))
        if station.session.current_view().status is ClockStatus.PAUSED:
            pauses.ms.append(ms)
            pauses.statements.append(statements)
            pauses.trips.append(trips)
    station.close()
    app.processEvents()
    bus.stop()
    engine.dispose()
    collector.stop()
    gc.unfreeze()
    return report(label, players, buy_ins, pauses, service_ms)


def time_service_buy_ins(services: Services, tid: int, count: int) -> list[float]:
    """The service call alone (no window), for `count` more players."""
    times = []
    for n in range(count):
        pid = services.players.create(PlayerDetails(f"Service {n:03d}")).value.id
        began = time.perf_counter()
        services.cashier.buy_in(tid, pid, tendered=5000, seat=True)
        times.append((time.perf_counter() - began) * 1000)
    return times


def report(
    label: str, players: int, buy_ins: Samples, pauses: Samples, service_ms: list[float]
) -> list[bool]:
    goal_ms = GOAL_P99_MS[players]
    p99 = quantile(buy_ins.ms, 0.99)
    statements, trips = max(buy_ins.statements), max(buy_ins.trips)
    pause = max(pauses.statements)
    met = [
        statements <= GOAL_BUY_IN_STATEMENTS,
        trips <= GOAL_BUY_IN_TRIPS,
        pause <= GOAL_PAUSE_STATEMENTS,
        p99 < goal_ms,
    ]
    print(f"{label}, {players} players, four windows open (n={len(buy_ins.ms)} buy-ins):")
    print(
        f"  buy-in + seat, statements (max): {statements:4d}   "
        f"goal <= {GOAL_BUY_IN_STATEMENTS}: {verdict(met[0])}"
    )
    print(
        f"  buy-in + seat, round trips (max): {trips:4d}   "
        f"goal <= {GOAL_BUY_IN_TRIPS}: {verdict(met[1])}"
    )
    print(
        f"  clock pause, statements (max): {pause:4d} ({max(pauses.trips)} round trips)   "
        f"goal <= {GOAL_PAUSE_STATEMENTS}: {verdict(met[2])}"
    )
    print(
        f"  buy-in key press to every window refreshed: p50 {statistics.median(buy_ins.ms):.0f}"
        f" ms, p99 {p99:.0f} ms   goal p99 < {goal_ms:.0f} ms: {verdict(met[3])}"
    )
    print(
        f"  (the service call alone: p50 {statistics.median(service_ms):.1f} ms, max "
        f"{max(service_ms):.1f} ms; a pause to every window: p50 "
        f"{statistics.median(pauses.ms):.0f} ms, p99 {quantile(pauses.ms, 0.99):.0f} ms)",
        flush=True,
    )
    return met


def pg_urls() -> Iterator[str]:
    """A fresh database on the server named by CLOCKAPP_TEST_PG_URL, through the delaying proxy."""
    from tests import pgserver

    base = os.environ.get("CLOCKAPP_TEST_PG_URL")
    if not base:
        return
    database = make_url(pgserver.fresh_database(base))
    with delaying_proxy(database.host or "127.0.0.1", database.port or 5432, DELAY_S) as port:
        yield database.set(host="127.0.0.1", port=port).render_as_string(hide_password=False)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, action="append", choices=sorted(GOAL_P99_MS))
    parser.add_argument("--no-sqlite", action="store_true")
    args = parser.parse_args(argv)
    met: list[bool] = []
    runs: list[tuple[str, Callable[[], Iterator[str]], bool]] = []
    if not args.no_sqlite:

        def sqlite() -> Iterator[str]:
            with tempfile.TemporaryDirectory() as folder:
                yield sqlite_url(Path(folder) / "bench.db")

        runs.append(("SQLite file", sqlite, False))
    if os.environ.get("CLOCKAPP_TEST_PG_URL"):
        runs.append(("PostgreSQL, 1 ms each way", pg_urls, True))
    else:
        print("(PostgreSQL not measured: set CLOCKAPP_TEST_PG_URL)")
    for players in args.players or sorted(GOAL_P99_MS):
        for label, urls, server in runs:
            for url in urls():
                met += measure(url, players, server, label)
    sys.stdout.flush()
    # PySide6 6.12 can abort while finalizing after many paints (see bench_cashier_desk.py).
    os._exit(exit_code(met))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
