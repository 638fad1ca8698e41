"""Periodic ticks that survive whatever their work raises.

A Qt timer's slot that raises leaves the exception to `sys.excepthook` (a dialog, every second)
and, for a single-shot timer re-armed at the end of its slot, never re-arms it: the clock on the
wall freezes. Every periodic tick and poll in the UI therefore runs through `guarded` (which logs
and swallows), and a re-arming tick arms its timer in a `finally`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from clockapp.errors import OutageError

log = logging.getLogger(__name__)


class TickErrors:
    """Logs a tick's exceptions: each kind with its traceback the first time, then briefly; an
    outage (`OutageError`) only at debug level."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.count = 0
        self._seen: set[tuple[str, str]] = set()

    def log(self, error: BaseException) -> None:
        """Record one failure of the tick."""
        self.count += 1
        if isinstance(error, OutageError):
            # Expected (the station says so on its windows, the listener logs the lost server
            # once): each failed tick of an outage would only repeat it.
            log.debug("%s: %s", self.name, error)
            return
        key = (type(error).__name__, str(error))
        if key in self._seen:
            log.debug("%s failed again (%d times): %r", self.name, self.count, error)
            return
        self._seen.add(key)
        log.error("%s failed; it carries on", self.name, exc_info=error)

    def run(self, step: Callable[[], object]) -> bool:
        """Run one step of the tick; False (logged) if it raised."""
        try:
            step()
        except Exception as error:  # the tick must go on whatever a step raises
            self.log(error)
            return False
        return True


def guarded(name: str, callback: Callable[[], object]) -> Callable[[], None]:
    """`callback` for a timer's `timeout`: an exception is logged, never raised into Qt.

    >>> def broken() -> None:
    ...     raise RuntimeError("no database")
    >>> tick = guarded("poll", broken)
    >>> tick()  # logged, not raised
    >>> tick.errors.count  # type: ignore[attr-defined]
    1
    """
    errors = TickErrors(name)

    def tick() -> None:
        errors.run(callback)

    tick.errors = errors  # type: ignore[attr-defined]
    return tick
