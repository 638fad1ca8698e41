"""The station's worker: database work off the GUI thread, in the order it was asked for.

Modelled on Anki's `aqt.operations` (`CollectionOp`, `QueryOp`): the GUI hands a callable to the
worker and goes on painting; the callable runs on the worker's one background thread, and its
result (or the exception it raised) comes back to the GUI thread by a queued signal, where
`on_done` (or `on_failed`) is called. One worker per station, one thread per worker: jobs run
strictly in the order they were submitted, so a press and the undo of that press, or two presses
of different keys, reach the database in the order the director made them.

A job submitted for a `control` (a button, a menu action, or any key naming "the same thing")
marks it busy until the job has answered: a widget or action is disabled (a widget shows the busy
cursor), and a second submission for the same control while the first is pending is refused
(`submit` returns False), so a second press cannot sell a second buy-in.

An error the job raised goes to `on_failed`, or, without one, to the app's error net
(`clockapp.ui.errors.report`): a domain error is shown as its message on the asker's window, an
unexpected one is logged and described, exactly as a guarded action's would be.

`stop()` (the station is closing) refuses new jobs, lets the thread finish the job it is running,
and joins it; answers that come after are dropped. The thread starts with the first job, so a
station that never submits anything never starts one.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from clockapp.ui.errors import report

log = logging.getLogger(__name__)

#: How long `stop` waits for the job in progress (a hung server may never answer: the thread is
#: a daemon, so it does not keep the app from quitting).
JOIN_TIMEOUT_S = 5.0

Control = QWidget | QAction


@dataclass(eq=False)
class Job:
    """One submitted call and where its answer goes."""

    work: Callable[[], Any]
    on_done: Callable[[Any], object] | None = None
    on_failed: Callable[[Exception], object] | None = None
    control: Control | None = None
    key: Hashable | None = None
    asker: QWidget | None = None
    #: What the control was before it was marked busy (restored when the job answers).
    was_enabled: bool = field(default=True)


class StationWorker(QObject):
    """Runs submitted callables on one background thread, in order; answers on the GUI thread."""

    _answered = Signal(object, object, object)  # Job, value, error: queued to the GUI thread

    def __init__(self, name: str = "station", parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._name = name
        self._jobs: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._pending_keys: set[Hashable] = set()
        self._stopped = False
        # Jobs submitted and not yet finished on the worker (guarded by `_idle`).
        self._unfinished = 0
        # Jobs submitted whose answer has not been handled here yet (GUI thread only).
        self._unanswered = 0
        self._idle = threading.Condition()
        self._answered.connect(self._on_answered, Qt.ConnectionType.QueuedConnection)

    # ---------------------------------------------------------------- asking

    def submit(
        self,
        work: Callable[[], Any],
        on_done: Callable[[Any], object] | None = None,
        on_failed: Callable[[Exception], object] | None = None,
        *,
        control: Control | None = None,
        key: Hashable | None = None,
        asker: QWidget | None = None,
    ) -> bool:
        """Run `work` on the worker after everything submitted before it.

        `control` is marked busy until the answer; `key` (the control itself when not given)
        names what a second press would repeat: while a job for it is pending, a submission for
        it does nothing and returns False. `asker` is the window an error is shown on (the
        control's window when not given). Returns True when the job was queued.
        """
        if self._stopped:
            return False
        key = key if key is not None else control
        if key is not None:
            if key in self._pending_keys:
                return False
            self._pending_keys.add(key)
        if asker is None and control is not None:
            asker = control if isinstance(control, QWidget) else _action_window(control)
        job = Job(work, on_done, on_failed, control, key, asker)
        if control is not None:
            job.was_enabled = control.isEnabled()
            _set_busy(control, True)
        self._unanswered += 1
        with self._idle:
            self._unfinished += 1
        self._start()
        self._jobs.put(job)
        return True

    def is_pending(self, key: Hashable) -> bool:
        """Whether a job for `key` (a control, or the key it was submitted with) is pending."""
        return key in self._pending_keys

    @property
    def busy(self) -> bool:
        """Whether any job has not been answered yet (queued, running, or its answer on its
        way to this thread). What an answer submits in turn keeps it busy."""
        return self._unanswered > 0

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Block until every job submitted so far has run (not its answer: that comes by the
        event loop). For a caller that must know they have run (a test, a station closing);
        returns False if `timeout` passed first. On the worker's own thread it returns at once.
        """
        if threading.current_thread() is self._thread:
            return True
        with self._idle:
            return self._idle.wait_for(lambda: self._unfinished == 0, timeout)

    def stop(self) -> None:
        """Refuse new jobs, let the running one finish, join the thread (the station closes)."""
        if self._stopped:
            return
        self._stopped = True
        thread = self._thread
        if thread is None:
            return
        self._jobs.put(None)
        thread.join(JOIN_TIMEOUT_S)
        if thread.is_alive():
            log.warning("the %s worker is still waiting on the database; leaving it", self._name)

    # ---------------------------------------------------------------- the thread

    def _start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(
                target=self._loop, name=f"clockapp-{self._name}", daemon=True
            )
            self._thread.start()

    def _loop(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            value: Any = None
            error: Exception | None = None
            try:
                value = job.work()
            except Exception as raised:  # handed to the GUI thread, which shows it
                error = raised
            except BaseException as raised:  # the thread must outlive any job
                # A job that raised past Exception (SystemExit, a test's own failure) would end
                # the thread, and every later job and `wait_idle` would wait for ever.
                error = RuntimeError(f"a job on the {self._name} worker raised {raised!r}")
            finally:  # whatever the job raised, it is over: `wait_idle` must not wait for it
                with self._idle:
                    self._unfinished -= 1
                    self._idle.notify_all()
            if self._stopped:
                continue  # nobody is listening any more
            try:
                self._answered.emit(job, value, error)
            except RuntimeError:  # the worker's QObject is gone (the app is closing)
                return

    # ---------------------------------------------------------------- the answer

    def _on_answered(self, job: Job, value: Any, error: Exception | None) -> None:
        if self._stopped:
            return
        self._unanswered -= 1
        if job.key is not None:
            self._pending_keys.discard(job.key)
        # Free the control first: what `on_done` refreshes has the last word on its state.
        if job.control is not None:
            _set_busy(job.control, False, job.was_enabled)
        try:
            if error is None:
                if job.on_done is not None:
                    job.on_done(value)
            elif job.on_failed is not None:
                job.on_failed(error)
            else:
                report(error, job.asker)
        except Exception as failure:  # an answer's handler failing: the same net as any action
            report(failure, job.asker)


def _action_window(action: QAction) -> QWidget | None:
    parent = action.parent()
    return parent if isinstance(parent, QWidget) else None


def _set_busy(control: Control, busy: bool, was_enabled: bool = True) -> None:
    with contextlib.suppress(RuntimeError):  # the control's window was closed meanwhile
        _mark(control, busy, was_enabled)


def _mark(control: Control, busy: bool, was_enabled: bool) -> None:
    if busy:
        control.setEnabled(False)
        if isinstance(control, QWidget):
            control.setCursor(Qt.CursorShape.BusyCursor)
        return
    control.setEnabled(was_enabled)
    if isinstance(control, QWidget):
        control.unsetCursor()
