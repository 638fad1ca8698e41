"""The station's worker: jobs run off the GUI thread, in order, and answer on the GUI thread; a
control is busy while its job is pending and cannot be pressed twice; errors reach the net."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QPushButton, QWidget

from clockapp.errors import ValidationError
from clockapp.ui.errors import ErrorNet
from clockapp.ui.operations import StationWorker


@pytest.fixture
def worker(qapp: QApplication) -> Iterator[StationWorker]:
    the_worker = StationWorker("test")
    yield the_worker
    the_worker.stop()
    the_worker.deleteLater()


@pytest.fixture
def shown(qapp: QApplication) -> Iterator[list[tuple[QWidget | None, str]]]:
    """The app's error net with a presenter that records what it would show."""
    messages: list[tuple[QWidget | None, str]] = []
    net = ErrorNet(qapp, presenter=lambda parent, text: messages.append((parent, text)))
    yield messages
    net.setParent(None)
    net.deleteLater()


def test_jobs_run_off_the_gui_thread_in_order_and_answer_on_it(qtbot, worker) -> None:
    gui = threading.current_thread()
    ran_on: list[threading.Thread] = []
    answered: list[tuple[int, threading.Thread]] = []

    def job(n: int) -> int:
        ran_on.append(threading.current_thread())
        return n

    for n in range(20):
        assert worker.submit(
            lambda n=n: job(n),
            lambda value: answered.append((value, threading.current_thread())),
        )
    qtbot.waitUntil(lambda: len(answered) == 20)
    assert [value for value, _ in answered] == list(range(20))
    assert all(thread is gui for _, thread in answered)
    assert all(thread is not gui for thread in ran_on)
    assert len(set(ran_on)) == 1  # one thread, so one order


def test_the_gui_keeps_running_while_a_job_waits(qtbot, worker) -> None:
    release = threading.Event()
    answered: list[str] = []
    worker.submit(lambda: release.wait(10) and "done", answered.append)
    assert worker.busy
    # The event loop turns while the job blocks: a timer fires.
    fired: list[bool] = []
    QTimer.singleShot(0, lambda: fired.append(True))
    qtbot.waitUntil(lambda: fired == [True])
    assert answered == []
    release.set()
    qtbot.waitUntil(lambda: answered == ["done"])
    assert not worker.busy


def test_a_control_is_busy_until_its_job_answers_and_a_second_press_does_nothing(
    qtbot, worker
) -> None:
    button = QPushButton("Sell")
    qtbot.addWidget(button)
    release = threading.Event()
    sold: list[int] = []

    def sell() -> int:
        release.wait(10)
        sold.append(1)
        return len(sold)

    answers: list[int] = []
    assert worker.submit(sell, answers.append, control=button)
    assert not button.isEnabled()
    assert button.cursor().shape() == Qt.CursorShape.BusyCursor
    assert worker.is_pending(button)
    assert not worker.submit(sell, answers.append, control=button)  # the second press
    release.set()
    qtbot.waitUntil(lambda: answers == [1])
    assert button.isEnabled()
    assert button.cursor().shape() != Qt.CursorShape.BusyCursor
    assert not worker.is_pending(button)
    assert sold == [1]


def test_a_control_disabled_before_stays_disabled_and_an_action_is_busy_too(qtbot, worker) -> None:
    window = QWidget()
    qtbot.addWidget(window)
    action = QAction("Bust", window)
    button = QPushButton("Sell", window)
    button.setEnabled(False)
    done: list[object] = []
    worker.submit(lambda: 1, done.append, control=action)
    worker.submit(lambda: 2, done.append, control=button)
    assert not action.isEnabled()
    qtbot.waitUntil(lambda: done == [1, 2])
    assert action.isEnabled()
    assert not button.isEnabled()


def test_a_key_names_the_same_press_made_from_two_places(qtbot, worker) -> None:
    release = threading.Event()
    done: list[object] = []
    assert worker.submit(lambda: release.wait(10), done.append, key="pause")
    assert not worker.submit(lambda: None, done.append, key="pause")
    assert worker.submit(lambda: "other", done.append, key="minute")
    release.set()
    qtbot.waitUntil(lambda: done == [True, "other"])


def test_an_error_goes_to_on_failed_and_frees_the_control(qtbot, worker) -> None:
    button = QPushButton("Sell")
    qtbot.addWidget(button)
    failed: list[Exception] = []

    def refuse() -> None:
        raise ValidationError("The till is closed.")

    worker.submit(refuse, on_failed=failed.append, control=button)
    qtbot.waitUntil(lambda: len(failed) == 1)
    assert str(failed[0]) == "The till is closed."
    assert button.isEnabled()


def test_an_error_without_on_failed_is_shown_on_the_askers_window_by_the_net(
    qtbot, worker, shown
) -> None:
    window = QWidget()
    qtbot.addWidget(window)
    button = QPushButton("Sell", window)

    def refuse() -> None:
        raise ValidationError("The till is closed.")

    worker.submit(refuse, control=button)
    qtbot.waitUntil(lambda: len(shown) == 1)
    assert shown == [(window, "The till is closed.")]


def test_an_error_in_the_answer_handler_reaches_the_net_too(qtbot, worker, shown) -> None:
    def broken(_value: object) -> None:
        raise ValidationError("Cannot show that.")

    worker.submit(lambda: 1, broken)
    qtbot.waitUntil(lambda: len(shown) == 1)
    assert shown[0][1] == "Cannot show that."


def test_wait_idle_waits_for_the_jobs_not_their_answers(qtbot, worker) -> None:
    ran: list[int] = []
    for n in range(5):
        worker.submit(lambda n=n: ran.append(n))
    assert worker.wait_idle(10)
    assert ran == [0, 1, 2, 3, 4]


def test_stop_joins_the_thread_refuses_new_jobs_and_drops_late_answers(qtbot) -> None:
    worker = StationWorker("closing")
    answered: list[object] = []
    worker.submit(lambda: 1, answered.append)
    worker.stop()
    assert not any(t.name == "clockapp-closing" for t in threading.enumerate())
    assert not worker.submit(lambda: 2, answered.append)
    QApplication.processEvents()  # any queued answer arrives now: it is dropped
    assert answered == []
    worker.deleteLater()


def test_a_worker_that_never_ran_a_job_has_no_thread(qapp) -> None:
    before = threading.active_count()
    worker = StationWorker("idle")
    assert threading.active_count() == before
    worker.stop()
    worker.deleteLater()


def test_a_job_that_raises_past_exception_leaves_the_worker_running(qtbot, worker) -> None:
    failures: list[Exception] = []
    ran: list[str] = []

    def leaves() -> None:
        raise SystemExit(3)

    worker.submit(leaves, on_failed=failures.append)
    worker.submit(lambda: ran.append("after"))
    assert worker.wait_idle(10)  # before: the thread had died and this waited for ever
    assert ran == ["after"]
    qtbot.waitUntil(lambda: len(failures) == 1)
    assert "SystemExit(3)" in str(failures[0])
