"""The wall keeps counting while another process holds SQLite's write lock (the cashier on the same
laptop, `clockapp backup`, a second station): the event loop never stalls, the countdown keeps
changing, and a clock press made during the lock is applied once when the lock is released (or
refused in words), never lost and never twice.

A real second OS process (multiprocessing, spawn) takes `BEGIN IMMEDIATE` on the tournament's
file and holds it; the station runs on the real clock and its real timers.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt, QTimer
from sqlalchemy.engine import Engine

from clockapp.core.clock import ClockStatus, view
from clockapp.services.app import Services
from clockapp.services.context import system_now
from clockapp.ui.bus import TournamentBus
from clockapp.ui.station.station import ClockStation
from tests.write_lock import other_process_holding

pytestmark = pytest.mark.slow

#: How long the other process holds the lock.
HOLD_S = 3.0


@pytest.fixture
def live(engine: Engine, qtbot, fake_sound, ui_settings) -> Iterator[ClockStation]:
    """A director's station on the real clock with its real timers, the clock running."""
    services = Services(engine, now=system_now)
    tid = services.tournaments.create("Friday").value.id
    services.clock.start(tid)
    bus = TournamentBus(services, tid)
    station = ClockStation(services, bus, fake_sound, ui_settings)
    qtbot.addWidget(station.display)
    qtbot.addWidget(station.director)
    station.display.resize(1280, 720)
    station.display.show()
    with qtbot.waitActive(station.display):
        station.display.activateWindow()
    try:
        yield station
    finally:
        station.close()
        bus.stop()
        bus.deleteLater()


def test_the_wall_never_stalls_while_another_process_holds_the_write_lock(
    qtbot, live: ClockStation, engine: Engine
) -> None:
    station, services, tid = live, live.services, live.bus.tournament_id
    errors: list[str] = []
    station.controller.error_raised.connect(errors.append)
    beats: list[float] = []
    texts: set[str] = set()

    def beat() -> None:
        beats.append(time.monotonic())
        texts.add(station.display.countdown_label.text())

    heartbeat = QTimer()
    heartbeat.setInterval(25)
    heartbeat.timeout.connect(beat)

    with other_process_holding(engine.url.database, HOLD_S) as locker:
        heartbeat.start()
        locked_at = time.monotonic()
        qtbot.keyClick(station.display, Qt.Key.Key_Space)  # pause, during the lock
        pressed_in = time.monotonic() - locked_at
        qtbot.waitUntil(lambda: not locker.is_alive(), timeout=int(HOLD_S * 1000) + 10_000)
        lock_texts = set(texts)
        # The press lands (or is refused) once the lock is gone.
        qtbot.waitUntil(
            lambda: bool(errors) or station.display.status_label.text() == "PAUSED",
            timeout=25_000,
        )
        heartbeat.stop()

    gaps = [b - a for a, b in itertools.pairwise(beats)]
    assert pressed_in < 1.0
    assert max(gaps) < 1.0, f"the event loop stalled {max(gaps):.2f} s"
    assert len(lock_texts) >= 2, "the countdown stood still during the lock"
    status = services.clock.snapshot(tid)
    shown = view(status.state, status.structure, services.now()).status
    if errors:  # refused in words: nothing changed
        assert shown is ClockStatus.RUNNING
        assert station.history.stack.count() == 0
    else:  # applied once: paused, one step to undo (a second would have resumed it)
        assert shown is ClockStatus.PAUSED
        assert station.history.stack.count() == 1
