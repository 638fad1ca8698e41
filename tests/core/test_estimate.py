"""The estimated end: the pace fitted on the night, the prior early on, the ranges simulated."""

from __future__ import annotations

import pytest

from clockapp.core.estimate import (
    PRIOR_BUSTS,
    PRIOR_PACE,
    estimate_end,
    exposure,
    fit_pace,
)
from clockapp.core.structure import Break, Level, Structure

FLAT = Structure("Flat", (Level(50, 100, minutes=60),))
RISING = Structure(
    "Rising",
    (
        Level(50, 100, minutes=20),
        Level(100, 200, minutes=20),
        Break(10),
        *(Level(b // 2, b, minutes=20) for b in (400, 800, 1600, 3200, 6400)),
    ),
)


def test_exposure_is_n_squared_times_the_big_blind_over_the_chips() -> None:
    # 10 players, BB 100, 100,000 chips: 100 * 100 / 100,000 = 0.1 a minute, for 30 minutes.
    assert exposure(FLAT, 0, 30, 10, 100_000) == pytest.approx(3.0)
    # A break exposes nobody.
    assert exposure(RISING, 40, 50, 10, 100_000) == 0


def test_the_pace_is_the_gamma_posterior_of_busts_over_exposure() -> None:
    # 10 players now; busts at minutes 10 and 20 of a flat 100 big blind, 30 minutes played.
    shape, rate = fit_pace(FLAT, 30, (10, 20), 10, 100_000)
    # Exposure: 12 players for 10 minutes, 11 for 10, 10 for 10 (n² * 100 / 100,000 each).
    exposed = (144 + 121 + 100) * 10 * 100 / 100_000
    assert shape == PRIOR_BUSTS + 2
    assert rate == pytest.approx(PRIOR_BUSTS / PRIOR_PACE + exposed)


def test_with_no_bust_yet_the_estimate_is_the_prior() -> None:
    early = estimate_end(RISING, 0, (), 30, 4, 300_000)
    assert early is not None
    assert early.source == "prior"
    assert early.pace == pytest.approx(PRIOR_PACE)


def test_a_fast_night_ends_sooner_than_a_slow_one_and_the_range_narrows() -> None:
    fast = estimate_end(RISING, 60, tuple(range(2, 60, 3)), 10, 3, 300_000)
    slow = estimate_end(RISING, 60, (30, 55, 58), 27, 3, 300_000)
    assert fast is not None
    assert slow is not None
    assert fast.source == slow.source == "fit"
    assert fast.pace > slow.pace
    assert fast.end.likely < slow.end.likely
    assert fast.bubble is not None
    assert fast.bubble.likely < fast.end.likely
    prior = estimate_end(RISING, 60, (), 10, 3, 300_000)
    assert prior is not None
    assert fast.end.high - fast.end.low < prior.end.high - prior.end.low


def test_in_the_money_there_is_no_bubble_and_the_estimate_is_repeatable() -> None:
    first = estimate_end(RISING, 120, tuple(range(5, 120, 5)), 3, 5, 300_000)
    assert first is not None
    assert first.bubble is None
    assert first == estimate_end(RISING, 120, tuple(range(5, 120, 5)), 3, 5, 300_000)


@pytest.mark.parametrize(("left", "chips"), [(1, 300_000), (0, 0), (5, 0)])
def test_nothing_to_estimate(left: int, chips: int) -> None:
    assert estimate_end(RISING, 0, (), left, 3, chips) is None
