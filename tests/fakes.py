"""Test doubles shared by every suite (no Qt here)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta


class FakeClock:
    """An injected time source that moves only when a test says so.

    >>> clock = FakeClock()
    >>> start = clock()
    >>> clock.advance(seconds=90)
    >>> (clock() - start).total_seconds()
    90.0
    """

    def __init__(self, start: datetime | None = None) -> None:
        self._now = start or datetime(2026, 11, 21, 19, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self._now

    def advance(self, *, seconds: float = 0, minutes: float = 0, ms: int = 0) -> None:
        """Move time forward (or back, with negative values)."""
        self._now += timedelta(seconds=seconds, minutes=minutes, milliseconds=ms)

    def set(self, when: datetime) -> None:
        """Jump to an absolute time."""
        self._now = when
