"""Which host events fall due between two looks at the tournament, and their keys."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from clockapp.core.clock import ClockState, start
from clockapp.core.host_events import (
    HostEvent,
    HostEventError,
    TournamentFacts,
    Trigger,
    due_occurrences,
)
from clockapp.core.structure import Break, Level, Structure

S = Structure(
    "S", (Level(25, 50, minutes=20), Break(10), Level(50, 100, minutes=20), Level(100, 200, 20))
)
T0 = datetime(2026, 1, 1, 20, 0, tzinfo=UTC)
RUNNING = start(ClockState(), S, T0)


def facts(minutes: float = 0, left: int = 20, *, paid: int = 3, tables: int = 2) -> TournamentFacts:
    return TournamentFacts(T0 + timedelta(minutes=minutes), RUNNING, left, paid, tables)


def keys(event: HostEvent, before: TournamentFacts | None, now: TournamentFacts) -> list[str]:
    return [o.key for o in due_occurrences((event,), S, before, now, UTC)]


@pytest.mark.parametrize(
    ("event", "before", "now", "expected"),
    [
        # Five minutes before level 1 ends (20:15), and before level 2 (index 2) ends.
        (
            HostEvent(1, Trigger.MINUTES_BEFORE_END, 5, sound="level"),
            facts(14.9),
            facts(15),
            ["1:level:0"],
        ),
        (HostEvent(1, Trigger.MINUTES_BEFORE_END, 5, sound="level"), facts(15), facts(15.1), []),
        (
            HostEvent(1, Trigger.MINUTES_BEFORE_END, 5, sound="level"),
            facts(44.9),
            facts(45),
            ["1:level:2"],
        ),
        # Not for a break.
        (HostEvent(1, Trigger.MINUTES_BEFORE_END, 5, sound="level"), facts(24.9), facts(25), []),
        (
            HostEvent(2, Trigger.BREAK_STARTED, sound="break_start"),
            facts(19.9),
            facts(20),
            ["2:break:1"],
        ),
        (
            HostEvent(3, Trigger.BREAK_ENDED, sound="break_end"),
            facts(29.9),
            facts(30),
            ["3:break:1"],
        ),
        (HostEvent(3, Trigger.BREAK_ENDED, sound="break_end"), facts(19.9), facts(20), []),
        (
            HostEvent(4, Trigger.PLAYERS_LEFT, players=10, sound="level"),
            facts(1, 11),
            facts(1, 10),
            ["4:players:10"],
        ),
        (
            HostEvent(4, Trigger.PLAYERS_LEFT, players=10, sound="level"),
            facts(1, 12),
            facts(1, 8),
            ["4:players:10"],
        ),
        (
            HostEvent(4, Trigger.PLAYERS_LEFT, players=10, sound="level"),
            facts(1, 10),
            facts(1, 9),
            [],
        ),
        (HostEvent(4, Trigger.PLAYERS_LEFT, players=10, sound="level"), None, facts(1, 10), []),
        (
            HostEvent(5, Trigger.MONEY_BUBBLE, sound="level"),
            facts(1, 5),
            facts(1, 4),
            ["5:bubble:3"],
        ),
        (
            HostEvent(5, Trigger.MONEY_BUBBLE, sound="level"),
            facts(1, 5, paid=0),
            facts(1, 4, paid=0),
            [],
        ),
        (
            HostEvent(6, Trigger.FINAL_TABLE, sound="level"),
            facts(1, 10),
            facts(1, 9, tables=1),
            ["6:final"],
        ),
        (
            HostEvent(6, Trigger.FINAL_TABLE, sound="level"),
            facts(1, 10, tables=1),
            facts(1, 9, tables=1),
            [],
        ),
        (
            HostEvent(7, Trigger.TIME_OF_DAY, at="20:30", sound="level"),
            facts(29.9),
            facts(30),
            ["7:day:2026-01-01"],
        ),
        (HostEvent(7, Trigger.TIME_OF_DAY, at="20:30", sound="level"), facts(30), facts(30.1), []),
    ],
)
def test_each_trigger_falls_due_once(
    event: HostEvent, before: TournamentFacts | None, now: TournamentFacts, expected: list[str]
) -> None:
    assert keys(event, before, now) == expected


def test_a_time_of_day_is_read_in_the_room_s_zone() -> None:
    event = HostEvent(7, Trigger.TIME_OF_DAY, at="21:30", wall_text="Last orders")
    plus_one = timezone(timedelta(hours=1))
    due = due_occurrences((event,), S, facts(29.9), facts(30), plus_one)
    assert [o.wall_text for o in due] == ["Last orders"]


def test_a_level_shorter_than_the_warning_does_not_warn() -> None:
    short = Structure("Turbo", (Level(25, 50, minutes=3), Level(50, 100, minutes=3)))
    clock = start(ClockState(), short, T0)
    event = HostEvent(1, Trigger.MINUTES_BEFORE_END, 5, sound="level")
    before = TournamentFacts(T0 - timedelta(minutes=3), clock, 9)
    now = TournamentFacts(T0 + timedelta(minutes=5), clock, 9)
    assert due_occurrences((event,), short, before, now, UTC) == ()


def test_the_fields_are_filled_from_the_tournament_now() -> None:
    event = HostEvent(
        1,
        Trigger.BREAK_STARTED,
        spoken="Break of {break_minutes} minutes; then {blinds}",
        wall_text="{players_left} left at {tables} tables, {paid} paid",
    )
    (due,) = due_occurrences((event,), S, facts(19.9), facts(20, 14), UTC)
    assert due.spoken == "Break of 10 minutes; then 50/100"
    assert due.wall_text == "14 left at 2 tables, 3 paid"


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"trigger": Trigger.PLAYERS_LEFT, "players": 1, "sound": "level"}, "the winner"),
        ({"trigger": Trigger.PLAYERS_LEFT, "players": 0, "sound": "level"}, "2 or more"),
        ({"trigger": Trigger.MINUTES_BEFORE_END, "minutes": 0, "sound": "level"}, "1 to 240"),
        ({"trigger": Trigger.TIME_OF_DAY, "at": "7pm", "sound": "level"}, "time of day"),
        ({"trigger": Trigger.FINAL_TABLE, "wall_text": "{winner}"}, '"{winner}" is not a field'),
        ({"trigger": Trigger.FINAL_TABLE, "spoken": "{level"}, "unmatched brace"),
        ({"trigger": Trigger.FINAL_TABLE, "spoken": "{level:>5}"}, "is not a field"),
        ({"trigger": Trigger.FINAL_TABLE, "wall_text": "Hi", "seconds": 601}, "3 to 600"),
        ({"trigger": Trigger.FINAL_TABLE}, "does nothing"),
        ({"trigger": Trigger.FINAL_TABLE, "spoken": "x" * 301}, "longer than 300"),
    ],
)
def test_an_event_the_director_got_wrong_is_refused_with_the_reason(
    fields: dict[str, object], message: str
) -> None:
    with pytest.raises(HostEventError, match=message.replace("{", r"\{").replace("}", r"\}")):
        HostEvent(0, **fields)  # type: ignore[arg-type]
