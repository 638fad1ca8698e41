"""The first clock frame's arithmetic, without the core engine, Qt or dataclasses.

Start-up paints the clock from the start-up cache before anything else loads (see `cache` and
`clockapp.ui.app`). Importing the core engine (`clockapp.core.clock`, which brings the structure
and chip modules and their many dataclasses) costs about as much as a tenth of a bare Qt window's
start, so the first frame computes its `FrameView` here instead: the same reading of a clock state
as `clockapp.core.clock.view`, over plain `FrameItem` objects read from the cache. The real
session, with the real engine, takes the display over a moment later.

The two must agree: `tests/ui/test_startup.py` checks `frame_view` against `core.clock.view` on
generated structures, states and times.

Also here, because the first frame needs them too: `format_clock` (the countdown's digits, as
the engine writes them), the clock status names, and `ms_to_next_change` (when to repaint).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

#: The clock's statuses, equal to `clockapp.core.clock.ClockStatus` (a StrEnum) member by member.
NOT_STARTED = "not started"
RUNNING = "running"
PAUSED = "paused"
STOPPED_BY_HARD_END = "stopped by hard end"
#: As `clockapp.core.clock`: a minute, and how long before the hard end the display warns.
ONE_MINUTE_MS = 60_000
HARD_END_WARNING_MS = 15 * ONE_MINUTE_MS
#: Land a little after the second changes, so the rounding has flipped when we look.
TICK_MARGIN_MS = 4
_MS = timedelta(milliseconds=1)


def format_clock(ms: int) -> str:
    """A countdown as the wall shows it: `MM:SS`, or `H:MM:SS` from an hour; rounded up.

    The same text as `clockapp.core.clock.format_clock`.

    >>> format_clock(1_199_001), format_clock(0), format_clock(3_600_000)
    ('20:00', '00:00', '1:00:00')
    """
    seconds = -(-max(0, ms) // 1000)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes:02d}:{secs:02d}"


def ms_to_next_change(clock_view: Any, now: datetime) -> int:
    """Milliseconds until the display must change: the next whole second of the countdown
    (or of the overtime counting up) while running, else the next minute of the time of day.

    >>> from datetime import UTC, datetime
    >>> from types import SimpleNamespace as NS
    >>> t = datetime(2025, 1, 1, 20, 0, 30, 250_000, tzinfo=UTC)
    >>> ms_to_next_change(NS(running=True, overtime_ms=0, remaining_ms=61_300), t)
    300
    >>> ms_to_next_change(NS(running=True, overtime_ms=0, remaining_ms=60_000), t)
    1000
    >>> ms_to_next_change(NS(running=True, overtime_ms=2_100, remaining_ms=0), t)
    900
    >>> ms_to_next_change(NS(running=False, overtime_ms=0, remaining_ms=5), t)
    29750
    """
    if clock_view.running:
        if clock_view.overtime_ms > 0:
            return 1000 - clock_view.overtime_ms % 1000
        # The countdown rounds up, so its text changes when the time left crosses a whole second.
        return clock_view.remaining_ms % 1000 or 1000
    into_minute = now.second * 1000 + now.microsecond // 1000
    return 60_000 - into_minute


class FrameItem:
    """A level or a break with the attributes the display reads (as `core.structure` items).

    >>> FrameItem.from_dict({"is_break": True, "minutes": 15, "color_up": [5]}).color_up
    (5,)
    """

    __slots__ = (
        "ante",
        "big_blind",
        "big_blind_ante",
        "color_up",
        "game",
        "is_break",
        "label",
        "minutes",
        "small_blind",
    )

    def __init__(self, **values: Any) -> None:
        for name in self.__slots__:
            setattr(self, name, values[name])

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> FrameItem:
        """Read an item written by `item_to_dict`; raises on anything that is not a clock item."""
        minutes = data["minutes"]
        if isinstance(minutes, bool) or not isinstance(minutes, int) or minutes < 1:
            raise ValueError(f"not a duration: {minutes!r}")
        is_break = bool(data.get("is_break", False))
        return cls(
            is_break=is_break,
            minutes=minutes,
            small_blind=int(data.get("small_blind", 0)),
            big_blind=int(data.get("big_blind", 0)),
            ante=int(data.get("ante", 0)),
            big_blind_ante=bool(data.get("big_blind_ante", False)),
            game=str(data.get("game", "")),
            label=str(data.get("label", "Break" if is_break else "")),
            color_up=tuple(int(v) for v in data.get("color_up", ())),
        )

    def __eq__(self, other: object) -> bool:
        return all(getattr(self, n) == getattr(other, n, None) for n in self.__slots__)

    def __hash__(self) -> int:
        return hash(tuple(getattr(self, n) for n in self.__slots__))

    def __repr__(self) -> str:
        kind = "Break" if self.is_break else "Level"
        return f"FrameItem({kind} {self.small_blind}/{self.big_blind}, {self.minutes} min)"


def item_to_dict(item: Any) -> dict[str, Any]:
    """A level or break (a `core.structure` item, or a `FrameItem`) as plain data.

    >>> item = FrameItem.from_dict({"minutes": 20, "small_blind": 5, "big_blind": 10})
    >>> FrameItem.from_dict(item_to_dict(item)) == item
    True
    """
    return {name: getattr(item, name) for name in FrameItem.__slots__} | {
        "color_up": list(item.color_up)
    }


class FrameState:
    """The persisted clock facts the first frame needs (as `core.clock.ClockState`)."""

    __slots__ = ("ends_at", "hard_end", "index", "remaining_ms", "running", "started")

    def __init__(
        self,
        index: int,
        running: bool,
        ends_at: datetime | None,
        remaining_ms: int | None,
        hard_end: datetime | None,
        started: bool,
    ) -> None:
        if running and ends_at is None:
            raise ValueError("a running clock needs the time its level ends")
        self.index, self.running, self.ends_at = index, running, ends_at
        self.remaining_ms, self.hard_end, self.started = remaining_ms, hard_end, started


class FrameView:
    """The clock at one moment: the attributes of `core.clock.ClockView` the windows read."""

    def __init__(self, **values: Any) -> None:
        self.__dict__.update(values)

    status: str
    index: int
    item: FrameItem
    level_number: int | None
    remaining_ms: int
    duration_ms: int
    elapsed_fraction: float
    overtime_ms: int
    ends_at: datetime | None
    next_item: FrameItem | None
    next_level: FrameItem | None
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
        return bool(self.item.is_break)

    @property
    def running(self) -> bool:
        """Whether the countdown is moving."""
        return self.status == RUNNING

    @property
    def paused(self) -> bool:
        """Whether the clock was started and is paused."""
        return self.status == PAUSED

    @property
    def in_overtime(self) -> bool:
        """Whether the last item's time is up and the clock counts up."""
        return self.overtime_ms > 0


