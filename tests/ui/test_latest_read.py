"""`LatestRead`: a window's read off the GUI thread, coalesced, never going back in time."""

from __future__ import annotations

import threading

from clockapp.services.changes import Change, Changes, Outcome
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


def test_the_reads_a_submitted_change_asks_are_made_on_the_worker(
    qtbot, bus: TournamentBus
) -> None:
    """No window reads on the GUI thread, not even for a change committed by this station."""
    state = {"value": "old"}
    read_on: list[str] = []
    shown: list[str] = []

    def read() -> str:
        read_on.append(threading.current_thread().name)
        return state["value"]

    reading = LatestRead(bus, read, shown.append, lambda error: None)
    bus.changed.connect(lambda _changes: reading.ask())

    def change() -> Outcome[None]:
        state["value"] = "new"
        return Outcome(None, Changes(tournament_id=bus.tournament_id, what=Change.WALL, revision=0))

    assert bus.submit(change)
    settle(qtbot, bus)
    assert shown == ["new"]
    assert read_on
    assert threading.main_thread().name not in read_on
    assert not hasattr(bus, "publish")  # the way to refresh on this thread is gone
