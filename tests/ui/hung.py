"""A service call that waits on the database until the test lets it answer, and a heartbeat
that tells whether the GUI thread's event loop kept turning meanwhile."""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from PySide6.QtCore import QTimer

from clockapp.ui.bus import TournamentBus
from tests.ui.polling import settle

#: The longest a hung call waits: one made on the GUI thread fails its test instead of hanging.
HANG_S = 5.0


class HungCall:
    """Stands in for a service method: blocks until `release` is set, then calls the real one.
    Counts the calls that reached it and the threads they came on."""

    def __init__(self, real: Callable[..., Any]) -> None:
        self._real = real
        self.release = threading.Event()
        self.entered = threading.Event()
        self.threads: list[threading.Thread] = []

    @property
    def calls(self) -> int:
        """How many calls reached the database."""
        return len(self.threads)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.threads.append(threading.current_thread())
        self.entered.set()
        self.release.wait(HANG_S)
        return self._real(*args, **kwargs)

    def waiting(self, qtbot: Any, beat: Beat | None = None) -> None:
        """Wait until the call is waiting on the database, off the GUI thread (and, with `beat`,
        until the event loop has turned a few more times meanwhile)."""
        qtbot.waitUntil(self.entered.is_set)
        assert self.off_the_gui_thread
        if beat is not None:
            beat.wait_beats(qtbot)

    @property
    def off_the_gui_thread(self) -> bool:
        """Whether every call came on another thread than the test's (the GUI thread)."""
        return bool(self.threads) and all(
            thread is not threading.main_thread() for thread in self.threads
        )


@contextmanager
def answered_once(
    hung: HungCall, qtbot: Any, bus: TournamentBus, beat: Beat | None = None
) -> Iterator[None]:
    """Around presses made while `hung` waits: on leaving, the database answers and the station
    settles; then the call ran once, off the GUI thread, and (with `beat`) the event loop never
    stood still. A failure inside only lets the call answer."""
    try:
        yield
    finally:
        hung.release.set()
    settle(qtbot, bus)
    if beat is not None:
        assert beat.stop(), "the event loop stood still for a second"
    assert hung.off_the_gui_thread
    assert hung.calls == 1


def hang(monkeypatch: pytest.MonkeyPatch, owner: object, name: str) -> HungCall:
    """Make `owner.name` hang until released (released at teardown by the caller's fixture)."""
    hung = HungCall(getattr(owner, name))
    monkeypatch.setattr(owner, name, hung)
    return hung


class Beat:
    """A timer ticking on the GUI thread every 20 ms; `steady` says no gap reached a second."""

    def __init__(self) -> None:
        self.ticks: list[float] = []
        self._timer = QTimer()
        self._timer.setInterval(20)
        self._timer.timeout.connect(lambda: self.ticks.append(time.monotonic()))
        self._timer.start()

    def wait_beats(self, qtbot: Any, count: int = 5) -> None:
        """Wait until the loop has turned `count` more times."""
        goal = len(self.ticks) + count
        qtbot.waitUntil(lambda: len(self.ticks) >= goal, timeout=3000)

    def stop(self) -> bool:
        """Stop; whether the event loop never stood still for a second."""
        self._timer.stop()
        gaps = [b - a for a, b in itertools.pairwise(self.ticks)]
        return not gaps or max(gaps) < 1.0
