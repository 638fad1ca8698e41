"""The rulings window never waits on the database: while another OS process holds SQLite's
write lock, putting the verdict on the wall (Alt+W) keeps the event loop turning, the key is
busy (disabled) until it answers, a second press meanwhile does nothing, and the verdict goes
on the wall once when the lock is released."""

from __future__ import annotations

import itertools
import time

import pytest
from PySide6.QtCore import QTimer
from sqlalchemy.engine import Engine

from clockapp.core.wall import RULING
from clockapp.ui.actions import RulingsAction
from clockapp.ui.rulings import RulingsWindow
from clockapp.ui.rulings.state import Dispute, Player
from clockapp.ui.station.station import ClockStation
from tests.ui.polling import settle
from tests.write_lock import other_process_holding

pytestmark = pytest.mark.slow

HOLD_S = 2.0

SIDE_POT = Dispute(
    board=("Kh", "7d", "7c", "2s", "3h"),
    players=(
        Player(1, "Ann", ("As", "Qd"), bet=400),
        Player(3, "Bo", ("Kd", "Ks"), bet=100),
        Player(5, "Cy", ("9c", "9d"), bet=400),
    ),
    button=5,
)


def test_the_verdict_to_the_wall_during_a_write_lock_never_stalls_the_window(
    station: ClockStation, qtbot, engine: Engine
) -> None:
    window = station.windows.open_rulings()
    assert isinstance(window, RulingsWindow)
    window.set_dispute(SIDE_POT)
    settle(qtbot, station.bus)
    services, tid = station.services, station.bus.tournament_id
    revision = services.tournaments.revision_of(tid).tournament
    key = window.key_actions[RulingsAction.RULING_TO_WALL][0]
    beats: list[float] = []
    heartbeat = QTimer()
    heartbeat.setInterval(25)
    heartbeat.timeout.connect(lambda: beats.append(time.monotonic()))
    with other_process_holding(engine.url.database, HOLD_S) as locker:
        heartbeat.start()
        locked_at = time.monotonic()
        key.trigger()
        pressed_in = time.monotonic() - locked_at
        busy = not key.isEnabled()  # the key shows it is on its way
        key.trigger()  # again while the first is on its way: nothing more
        qtbot.waitUntil(lambda: not locker.is_alive(), timeout=int(HOLD_S * 1000) + 10_000)
        settle(qtbot, station.bus)
        heartbeat.stop()
    gaps = [b - a for a, b in itertools.pairwise(beats)]
    assert pressed_in < 1.0, f"the press took {pressed_in:.2f} s"
    assert max(gaps) < 1.0, f"the event loop stalled {max(gaps):.2f} s"
    assert busy, "the key did not show it was busy"
    assert key.isEnabled()
    shown = services.wall.current(tid)
    assert shown is not None
    assert shown.kind == RULING
    assert services.tournaments.revision_of(tid).tournament == revision + 1  # shown once
