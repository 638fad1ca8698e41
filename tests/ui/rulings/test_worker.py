"""The odds runner: results arrive in the GUI thread, and only for the latest request."""

from __future__ import annotations

import threading

import pytest
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


#: A window with a runner deleted while its job runs (the job needs the interpreter's lock to
#: finish, as every Python calculation does), in a process of its own: before, Qt's pool waited
#: for the job inside the runner's destructor while holding that lock, and the process hung.
DELETED_MID_JOB = """
import sys, threading, time
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget
from clockapp.ui.rulings.worker import OddsRunner

app = QApplication([])
window = QWidget()
runner = OddsRunner(window, debounce_ms=0)
started = threading.Event()

def compute():
    started.set()
    end = time.monotonic() + 1.0
    while time.monotonic() < end:  # pure Python: it needs the lock the whole time
        sum(range(1000))
    return 1

runner.request(compute)
while not started.is_set():
    app.processEvents()
window.deleteLater()  # the window closes (and its runner goes) while the odds are computed
other = QWidget()
other.show()
QTest.qWaitForWindowActive(other)  # as a test's next window does: the deletion happens in here
print("closed")
"""


@pytest.mark.slow
def test_a_window_closed_while_its_odds_are_computed_does_not_hang(tmp_path) -> None:
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(root)}
    script = tmp_path / "deleted_mid_job.py"
    script.write_text(DELETED_MID_JOB)
    try:
        done = subprocess.run(
            [sys.executable, str(script)], env=env, capture_output=True, text=True, timeout=60
        )
    except subprocess.TimeoutExpired:
        raise AssertionError("the window's destruction waited for ever on its odds") from None
    assert done.returncode == 0, done.stderr[-2000:]
    assert "closed" in done.stdout
