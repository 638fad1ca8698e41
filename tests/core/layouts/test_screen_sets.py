"""Screen sets: which layout shows is a function of the seconds into the level or break, and the
countdown stays on the wall through every level."""

from __future__ import annotations

import base64
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clockapp.core.layouts.cells import UNITS, Cell, CellKind, Layout, LayoutError, Rect
from clockapp.core.layouts.default import DEFAULT
from clockapp.core.layouts.screen_sets import (
    MAX_TURN_SECONDS,
    MAX_TURNS,
    MIN_TURN_SECONDS,
    ScreenSet,
    Showing,
    Turn,
    check_screen_set,
    showing,
)

CLOCK, PAYOUTS, LEADERS, SLIDES = "Clock", "Payouts", "Chip leaders", "Slides"
ROTATION = ScreenSet(
    "Night", (Turn(CLOCK, 45), Turn(PAYOUTS, 10), Turn(LEADERS, 10)), (Turn(SLIDES, 30),)
)
PNG = base64.b64encode(b"\x89PNG\r\n\x1a\n" + b"\0" * 32).decode()
HALF = Rect(0, 0, 5000, 5000)


def _with_clock(name: str, kind: CellKind) -> Layout:
    rows = 5 if kind in (CellKind.PAYOUTS, CellKind.CHIP_LEADERS) else 1
    clock = Cell(CellKind.COUNTDOWN, Rect(5000, 0, 5000, 3000))
    return Layout(name, (Cell(kind, HALF, rows=rows), clock))


LAYOUTS = {
    CLOCK: DEFAULT,
    PAYOUTS: _with_clock(PAYOUTS, CellKind.PAYOUTS),
    LEADERS: _with_clock(LEADERS, CellKind.CHIP_LEADERS),
    SLIDES: Layout(SLIDES, (Cell(CellKind.IMAGE, Rect(0, 0, UNITS, UNITS), image=PNG),)),
}


@pytest.mark.parametrize(
    ("seconds", "on_break", "expected"),
    [
        (0, False, Showing(CLOCK, 0, 45.0)),
        (44.5, False, Showing(CLOCK, 0, 0.5)),
        (45, False, Showing(PAYOUTS, 1, 10.0)),
        (60, False, Showing(LEADERS, 2, 5.0)),
        (65, False, Showing(CLOCK, 0, 45.0)),
        (65 * 100 + 50, False, Showing(PAYOUTS, 1, 5.0)),
        (-5, False, Showing(CLOCK, 0, 45.0)),
        (math.nan, False, Showing(CLOCK, 0, 45.0)),
        (0, True, Showing(SLIDES, 0, 30.0)),
        (95, True, Showing(SLIDES, 0, 25.0)),
    ],
)
def test_the_layout_shown_follows_from_the_seconds_into_the_level_or_break(
    seconds: float, on_break: bool, expected: Showing
) -> None:
    assert showing(ROTATION, seconds, on_break=on_break) == expected


def test_without_break_turns_a_break_turns_the_levels_layouts() -> None:
    levels_only = ScreenSet("Plain", (Turn(CLOCK, 20), Turn(PAYOUTS, 5)))
    assert showing(levels_only, 22, on_break=True) == Showing(PAYOUTS, 1, 3.0)


def _reference(turns: tuple[Turn, ...], seconds: float) -> str:
    """Walk the turns one after the other from the start until `seconds` is reached."""
    at = 0.0
    while True:
        for turn in turns:
            if seconds < at + turn.seconds:
                return turn.layout
            at += turn.seconds


@given(
    st.lists(
        st.tuples(st.sampled_from((CLOCK, PAYOUTS, LEADERS)), st.integers(3, 120)),
        min_size=1,
        max_size=6,
    ),
    st.integers(0, 4 * 3600 * 10).map(lambda tenths: tenths / 10),
)
def test_showing_agrees_with_walking_the_turns_from_the_start(
    turns: list[tuple[str, int]], seconds: float
) -> None:
    screen_set = ScreenSet("Any", tuple(Turn(name, s) for name, s in turns))
    shown = showing(screen_set, seconds, on_break=False)
    assert shown.layout == _reference(screen_set.turns, seconds)
    # The next change comes after the seconds left, and not before.
    cycle = sum(s for _name, s in turns)
    assert 0 < shown.seconds_left <= screen_set.turns[shown.turn].seconds
    later = showing(screen_set, seconds + cycle * 7, on_break=False)
    assert later.layout == shown.layout
    assert later.seconds_left == pytest.approx(shown.seconds_left)


def test_a_set_that_hides_the_countdown_in_a_level_is_refused_with_the_reason() -> None:
    bare_payouts = Layout(PAYOUTS, (Cell(CellKind.PAYOUTS, HALF, rows=5),))
    with pytest.raises(LayoutError, match=r'"Payouts" shows no countdown.*only during breaks'):
        check_screen_set(ROTATION, {**LAYOUTS, PAYOUTS: bare_payouts})
    # The same layout in the break's turns is fine: the rule is for levels.
    breaks = ScreenSet("Breaks", (Turn(CLOCK, 45),), (Turn(PAYOUTS, 10), Turn(SLIDES, 10)))
    check_screen_set(breaks, {**LAYOUTS, PAYOUTS: bare_payouts})


def test_a_countdown_covered_by_a_picture_does_not_count() -> None:
    covered = Layout(
        PAYOUTS,
        (
            Cell(CellKind.COUNTDOWN, Rect(1000, 1000, 2000, 2000)),
            Cell(CellKind.IMAGE, HALF, image=PNG),
        ),
    )
    with pytest.raises(LayoutError, match="shows no countdown"):
        check_screen_set(ROTATION, {**LAYOUTS, PAYOUTS: covered})


def test_a_set_naming_a_missing_layout_is_refused() -> None:
    with pytest.raises(LayoutError, match='shows "Slides", but there is no layout of that name'):
        check_screen_set(ROTATION, {k: v for k, v in LAYOUTS.items() if k != SLIDES})
    check_screen_set(ROTATION, LAYOUTS)


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: Turn(CLOCK, MIN_TURN_SECONDS - 1), "3 to 3600 seconds"),
        (lambda: Turn(CLOCK, MAX_TURN_SECONDS + 1), "3 to 3600 seconds"),
        (lambda: Turn(CLOCK, 10.5), "3 to 3600 seconds"),  # type: ignore[arg-type]
        (lambda: Turn(CLOCK, True), "3 to 3600 seconds"),
        (lambda: Turn(" ", 10), "shows a layout"),
        (lambda: ScreenSet("Empty", ()), "at least one layout"),
        (lambda: ScreenSet("", (Turn(CLOCK, 10),)), "needs a name"),
        (lambda: ScreenSet("Long", (Turn(CLOCK, 10),) * (MAX_TURNS + 1)), "at most 20 turns"),
    ],
)
def test_a_set_or_turn_out_of_bounds_is_refused(build: object, message: str) -> None:
    with pytest.raises(LayoutError, match=message):
        build()  # type: ignore[operator]


def test_a_set_lists_its_layouts_once_each() -> None:
    assert ROTATION.layouts() == (CLOCK, PAYOUTS, LEADERS, SLIDES)
