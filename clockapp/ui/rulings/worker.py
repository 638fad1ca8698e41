"""Odds off the GUI thread: exact equity can take a second, typing must never wait for it.

`OddsRunner` owns a private one-thread pool. Each `request` gets a new generation number; a
request still queued is dropped when a newer one arrives, and a result that comes back for an old
generation is ignored, so the window only ever shows odds for the cards on screen. A calculation
already running cannot be interrupted (it is one numpy pass), it just finishes unseen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal

DEBOUNCE_MS = 120  # let a burst of keystrokes settle before starting a calculation


class _Relay(QObject):
    """Lives in the GUI thread; the job emits through it, so the result arrives queued there."""

    done = Signal(int, object, object)  # generation, result, error


class _Job(QRunnable):
    def __init__(self, generation: int, compute: Callable[[], Any], relay: _Relay) -> None:
        super().__init__()
        self._generation = generation
        self._compute = compute
        self._relay = relay
        self.setAutoDelete(True)

    def run(self) -> None:
        try:
            result = self._compute()
        except Exception as error:  # shown to the director, never lost in the thread
            self._relay.done.emit(self._generation, None, error)
        else:
            self._relay.done.emit(self._generation, result, None)


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
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._relay = _Relay(self)
        self._relay.done.connect(self._on_relay_done)
        self._generation = 0
        self._pending: Callable[[], Any] | None = None
        self._busy = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(debounce_ms)
        self._timer.timeout.connect(self._on_timer_timeout)

    @property
    def generation(self) -> int:
        """The number of the latest request."""
        return self._generation

    def is_busy(self) -> bool:
        """A calculation for the cards on screen is under way."""
        return self._busy

    def request(self, compute: Callable[[], Any] | None) -> None:
        """Compute `compute()` soon, superseding every earlier request (None: nothing to do)."""
        self._generation += 1
        self._pool.clear()  # drop queued, superseded jobs
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
        self._pool.clear()
        return self._pool.waitForDone(msecs)

    def _on_timer_timeout(self) -> None:
        if self._pending is not None:
            self._pool.start(_Job(self._generation, self._pending, self._relay))
            self._pending = None

    def _on_relay_done(self, generation: int, result: object, error: object) -> None:
        if generation != self._generation:
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
