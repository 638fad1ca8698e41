"""Odds off the GUI thread: exact equity can take a second, typing must never wait for it.

`OddsRunner` owns a private one-thread pool. Each `request` gets a new generation number; a
request still queued is dropped when a newer one arrives, and a result that comes back for an old
generation is ignored, so the window only ever shows odds for the cards on screen. A calculation
already running cannot be interrupted (it is one numpy pass), it just finishes unseen.

The pool is Python's (`concurrent.futures`), not a `QThreadPool` child of the runner: a Qt pool
destroyed with its owner waits for its running job inside the destructor, holding the
interpreter's lock the job needs to finish, and the process hangs for ever. A runner deleted
while a job runs leaves the job to finish on its own; its answer finds no one and is dropped.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

DEBOUNCE_MS = 120  # let a burst of keystrokes settle before starting a calculation


class _Relay(QObject):
    """Lives in the GUI thread; the job emits through it, so the result arrives queued there."""

    done = Signal(int, object, object)  # generation, result, error


class _Latest:
    """The newest generation asked, shared with the jobs (plain: it outlives the runner)."""

    def __init__(self) -> None:
        self.generation = 0


def _run(generation: int, latest: _Latest, compute: Callable[[], Any], relay: _Relay) -> None:
    """One job on the pool: skipped when superseded before it started; its answer is sent
    through `relay`, or dropped when the runner (and its relay) are gone."""
    if generation != latest.generation:
        return
    result: Any = None
    error: Exception | None = None
    try:
        result = compute()
    except Exception as raised:  # shown to the director, never lost in the thread
        error = raised
    with contextlib.suppress(RuntimeError):  # the window closed meanwhile: nobody waits for it
        relay.done.emit(generation, result, error)


class OddsRunner(QObject):
    """Runs the latest calculation in the background and reports only current results.

    Signals:
        busy_changed(bool): a calculation for the cards on screen started or ended.
        finished(object): the result for the cards on screen.
        failed(object): the calculation for the cards on screen raised this exception.
    """

    busy_changed = Signal(bool)
    finished = Signal(object)
    failed = Signal(object)

    def __init__(self, parent: QObject | None = None, debounce_ms: int = DEBOUNCE_MS) -> None:
        super().__init__(parent)
        self._pool = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="clockapp-odds")
        self._running: concurrent.futures.Future[None] | None = None
        self._relay = _Relay(self)
        self._relay.done.connect(self._on_relay_done)
        self._latest = _Latest()
        self.destroyed.connect(lambda _obj=None, pool=self._pool: pool.shutdown(wait=False))
        self._pending: Callable[[], Any] | None = None
        self._busy = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(debounce_ms)
        self._timer.timeout.connect(self._on_timer_timeout)

    @property
    def generation(self) -> int:
        """The number of the latest request."""
        return self._latest.generation

    def is_busy(self) -> bool:
        """A calculation for the cards on screen is under way."""
        return self._busy

    def request(self, compute: Callable[[], Any] | None) -> None:
        """Compute `compute()` soon, superseding every earlier request (None: nothing to do)."""
        self._latest.generation += 1  # a queued job sees it is superseded and does nothing
        self._pending = compute
        if compute is None:
            self._timer.stop()
            self._set_busy(False)
            return
        self._set_busy(True)
        self._timer.start()

    def wait(self, msecs: int = -1) -> bool:
        """Block until the pool is idle (closing the window; tests). True when it is."""
        self._timer.stop()
        self._pending = None
        running = self._running
        if running is None:
            return True
        try:
            running.result(None if msecs < 0 else msecs / 1000)
        except concurrent.futures.TimeoutError:
            return False
        return True

    def _on_timer_timeout(self) -> None:
        if self._pending is not None:
            latest = self._latest
            self._running = self._pool.submit(
                _run, latest.generation, latest, self._pending, self._relay
            )
            self._pending = None

    def _on_relay_done(self, generation: int, result: object, error: object) -> None:
        if generation != self._latest.generation:
            return  # stale: the cards changed while this was computed
        self._set_busy(False)
        if error is not None:
            self.failed.emit(error)
        else:
            self.finished.emit(result)

    def _set_busy(self, busy: bool) -> None:
        if busy != self._busy:
            self._busy = busy
            self.busy_changed.emit(busy)
