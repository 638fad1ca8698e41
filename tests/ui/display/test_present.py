"""The display's wording and colors per situation, from real clock views (no widgets)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from clockapp.core import clock
from clockapp.core.chips import ChipSet
from clockapp.core.chips.color_up import break_color_ups
from clockapp.core.structure import Break, Level, Structure
from clockapp.ui.display import present
from clockapp.ui.display.present import Tone

S = Structure(
    "S",
    (
        Level(25, 50, minutes=20, label="Last hand at 50/100"),
        Break(10, color_up=(25,)),
        Level(100, 200, ante=25, minutes=20),
    ),
)
T0 = datetime(2026, 11, 21, 19, 0, tzinfo=UTC)
RUNNING = clock.start(clock.ClockState(), S, T0)


def at(state: clock.ClockState, minutes: float) -> clock.ClockView:
    return clock.view(state, S, T0 + timedelta(minutes=minutes))


@pytest.mark.parametrize(
    ("state", "minutes", "level", "countdown", "accent", "frame", "status"),
    [
        (
            clock.ClockState(),
            0,
            "LEVEL 1  ·  NLHE",
            Tone.DIMMED,
            Tone.BLINDS,
            None,
            "STARTING SOON",
        ),
        (RUNNING, 5, "LEVEL 1  ·  NLHE", Tone.TEXT, Tone.BLINDS, None, "Last hand at 50/100"),
        (
            RUNNING,
            19.5,
            "LEVEL 1  ·  NLHE",
            Tone.WARNING,
            Tone.WARNING,
            None,
            "Last hand at 50/100",
        ),
        (
            clock.pause(RUNNING, S, T0 + timedelta(minutes=5)),
            9,
            "LEVEL 1  ·  NLHE",
            Tone.DIMMED,
            Tone.PAUSED,
            Tone.PAUSED,
            "PAUSED",
        ),
        (RUNNING, 22, "BREAK", Tone.BREAK, Tone.BREAK, Tone.BREAK, "COLOR UP: T25"),
        (
            RUNNING,
            55,
            "LEVEL 2  ·  NLHE  ·  OVERTIME",
            Tone.WARNING,
            Tone.WARNING,
            None,
            "LAST LEVEL · PLAY CONTINUES",
        ),
    ],
)
def test_situations(state, minutes, level, countdown, accent, frame, status) -> None:
    v = at(state, minutes)
    assert present.level_line(v) == level
    assert present.countdown_tone(v) is countdown
    assert present.accent_tone(v) is accent
    assert present.frame_tone(v.status, v.is_break) == frame
    line, _notice = present.status_line(v, {})
    assert line.text == status


def test_notices_and_next_line() -> None:
    before = at(RUNNING, 5)
    _line, notice = present.status_line(before, {})
    assert notice == "Color-up at the break: T25"  # no chip set known: the values alone
    assert present.next_line(before) == "Break  ·  then 100 / 200  ·  ante 25"
    during = at(RUNNING, 22)
    _line, notice = present.status_line(during, {})
    assert notice.startswith("Play resumes at ")
    # The blinds panel shows the level after the break; the footer does not repeat it.
    assert present.next_line(during, S.levels) == "then the last level"
    longer = S.with_levels((*S.levels, Level(200, 400, ante=50, minutes=20)))
    view = clock.view(RUNNING, longer, T0 + timedelta(minutes=22))
    assert present.next_line(view, longer.levels) == "then 200 / 400  ·  ante 50"
    assert present.next_line(at(RUNNING, 35)) == "none · this is the last level"


def test_hard_end_warning_and_stop() -> None:
    state = clock.set_hard_end(RUNNING, S, T0, T0 + timedelta(minutes=30))
    warned, _ = present.status_line(at(state, 20), {})
    assert warned.text.startswith("PLAY STOPS AT")
    assert warned.tone is Tone.WARNING
    stopped, _ = present.status_line(at(state, 31), {})
    assert stopped.banner is Tone.WARNING
    assert "PLACES BY CHIP COUNT" in stopped.text


def test_the_color_up_says_which_chips_go_and_which_replace_them() -> None:
    """The notice named the chips leaving but not what to color up into."""
    ups = break_color_ups(S.levels, ChipSet.standard((25, 100, 500)))
    _line, notice = present.status_line(at(RUNNING, 5), ups)
    assert notice == "Color-up at the break: T25 green → T100 black (4 = 1)"
    line, _notice = present.status_line(at(RUNNING, 22), ups)
    assert line.text == "COLOR UP: T25 GREEN → T100 BLACK (4 = 1)"


MIXED = Structure(
    "Mixed",
    (
        Level(100, 200, ante=200, big_blind_ante=True, minutes=20),
        Level(200, 400, ante=400, big_blind_ante=True, minutes=20, game="PLO"),
        Break(10),
        Level(300, 600, minutes=20, game="PLO"),
        Level(400, 800, minutes=20),
    ),
)


def test_the_next_line_names_a_game_change() -> None:
    """ "200 / 400 · BB ante 400" left out that the next level is PLO: a change of game is said,
    the same game is not repeated."""
    running = clock.start(clock.ClockState(), MIXED, T0)

    def line(minutes: float) -> str:
        view = clock.view(running, MIXED, T0 + timedelta(minutes=minutes))
        return present.next_line(view, MIXED.levels)

    assert line(5) == "200 / 400  ·  BB ante 400  ·  PLO"
    assert line(25) == "Break  ·  then 300 / 600"  # PLO still
    assert line(45) == "then 400 / 800  ·  NLHE"  # the break: the level after the one it resumes
    assert line(55) == "400 / 800  ·  NLHE"


def test_the_spoken_level_line_names_a_game_change() -> None:
    from clockapp.ui.clock.texts import announcement

    event = clock.ClockEvent(T0, 1, clock.EventKind.LEVEL_STARTED, MIXED.levels[1])
    assert announcement(event, MIXED.levels) == (
        "Blinds are now 200-400, big blind ante 400. The game is now PLO."
    )
    same = clock.ClockEvent(T0, 3, clock.EventKind.LEVEL_STARTED, MIXED.levels[3])
    assert announcement(same, MIXED.levels) == "Blinds are now 300-600."
