"""The clock engine: transitions, the computed view, play-once events, edits while running.

The property tests drive the engine and an obviously correct reference (a stepping simulation
that subtracts elapsed milliseconds item by item) with the same random actions at the same random
times, and compare what the display would show after every action.
"""

from __future__ import annotations

import copy
import itertools
from dataclasses import dataclass, fields
from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clockapp.core.clock import (
    ONE_MINUTE_MS,
    ClockError,
    ClockState,
    ClockStatus,
    EventKind,
    add_time,
    apply_structure_edit,
    events_between,
    format_clock,
    jump,
    next_item,
    pause,
    previous_item,
    restart_level,
    resume,
    set_hard_end,
    start,
    timeline,
    toggle,
    view,
)
from clockapp.core.structure import Break, Item, Level, Structure
from clockapp.errors import DomainError

T0 = datetime(2025, 3, 1, 19, 0, tzinfo=UTC)
MIN = timedelta(minutes=1)

NIGHT = Structure(
    "Night",
    (
        Level(25, 50, minutes=20),
        Level(50, 100, minutes=20),
        Break(15, color_up=(25,)),
        Level(100, 200, ante=200, big_blind_ante=True, minutes=20),
        Level(200, 400, ante=400, big_blind_ante=True, minutes=20),
    ),
    planned_last_level=3,
)


def at(minutes: float) -> datetime:
    return T0 + timedelta(minutes=minutes)


# ------------------------------------------------------------------------------ table tests


def test_a_new_clock_shows_the_first_level_not_started() -> None:
    v = view(ClockState(), NIGHT, T0)
    assert v.status is ClockStatus.NOT_STARTED
    assert (v.index, v.level_number, v.remaining_ms) == (0, 1, 20 * ONE_MINUTE_MS)
    assert v.elapsed_fraction == 0.0
    assert v.next_level == Level(50, 100, minutes=20)
    assert v.ms_to_next_break == 40 * ONE_MINUTE_MS
    assert v.message == "Not started."


def test_running_clock_counts_down_from_absolute_times() -> None:
    state = start(ClockState(), NIGHT, T0)
    assert state.ends_at == at(20)
    v = view(state, NIGHT, at(5))
    assert v.status is ClockStatus.RUNNING
    assert v.remaining_ms == 15 * ONE_MINUTE_MS
    assert v.elapsed_fraction == pytest.approx(0.25)
    assert v.ends_at == at(20)
    assert v.ms_to_next_break == 35 * ONE_MINUTE_MS


def test_levels_and_breaks_advance_by_themselves() -> None:
    state = start(ClockState(), NIGHT, T0)
    v = view(state, NIGHT, at(47))
    assert v.is_break
    assert v.level_number is None
    assert v.remaining_ms == 8 * ONE_MINUTE_MS
    assert v.next_level_number == 3
    assert v.ms_to_next_break is None
    v = view(state, NIGHT, at(56))
    assert (v.index, v.level_number, v.remaining_ms) == (3, 3, 19 * ONE_MINUTE_MS)
    assert not v.is_extra_level
    assert view(state, NIGHT, at(76)).is_extra_level


def test_a_state_saved_hours_ago_resumes_exactly() -> None:
    state = start(ClockState(), NIGHT, T0)
    state = pause(state, NIGHT, at(10) + timedelta(milliseconds=250))
    state = resume(state, NIGHT, at(12))
    # The app closes; the state is written as plain fields and read back by a new process.
    saved = {f.name: getattr(state, f.name) for f in fields(ClockState)}
    reloaded = ClockState(**saved)
    v = view(reloaded, NIGHT, at(60))
    # 60 minutes of wall time minus 1:59.750 paused: 58:00.250 of play; items end at 20, 40,
    # 55 of play, so level 3 has been running 3:00.250.
    assert v.index == 3
    assert v.remaining_ms == 20 * ONE_MINUTE_MS - (3 * ONE_MINUTE_MS + 250)


