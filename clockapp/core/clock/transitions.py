"""The clock's transitions: pure functions from a state and `now` to the next state.

`start`, `pause`, `resume`, `toggle`, `next_item`, `previous_item`, `jump`, `add_time`,
`restart_level`, `set_hard_end`, and `apply_structure_edit` for a structure edited while the
clock runs. Each settles the state at `now` first, so the result is the same however long ago
the state was written.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from clockapp.core.clock.display import format_clock
from clockapp.core.clock.state import (
    ClockError,
    ClockState,
    duration_ms,
    ms_between,
    to_ms,
)
from clockapp.core.clock.timeline import (
    check_structure,
    effective_time,
    move_to,
    require_not_stopped,
    settle,
    signed_remaining,
    skip_empty,
)
from clockapp.core.structure import Structure, item_name
from clockapp.i18n import gettext as _


def start(state: ClockState, structure: Structure, now: datetime) -> ClockState:
    """Start the tournament clock on the current item (the first one for a new clock).

    >>> from datetime import UTC, datetime
    >>> from clockapp.core.structure import Level, Structure
    >>> s = Structure("S", (Level(5, 10, minutes=20),))
    >>> start(ClockState(), s, datetime(2025, 1, 1, 20, 0, tzinfo=UTC)).ends_at
    datetime.datetime(2025, 1, 1, 20, 20, tzinfo=datetime.timezone.utc)
    """
    check_structure(state, structure)
    if state.started:
        raise ClockError(_("The clock has already started; use pause and resume."))
    require_not_stopped(state, now)
    at = to_ms(now)
    left = signed_remaining(state, structure, at)
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
        raise ClockError(_("The clock is not running."))
    at = effective_time(state, now)
    settled = settle(state, structure, at)
    left = signed_remaining(settled, structure, at)
    return replace(settled, running=False, ends_at=None, remaining_ms=left)


def resume(state: ClockState, structure: Structure, now: datetime) -> ClockState:
    """Let a paused clock run on from where it stopped."""
    check_structure(state, structure)
    if not state.started:
        raise ClockError(_("The clock has not started yet; start it first."))
    if state.running:
        raise ClockError(_("The clock is already running."))
    require_not_stopped(state, now)
    at = to_ms(now)
    left = signed_remaining(state, structure, at)
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
    at = effective_time(state, now)
    settled = settle(state, structure, at)
    if settled.index >= len(structure.levels) - 1:
        raise ClockError(
            _("This is the last level: there is no next one (the clock goes into overtime).")
        )
    return move_to(settled, structure, at, settled.index + 1)


def previous_item(state: ClockState, structure: Structure, now: datetime) -> ClockState:
    """Go back to the previous level or break, with its full time."""
    at = effective_time(state, now)
    settled = settle(state, structure, at)
    if settled.index == 0:
        raise ClockError(_("This is the first level: there is no previous one."))
    return move_to(settled, structure, at, settled.index - 1)


def jump(state: ClockState, structure: Structure, now: datetime, index: int) -> ClockState:
    """Go to item `index` (0-based), with its full time."""
    at = effective_time(state, now)
    return move_to(settle(state, structure, at), structure, at, index)


def add_time(state: ClockState, structure: Structure, now: datetime, ms: int) -> ClockState:
    """Add (or with a negative `ms`, remove) time from the current item; never below 0.

    Removing more than is left ends the item now, and the next one starts (paused, with its
    full time, if the clock was paused). Adding time in overtime gives the last level a fresh
    countdown of `ms`.

    >>> from datetime import UTC, datetime
    >>> from clockapp.core.structure import Level, Structure
    >>> s = Structure("S", (Level(5, 10, minutes=20),))
    >>> from clockapp.core.clock import ONE_MINUTE_MS
    >>> add_time(ClockState(), s, datetime(2025, 1, 1, tzinfo=UTC), -ONE_MINUTE_MS).remaining_ms
    1140000
    """
    if isinstance(ms, bool) or not isinstance(ms, int):
        raise ClockError(_("Time to add must be whole milliseconds (got {ms!r}).").format(ms=ms))
    at = effective_time(state, now)
    settled = settle(state, structure, at)
    left = max(0, max(0, signed_remaining(settled, structure, at)) + ms)
    if settled.running:
        return replace(settled, ends_at=at + timedelta(milliseconds=left))
    return skip_empty(replace(settled, remaining_ms=left), structure, at)


def restart_level(state: ClockState, structure: Structure, now: datetime) -> ClockState:
    """Give the current item its full time again."""
    at = effective_time(state, now)
    settled = settle(state, structure, at)
    return move_to(settled, structure, at, settled.index)


def set_hard_end(
    state: ClockState, structure: Structure, now: datetime, hard_end: datetime | None
) -> ClockState:
    """Set, move or clear the hard end time.

    If the old hard end had already stopped a running clock, the clock stays paused at the
    moment play stopped (the director resumes it when ready).
    """
    at = effective_time(state, now)
    settled = settle(state, structure, at)
    if settled.running and settled.hard_end is not None and to_ms(now) >= settled.hard_end:
        settled = replace(
            settled,
            running=False,
            ends_at=None,
            remaining_ms=signed_remaining(settled, structure, at),
        )
    if hard_end is not None:
        hard_end = to_ms(hard_end)
        if settled.running and hard_end <= to_ms(now):
            ago = format_clock(ms_between(hard_end, to_ms(now)))
            raise ClockError(
                _(
                    "That hard end is already past (by {ago}); choose a later time, or clear it."
                ).format(ago=ago)
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
    at = effective_time(state, now)
    settled = settle(state, old, at)
    current = settled.index
    if len(new.levels) <= current or new.levels[:current] != old.levels[:current]:
        for i in range(current):
            if i >= len(new.levels) or new.levels[i] != old.levels[i]:
                raise ClockError(
                    _(
                        "{item_name} has already been played and cannot be changed (the clock is "
                        "on {item_name2})."
                    ).format(item_name=item_name(old, i), item_name2=item_name(old, current))
                )
        raise ClockError(
            _("The current item ({item_name}) cannot be removed while it is played.").format(
                item_name=item_name(old, current)
            )
        )
    old_ms = duration_ms(old.levels[current])
    new_ms = duration_ms(new.levels[current])
    if new_ms == old_ms:
        return settled
    if settled.running:
        left = signed_remaining(settled, old, at)
        elapsed = old_ms - left
        return replace(settled, ends_at=at + timedelta(milliseconds=max(0, new_ms - elapsed)))
    if settled.remaining_ms is None:
        return settled
    elapsed = old_ms - settled.remaining_ms
    return skip_empty(replace(settled, remaining_ms=max(0, new_ms - elapsed)), new, at)
