"""Where a clock state stands at a moment: items that ended moved past, the time left.

The pure helpers every transition, the view and the events share: the moment the clock reads
(`now`, or the hard end once passed), settling a running state past the items that ended, the
signed time left in the current item, and moving to an item with its full time.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from clockapp.core.clock.state import (
    ClockError,
    ClockState,
    duration_ms,
    ms_between,
    to_ms,
)
from clockapp.core.structure import Structure
from clockapp.i18n import gettext as _


def check_structure(state: ClockState, structure: Structure) -> None:
    if state.index >= len(structure.levels):
        raise ClockError(
            _("The clock is on item {value} but structure {name!r} has only {count} items.").format(
                value=state.index + 1, name=structure.name, count=len(structure.levels)
            )
        )


def effective_time(state: ClockState, now: datetime) -> datetime:
    """The moment the clock reads: `now`, or the hard end once it has passed."""
    now = to_ms(now)
    if state.hard_end is not None and state.started and now > state.hard_end:
        return to_ms(state.hard_end)
    return now


def skip_empty(state: ClockState, structure: Structure, at: datetime) -> ClockState:
    """A paused clock with no time left is on the next item (full time): never stuck at 00:00."""
    if state.running or state.remaining_ms != 0 or state.index >= len(structure.levels) - 1:
        return state
    return replace(
        state,
        index=state.index + 1,
        remaining_ms=None,
        entered_at=at if state.started else None,
    )


def settle(state: ClockState, structure: Structure, at: datetime) -> ClockState:
    """The same clock with the items that ended by `at` moved past."""
    check_structure(state, structure)
    if not state.running or state.ends_at is None:
        return skip_empty(state, structure, at)
    index, ends_at, entered = state.index, state.ends_at, state.entered_at
    last = len(structure.levels) - 1
    while index < last and ends_at <= at:
        entered = ends_at
        index += 1
        ends_at = ends_at + timedelta(milliseconds=duration_ms(structure.levels[index]))
    if index == state.index:
        return state
    return replace(state, index=index, ends_at=ends_at, entered_at=entered)


def signed_remaining(state: ClockState, structure: Structure, at: datetime) -> int:
    """Milliseconds left in the current item; negative in overtime on the last item."""
    if state.running and state.ends_at is not None:
        return ms_between(at, state.ends_at)
    if state.remaining_ms is None:
        return duration_ms(structure.levels[state.index])
    return state.remaining_ms


def move_to(state: ClockState, structure: Structure, at: datetime, index: int) -> ClockState:
    """The clock on item `index` with its full time, running on if it was running."""
    if not 0 <= index < len(structure.levels):
        raise ClockError(
            _("There is no item {value}: structure {name!r} has {count} items.").format(
                value=index + 1, name=structure.name, count=len(structure.levels)
            )
        )
    full = timedelta(milliseconds=duration_ms(structure.levels[index]))
    entered = at if state.started else None
    if state.running:
        return replace(state, index=index, ends_at=at + full, entered_at=entered)
    return replace(state, index=index, remaining_ms=None, entered_at=entered)


def require_not_stopped(state: ClockState, now: datetime) -> None:
    if state.hard_end is not None and to_ms(now) >= state.hard_end:
        # No wall-clock time here: the engine knows only UTC, people read local time (the
        # windows put the hard end's local time next to this).
        raise ClockError(_("Play was stopped by the hard end; move or clear the hard end first."))
