"""Benchmark: the cashier window at a busy desk, offscreen.

A database of 300 players (200 already bought in through the services, as another station would)
is opened in the cashier window; then 100 more players are sold a buy-in the way a cashier does
it: type the first letters of the name, Enter, F2, type the amount tendered, Ctrl+Enter. Each sale
is timed from the first key to the window showing the receipt (the service's committed transaction,
the desk, the header and the page on show read again). Then a refresh of every page is timed (what
a change from another station costs when the cashier looks at each page).

Goals: a key typed in the search under 50 ms (p99); Enter on the confirm to the receipt on screen
under 250 ms (p99; the commit itself is about 20-50 ms on a WAL SQLite file with
synchronous=FULL); the whole sale under 500 ms; a full refresh of every page (the desk and each
page read again after another station's change) under 100 ms p99.

Run: `.venv/bin/python bench/bench_cashier_desk.py` (about a minute; longer on a busy machine).
Each figure is printed as wall-clock time and, for the full refresh, CPU time beside it.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import cProfile
import gc
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path

from driving import press, settle, type_text
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.persistence.db import make_engine, migrate, sqlite_url
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails
from clockapp.ui.bus import TournamentBus
from clockapp.ui.cashier import CashierWindow

REFRESHES = 20
GOAL_FULL_REFRESH_MS = 100.0  # a full cashier refresh, 300 players
FIRST = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou")
LAST = ("Lee", "Marley", "Jung", "Scully", "Polastri", "Mulder", "Fring", "Wexler", "Chen")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as folder:
        engine = make_engine(sqlite_url(Path(folder) / "desk.db"))
        migrate(engine)
        services = Services(engine)
        tid = services.tournaments.create("Bench").value.id
        rules = EntryRules(RegistrationRule(EntryPrice(2000, 500), 10_000))
        services.cashier.set_config(tid, CashierConfig(rules))
        names = [f"{FIRST[i % len(FIRST)]} {LAST[i % len(LAST)]} {i:03d}" for i in range(300)]
        start = time.perf_counter()
        ids = [services.players.create(PlayerDetails(name)).value.id for name in names]
        for player in ids[:200]:
            services.cashier.buy_in(tid, player)
        print(f"set-up: 300 players, 200 buy-ins in {time.perf_counter() - start:.1f} s")
        bus = TournamentBus(services, tid, poll_interval_ms=0)
        opened = time.perf_counter()
        window = CashierWindow(services, bus)
        window.show()
        app.processEvents()
        gc.collect()
        gc.freeze()  # as the app does once its windows are up (ui/shell/launcher.py)
        print(f"open the window: {(time.perf_counter() - opened) * 1000:.0f} ms")
        desk = window.desk
        sales: list[float] = []
        keys: list[float] = []
        confirms: list[float] = []
        profile = cProfile.Profile() if os.environ.get("BENCH_PROFILE") else None
        if profile is not None:
            profile.enable()
        for name in names[200:]:
            began = time.perf_counter()
            desk.search.clear()
            for char in name[-7:]:  # e.g. "ley 201": enough to find one player
                typed = time.perf_counter()
                type_text(desk.search, char)
                keys.append((time.perf_counter() - typed) * 1000)
            press(desk.search, Qt.Key.Key_Return)
            settle(app, bus)  # the search runs on the worker
            press(desk.table, Qt.Key.Key_F2)  # the desk's buy-in key
            settle(app, bus)  # the dialog opens when the key's read answers
            dialog = desk.dialog
            assert dialog is not None, window.message.text()
            type_text(dialog.tendered_edit, "50")
            confirmed = time.perf_counter()
            # Ctrl+Enter takes the money (a plain Enter never does).
            press(
                dialog.tendered_edit,
                Qt.Key.Key_Return,
                modifiers=Qt.KeyboardModifier.ControlModifier,
            )
            settle(app, bus)
            done = time.perf_counter()
            confirms.append((done - confirmed) * 1000)
            sales.append((done - began) * 1000)
            assert desk.last_receipt is not None
            assert desk.last_receipt.registration.name == name, (name, window.message.text())
        if profile is not None:
            profile.disable()
            pstats.Stats(profile).sort_stats("cumulative").print_stats(30)
        entries = services.cashier.balances(tid).entries
        print(f"sales through the desk: {len(sales)} ({entries} entries now)")
        for label, values, goal in (
            ("one key typed in the search", keys, "p99 under 50 ms"),
            ("Enter on the confirm -> receipt shown", confirms, "p99 under 250 ms"),
            ("whole sale (7 keys, Enter, F2, 50, Ctrl+Enter)", sales, "p99 under 500 ms"),
        ):
            print(
                f"  {label}: p50 {statistics.median(values):.0f} ms, "
                f"p99 {percentile(values, 0.99):.0f} ms, max {max(values):.0f} ms   (goal: {goal})"
            )
        # A full refresh: another station busts a player (every page's rows change: the field,
        # the ledger's totals, results, busts, the payouts), then the desk and every page
        # read again, as when the cashier goes through them all.
        refreshes: list[float] = []
        refresh_cpu: list[float] = []
        in_play = [r.id for r in services.cashier.registrations(tid) if r.in_play]
        for rid in in_play[:REFRESHES]:
            services.results.bust(tid, rid)
            began, cpu = time.perf_counter(), time.process_time()
            window.desk.refresh()
            for page in window.pages():
                page.refresh()
            settle(app, bus)  # the reads run on the worker; the pages show what they answer
            refreshes.append((time.perf_counter() - began) * 1000)
            refresh_cpu.append((time.process_time() - cpu) * 1000)
        p99 = percentile(refreshes, 0.99)
        verdict = "met" if p99 < GOAL_FULL_REFRESH_MS else "MISSED"
        print(
            f"full refresh of every page after another station's bust (300 players, n="
            f"{len(refreshes)}): wall p50 {statistics.median(refreshes):.0f} ms, p99 {p99:.0f} ms"
            f" | CPU p50 {statistics.median(refresh_cpu):.0f} ms, p99 "
            f"{percentile(refresh_cpu, 0.99):.0f} ms   goal p99 under "
            f"{GOAL_FULL_REFRESH_MS:.0f} ms: {verdict}"
        )
        print(
            "  (CPU: time.process_time of this process; on a shared machine the wall time also"
            " counts waiting for a CPU)"
        )
        window.close()
        engine.dispose()
    sys.stdout.flush()
    # PySide6 6.12 drops a reference to None (and to True/False) each time a Python table
    # model's data() answers None while a view paints; after a few thousand paints the
    # interpreter aborts while finalizing. Leave without finalizing so the run exits 0.
    os._exit(0)


if __name__ == "__main__":
    main()
