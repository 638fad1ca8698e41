"""The clock's facts and what it reports: the persisted state, the computed view, the events.

`ClockState` is what is saved (absolute times, never a tick count); `ClockView` is what a display
shows at one moment; `ClockEvent` is a sound or announcement with a stable key. The clock works
at a resolution of one millisecond (`to_ms`), on tz-aware times only (`_check_time`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from clockapp.core.structure import Item, Level
from clockapp.errors import DomainError
from clockapp.i18n import gettext as _

MS = timedelta(milliseconds=1)
ONE_MINUTE_MS = 60_000
#: How long before a hard end the display starts warning, unless told otherwise.
HARD_END_WARNING_MS = 15 * ONE_MINUTE_MS


class ClockError(DomainError):
    """A clock action that cannot be done now (pause a stopped clock, go past the last level...)."""


# A clock error is raised, logged and shown under its public home, where callers import it.
ClockError.__module__ = "clockapp.core.clock"


class ClockStatus(StrEnum):
    """What the clock is doing, as the display says it."""

    NOT_STARTED = "not started"
    RUNNING = "running"
    PAUSED = "paused"
    STOPPED_BY_HARD_END = "stopped by hard end"


class EventKind(StrEnum):
    """A moment the room should hear about."""

    LEVEL_STARTED = "level started"
    ONE_MINUTE_WARNING = "one-minute warning"
    BREAK_STARTED = "break started"
    BREAK_ENDED = "break ended"
    OVERTIME_STARTED = "overtime started"
    HARD_END_WARNING = "hard end warning"
    HARD_END_REACHED = "hard end reached"


def _check_time(value: datetime, what: str) -> datetime:
    if value.tzinfo is None or value.utcoffset() is None:
        raise ClockError(
            _("{what} must carry a time zone (UTC), got a naive time {value}.").format(
                what=what, value=value
            )
        )
    return value


def to_ms(value: datetime) -> datetime:
    """`value` truncated to the millisecond: the clock's resolution."""
    value = _check_time(value, "The time")
    return value.replace(microsecond=value.microsecond // 1000 * 1000)


def ms_between(start: datetime, end: datetime) -> int:
    """Whole milliseconds from `start` to `end` (negative when `end` is earlier), floored."""
    return (end - start) // MS


def duration_ms(item: Item) -> int:
    """How long an item lasts, in milliseconds.

    >>> from clockapp.core.structure import Break
    >>> duration_ms(Break(15))
    900000
    """
    return item.minutes * ONE_MINUTE_MS


@dataclass(frozen=True)
class ClockState:
    """The clock's persisted facts.

    Attributes:
        index: The item (0-based index into `structure.levels`) current when the state was
            written; `view` moves on from it by itself as time passes.
        running: Whether time is counting down.
        ends_at: While running, the absolute time the item at `index` ends (tz-aware UTC).
        remaining_ms: While not running, the milliseconds left in the item; None means the whole
            item (nothing played yet). Negative only on the last item: the overtime played.
        hard_end: An optional wall-clock time at which play stops.
        started: Whether the tournament clock was ever started.
        entered_at: When the item at `index` became current (start, level change, restart), used
            to announce it; None before the start.

    >>> ClockState(running=True)
    Traceback (most recent call last):
    ...
    clockapp.core.clock.ClockError: A running clock needs the time its level ends.
    """

    index: int = 0
    running: bool = False
    ends_at: datetime | None = None
    remaining_ms: int | None = None
    hard_end: datetime | None = None
    started: bool = False
    entered_at: datetime | None = None

    def __post_init__(self) -> None:
        if isinstance(self.index, bool) or not isinstance(self.index, int) or self.index < 0:
            raise ClockError(
                _("Clock: item index {index!r} must be 0 or more.").format(index=self.index)
            )
        if self.running:
            if self.ends_at is None:
                raise ClockError(_("A running clock needs the time its level ends."))
            if self.remaining_ms is not None:
                raise ClockError(_("A running clock keeps its end time, not the time left."))
            if not self.started:
                raise ClockError(_("A running clock must have been started."))
        elif self.ends_at is not None:
            raise ClockError(_("A paused clock keeps the time left, not an end time."))
        for name in ("ends_at", "hard_end", "entered_at"):
            value = getattr(self, name)
            if value is not None:
                _check_time(value, f"Clock {name}")
        if self.remaining_ms is not None and (
            isinstance(self.remaining_ms, bool) or not isinstance(self.remaining_ms, int)
        ):
            raise ClockError(
                _("Clock: time left {remaining_ms!r} must be whole milliseconds.").format(
                    remaining_ms=self.remaining_ms
                )
            )


@dataclass(frozen=True)
class ClockView:
    """Everything the display shows, computed for one moment.

    Attributes:
        status: Not started, running, paused, or stopped by the hard end.
        index: The current item (0-based).
        item: The current level or break.
        level_number: The play level number (1-based), None during a break.
        remaining_ms: Milliseconds left in the item (0 in overtime, never negative).
        duration_ms: The item's full length.
        elapsed_fraction: 0.0 to 1.0 for a progress bar.
        overtime_ms: Time played past the end of the last item (counts up, 0 otherwise).
        ends_at: When the item ends (None unless running).
        next_item: The item after this one (None on the last).
        next_level: The next play level (None when none follows).
        next_level_number: Its number.
        ms_to_next_break: Time until the next break starts (None when no break follows).
        next_break_index: The index of that break.
        is_extra_level: The level is after the planned last level.
        hard_end: The hard end time, if any.
        ms_to_hard_end: Time until the hard end (None without one; 0 once reached).
        hard_end_warning: The hard end is near (within the warning time) but not reached.
        stopped_by_hard_end: The hard end was reached: play stopped, places go by chip count.
        message: One line that says what is going on, for the screen.
    """

    status: ClockStatus
    index: int
    item: Item
    level_number: int | None
    remaining_ms: int
    duration_ms: int
    elapsed_fraction: float
    overtime_ms: int
    ends_at: datetime | None
    next_item: Item | None
    next_level: Level | None
    next_level_number: int | None
    ms_to_next_break: int | None
    next_break_index: int | None
    is_extra_level: bool
    hard_end: datetime | None
    ms_to_hard_end: int | None
    hard_end_warning: bool
    stopped_by_hard_end: bool
    message: str

    @property
    def is_break(self) -> bool:
        """Whether the current item is a break."""
        return self.item.is_break

    @property
    def running(self) -> bool:
        """Whether the countdown is moving."""
        return self.status is ClockStatus.RUNNING

    @property
    def paused(self) -> bool:
        """Whether the clock was started and is paused."""
        return self.status is ClockStatus.PAUSED

    @property
    def in_overtime(self) -> bool:
        """Whether the last item's time is up and the clock counts up."""
        return self.overtime_ms > 0


@dataclass(frozen=True)
class ClockEvent:
    """A sound or announcement due at `at`; `key` identifies it for play-once bookkeeping."""

    at: datetime
    index: int
    kind: EventKind
    item: Item

    @property
    def key(self) -> tuple[int, EventKind]:
        """(item index, kind): the same moment always has the same key."""
        return (self.index, self.kind)
