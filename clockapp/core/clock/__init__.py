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

from clockapp.core.clock.display import format_clock, view
from clockapp.core.clock.events import events_between
from clockapp.core.clock.state import (
    HARD_END_WARNING_MS,
    MS,
    ONE_MINUTE_MS,
    ClockError,
    ClockEvent,
    ClockState,
    ClockStatus,
    ClockView,
    EventKind,
    duration_ms,
)
from clockapp.core.clock.steps import (
    ClockStep,
    KeptStep,
    RegistrationStep,
    still_redoable,
    still_undoable,
)
from clockapp.core.clock.transitions import (
    add_time,
    apply_structure_edit,
    jump,
    next_item,
    pause,
    previous_item,
    restart_level,
    resume,
    set_hard_end,
    start,
    toggle,
)

__all__ = [
    "HARD_END_WARNING_MS",
    "MS",
    "ONE_MINUTE_MS",
    "ClockError",
    "ClockEvent",
    "ClockState",
    "ClockStatus",
    "ClockStep",
    "ClockView",
    "EventKind",
    "KeptStep",
    "RegistrationStep",
    "add_time",
    "apply_structure_edit",
    "duration_ms",
    "events_between",
    "format_clock",
    "jump",
    "next_item",
    "pause",
    "previous_item",
    "restart_level",
    "resume",
    "set_hard_end",
    "start",
    "still_redoable",
    "still_undoable",
    "toggle",
    "view",
]
