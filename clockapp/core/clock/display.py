"""What the display shows: `view` computes a `ClockView` for one moment; `format_clock`.

Everything is derived from the state, the structure and `now`: the status, the time left (never
negative; overtime counts up), the next level and break, the hard end warning and the one-line
message for the screen.
"""

from __future__ import annotations

from datetime import datetime

from clockapp.core.clock.state import (
    HARD_END_WARNING_MS,
    ClockState,
    ClockStatus,
    ClockView,
    duration_ms,
    ms_between,
    to_ms,
)
from clockapp.core.clock.timeline import effective_time, settle, signed_remaining
from clockapp.core.structure import Level, Structure, item_name
from clockapp.i18n import gettext as _


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
    >>> from clockapp.core.clock import ClockState, start
    >>> s = Structure("S", (Level(5, 10, minutes=20), Level(10, 20, minutes=20)))
    >>> t = datetime(2025, 1, 1, 20, 0, tzinfo=UTC)
    >>> v = view(start(ClockState(), s, t), s, t + timedelta(minutes=50))
    >>> v.level_number, v.overtime_ms, v.message
    (2, 600000, 'Overtime: level 2 is the last level and continues (+10:00).')
    """
    at = effective_time(state, now)
    settled = settle(state, structure, at)
    index = settled.index
    item = structure.levels[index]
    full = duration_ms(item)
    signed = signed_remaining(settled, structure, at)
    last = len(structure.levels) - 1
    overtime = -signed if index == last and signed < 0 else 0
    left = max(0, signed)
    stopped = settled.started and settled.hard_end is not None and to_ms(now) >= settled.hard_end
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
        ms_to_hard_end = max(0, ms_between(to_ms(now), settled.hard_end))
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
        return _("Play stopped at the hard end: finishing places go by chip count.")
    if overtime:
        state = "paused in overtime" if status is ClockStatus.PAUSED else "overtime"
        return (
            f"{state.capitalize()}: {name.lower()} is the last level and continues "
            f"(+{format_clock(overtime)})."
        )
    if status is ClockStatus.NOT_STARTED:
        return _("Not started.")
    if status is ClockStatus.PAUSED:
        return _("Paused.")
    if warning and ms_to_hard_end is not None:
        return _("Play stops at the hard end in {time}.").format(time=format_clock(ms_to_hard_end))
    return ""
