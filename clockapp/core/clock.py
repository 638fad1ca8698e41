"""The tournament clock: a pure engine over absolute times, never a tick count.

`ClockState` stores only facts that stay true however long nobody looks: which item (level or break)
was current when the state was written, whether the clock runs, the absolute UTC time the item ends
while running (or the milliseconds left while paused), when that item became current, the optional
hard end time, and whether the tournament has started. Everything a display needs is computed from
a state, the structure and `now` by `view`; levels and breaks advance by themselves, so a state
saved hours ago and loaded again shows exactly where the tournament is. Transitions (`start`,
`pause`, `resume`, `next_item`, `previous_item`, `jump`, `add_time`, `restart_level`,
`set_hard_end`) are pure functions returning a new state; they take `now` (tz-aware) and work at
the clock's resolution of one millisecond, so pauses and restarts never accumulate rounding.

`events_between` lists the sounds and announcements due in a time window, each with a stable
identity (item index, kind) so the app plays each exactly once, even after an undo or a restart.

>>> from datetime import UTC, datetime, timedelta
>>> from clockapp.core.structure import Break, Level, Structure
>>> s = Structure("Home", (Level(5, 10, minutes=20), Break(10), Level(10, 20, minutes=20)))
>>> t0 = datetime(2025, 1, 1, 20, 0, tzinfo=UTC)
>>> state = start(ClockState(), s, t0)
>>> v = view(state, s, t0 + timedelta(minutes=25))
>>> v.item.is_break, format_clock(v.remaining_ms)
(True, '05:00')
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from enum import StrEnum

from clockapp.core.errors import DomainError
from clockapp.core.structure import Item, Level, Structure, item_name

MS = timedelta(milliseconds=1)
ONE_MINUTE_MS = 60_000
#: How long before a hard end the display starts warning, unless told otherwise.
HARD_END_WARNING_MS = 15 * ONE_MINUTE_MS


class ClockError(DomainError):
    """A clock action that cannot be done now (pause a stopped clock, go past the last level...)."""


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
        raise ClockError(f"{what} must carry a time zone (UTC), got a naive time {value}.")
    return value


def _to_ms(value: datetime) -> datetime:
    """`value` truncated to the millisecond: the clock's resolution."""
    value = _check_time(value, "The time")
    return value.replace(microsecond=value.microsecond // 1000 * 1000)


def _ms_between(start: datetime, end: datetime) -> int:
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
            raise ClockError(f"Clock: item index {self.index!r} must be 0 or more.")
        if self.running:
            if self.ends_at is None:
                raise ClockError("A running clock needs the time its level ends.")
            if self.remaining_ms is not None:
                raise ClockError("A running clock keeps its end time, not the time left.")
            if not self.started:
                raise ClockError("A running clock must have been started.")
        elif self.ends_at is not None:
            raise ClockError("A paused clock keeps the time left, not an end time.")
        for name in ("ends_at", "hard_end", "entered_at"):
            value = getattr(self, name)
            if value is not None:
                _check_time(value, f"Clock {name}")
        if self.remaining_ms is not None and (
            isinstance(self.remaining_ms, bool) or not isinstance(self.remaining_ms, int)
        ):
            raise ClockError(f"Clock: time left {self.remaining_ms!r} must be whole milliseconds.")


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


# ------------------------------------------------------------------------------ internals


def _check_structure(state: ClockState, structure: Structure) -> None:
    if state.index >= len(structure.levels):
        raise ClockError(
            f"The clock is on item {state.index + 1} but structure {structure.name!r} has only "
            f"{len(structure.levels)} items."
        )


def _effective(state: ClockState, now: datetime) -> datetime:
    """The moment the clock reads: `now`, or the hard end once it has passed."""
    now = _to_ms(now)
    if state.hard_end is not None and state.started and now > state.hard_end:
        return _to_ms(state.hard_end)
    return now


def _skip_empty(state: ClockState, structure: Structure, at: datetime) -> ClockState:
    """A paused clock with no time left is on the next item (full time): never stuck at 00:00."""
    if state.running or state.remaining_ms != 0 or state.index >= len(structure.levels) - 1:
        return state
    return replace(
        state,
        index=state.index + 1,
        remaining_ms=None,
        entered_at=at if state.started else None,
    )


def _settle(state: ClockState, structure: Structure, at: datetime) -> ClockState:
    """The same clock with the items that ended by `at` moved past."""
    _check_structure(state, structure)
    if not state.running or state.ends_at is None:
        return _skip_empty(state, structure, at)
    index, ends_at, entered = state.index, state.ends_at, state.entered_at
    last = len(structure.levels) - 1
    while index < last and ends_at <= at:
        entered = ends_at
        index += 1
        ends_at = ends_at + timedelta(milliseconds=duration_ms(structure.levels[index]))
    if index == state.index:
        return state
    return replace(state, index=index, ends_at=ends_at, entered_at=entered)


def _signed_remaining(state: ClockState, structure: Structure, at: datetime) -> int:
    """Milliseconds left in the current item; negative in overtime on the last item."""
    if state.running and state.ends_at is not None:
        return _ms_between(at, state.ends_at)
    if state.remaining_ms is None:
        return duration_ms(structure.levels[state.index])
    return state.remaining_ms


def _move_to(state: ClockState, structure: Structure, at: datetime, index: int) -> ClockState:
    """The clock on item `index` with its full time, running on if it was running."""
    if not 0 <= index < len(structure.levels):
        raise ClockError(
            f"There is no item {index + 1}: structure {structure.name!r} has "
            f"{len(structure.levels)} items."
        )
    full = timedelta(milliseconds=duration_ms(structure.levels[index]))
    entered = at if state.started else None
    if state.running:
        return replace(state, index=index, ends_at=at + full, entered_at=entered)
    return replace(state, index=index, remaining_ms=None, entered_at=entered)


def _require_not_stopped(state: ClockState, now: datetime) -> None:
    if state.hard_end is not None and _to_ms(now) >= state.hard_end:
        # No wall-clock time here: the engine knows only UTC, people read local time (the
        # windows put the hard end's local time next to this).
        raise ClockError("Play was stopped by the hard end; move or clear the hard end first.")


# ------------------------------------------------------------------------------ transitions


def start(state: ClockState, structure: Structure, now: datetime) -> ClockState:
    """Start the tournament clock on the current item (the first one for a new clock).

    >>> from datetime import UTC, datetime
    >>> from clockapp.core.structure import Level, Structure
    >>> s = Structure("S", (Level(5, 10, minutes=20),))
    >>> start(ClockState(), s, datetime(2025, 1, 1, 20, 0, tzinfo=UTC)).ends_at
    datetime.datetime(2025, 1, 1, 20, 20, tzinfo=datetime.timezone.utc)
    """
    _check_structure(state, structure)
    if state.started:
        raise ClockError("The clock has already started; use pause and resume.")
    _require_not_stopped(state, now)
    at = _to_ms(now)
    left = _signed_remaining(state, structure, at)
    return replace(
        state,
        running=True,
        started=True,
        ends_at=at + timedelta(milliseconds=left),
        remaining_ms=None,
        entered_at=at,
    )


def pause(state: ClockState, structure: Structure, now: datetime) -> ClockState:
    """Stop the countdown, keeping the time left.

    >>> from datetime import UTC, datetime, timedelta
    >>> from clockapp.core.structure import Level, Structure
    >>> s = Structure("S", (Level(5, 10, minutes=20),))
    >>> t = datetime(2025, 1, 1, 20, 0, tzinfo=UTC)
    >>> pause(start(ClockState(), s, t), s, t + timedelta(minutes=5)).remaining_ms
    900000
    """
    if not state.running:
        raise ClockError("The clock is not running.")
    at = _effective(state, now)
    settled = _settle(state, structure, at)
    left = _signed_remaining(settled, structure, at)
    return replace(settled, running=False, ends_at=None, remaining_ms=left)


def resume(state: ClockState, structure: Structure, now: datetime) -> ClockState:
    """Let a paused clock run on from where it stopped."""
    _check_structure(state, structure)
    if not state.started:
        raise ClockError("The clock has not started yet; start it first.")
    if state.running:
        raise ClockError("The clock is already running.")
    _require_not_stopped(state, now)
    at = _to_ms(now)
    left = _signed_remaining(state, structure, at)
    return replace(
        state, running=True, ends_at=at + timedelta(milliseconds=left), remaining_ms=None
    )


def toggle(state: ClockState, structure: Structure, now: datetime) -> ClockState:
    """Start, pause or resume: what the space bar does."""
    if not state.started:
        return start(state, structure, now)
    if state.running:
        return pause(state, structure, now)
    return resume(state, structure, now)


def next_item(state: ClockState, structure: Structure, now: datetime) -> ClockState:
    """Go to the next level or break, with its full time.

    >>> from datetime import UTC, datetime
    >>> from clockapp.core.structure import Level, Structure
    >>> s = Structure("S", (Level(5, 10), Level(10, 20)))
    >>> next_item(ClockState(), s, datetime(2025, 1, 1, tzinfo=UTC)).index
    1
    """
    at = _effective(state, now)
    settled = _settle(state, structure, at)
    if settled.index >= len(structure.levels) - 1:
        raise ClockError(
            "This is the last level: there is no next one (the clock goes into overtime)."
        )
    return _move_to(settled, structure, at, settled.index + 1)


def previous_item(state: ClockState, structure: Structure, now: datetime) -> ClockState:
    """Go back to the previous level or break, with its full time."""
    at = _effective(state, now)
    settled = _settle(state, structure, at)
    if settled.index == 0:
        raise ClockError("This is the first level: there is no previous one.")
    return _move_to(settled, structure, at, settled.index - 1)


def jump(state: ClockState, structure: Structure, now: datetime, index: int) -> ClockState:
    """Go to item `index` (0-based), with its full time."""
    at = _effective(state, now)
    return _move_to(_settle(state, structure, at), structure, at, index)


def add_time(state: ClockState, structure: Structure, now: datetime, ms: int) -> ClockState:
    """Add (or with a negative `ms`, remove) time from the current item; never below 0.

    Removing more than is left ends the item now, and the next one starts (paused, with its
    full time, if the clock was paused). Adding time in overtime gives the last level a fresh
    countdown of `ms`.

    >>> from datetime import UTC, datetime
    >>> from clockapp.core.structure import Level, Structure
    >>> s = Structure("S", (Level(5, 10, minutes=20),))
    >>> add_time(ClockState(), s, datetime(2025, 1, 1, tzinfo=UTC), -ONE_MINUTE_MS).remaining_ms
    1140000
    """
    if isinstance(ms, bool) or not isinstance(ms, int):
        raise ClockError(f"Time to add must be whole milliseconds (got {ms!r}).")
    at = _effective(state, now)
    settled = _settle(state, structure, at)
    left = max(0, max(0, _signed_remaining(settled, structure, at)) + ms)
    if settled.running:
        return replace(settled, ends_at=at + timedelta(milliseconds=left))
    return _skip_empty(replace(settled, remaining_ms=left), structure, at)


def restart_level(state: ClockState, structure: Structure, now: datetime) -> ClockState:
    """Give the current item its full time again."""
    at = _effective(state, now)
    settled = _settle(state, structure, at)
    return _move_to(settled, structure, at, settled.index)


def set_hard_end(
    state: ClockState, structure: Structure, now: datetime, hard_end: datetime | None
) -> ClockState:
    """Set, move or clear the hard end time.

    If the old hard end had already stopped a running clock, the clock stays paused at the
    moment play stopped (the director resumes it when ready).
    """
    at = _effective(state, now)
    settled = _settle(state, structure, at)
    if settled.running and settled.hard_end is not None and _to_ms(now) >= settled.hard_end:
        settled = replace(
            settled,
            running=False,
            ends_at=None,
            remaining_ms=_signed_remaining(settled, structure, at),
        )
    if hard_end is not None:
        hard_end = _to_ms(hard_end)
        if settled.running and hard_end <= _to_ms(now):
            ago = format_clock(_ms_between(hard_end, _to_ms(now)))
            raise ClockError(
                f"That hard end is already past (by {ago}); choose a later time, or clear it."
            )
    return replace(settled, hard_end=hard_end)


def apply_structure_edit(
    state: ClockState, old: Structure, new: Structure, now: datetime
) -> ClockState:
    """The clock after the structure is edited while it runs; items already played are frozen.

    Items before the current one must be unchanged. The current item may change (a typo in the
    ante, a longer level): the time already played in it is kept, so a longer level adds its
    extra minutes to the time left (never below 0).

    Raises:
        ClockError: The edit changes, removes or inserts an item before the current one.
    """
    at = _effective(state, now)
    settled = _settle(state, old, at)
    current = settled.index
    if len(new.levels) <= current or new.levels[:current] != old.levels[:current]:
        for i in range(current):
            if i >= len(new.levels) or new.levels[i] != old.levels[i]:
                raise ClockError(
                    f"{item_name(old, i)} has already been played and cannot be changed "
                    f"(the clock is on {item_name(old, current)})."
                )
        raise ClockError(
            f"The current item ({item_name(old, current)}) cannot be removed while it is played."
        )
    old_ms = duration_ms(old.levels[current])
    new_ms = duration_ms(new.levels[current])
    if new_ms == old_ms:
        return settled
    if settled.running:
        left = _signed_remaining(settled, old, at)
        elapsed = old_ms - left
        return replace(settled, ends_at=at + timedelta(milliseconds=max(0, new_ms - elapsed)))
    if settled.remaining_ms is None:
        return settled
    elapsed = old_ms - settled.remaining_ms
    return _skip_empty(replace(settled, remaining_ms=max(0, new_ms - elapsed)), new, at)


# ------------------------------------------------------------------------------ view


def format_clock(ms: int) -> str:
    """A countdown as the wall shows it: `MM:SS`, or `H:MM:SS` from an hour; rounded up.

    Rounding up means the display reads 00:00 only when the time is really up.

    >>> format_clock(1_199_001), format_clock(0), format_clock(3_600_000)
    ('20:00', '00:00', '1:00:00')
    """
    seconds = -(-max(0, ms) // 1000)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes:02d}:{secs:02d}"


def _next_break_ms(structure: Structure, index: int, left: int) -> tuple[int | None, int | None]:
    total = left
    for i in range(index + 1, len(structure.levels)):
        item = structure.levels[i]
        if item.is_break:
            return total, i
        total += duration_ms(item)
    return None, None


def view(
    state: ClockState,
    structure: Structure,
    now: datetime,
    *,
    hard_end_warning_ms: int = HARD_END_WARNING_MS,
) -> ClockView:
    """What the display shows at `now`.

    >>> from datetime import UTC, datetime, timedelta
    >>> from clockapp.core.structure import Level, Structure
    >>> s = Structure("S", (Level(5, 10, minutes=20), Level(10, 20, minutes=20)))
    >>> t = datetime(2025, 1, 1, 20, 0, tzinfo=UTC)
    >>> v = view(start(ClockState(), s, t), s, t + timedelta(minutes=50))
    >>> v.level_number, v.overtime_ms, v.message
    (2, 600000, 'Overtime: level 2 is the last level and continues (+10:00).')
    """
    at = _effective(state, now)
    settled = _settle(state, structure, at)
    index = settled.index
    item = structure.levels[index]
    full = duration_ms(item)
    signed = _signed_remaining(settled, structure, at)
    last = len(structure.levels) - 1
    overtime = -signed if index == last and signed < 0 else 0
    left = max(0, signed)
    stopped = settled.started and settled.hard_end is not None and _to_ms(now) >= settled.hard_end
    if stopped:
        status = ClockStatus.STOPPED_BY_HARD_END
    elif not settled.started:
        status = ClockStatus.NOT_STARTED
    elif settled.running:
        status = ClockStatus.RUNNING
    else:
        status = ClockStatus.PAUSED
    number = structure.level_number(index)
    next_level = None
    next_number = None
    for i in range(index + 1, len(structure.levels)):
        candidate = structure.levels[i]
        if isinstance(candidate, Level):
            next_level, next_number = candidate, structure.level_number(i)
            break
    to_break, break_index = _next_break_ms(structure, index, left)
    ms_to_hard_end = None
    if settled.hard_end is not None:
        ms_to_hard_end = max(0, _ms_between(_to_ms(now), settled.hard_end))
    warning = (
        ms_to_hard_end is not None and 0 < ms_to_hard_end <= hard_end_warning_ms and not stopped
    )
    planned = structure.planned_last_level
    extra = number is not None and planned is not None and number > planned
    elapsed = 0.0 if full <= 0 else min(1.0, max(0.0, (full - left) / full))
    message = _message(status, structure, index, overtime, ms_to_hard_end, warning)
    return ClockView(
        status=status,
        index=index,
        item=item,
        level_number=number,
        remaining_ms=left,
        duration_ms=full,
        elapsed_fraction=1.0 if overtime else elapsed,
        overtime_ms=overtime,
        ends_at=settled.ends_at if settled.running and not stopped else None,
        next_item=structure.levels[index + 1] if index < last else None,
        next_level=next_level,
        next_level_number=next_number,
        ms_to_next_break=to_break,
        next_break_index=break_index,
        is_extra_level=extra,
        hard_end=settled.hard_end,
        ms_to_hard_end=ms_to_hard_end,
        hard_end_warning=warning,
        stopped_by_hard_end=stopped,
        message=message,
    )


def _message(
    status: ClockStatus,
    structure: Structure,
    index: int,
    overtime: int,
    ms_to_hard_end: int | None,
    warning: bool,
) -> str:
    # Messages carry durations, never a wall-clock time: the engine's times are UTC and a room
    # reads local time, which the windows add where they show the hard end.
    name = item_name(structure, index)
    if status is ClockStatus.STOPPED_BY_HARD_END:
        return "Play stopped at the hard end: finishing places go by chip count."
    if overtime:
        state = "paused in overtime" if status is ClockStatus.PAUSED else "overtime"
        return (
            f"{state.capitalize()}: {name.lower()} is the last level and continues "
            f"(+{format_clock(overtime)})."
        )
    if status is ClockStatus.NOT_STARTED:
        return "Not started."
    if status is ClockStatus.PAUSED:
        return "Paused."
    if warning and ms_to_hard_end is not None:
        return f"Play stops at the hard end in {format_clock(ms_to_hard_end)}."
    return ""


# ------------------------------------------------------------------------------ events


def events_between(
    state: ClockState,
    structure: Structure,
    t0: datetime,
    t1: datetime,
    *,
    hard_end_warning_ms: int = HARD_END_WARNING_MS,
) -> tuple[ClockEvent, ...]:
    """The sounds and announcements due in (t0, t1], in time order, for an unchanged state.

    Each event has a stable `key` (item index, kind): the app remembers the keys it played and
    skips them, so nothing is replayed after an undo, a jump back or a restart of the app.

    >>> from datetime import UTC, datetime, timedelta
    >>> from clockapp.core.structure import Break, Level, Structure
    >>> s = Structure("S", (Level(5, 10, minutes=20), Break(10)))
    >>> t = datetime(2025, 1, 1, 20, 0, tzinfo=UTC)
    >>> state = start(ClockState(), s, t)
    >>> [(e.index, str(e.kind)) for e in events_between(state, s, t, t + timedelta(minutes=20))]
    [(0, 'one-minute warning'), (1, 'break started')]
    """
    _check_structure(state, structure)
    low, high = _to_ms(t0), _to_ms(t1)
    if state.hard_end is not None and state.started:
        high = min(high, _to_ms(state.hard_end))
    events: list[ClockEvent] = []

    def add(at: datetime, index: int, kind: EventKind) -> None:
        if low < at <= high:
            events.append(ClockEvent(at, index, kind, structure.levels[index]))

    def started_kind(index: int) -> EventKind:
        return (
            EventKind.BREAK_STARTED if structure.levels[index].is_break else EventKind.LEVEL_STARTED
        )

    if state.entered_at is not None:
        add(_to_ms(state.entered_at), state.index, started_kind(state.index))
    if state.running and state.ends_at is not None:
        last = len(structure.levels) - 1
        index, ends_at = state.index, state.ends_at
        begins: datetime | None = state.entered_at
        while ends_at - timedelta(minutes=1) <= high:
            warn_at = ends_at - timedelta(minutes=1)
            if begins is None or warn_at > begins:
                add(warn_at, index, EventKind.ONE_MINUTE_WARNING)
            if index == last:
                add(ends_at, index, EventKind.OVERTIME_STARTED)
                break
            if structure.levels[index].is_break:
                add(ends_at, index, EventKind.BREAK_ENDED)
            index += 1
            add(ends_at, index, started_kind(index))
            begins = ends_at
            ends_at = ends_at + timedelta(milliseconds=duration_ms(structure.levels[index]))
    if state.hard_end is not None and state.started:
        hard_end = _to_ms(state.hard_end)
        for at, kind in (
            (hard_end - timedelta(milliseconds=hard_end_warning_ms), EventKind.HARD_END_WARNING),
            (hard_end, EventKind.HARD_END_REACHED),
        ):
            if low < at <= high:
                index = _settle(state, structure, at).index
                add(at, index, kind)
    # A stable sort by time keeps the natural order of simultaneous events (break ended, then
    # level started).
    events.sort(key=lambda e: e.at)
    return tuple(events)