def test_overtime_counts_up_on_the_last_level_and_says_so() -> None:
    state = start(ClockState(), NIGHT, T0)
    v = view(state, NIGHT, at(95) + timedelta(seconds=30))
    assert v.index == 4
    assert v.remaining_ms == 0
    assert v.overtime_ms == 30_000
    assert v.in_overtime
    assert v.status is ClockStatus.RUNNING
    assert v.elapsed_fraction == 1.0
    assert v.message == "Overtime: level 4 is the last level and continues (+00:30)."
    assert view(state, NIGHT, at(100)).overtime_ms == 5 * ONE_MINUTE_MS


def test_pausing_in_overtime_freezes_the_overtime() -> None:
    state = pause(start(ClockState(), NIGHT, T0), NIGHT, at(97))
    assert view(state, NIGHT, at(200)).overtime_ms == 2 * ONE_MINUTE_MS
    assert view(state, NIGHT, at(200)).message.startswith("Paused in overtime")
    state = resume(state, NIGHT, at(200))
    assert view(state, NIGHT, at(201)).overtime_ms == 3 * ONE_MINUTE_MS


def test_adding_time_in_overtime_starts_a_fresh_countdown() -> None:
    state = start(ClockState(), NIGHT, T0)
    state = add_time(state, NIGHT, at(100), ONE_MINUTE_MS)
    v = view(state, NIGHT, at(100) + timedelta(seconds=20))
    assert (v.remaining_ms, v.overtime_ms) == (40_000, 0)


def test_pause_and_resume_keep_the_time_left() -> None:
    state = start(ClockState(), NIGHT, T0)
    state = pause(state, NIGHT, at(5))
    assert state.remaining_ms == 15 * ONE_MINUTE_MS
    assert view(state, NIGHT, at(500)).remaining_ms == 15 * ONE_MINUTE_MS
    assert view(state, NIGHT, at(500)).status is ClockStatus.PAUSED
    state = resume(state, NIGHT, at(30))
    assert view(state, NIGHT, at(31)).remaining_ms == 14 * ONE_MINUTE_MS
    state = toggle(state, NIGHT, at(32))
    assert not state.running
    assert toggle(state, NIGHT, at(33)).running


def test_add_and_remove_a_minute_never_below_zero() -> None:
    state = pause(start(ClockState(), NIGHT, T0), NIGHT, at(19.5))
    state = add_time(state, NIGHT, at(20), ONE_MINUTE_MS)
    assert state.remaining_ms == 90_000
    state = add_time(state, NIGHT, at(20), -ONE_MINUTE_MS)
    state = add_time(state, NIGHT, at(20), -ONE_MINUTE_MS)
    # Paused, and no time left: the next level is up, paused with its full time.
    v = view(state, NIGHT, at(21))
    assert (v.index, v.remaining_ms, v.status) == (1, 20 * ONE_MINUTE_MS, ClockStatus.PAUSED)
    assert state.entered_at == at(20)
    last = add_time(jump(state, NIGHT, at(22), 4), NIGHT, at(22), -30 * ONE_MINUTE_MS)
    assert (last.index, last.remaining_ms) == (4, 0)  # the last level stays, at 00:00


def test_removing_a_minute_with_less_left_ends_the_level_now() -> None:
    state = start(ClockState(), NIGHT, T0)
    state = add_time(state, NIGHT, at(19.5), -ONE_MINUTE_MS)
    v = view(state, NIGHT, at(19.5))
    assert (v.index, v.remaining_ms) == (1, 20 * ONE_MINUTE_MS)


def test_next_previous_jump_and_restart() -> None:
    state = start(ClockState(), NIGHT, T0)
    state = next_item(state, NIGHT, at(5))
    v = view(state, NIGHT, at(6))
    assert (v.index, v.remaining_ms) == (1, 19 * ONE_MINUTE_MS)
    state = previous_item(state, NIGHT, at(6))
    assert view(state, NIGHT, at(6)).remaining_ms == 20 * ONE_MINUTE_MS
    state = jump(state, NIGHT, at(7), 2)
    assert view(state, NIGHT, at(8)).is_break
    state = restart_level(state, NIGHT, at(10))
    assert view(state, NIGHT, at(10)).remaining_ms == 15 * ONE_MINUTE_MS
    paused = pause(state, NIGHT, at(11))
    assert next_item(paused, NIGHT, at(12)).remaining_ms is None
    assert view(next_item(paused, NIGHT, at(12)), NIGHT, at(99)).remaining_ms == 20 * ONE_MINUTE_MS


