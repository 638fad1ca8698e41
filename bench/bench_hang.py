"""The wall while the database does not answer: the largest stall of the event loop.

A director's station (the wall and the director's window, the bus with its real timers, the
clock running on the real clock) runs while:

1. another OS process holds SQLite's write lock (`BEGIN IMMEDIATE`) for `--seconds` (default 10),
   as the cashier on the same laptop or `clockapp backup` may;
2. with `--postgres` (needs Debian's PostgreSQL binaries), its PostgreSQL server is stopped with
   SIGSTOP for as long: it holds its connections open and answers nothing, as a sleeping server
   or a dropped Wi-Fi does.

Halfway through, the director presses pause. A 20 ms heartbeat timer measures the event loop's
largest gap; the countdown's texts seen are counted, and what became of the press is said.
Goal: the largest gap under 1 s, in both.

Run: `.venv/bin/python bench/bench_hang.py [--seconds 10] [--postgres]`.
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # `tests` holds the lock holder

from goals import exit_code, verdict

from tests import pgserver
from tests.write_lock import hold_write_lock

GOAL_GAP_S = 1.0
BEAT_MS = 20


def run_wall(
    url: str, folder: Path, hang: Callable[[], None], resume: Callable[[], None], seconds: float
) -> tuple[float, int, str]:
    """Open a station on `url`, hang the database for `seconds`, press pause halfway.

    Returns (largest gap in seconds, countdown texts seen during the hang, what the press did).
    """
    from PySide6.QtCore import QEventLoop, QTimer

    from clockapp.core.clock import ClockStatus, view
    from clockapp.services.app import open_services
    from clockapp.ui.bus import TournamentBus
    from clockapp.ui.settings import UiSettings
    from clockapp.ui.station.station import ClockStation

    class Silent:
        muted = True

        def set_muted(self, muted: bool) -> None:
            pass

        def play(self, cue: object) -> None:
            pass

        def say(self, text: str) -> None:
            pass

    services = open_services(url)
    tid = services.tournaments.create("Bench night").value.id
    services.clock.start(tid)
    bus = TournamentBus(services, tid)
    station = ClockStation(services, bus, Silent(), UiSettings(folder / "ui.ini"))
    station.display.resize(1280, 720)
    station.display.show()
    errors: list[str] = []
    station.controller.error_raised.connect(errors.append)

    def run_for(wait_s: float) -> None:
        loop = QEventLoop()
        QTimer.singleShot(int(wait_s * 1000), loop.quit)
        loop.exec()

    beats: list[float] = []
    texts: set[str] = set()

    def beat() -> None:
        beats.append(time.monotonic())
        texts.add(station.display.countdown_label.text())

    heartbeat = QTimer()
    heartbeat.setInterval(BEAT_MS)
    heartbeat.timeout.connect(beat)
    run_for(1.0)
    heartbeat.start()
    hang()
    run_for(seconds / 2)
    station.controller.toggle_pause()
    run_for(seconds / 2)
    seen = len(texts)
    resume()
    run_for(1.0)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not errors and station.history.stack.count() == 0:
        run_for(0.1)
    heartbeat.stop()
    gap = max(b - a for a, b in itertools.pairwise(beats))
    snap = services.clock.snapshot(tid)
    paused = view(snap.state, snap.structure, services.now()).status is ClockStatus.PAUSED
    if errors:
        press = f"refused in words: {errors[0]}"
    elif paused and station.history.stack.count() == 1:
        press = "applied once, after the database answered"
    else:
        press = f"NOT APPLIED as pressed (paused={paused}, steps={station.history.stack.count()})"
    station.close()
    bus.stop()
    services.ctx.engine.dispose()
    return gap, seen, press


def report(title: str, gap: float, seen: int, press: str) -> bool:
    ok = gap < GOAL_GAP_S
    print(title)
    print(
        f"  largest event-loop gap: {gap * 1000:.0f} ms (goal < {GOAL_GAP_S * 1000:.0f} ms)"
        f" {verdict(ok)}"
    )
    print(f"  countdown texts shown during the hang: {seen}")
    print(f"  the pause pressed during the hang: {press}")
    return ok


def sqlite_case(folder: Path, seconds: float) -> bool:
    path = folder / "bench.db"
    spawn = multiprocessing.get_context("spawn")
    held, release = spawn.Event(), spawn.Event()
    locker = spawn.Process(target=hold_write_lock, args=(str(path), held, release, seconds))

    def hang() -> None:
        locker.start()
        if not held.wait(30):
            raise RuntimeError("the other process did not get the write lock")

    def resume() -> None:
        release.set()
        locker.join(30)

    gap, seen, press = run_wall(str(path), folder, hang, resume, seconds)
    return report(
        f"SQLite, another process holding the write lock {seconds:.0f} s:", gap, seen, press
    )


def postgres_case(folder: Path, seconds: float) -> bool | None:
    bindir = pgserver.find_bin()
    if bindir is None:
        print("PostgreSQL: no server binaries here; skipped")
        return None
    with pgserver.restartable_server(bindir) as server:
        try:
            gap, seen, press = run_wall(server.url, folder, server.pause, server.resume, seconds)
        finally:
            server.resume()
    return report(f"PostgreSQL, its server SIGSTOPped {seconds:.0f} s:", gap, seen, press)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--postgres", action="store_true")
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="clockapp-bench-hang-"))
    os.environ["CLOCKAPP_DATA_DIR"] = str(folder)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    results = [sqlite_case(folder, args.seconds)]
    if args.postgres:
        results.append(postgres_case(folder, args.seconds))
    app.processEvents()
    return exit_code(r is not False for r in results)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
