"""Benchmark: the cashier station on a SQLite file, through the services.

300 players are added to the player database and bought in, each action one committed
transaction on a WAL SQLite file with synchronous=FULL (the app's crash-safe settings), so every
figure includes the fsync of a commit. Wall-clock and CPU time are both printed: on a shared or
busy machine the wall clock also counts time spent waiting for a CPU or the disk.

For reference the run also times a bare transaction (one change-log row, nothing else): that is
the floor every action pays. The engine (`clockapp.persistence.db.make_engine`) pools its
connections, so SQLite does not checkpoint the WAL into the database file at every close (it did
when the engine opened a connection per transaction). The buy-ins are run a second time with
another connection held open for the whole run, as a second station would, for comparison.

Then 100 players are busted one by one, and on a 20-player table paying 10 places ten are busted
and an ICM deal is recorded for the last 10 (exact ICM over every finishing order); the pure ICM
computation for 10 players and 10 prizes is timed too.

Goals: buy-in p99 under 50 ms; ICM for 10 players under 1 s.

Run: `.venv/bin/python bench/bench_cashier.py` (15 to 60 s, depending on how busy the machine is).
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import text
from sqlalchemy.engine import Engine

from clockapp.core.icm import DealMethod, icm_equities
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.core.payouts import PayoutMode, PayoutStructure
from clockapp.persistence.db import open_database
from clockapp.services.app import Services
from clockapp.services.changes import Change
from clockapp.services.context import record_change
from clockapp.services.players import PlayerDetails

PLAYERS = 300
BUSTS = 100
GOAL_P99_MS = 50.0
GOAL_ICM_S = 1.0
PRICE = EntryPrice(2000, house_fee=500, bounty=500)


@dataclass
class Samples:
    """Wall-clock and CPU milliseconds of one kind of operation."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def time(self, action: Callable[[], Any]) -> Any:
        wall, cpu = time.perf_counter(), time.process_time()
        result = action()
        self.cpu.append((time.process_time() - cpu) * 1000)
        self.wall.append((time.perf_counter() - wall) * 1000)
        return result


def quantile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def report(name: str, s: Samples, goal: float | None = None) -> None:
    p99 = quantile(s.wall, 0.99)
    verdict = ""
    if goal is not None:
        verdict = f"  goal p99 < {goal:.0f} ms: {'met' if p99 < goal else 'MISSED'}"
    print(
        f"  {name:<30} n={len(s.wall):>3}  wall p50 {statistics.median(s.wall):6.1f}  "
        f"p99 {p99:6.1f}  max {max(s.wall):6.1f} ms | CPU p50 {statistics.median(s.cpu):5.1f}  "
        f"p99 {quantile(s.cpu, 0.99):5.1f} ms | total {sum(s.wall) / 1000:5.2f} s{verdict}"
    )


def configured(services: Services, name: str) -> int:
    tid = services.tournaments.create(name).value.id
    services.cashier.set_config(tid, CashierConfig(EntryRules(RegistrationRule(PRICE, 10_000))))
    return tid


def bare(services: Services, samples: Samples, count: int = 50) -> None:
    def one() -> None:
        with services.ctx.transaction() as session:
            record_change(session, None, Change.NONE, "bench", datetime.now(UTC))

    for _ in range(count):
        samples.time(one)


def buy_ins(services: Services, tid: int, prefix: str) -> tuple[Samples, Samples, list[int]]:
    creates, entries = Samples(), Samples()
    regs = []
    for number in range(PLAYERS):
        details = PlayerDetails(f"{prefix} {number:03d}")
        pid = creates.time(lambda d=details: services.players.create(d)).value.id
        receipt = entries.time(lambda p=pid: services.cashier.buy_in(tid, p, tendered=5000)).value
        regs.append(receipt.registration.id)
    totals = services.cashier.balances(tid)
    assert totals.entries == PLAYERS, totals
    assert totals.cash_in == PLAYERS * PRICE.total
    return creates, entries, regs


def run_buy_ins(services: Services, engine: Engine, held_open: bool) -> tuple[int, list[int]]:
    keep = engine.connect() if held_open else None
    if keep is not None:
        keep.execute(text("SELECT 1"))
    try:
        floor = Samples()
        bare(services, floor)
        tid = configured(services, "Held open" if held_open else "As the app runs")
        wall, cpu = time.perf_counter(), time.process_time()
        creates, entries, regs = buy_ins(services, tid, "Held" if held_open else "Player")
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    finally:
        if keep is not None:
            keep.close()
    report("bare transaction (floor)", floor)
    report("add player", creates)
    report("register + buy in", entries, GOAL_P99_MS)
    print(f"  {'whole run (both, 300 players)':<30} wall {wall:.2f} s, CPU {cpu:.2f} s")
    return tid, regs


def main() -> None:
    rng = random.Random(4)
    with tempfile.TemporaryDirectory() as folder:
        engine = open_database(str(Path(folder) / "bench.db"))
        services = Services(engine)
        print(f"Registering and buying in {PLAYERS} players on a SQLite file, each a commit.")
        print("As the app opens the database (pooled connections):")
        first, regs = run_buy_ins(services, engine, held_open=False)
        print("With another connection held open as well (a second station):")
        run_buy_ins(services, engine, held_open=True)

        busts = Samples()
        alive = set(regs)
        for victim in rng.sample(regs, BUSTS):
            alive.discard(victim)
            buster = rng.choice(sorted(alive))
            busts.time(lambda v=victim, b=buster: services.results.bust(first, v, busted_by=b))
        print(f"Busting {BUSTS} of the {PLAYERS} players, one a transaction:")
        report("bust (who busted whom)", busts)

        table = configured(services, "Final table")
        seats = buy_ins_small(services, table, 20)
        # Ten paid places: the hardest exact ICM for 10 players (every finishing order counts).
        ten = (3000, 2000, 1400, 1000, 800, 600, 450, 320, 230, 200)
        services.payouts.set_structure(table, PayoutStructure(PayoutMode.PERCENTAGES, ten))
        for victim in seats[10:]:
            services.results.bust(table, victim, busted_by=seats[0])
        stacks = {rid: rng.randrange(50_000, 600_000, 100) for rid in seats[:10]}
        deal = Samples()
        deal.time(lambda: services.payouts.record_deal(table, stacks, method=DealMethod.ICM))
        recorded = services.payouts.deal(table)
        assert recorded is not None
        assert recorded.exact
        assert len(recorded.prizes) == 10
        start = time.perf_counter()
        icm = icm_equities(list(stacks.values()), list(recorded.prizes))
        icm_s = time.perf_counter() - start
        print("ICM for a final table of 10:")
        print(
            f"  {'ICM equities (core)':<30} {icm_s * 1000:8.1f} ms  exact={icm.exact}  "
            f"goal < {GOAL_ICM_S:.0f} s: {'met' if icm_s < GOAL_ICM_S else 'MISSED'}"
        )
        seconds = deal.wall[0] / 1000
        print(
            f"  {'ICM deal recorded (service)':<30} {deal.wall[0]:8.1f} ms  "
            f"goal < {GOAL_ICM_S:.0f} s: {'met' if seconds < GOAL_ICM_S else 'MISSED'}"
        )
        engine.dispose()


def buy_ins_small(services: Services, tid: int, count: int) -> list[int]:
    result = []
    for number in range(count):
        pid = services.players.create(PlayerDetails(f"Finalist {number}")).value.id
        result.append(services.cashier.buy_in(tid, pid).value.registration.id)
    return result


if __name__ == "__main__":
    main()
