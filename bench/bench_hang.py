"""The wall while the database does not answer: the largest stall of the event loop.

A director's station (the wall and the director's window, the bus with its real timers, the
clock running on the real clock) runs while:

1. another OS process holds SQLite's write lock (`BEGIN IMMEDIATE`) for `--seconds` (default 10),
   as the cashier on the same laptop or `clockapp backup` may;
2. with `--postgres` (needs Debian's PostgreSQL binaries), its PostgreSQL server is stopped with
   SIGSTOP for as long: it holds its connections open and answers nothing, as a sleeping server
   or a dropped Wi-Fi does.

Halfway through, the director presses pause and adds a minute, and the cashier's desk sells a
buy-in to each of `SALES` players, each key pressed twice. A 20 ms heartbeat timer measures the
event loop's largest gap; the countdown's texts seen are counted. Each press the station took must
be applied once when the database answers, or refused in words: the presses lost (neither), the
sales duplicated and the raw errors (an unexpected error's box) are counted.
Goals: the largest gap under 1 s; 0 lost, 0 duplicated, 0 raw errors; in both.

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
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # `tests` holds the lock holder

from goals import exit_code, verdict

from tests import pgserver
from tests.write_lock import hold_write_lock

GOAL_GAP_S = 1.0
BEAT_MS = 20
#: Buy-ins sold at the desk during the hang (each key pressed twice).
SALES = 10


@dataclass
class Presses:
    """What became of the presses made during the hang."""

    taken: int = 0  # presses the station accepted (a repeat of a pending key is not one)
    applied: int = 0
    refused: list[str] = field(default_factory=list)  # refusals in words
    raw: list[str] = field(default_factory=list)  # unexpected errors, as their box would say
    duplicated: int = 0
    paused: bool = False  # the clock, once the database answered

    @property
    def lost(self) -> int:
        return self.taken - self.applied - len(self.refused) - len(self.raw)


def run_wall(
    url: str, folder: Path, hang: Callable[[], None], resume: Callable[[], None], seconds: float
) -> tuple[float, int, Presses]:
    """Open a station on `url`, hang the database for `seconds`, press halfway.

    Returns (largest gap in seconds, countdown texts seen during the hang, what the presses did).
    """
    from PySide6.QtCore import QCoreApplication, QEventLoop, QTimer

    from clockapp.core.clock import ClockStatus, view
    from clockapp.core.money.entries import EntryKind
    from clockapp.errors import DomainError
    from clockapp.services.app import open_services
    from clockapp.services.players.values import PlayerDetails
    from clockapp.ui.bus import TournamentBus
    from clockapp.ui.errors import ErrorNet
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
    players = [
        services.players.create(PlayerDetails(f"Hang {n:02d}")).value.id for n in range(SALES)
    ]
    bus = TournamentBus(services, tid)
    station = ClockStation(services, bus, Silent(), UiSettings(folder / "ui.ini"))
    station.display.resize(1280, 720)
    station.display.show()
    presses = Presses()
    station.controller.error_raised.connect(presses.refused.append)
    # What the app's error net would show in a box: an unexpected error is a raw one.
    app = QCoreApplication.instance()
    net = ErrorNet(app, folder, presenter=lambda _parent, text: presses.raw.append(text))

    def sale_failed(error: Exception) -> None:
        if isinstance(error, DomainError):
            presses.refused.append(str(error))
        else:
            presses.raw.append(net.message_for(error))

    def sell(player_id: int) -> None:
        for _press in range(2):  # the key pressed twice: one sale, or the repeat is ignored
            taken = bus.submit(
                lambda: services.cashier.buy_in(tid, player_id, seat=True),
                lambda _receipt: None,
                sale_failed,
                key=("sell", EntryKind.BUY_IN, player_id),
            )
            presses.taken += taken

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
    hang()  # the lock holder's process starting is not the station's stall: beat from here
    heartbeat.start()
    run_for(seconds / 2)
    presses.taken += station.controller.toggle_pause()
    presses.taken += station.controller.add_minute()
    for player_id in players:
        sell(player_id)
    run_for(seconds / 2)
    seen = len(texts)
    resume()
    run_for(1.0)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and bus.worker.busy:
        run_for(0.1)
    heartbeat.stop()
    gap = max(b - a for a, b in itertools.pairwise(beats))
    snap = services.clock.snapshot(tid)
    presses.paused = view(snap.state, snap.structure, services.now()).status is ClockStatus.PAUSED
    presses.applied += station.history.stack.count()  # each clock press applied: one undo step
    sold = [e.registration_id for e in services.cashier.ledger(tid) if e.kind == "buy-in"]
    presses.applied += len(set(sold))
    presses.duplicated = len(sold) - len(set(sold))
    station.close()
    bus.stop()
    net.setParent(None)
    services.ctx.engine.dispose()
    return gap, seen, presses


def report(title: str, gap: float, seen: int, presses: Presses) -> bool:
    print(title)
    gap_ok = gap < GOAL_GAP_S
    print(
        f"  largest event-loop gap: {gap * 1000:.0f} ms (goal < {GOAL_GAP_S * 1000:.0f} ms)"
        f" {verdict(gap_ok)}"
    )
    print(f"  countdown texts shown during the hang: {seen}")
    print(
        f"  presses taken during the hang: {presses.taken} (pause, a minute, {SALES} buy-ins;"
        f" repeats ignored); applied once: {presses.applied}, refused in words:"
        f" {len(presses.refused)}; the clock paused: {presses.paused}"
    )
    for text in sorted(set(presses.refused)):
        print(f"    refused: {text}")
    counts_ok = True
    for label, count in (
        ("lost", presses.lost),
        ("duplicated", presses.duplicated),
        ("raw errors", len(presses.raw)),
    ):
        print(f"  presses {label}: {count} (goal 0) {verdict(count == 0)}")
        counts_ok = counts_ok and count == 0
    for text in presses.raw:
        print(f"    raw: {text.splitlines()[0]}")
    return gap_ok and counts_ok


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

    gap, seen, presses = run_wall(str(path), folder, hang, resume, seconds)
    return report(
        f"SQLite, another process holding the write lock {seconds:.0f} s:", gap, seen, presses
    )


def postgres_case(folder: Path, seconds: float) -> bool | None:
    bindir = pgserver.find_bin()
    if bindir is None:
        print("PostgreSQL: no server binaries here; skipped")
        return None
    with pgserver.restartable_server(bindir) as server:
        try:
            gap, seen, presses = run_wall(server.url, folder, server.pause, server.resume, seconds)
        finally:
            server.resume()
    return report(f"PostgreSQL, its server SIGSTOPped {seconds:.0f} s:", gap, seen, presses)


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
