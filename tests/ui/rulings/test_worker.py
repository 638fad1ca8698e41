"""The odds runner: results arrive in the GUI thread, and only for the latest request."""

from __future__ import annotations

import threading

from PySide6.QtCore import QThread

from clockapp.ui.rulings.worker import OddsRunner


def test_a_result_arrives_in_the_gui_thread(qtbot) -> None:
    runner = OddsRunner(debounce_ms=0)
    threads: list[QThread] = []

    def compute() -> int:
        threads.append(QThread.currentThread())
        return 42

    with qtbot.waitSignal(runner.finished, timeout=5000) as blocker:
        runner.request(compute)
    assert blocker.args == [42]
    assert threads[0] is not QThread.currentThread()  # computed off the GUI thread
    assert not runner.is_busy()
    runner.wait()


def test_a_stale_result_is_never_shown(qtbot) -> None:
    runner = OddsRunner(debounce_ms=0)
    release = threading.Event()
    started = threading.Event()
    shown: list[object] = []
    runner.finished.connect(shown.append)

    def slow() -> str:
        started.set()
        release.wait(5)
        return "old cards"

    runner.request(slow)
    qtbot.waitUntil(started.is_set, timeout=5000)  # the slow job is running now
    with qtbot.waitSignal(runner.finished, timeout=5000) as blocker:
        runner.request(lambda: "new cards")
        release.set()
    assert blocker.args == ["new cards"]
    runner.wait()
    qtbot.wait(50)  # let any queued (stale) delivery through: it must be dropped
    assert shown == ["new cards"]


def test_busy_is_reported_and_cleared(qtbot) -> None:
    runner = OddsRunner(debounce_ms=0)
    states: list[bool] = []
    runner.busy_changed.connect(states.append)
    with qtbot.waitSignal(runner.finished, timeout=5000):
        runner.request(lambda: 1)
    assert states == [True, False]
    runner.request(None)  # nothing to compute: not busy, nothing emitted
    assert states == [True, False]
    runner.wait()


def test_an_error_is_reported_not_lost(qtbot) -> None:
    runner = OddsRunner(debounce_ms=0)

    def broken() -> None:
        raise ValueError("no cards left")

    with qtbot.waitSignal(runner.failed, timeout=5000) as blocker:
        runner.request(broken)
    assert str(blocker.args[0]) == "no cards left"
    runner.wait()


def test_requests_in_a_burst_start_one_calculation(qtbot) -> None:
    runner = OddsRunner(debounce_ms=30)
    calls: list[int] = []
    for n in range(5):
        runner.request(lambda n=n: calls.append(n) or n)
    with qtbot.waitSignal(runner.finished, timeout=5000) as blocker:
        pass
    assert blocker.args == [4]
    assert calls == [4]
    runner.wait()