def _to_ms(value: datetime) -> datetime:
    return value.replace(microsecond=value.microsecond // 1000 * 1000)


def _level_number(items: Sequence[FrameItem], index: int) -> int | None:
    if items[index].is_break:
        return None
    return sum(1 for other in items[: index + 1] if not other.is_break)


def frame_view(
    state: FrameState,
    items: Sequence[FrameItem],
    now: datetime,
    planned_last_level: int | None = None,
) -> FrameView:
    """What the display shows at `now`: `core.clock.view`'s reading of the same clock.

    >>> from datetime import UTC, datetime, timedelta
    >>> t = datetime(2025, 1, 1, 20, 0, tzinfo=UTC)
    >>> items = [FrameItem.from_dict({"minutes": 20, "small_blind": s, "big_blind": 2 * s})
    ...          for s in (5, 10)]
    >>> state = FrameState(0, True, t + timedelta(minutes=20), None, None, True)
    >>> v = frame_view(state, items, t + timedelta(minutes=50))
    >>> v.level_number, v.overtime_ms, v.status
    (2, 600000, 'running')
    """
    last = len(items) - 1
    if not 0 <= state.index <= last:
        raise ValueError(f"no item {state.index + 1} in {len(items)} items")
    now_ms = _to_ms(now)
    at = now_ms
    if state.hard_end is not None and state.started and now_ms > state.hard_end:
        at = _to_ms(state.hard_end)
    index, ends_at, remaining = state.index, state.ends_at, state.remaining_ms
    if state.running and ends_at is not None:
        while index < last and ends_at <= at:
            index += 1
            ends_at = ends_at + timedelta(minutes=items[index].minutes)
        signed = (ends_at - at) // _MS
    else:
        if remaining == 0 and index < last:  # a paused clock is never stuck at 00:00
            index, remaining = index + 1, None
        signed = items[index].minutes * ONE_MINUTE_MS if remaining is None else remaining
    item = items[index]
    full = item.minutes * ONE_MINUTE_MS
    overtime = -signed if index == last and signed < 0 else 0
    left = max(0, signed)
    stopped = state.started and state.hard_end is not None and now_ms >= state.hard_end
    if stopped:
        status = STOPPED_BY_HARD_END
    elif not state.started:
        status = NOT_STARTED
    else:
        status = RUNNING if state.running else PAUSED
    next_level, next_number = None, None
    for i in range(index + 1, len(items)):
        if not items[i].is_break:
            next_level, next_number = items[i], _level_number(items, i)
            break
    to_break, break_index = None, None
    total = left
    for i in range(index + 1, len(items)):
        if items[i].is_break:
            to_break, break_index = total, i
            break
        total += items[i].minutes * ONE_MINUTE_MS
    ms_to_hard_end = None
    if state.hard_end is not None:
        ms_to_hard_end = max(0, (state.hard_end - now_ms) // _MS)
    warning = (
        ms_to_hard_end is not None and 0 < ms_to_hard_end <= HARD_END_WARNING_MS and not stopped
    )
    number = _level_number(items, index)
    extra = number is not None and planned_last_level is not None and number > planned_last_level
    elapsed = 0.0 if full <= 0 else min(1.0, max(0.0, (full - left) / full))
    return FrameView(
        status=status,
        index=index,
        item=item,
        level_number=number,
        remaining_ms=left,
        duration_ms=full,
        elapsed_fraction=1.0 if overtime else elapsed,
        overtime_ms=overtime,
        ends_at=ends_at if state.running and not stopped else None,
        next_item=items[index + 1] if index < last else None,
        next_level=next_level,
        next_level_number=next_number,
        ms_to_next_break=to_break,
        next_break_index=break_index,
        is_extra_level=extra,
        hard_end=state.hard_end,
        ms_to_hard_end=ms_to_hard_end,
        hard_end_warning=warning,
        stopped_by_hard_end=stopped,
        message="",  # the first frame shows no engine message (the director is not up yet)
    )
