"""Benchmark: the seating service on a 1,000-player room (100 tables of 10), database included.

`bench_balancing.py` times the pure planner. This one times what the director waits for after a
click: one `services.seating.balance(tid)` transaction (lock, load the room's rows, plan, store the
moves and seats, log them), the button questions it asks answered like a dealer would (a random
occupied seat, then balance again: one decision), and `room(tid)`, the read the tables window
makes on every refresh.

The database is a SQLite file with the app's settings (WAL, synchronous=FULL), in a temporary
folder on disk: each commit waits for the disk, as at the club. The CPU time of this process is
printed too: on a shared or busy machine the wall clock also counts waiting for a CPU. Players
go out in random order (the cashier's bust is written straight to the registration, as the
cashier leaves it).

Once the room is set up, the objects alive are frozen out of the garbage collector's way, as the
app does a second after its windows are up (`clockapp.ui.shell.launcher.freeze_startup_heap`);
the full collections that still happen during the run are counted and timed.

Run: `.venv/bin/python bench/bench_seating_service.py [busts]` (default 300 of the 1,000 players;
990 takes several minutes because every bust is a committed transaction).
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from sqlmodel import Session

from clockapp.core.registration import RegistrationStatus
from clockapp.persistence.db import make_engine, migrate
from clockapp.persistence.models import PlayerRow, RegistrationRow
from clockapp.services.app import Services
from clockapp.services.seating import SeatingService

PLAYERS = 1_000
TABLES = 100
SEATS = 10
GOAL_DECISION_MS = 100.0  # a click on "Balance" should feel immediate
GOAL_ROOM_MS = 50.0  # the window's refresh


def _field(services: Services, tid: int) -> list[int]:
    now = services.now()
    ids = []
    with Session(services.ctx.engine) as session, session.begin():
        for n in range(PLAYERS):
            player = PlayerRow(name=f"Player {n:04d}", created_at=now)
            session.add(player)
            session.flush()
            assert player.id is not None
            reg = RegistrationRow(
                tournament_id=tid,
                player_id=player.id,
                status=RegistrationStatus.PLAYING,
                entries=1,
                created_at=now,
            )
            session.add(reg)
            session.flush()
            assert reg.id is not None
            ids.append(reg.id)
    return ids


def _bust(services: Services, rid: int) -> None:
    with Session(services.ctx.engine) as session, session.begin():
        reg = session.get(RegistrationRow, rid)
        assert reg is not None
        reg.status = RegistrationStatus.BUSTED
        session.add(reg)


class _FullCollections:
    """Counts and times the garbage collector's full (generation 2) collections."""

    def __init__(self) -> None:
        self.count, self.ms, self._start = 0, 0.0, 0.0
        gc.callbacks.append(self._on_gc)

    def _on_gc(self, phase: str, info: dict[str, int]) -> None:
        if info["generation"] != 2:
            return
        if phase == "start":
            self._start = time.perf_counter()
        else:
            self.count += 1
            self.ms += (time.perf_counter() - self._start) * 1000

    def stop(self) -> None:
        gc.callbacks.remove(self._on_gc)


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    busts = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    rng = random.Random(2026)
    with tempfile.TemporaryDirectory(dir=Path.home() if Path.home().is_dir() else None) as folder:
        engine = make_engine(str(Path(folder) / "bench.db"))
        migrate(engine)
        services = Services(engine)
        services.seating = SeatingService(services.ctx, rng=random.Random(7))
        tid = services.tournaments.create("Bench").value.id
        services.seating.add_tables(tid, TABLES, SEATS)
        ids = _field(services, tid)
        start = time.perf_counter()
        services.seating.draw_seats(tid)
        draw_ms = (time.perf_counter() - start) * 1000
        gc.collect()
        gc.freeze()  # as the app does once its windows are up
        full = _FullCollections()

        decisions: list[float] = []
        calls: list[float] = []
        call_cpu: list[float] = []
        rooms: list[float] = []
        room_cpu: list[float] = []
        moves = questions = 0
        rng.shuffle(ids)
        run_start = time.perf_counter()
        for rid in ids[:busts]:
            _bust(services, rid)
            start = time.perf_counter()
            while True:
                call_start, cpu_start = time.perf_counter(), time.process_time()
                result = services.seating.balance(tid).value
                calls.append((time.perf_counter() - call_start) * 1000)
                call_cpu.append((time.process_time() - cpu_start) * 1000)
                moves += len(result.moves)
                need = result.need_button
                if need is None:
                    break
                questions += 1
                seated = sorted(services.seating.seating(tid).players_at(need.table))
                services.seating.set_button(tid, need.table, rng.choice(seated))
            decisions.append((time.perf_counter() - start) * 1000)
            start, cpu_start = time.perf_counter(), time.process_time()
            room = services.seating.room(tid)
            rooms.append((time.perf_counter() - start) * 1000)
            room_cpu.append((time.process_time() - cpu_start) * 1000)
        run_s = time.perf_counter() - run_start
        full.stop()
        engine.dispose()

    print(f"Seating service: {PLAYERS} players on {TABLES} tables of {SEATS}, {busts} busts")
    print(f"  draw seats for everyone: {draw_ms:8.1f} ms")
    print(
        f"  decision, button questions included:     p50 {statistics.median(decisions):6.1f} ms"
        f"  p99 {_percentile(decisions, 0.99):6.1f} ms  max {max(decisions):6.1f} ms"
        "   (the director answers in between)"
    )
    print(
        f"  one balance() transaction:                p50 {statistics.median(calls):6.1f} ms"
        f"  p99 {_percentile(calls, 0.99):6.1f} ms  max {max(calls):6.1f} ms"
        f"   goal p99 < {GOAL_DECISION_MS:.0f} ms"
    )
    print(
        f"  room() read for the window:               p50 {statistics.median(rooms):6.1f} ms"
        f"  p99 {_percentile(rooms, 0.99):6.1f} ms"
        f"   goal p99 < {GOAL_ROOM_MS:.0f} ms"
    )
    print(
        f"  CPU time of this process: balance() p50 {statistics.median(call_cpu):5.1f} ms"
        f" p99 {_percentile(call_cpu, 0.99):5.1f} ms; room() p50 {statistics.median(room_cpu):5.1f}"
        f" ms p99 {_percentile(room_cpu, 0.99):5.1f} ms (the rest of the wall time is the disk"
        " and waiting for a CPU on a shared machine)"
    )
    print(
        f"  full garbage collections during the run: {full.count}, {full.ms:.1f} ms in all"
        f" (frozen at start: {gc.get_freeze_count()} objects)"
    )
    print(f"  moves {moves}, button questions {questions}, tables left {len(room.tables)}")
    print(f"  whole run {run_s:.1f} s")


if __name__ == "__main__":
    main()
