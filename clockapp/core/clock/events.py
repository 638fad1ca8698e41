"""The sounds and announcements due in a time window, each with a stable play-once key.

`events_between` lists level and break starts, one-minute warnings, overtime and the hard end's
warning and arrival for an unchanged state; the app plays each key once, even after an undo, a
jump back or a restart of the app.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from clockapp.core.clock.state import (
    HARD_END_WARNING_MS,
    ClockEvent,
    ClockState,
    EventKind,
    duration_ms,
    to_ms,
)
from clockapp.core.clock.timeline import check_structure, settle
from clockapp.core.structure import Structure


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
    >>> from clockapp.core.clock import ClockState, start
    >>> s = Structure("S", (Level(5, 10, minutes=20), Break(10)))
    >>> t = datetime(2025, 1, 1, 20, 0, tzinfo=UTC)
    >>> state = start(ClockState(), s, t)
    >>> [(e.index, str(e.kind)) for e in events_between(state, s, t, t + timedelta(minutes=20))]
    [(0, 'one-minute warning'), (1, 'break started')]
    """
    check_structure(state, structure)
    low, high = to_ms(t0), to_ms(t1)
    if state.hard_end is not None and state.started:
        high = min(high, to_ms(state.hard_end))
    events: list[ClockEvent] = []

    def add(at: datetime, index: int, kind: EventKind) -> None:
        if low < at <= high:
            events.append(ClockEvent(at, index, kind, structure.levels[index]))

    def started_kind(index: int) -> EventKind:
        return (
            EventKind.BREAK_STARTED if structure.levels[index].is_break else EventKind.LEVEL_STARTED
        )

    if state.entered_at is not None:
        add(to_ms(state.entered_at), state.index, started_kind(state.index))
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
        hard_end = to_ms(state.hard_end)
        for at, kind in (
            (hard_end - timedelta(milliseconds=hard_end_warning_ms), EventKind.HARD_END_WARNING),
            (hard_end, EventKind.HARD_END_REACHED),
        ):
            if low < at <= high:
                index = settle(state, structure, at).index
                add(at, index, kind)
    # A stable sort by time keeps the natural order of simultaneous events (break ended, then
    # level started).
    events.sort(key=lambda e: e.at)
    return tuple(events)
