"""The estimated end: the pace fitted on the night, the prior early on, the ranges simulated."""

from __future__ import annotations

import math
import random

import pytest

from clockapp.core import estimate as estimate_module
from clockapp.core.estimate import (
    HORIZON,
    PRIOR_BUSTS,
    PRIOR_PACE,
    big_blind_at,
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


def _one_bust_at_a_time(
    structure: Structure, played: float, pace: float, players: int, paid: int, chips: int
) -> tuple[list[float], list[float]]:
    """The model drawn the plain way, for a fixed pace: every bust its own exponential wait,
    walked minute by minute through the blinds (slow, and the reference for the quick draw)."""
    rng = random.Random(7)
    bubbles, ends = [], []
    for _ in range(400):
        n, minute, left_in_minute, bubble = players, 0.0, 1.0, None
        wait = rng.expovariate(1.0)
        while n > 1 and minute < HORIZON:
            rate = pace * n * n * big_blind_at(structure, played + math.floor(minute)) / chips
            if rate * left_in_minute < wait:  # no bust in what is left of this minute
                wait -= rate * left_in_minute
                minute, left_in_minute = math.floor(minute) + 1.0, 1.0
                continue
            step = wait / rate
            minute += step
            left_in_minute -= step
            n -= 1
            wait = rng.expovariate(1.0)
            if bubble is None and n <= paid:
                bubble = minute
        bubbles.append(bubble if bubble is not None else minute)
        ends.append(min(minute, HORIZON))
    return bubbles, ends


@pytest.mark.parametrize(("players", "paid"), [(12, 3), (200, 20)])
def test_the_quick_draw_of_each_future_agrees_with_drawing_every_bust(
    players: int, paid: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    chips = players * 10_000
    # A pace known for sure (a huge prior's worth of busts), so only the busts' chance is left.
    monkeypatch.setattr(estimate_module, "PRIOR_BUSTS", 1e9)
    bubbles, ends = _one_bust_at_a_time(RISING, 0, PRIOR_PACE, players, paid, chips)
    quick = estimate_end(RISING, 0, (), players, paid, chips, runs=400)
    assert quick is not None
    assert quick.bubble is not None
    for drawn, reference in ((quick.bubble, bubbles), (quick.end, ends)):
        ordered = sorted(reference)
        low, likely, high = (ordered[round(q * (len(ordered) - 1))] for q in (0.1, 0.5, 0.9))
        assert drawn.likely == pytest.approx(likely, rel=0.05)
        assert drawn.low == pytest.approx(low, rel=0.1)
        assert drawn.high == pytest.approx(high, rel=0.1)