def test_setting_up_before_the_start_moves_without_announcing() -> None:
    state = jump(ClockState(), NIGHT, T0, 3)
    assert state.entered_at is None
    assert view(state, NIGHT, T0).level_number == 3
    assert events_between(state, NIGHT, T0 - MIN, at(60)) == ()


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (lambda s: start(start(s, NIGHT, T0), NIGHT, at(1)), "already started"),
        (lambda s: pause(s, NIGHT, T0), "not running"),
        (lambda s: resume(s, NIGHT, T0), "not started yet"),
        (lambda s: resume(start(s, NIGHT, T0), NIGHT, at(1)), "already running"),
        (lambda s: previous_item(s, NIGHT, T0), "first level"),
        (lambda s: next_item(jump(s, NIGHT, T0, 4), NIGHT, T0), "last level"),
        (lambda s: jump(s, NIGHT, T0, 5), "no item 6"),
        (lambda s: jump(s, NIGHT, T0, -1), "no item 0"),
        (lambda s: add_time(s, NIGHT, T0, 1.5), "whole milliseconds"),  # type: ignore[arg-type]
        (lambda s: start(s, NIGHT, datetime(2025, 1, 1)), "time zone"),
        (lambda s: view(ClockState(index=9), NIGHT, T0), "only 5 items"),
    ],
)
def test_impossible_actions_are_refused(action: object, message: str) -> None:
    with pytest.raises(ClockError, match=message):
        action(ClockState())  # type: ignore[operator]
    assert issubclass(ClockError, DomainError)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"running": True}, "needs the time its level ends"),
        ({"running": True, "ends_at": T0, "remaining_ms": 5}, "not the time left"),
        ({"running": True, "ends_at": T0}, "must have been started"),
        ({"ends_at": T0}, "paused clock keeps the time left"),
        ({"index": -1}, "0 or more"),
        ({"hard_end": datetime(2025, 1, 1)}, "time zone"),
        ({"remaining_ms": 1.5}, "whole milliseconds"),
    ],
)
def test_inconsistent_states_are_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ClockError, match=message):
        ClockState(**kwargs)  # type: ignore[arg-type]


def test_other_time_zones_are_the_same_instant() -> None:
    paris = timezone(timedelta(hours=1))
    state = start(ClockState(), NIGHT, T0.astimezone(paris))
    assert view(state, NIGHT, at(5)).remaining_ms == 15 * ONE_MINUTE_MS


# ------------------------------------------------------------------------------ hard end


def test_hard_end_warns_then_stops_play() -> None:
    state = start(ClockState(), NIGHT, T0)
    state = set_hard_end(state, NIGHT, at(1), at(30))
    assert not view(state, NIGHT, at(10)).hard_end_warning
    v = view(state, NIGHT, at(20))
    assert v.hard_end_warning
    assert v.ms_to_hard_end == 10 * ONE_MINUTE_MS
    assert v.message == "Play stops at the hard end in 10:00."
    v = view(state, NIGHT, at(45))
    assert v.stopped_by_hard_end
    assert v.status is ClockStatus.STOPPED_BY_HARD_END
    assert v.message == "Play stopped at the hard end: finishing places go by chip count."
    # Frozen at the hard end: level 2 with 10 minutes left.
    assert (v.index, v.remaining_ms) == (1, 10 * ONE_MINUTE_MS)
    assert v.ends_at is None
    with pytest.raises(ClockError, match="stopped by the hard end"):
        resume(pause(state, NIGHT, at(46)), NIGHT, at(47))


def test_moving_the_hard_end_later_leaves_the_clock_paused_where_play_stopped() -> None:
    state = set_hard_end(start(ClockState(), NIGHT, T0), NIGHT, T0, at(30))
    state = set_hard_end(state, NIGHT, at(45), at(120))
    assert not state.running
    assert state.remaining_ms == 10 * ONE_MINUTE_MS
    v = view(state, NIGHT, at(46))
    assert v.status is ClockStatus.PAUSED
    assert (v.index, v.remaining_ms) == (1, 10 * ONE_MINUTE_MS)
    with pytest.raises(ClockError, match=r"already past \(by 08:00\)"):
        set_hard_end(resume(state, NIGHT, at(47)), NIGHT, at(48), at(40))
    assert set_hard_end(state, NIGHT, at(47), None).hard_end is None


