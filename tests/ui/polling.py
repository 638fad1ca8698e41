"""Waiting in a test for the station's worker: a read of the change feed (as the bus's timer
would make it), or everything asked of the worker."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from clockapp.services.changes import Outcome
from clockapp.ui.bus import TournamentBus

T = TypeVar("T")


def poll(qtbot, bus: TournamentBus) -> None:
    """Read the feed on the bus's worker, wait until its `changed` (if any) was emitted and the
    windows' refreshes it asked of the worker have answered."""
    with qtbot.waitSignal(bus.polled, timeout=10_000):
        assert bus.poll(), "a read of the feed was already on its way"
    settle(qtbot, bus)


def settle(qtbot, bus: TournamentBus) -> None:
    """Wait until the station's worker has answered everything asked of it, and everything
    those answers asked in turn (a press, the refresh it publishes, the sounds it claims)."""
    qtbot.waitUntil(lambda: not bus.worker.busy, timeout=10_000)


def refusal(qtbot, bus: TournamentBus, act: Callable[[], object]) -> BaseException:
    """Do `act` (an action answered on the worker), wait for its answer, and return the one
    error that answer raised into the app's net (a test has no net: `report` raises it)."""
    with qtbot.captureExceptions() as raised:
        act()
        settle(qtbot, bus)
    assert len(raised) == 1, raised
    return raised[0][1]


def submit_and_wait(qtbot, bus: TournamentBus, operation: Callable[[], Outcome[T]]) -> T:
    """Run one service operation as a window does (`bus.submit`, on the worker), wait until it
    and the refreshes it published have answered, and return its value; what it raised is
    raised here."""
    answers: list[T] = []
    failures: list[Exception] = []
    assert bus.submit(operation, answers.append, failures.append), "the worker refused it"
    settle(qtbot, bus)
    if failures:
        raise failures[0]
    assert answers, "the operation did not answer"
    return answers[0]
