"""The bus reads the change feed off the GUI thread: a read that hangs (a server that stopped
answering without closing its connections) leaves the event loop running, piles no more reads
up behind it, and turns the station offline after a few seconds; when it answers, the station
is back and the change it found is published on the GUI thread."""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QTimer

from clockapp.services.app import Services
from clockapp.services.changes import Change, Changes
from clockapp.ui.bus import TournamentBus

#: The stub's longest wait: a read that blocks the GUI thread fails the test instead of hanging it.
HANG_S = 5.0


class HungReads:
    """`changes_since` that blocks until released, counting the reads that reached it."""

    def __init__(self, real) -> None:
        self._real = real
        self.release = threading.Event()
        self.started = 0
        self.threads: list[threading.Thread] = []

    def __call__(self, *args, **kwargs):
        self.started += 1
        self.threads.append(threading.current_thread())
        self.release.wait(HANG_S)
        return self._real(*args, **kwargs)


@pytest.fixture
def hung(services: Services, monkeypatch: pytest.MonkeyPatch) -> HungReads:
    reads = HungReads(services.tournaments.changes_since)
    monkeypatch.setattr(services.tournaments, "changes_since", reads)
    return reads


@pytest.fixture
def quick_bus(services: Services, tournament_id: int, qtbot) -> Iterator[TournamentBus]:
    """A bus that calls a read lost after 300 ms (the app waits a few seconds)."""
    the_bus = TournamentBus(services, tournament_id, poll_interval_ms=0, read_timeout_ms=300)
    yield the_bus
    the_bus.stop()
    the_bus.deleteLater()


@pytest.mark.slow
def test_a_hung_read_does_not_block_the_gui_thread_and_turns_the_station_offline(
    qtbot, quick_bus: TournamentBus, hung: HungReads, services: Services, tournament_id: int
) -> None:
    services.clock.start(tournament_id)  # another station's change, for the read to find
    seen: list[Changes] = []
    quick_bus.changed.connect(seen.append)
    online: list[bool] = []
    quick_bus.connection_changed.connect(online.append)
    ticks: list[float] = []
    beat = QTimer()
    beat.setInterval(20)
    beat.timeout.connect(lambda: ticks.append(time.monotonic()))
    beat.start()

    asked = time.monotonic()
    assert quick_bus.poll()
    assert time.monotonic() - asked < 1.0  # the asking did not wait for the answer
    qtbot.waitUntil(lambda: hung.started == 1)
    assert hung.threads[0] is not threading.current_thread()
    # While the read hangs the event loop turns, and a second read is not queued behind it.
    qtbot.waitUntil(lambda: len(ticks) >= 5)
    assert not quick_bus.poll()
    qtbot.waitUntil(lambda: online == [False], timeout=3000)
    assert not quick_bus.online
    assert seen == []
    beat.stop()
    gaps = [b - a for a, b in itertools.pairwise(ticks)]
    assert max(gaps) < 1.0

    with qtbot.waitSignal(quick_bus.polled, timeout=3000):
        hung.release.set()
    assert quick_bus.online
    assert online == [False, True]
    assert hung.started == 1  # the one read, answered: nothing piled up behind it
    assert len(seen) == 1
    assert seen[0].what & Change.CLOCK


@pytest.mark.slow
def test_the_watch_asks_nothing_more_while_a_read_hangs(
    qtbot, services: Services, tournament_id: int, hung: HungReads
) -> None:
    bus = TournamentBus(services, tournament_id, poll_interval_ms=100, read_timeout_ms=300)
    try:
        qtbot.waitUntil(lambda: hung.started == 1)
        qtbot.waitUntil(lambda: not bus.online, timeout=3000)
        assert hung.started == 1  # poll and watch timers kept firing: nothing queued
        with qtbot.waitSignal(bus.polled, timeout=3000):
            hung.release.set()
        qtbot.waitUntil(lambda: bus.online)
    finally:
        hung.release.set()
        bus.stop()
        bus.deleteLater()
