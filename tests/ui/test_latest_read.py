"""`LatestRead`: a window's read off the GUI thread, coalesced, never going back in time."""

from __future__ import annotations

import threading

from clockapp.services.changes import Change, Changes
from clockapp.ui.bus import LatestRead, TournamentBus
from tests.ui.polling import settle


def test_a_burst_of_asks_costs_two_reads_and_the_last_sees_everything(
    qtbot, bus: TournamentBus
) -> None:
    state = {"value": 0}
    read_on: list[str] = []
    shown: list[int] = []
    release = threading.Event()

    def read() -> int:
        read_on.append(threading.current_thread().name)
        release.wait(10)
        return state["value"]

    reading = LatestRead(bus, read, shown.append, lambda error: None)
    for value in range(1, 6):
        state["value"] = value
        reading.ask()
    release.set()
    settle(qtbot, bus)
    assert len(read_on) == 2
    assert threading.main_thread().name not in read_on
    assert shown[-1] == 5


def test_an_answer_older_than_a_read_made_here_is_dropped(qtbot, bus: TournamentBus) -> None:
    state = {"value": "old"}
    shown: list[str] = []
    release = threading.Event()

    def read() -> str:
        value = state["value"]
        if threading.current_thread() is not threading.main_thread():
            release.wait(10)
        return value

    reading = LatestRead(bus, read, shown.append, lambda error: None)
    reading.ask()  # on the worker: it reads "old", then waits
    qtbot.waitUntil(lambda: bus.worker.is_pending(reading))
    state["value"] = "new"
    # A change made on this thread is published: its reads are made here, at once.
    bus.changed.connect(lambda _changes: reading.ask())
    bus.publish(Changes(tournament_id=bus.tournament_id, what=Change.WALL, revision=0))
    release.set()
    settle(qtbot, bus)
    assert shown[-1] == "new"
    assert "old" not in shown