@pytest.mark.parametrize("hours", [-8, 0, 1, 5, 13])
def test_hard_end_messages_name_no_wall_clock_time(hours: int) -> None:
    """The engine's times are UTC; a message must read the same in every time zone."""
    zone = timezone(timedelta(hours=hours))
    state = start(ClockState(), NIGHT, T0)
    state = set_hard_end(state, NIGHT, at(1), at(30).astimezone(zone))
    texts = [view(state, NIGHT, at(m).astimezone(zone)).message for m in (25, 45)]
    assert texts == [
        "Play stops at the hard end in 05:00.",
        "Play stopped at the hard end: finishing places go by chip count.",
    ]
    for text in texts:
        assert "UTC" not in text
        assert "19:30" not in text
        assert f"{at(30).astimezone(zone):%H:%M}" not in text


# ------------------------------------------------------------------------------ edits


def test_editing_a_played_level_is_refused() -> None:
    state = start(ClockState(), NIGHT, T0)
    edited = NIGHT.with_levels((Level(25, 50, minutes=30), *NIGHT.levels[1:]))
    with pytest.raises(ClockError, match="Level 1 has already been played"):
        apply_structure_edit(state, NIGHT, edited, at(25))
    # Before it ends, level 1 is the current one and may change.
    moved = apply_structure_edit(state, NIGHT, edited, at(15))
    assert view(moved, edited, at(15)).remaining_ms == 15 * ONE_MINUTE_MS


def test_editing_later_levels_keeps_the_clock() -> None:
    state = start(ClockState(), NIGHT, T0)
    edited = NIGHT.with_levels((*NIGHT.levels, Level(300, 600, minutes=20)))
    assert apply_structure_edit(state, NIGHT, edited, at(25)) == timeline.settle(
        state, NIGHT, at(25)
    )
    shorter = NIGHT.with_levels(NIGHT.levels[:1])
    with pytest.raises(ClockError, match="cannot be removed"):
        apply_structure_edit(state, NIGHT, shorter, at(25))


def test_shortening_the_current_level_never_goes_below_zero() -> None:
    state = pause(start(ClockState(), NIGHT, T0), NIGHT, at(15))
    edited = NIGHT.with_levels((Level(25, 50, minutes=10), *NIGHT.levels[1:]))
    moved = apply_structure_edit(state, NIGHT, edited, at(16))
    # 15 minutes played of a level now 10 minutes long: it is over, the next one is up.
    assert (moved.index, moved.remaining_ms, moved.running) == (1, None, False)


# ------------------------------------------------------------------------------ format


@pytest.mark.parametrize(
    ("ms", "text"),
    [(0, "00:00"), (1, "00:01"), (999, "00:01"), (1000, "00:01"), (1001, "00:02"),
     (59_000, "00:59"), (1_200_000, "20:00"), (3_599_001, "1:00:00"), (-5, "00:00"),
     (7_265_000, "2:01:05")],
)  # fmt: skip
def test_format_clock(ms: int, text: str) -> None:
    assert format_clock(ms) == text


# ------------------------------------------------------------------------------ events


def test_events_of_a_night() -> None:
    state = start(ClockState(), NIGHT, T0)
    events = events_between(state, NIGHT, T0 - MIN, at(200))
    assert [(e.at, e.key) for e in events] == [
        (at(0), (0, EventKind.LEVEL_STARTED)),
        (at(19), (0, EventKind.ONE_MINUTE_WARNING)),
        (at(20), (1, EventKind.LEVEL_STARTED)),
        (at(39), (1, EventKind.ONE_MINUTE_WARNING)),
        (at(40), (2, EventKind.BREAK_STARTED)),
        (at(54), (2, EventKind.ONE_MINUTE_WARNING)),
        (at(55), (2, EventKind.BREAK_ENDED)),
        (at(55), (3, EventKind.LEVEL_STARTED)),
        (at(74), (3, EventKind.ONE_MINUTE_WARNING)),
        (at(75), (4, EventKind.LEVEL_STARTED)),
        (at(94), (4, EventKind.ONE_MINUTE_WARNING)),
        (at(95), (4, EventKind.OVERTIME_STARTED)),
    ]


