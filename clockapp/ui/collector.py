"""Python's cyclic garbage collector, run on the GUI thread only.

A Qt object's Python wrapper caught in a reference cycle is freed by whichever thread the
collector happens to run on. The station's workers allocate too, so a collection can start on one
of them and delete a timer or a widget there: Qt warns "Timers cannot be stopped from another
thread", and the app may crash a moment later on the GUI thread. `GuiCollector` switches the
automatic collection off and collects from a timer on the GUI thread instead, one generation at a
time as the collector's own thresholds would (Spyder, OpenCue and GitFourchette do the same).
Explicit `gc.collect()` calls still work.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

from clockapp.ui.ticks import guarded

#: How often the GUI thread looks at the collector's counts: often enough that garbage never
#: piles up between two looks, each look costs next to nothing when there is little to do.
INTERVAL_MS = 500


class GuiCollector(QObject):
    """Collects cyclic garbage on the GUI thread (`start`), never on a worker."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._thresholds = gc.get_threshold()
        self._timer = QTimer(self)
        self._timer.setInterval(INTERVAL_MS)
        self._timer.timeout.connect(guarded("garbage collection", self.collect))

    def start(self) -> None:
        """Switch the automatic collection off; collect from the GUI thread's timer instead."""
        gc.disable()
        self._timer.start()

    def stop(self) -> None:
        """Give the collection back to Python (at the app's end)."""
        self._timer.stop()
        gc.enable()

    def collect(self) -> None:
        """Collect the generations whose counts passed their thresholds, as Python would.

        Called on the GUI thread only (the timer's, or a caller's there).
        """
        first, second, third = self._thresholds
        young, middle, old = gc.get_count()
        if young <= first:
            return
        generation = 0
        if middle > second:
            generation = 2 if old > third else 1
        gc.collect(generation)
