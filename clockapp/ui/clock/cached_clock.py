"""`CachedClock`: the clock source of the first frame, read from the start-up cache.

It has the attributes and signals `ClockDisplay` uses (`snapshot`, `now`, `current_view`,
`ticked`, `snapshot_changed`) and repaints on the same whole-second schedule as the real
`ClockSession`, which takes the display over once the database is open. Its views come from
`frame.frame_view`, so neither the core engine nor the services are imported before the first
frame is painted.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from clockapp.ui.clock.cache import CachedSnapshot
from clockapp.ui.clock.frame import TICK_MARGIN_MS, FrameView, frame_view, ms_to_next_change
from clockapp.ui.ticks import guarded

#: The repaint delay when the view could not be computed: try again in a second.
RETRY_MS = 1000


class CachedClock(QObject):
    """Serves the display from a cached snapshot until the real session takes over."""

    ticked = Signal(object)
    snapshot_changed = Signal(object)

    def __init__(
        self, snapshot: CachedSnapshot, now: Callable[[], datetime], parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.snapshot = snapshot
        self._now = now
        self._stopped = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.timeout.connect(guarded("the cached clock's tick", self.tick))

    def now(self) -> datetime:
        """The current time."""
        return self._now()

    def current_view(self) -> FrameView:
        """The clock as it reads now."""
        snap = self.snapshot
        return frame_view(snap.state, snap.items, self.now(), snap.planned_last_level)

    def tick(self) -> FrameView:
        """Publish the view and arm the next repaint (armed whatever happens here)."""
        delay = RETRY_MS
        try:
            clock_view = self.current_view()
            delay = ms_to_next_change(clock_view, self.now()) + TICK_MARGIN_MS
            self.ticked.emit(clock_view)
        finally:
            if not self._stopped:
                self._timer.start(delay)
        return clock_view

    def stop(self) -> None:
        """The real session has taken over."""
        self._stopped = True
        self._timer.stop()