def test_paused_clocks_announce_nothing_new() -> None:
    state = pause(start(ClockState(), NIGHT, T0), NIGHT, at(5))
    assert events_between(state, NIGHT, at(5), at(500)) == ()


def test_hard_end_events() -> None:
    state = set_hard_end(start(ClockState(), NIGHT, T0), NIGHT, T0, at(30))
    events = events_between(state, NIGHT, at(1), at(200))
    assert [(e.at, e.key) for e in events] == [
        (at(15), (0, EventKind.HARD_END_WARNING)),
        (at(19), (0, EventKind.ONE_MINUTE_WARNING)),
        (at(20), (1, EventKind.LEVEL_STARTED)),
        (at(30), (1, EventKind.HARD_END_REACHED)),
    ]


def test_each_sound_plays_once_across_undo_and_restart() -> None:
    """An app that remembers played keys never replays a sound after an undo or a restart."""
    played: list[tuple[int, EventKind]] = []

    def poll(state: ClockState, t0: datetime, t1: datetime) -> None:
        for event in events_between(state, NIGHT, t0, t1):
            if event.key not in played:
                played.append(event.key)

    state = start(ClockState(), NIGHT, T0)
    poll(state, T0 - MIN, at(21))
    before = list(played)
    undo_target = state
    state = next_item(state, NIGHT, at(22))  # the director skips level 2 by mistake ...
    poll(state, at(21), at(22))
    state = undo_target  # ... and undoes it: level 2 is current again, already announced
    poll(state, at(22), at(23))
    assert played == [*before, (2, EventKind.BREAK_STARTED)]
    # The app restarts: it polls from the moment it is back, and nothing old is replayed.
    reloaded = ClockState(**{f.name: getattr(state, f.name) for f in fields(ClockState)})
    poll(reloaded, at(30), at(41))
    assert played.count((2, EventKind.BREAK_STARTED)) == 1
    assert played[-1] == (1, EventKind.ONE_MINUTE_WARNING)


# ------------------------------------------------------------------------------ properties


@dataclass
class Reference:
    """The obvious clock: remaining time per item, reduced step by step as time passes."""

    durations: list[int]
    now: int = 0
    index: int = 0
    remaining: int = 0
    running: bool = False
    started: bool = False

    def __post_init__(self) -> None:
        self.remaining = self.durations[0]

    @property
    def last(self) -> int:
        return len(self.durations) - 1

    def advance(self, t: int) -> None:
        elapsed = t - self.now
        self.now = t
        if not self.running:
            return
        while self.index < self.last and self.remaining <= elapsed:
            elapsed -= self.remaining
            self.index += 1
            self.remaining = self.durations[self.index]
        self.remaining -= elapsed

    def do(self, name: str, arg: int) -> bool:
        """Apply an action; False when the engine must refuse it."""
        if name == "start":
            if self.started:
                return False
            self.started = self.running = True
        elif name == "pause":
            if not self.running:
                return False
            self.running = False
        elif name == "resume":
            if not self.started or self.running:
                return False
            self.running = True
        elif name in ("next", "previous", "jump"):
            target = {"next": self.index + 1, "previous": self.index - 1, "jump": arg}[name]
            if not 0 <= target <= self.last:
                return False
            self.index, self.remaining = target, self.durations[target]
        elif name == "add":
            self.remaining = max(0, max(0, self.remaining) + arg)
            if not self.running and self.remaining == 0 and self.index < self.last:
                self.index += 1
                self.remaining = self.durations[self.index]
        elif name == "restart":
            self.remaining = self.durations[self.index]
        self.advance(self.now)  # an item brought to 0 while running ends at once
        return True


def apply(
    state: ClockState, structure: Structure, now: datetime, name: str, arg: int
) -> ClockState:
    if name == "start":
        return start(state, structure, now)
    if name == "pause":
        return pause(state, structure, now)
    if name == "resume":
        return resume(state, structure, now)
    if name == "next":
        return next_item(state, structure, now)
    if name == "previous":
        return previous_item(state, structure, now)
    if name == "jump":
        return jump(state, structure, now, arg)
    if name == "add":
        return add_time(state, structure, now, arg)
    return restart_level(state, structure, now)


items = st.one_of(
    st.builds(lambda m: Level(1, 2, minutes=m), st.integers(1, 30)),
    st.builds(Break, st.integers(1, 15)),
)
actions = st.lists(
    st.tuples(
        # Delays from the same millisecond to several hours, with microseconds the engine drops.
        st.one_of(
            st.integers(0, 2_000), st.integers(0, 40 * 60_000), st.integers(0, 4 * 3_600_000)
        ),
        st.integers(0, 999),
        st.sampled_from(["start", "pause", "resume", "next", "previous", "jump", "add", "restart"]),
        st.integers(-3 * ONE_MINUTE_MS, 3 * ONE_MINUTE_MS),
    ),
    max_size=25,
)


@pytest.mark.slow
@settings(max_examples=120, deadline=None)
@given(st.lists(items, min_size=1, max_size=7), actions)
def test_engine_matches_the_stepping_reference(levels: list[Item], steps: list) -> None:  # type: ignore[type-arg]
    if all(item.is_break for item in levels):
        levels.append(Level(1, 2, minutes=5))
    structure = Structure("Random", tuple(levels))
    reference = Reference([item.minutes * ONE_MINUTE_MS for item in levels])
    state = ClockState()
    t_ms = 0
    for delay, micros, name, arg in steps:
        t_ms += delay
        now = T0 + timedelta(milliseconds=t_ms, microseconds=micros)
        reference.advance(t_ms)
        if name == "jump":
            arg = abs(arg) % (len(levels) + 1)  # sometimes one past the end: refused
        expected_ok = reference.do(name, arg)
        if expected_ok:
            state = apply(state, structure, now, name, arg)
        else:
            with pytest.raises(ClockError):
                apply(state, structure, now, name, arg)
        for probe in (0, 1, 59_999, 3_600_000):
            check = copy.copy(reference)
            check.advance(t_ms + probe)
            v = view(
                state, structure, T0 + timedelta(milliseconds=t_ms + probe, microseconds=micros)
            )
            assert v.index == check.index
            assert v.remaining_ms == max(0, check.remaining)
            expected_overtime = -check.remaining if check.index == check.last else 0
            assert v.overtime_ms == max(0, expected_overtime)
            assert v.running == check.running


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(
    st.lists(items, min_size=1, max_size=6),
    st.lists(st.integers(1, 3 * 3_600_000), max_size=6),
)
def test_events_do_not_depend_on_how_often_the_app_polls(
    levels: list[Item], cuts: list[int]
) -> None:
    if all(item.is_break for item in levels):
        levels.append(Level(1, 2, minutes=5))
    structure = Structure("Random", tuple(levels))
    state = start(ClockState(), structure, T0)
    end = T0 + timedelta(hours=4)
    whole = events_between(state, structure, T0 - MIN, end)
    bounds = [T0 - MIN, *sorted(T0 + timedelta(milliseconds=c) for c in cuts), end]
    pieces = [
        e for a, b in itertools.pairwise(bounds) for e in events_between(state, structure, a, b)
    ]
    assert pieces == list(whole)
    assert len({e.key for e in whole}) == len(whole)
    # Against the obvious timeline: item i starts at the sum of the durations before it.
    starts = [T0]
    for item in levels:
        starts.append(starts[-1] + timedelta(minutes=item.minutes))
    expected = set()
    for i, item in enumerate(levels):
        kind = EventKind.BREAK_STARTED if item.is_break else EventKind.LEVEL_STARTED
        expected.add((starts[i], (i, kind)))
        if item.minutes > 1:
            expected.add((starts[i + 1] - MIN, (i, EventKind.ONE_MINUTE_WARNING)))
        if i == len(levels) - 1:
            expected.add((starts[i + 1], (i, EventKind.OVERTIME_STARTED)))
        elif item.is_break:
            expected.add((starts[i + 1], (i, EventKind.BREAK_ENDED)))
    assert {(e.at, e.key) for e in whole} == {x for x in expected if x[0] <= end}
