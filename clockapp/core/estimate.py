"""The estimated end: when the money bubble bursts and when the tournament ends, with a range.

The model. A player busts when his stack is short against the blinds, so the room's bust rate
grows with the pressure of the blinds on the average stack. With n players, C chips in play and
a big blind B, the average stack is C / n and the pressure on each player is B / (C / n); the
room's expected busts a minute are

    rate = k * n * (B * n / C) = k * n² * B / C      (0 during a break)

with one unknown, k, the room's pace (how loose the players are, how deep the structure). k is
fitted on the night so far: the busts seen divided by the exposure (the integral of n² B / C over
the minutes played), with a Gamma prior worth `PRIOR_BUSTS` busts at `PRIOR_PACE` (a typical
home game) so the first hour, with few busts, leans on the prior and the fit takes over as busts
come in. The future is simulated: for each of `RUNS` draws of k from the posterior Gamma, play
the structure forward minute by minute (busts a Poisson draw at that minute's rate, n falling as
players bust) and note when n reaches the places paid (the bubble has burst) and 1 (the end).
The 10th and 90th percentiles of those times give the 80% range; the median the likely time.
The draws are seeded, so the same night gives the same estimate. Pauses are not foreseen (the
clock is assumed to run), and chips in play are today's (rebuys and add-ons are not foreseen).

>>> from clockapp.core.structure import Level, Structure
>>> s = Structure("S", tuple(Level(b // 2, b, minutes=20) for b in (100, 200, 400, 800, 1600)))
>>> e = estimate_end(s, played_minutes=0, busts_at=(), players_left=20, paid=3,
...                  chips_in_play=200_000)
>>> e.source, 0 < e.bubble.low <= e.bubble.likely <= e.bubble.high
('prior', True)
>>> e.bubble.likely < e.end.likely and e.end.low <= e.end.likely <= e.end.high
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from clockapp.core.structure import Break, Level, Structure

#: The prior pace (busts a minute per n² B / C) of a typical home game, and its weight in busts.
PRIOR_PACE = 0.2
PRIOR_BUSTS = 3.0
#: How many futures are simulated, and the share of them the range holds.
RUNS = 200
COVERAGE = 0.8
#: The longest future simulated (minutes): beyond it the estimate says "after".
HORIZON = 24 * 60
#: Below this many busts the estimate says it leans on the prior.
FITTED_AFTER = 3
SEED = 20_261_126


@dataclass(frozen=True)
class Range:
    """When something is likely, in minutes of play from now: low, likely (median), high."""

    low: float
    likely: float
    high: float


@dataclass(frozen=True)
class EndEstimate:
    """The bubble (None when the money is reached already) and the end, from now.

    Attributes:
        source: "prior" (too few busts to fit) or "fit" (the night's own pace).
        busts: The busts the pace was fitted on.
        pace: The pace k used (the posterior mean).
    """

    bubble: Range | None
    end: Range
    source: str
    busts: int
    pace: float


def big_blind_at(structure: Structure, minute: float) -> int:
    """The big blind in play `minute` minutes after the start (0 in a break; the last level's
    after the end of the structure).

    >>> from clockapp.core.structure import Break, Level, Structure
    >>> s = Structure("S", (Level(50, 100, minutes=20), Break(10), Level(100, 200, minutes=20)))
    >>> [big_blind_at(s, m) for m in (0, 19.9, 25, 31, 500)]
    [100, 100, 0, 200, 200]
    """
    at = 0.0
    last = 0
    for item in structure.levels:
        length = item.minutes
        if isinstance(item, Level):
            last = item.big_blind
        if minute < at + length:
            return 0 if isinstance(item, Break) else last
        at += length
    return last


def exposure(
    structure: Structure, start: float, stop: float, players: int, chips_in_play: int
) -> float:
    """The integral of n² B / C over the play minutes [start, stop) with n players (by minute)."""
    total = 0.0
    minute = start
    while minute < stop:
        step = min(1.0, stop - minute)
        total += step * players * players * big_blind_at(structure, minute) / chips_in_play
        minute += step
    return total


def fit_pace(
    structure: Structure,
    played_minutes: float,
    busts_at: Sequence[float],
    players_left: int,
    chips_in_play: int,
) -> tuple[float, float]:
    """The posterior Gamma (shape, rate) of the pace k, from the busts at those play minutes."""
    times = sorted(min(max(0.0, t), played_minutes) for t in busts_at)
    # Walk back from now: before each bust there was one more player.
    exposed = 0.0
    players = players_left
    stop = played_minutes
    for t in reversed(times):
        exposed += exposure(structure, t, stop, players, chips_in_play)
        players += 1
        stop = t
    exposed += exposure(structure, 0.0, stop, players, chips_in_play)
    shape = PRIOR_BUSTS + len(times)
    rate = PRIOR_BUSTS / PRIOR_PACE + exposed
    return shape, rate


def _poisson(rng: random.Random, mean: float) -> int:
    """A Poisson draw (Knuth's method; the means here are small)."""
    limit, count, product = math.exp(-mean), 0, rng.random()
    while product > limit:
        count += 1
        product *= rng.random()
    return count


def _quantile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))]


def _range(values: Sequence[float]) -> Range:
    tail = (1 - COVERAGE) / 2
    return Range(_quantile(values, tail), _quantile(values, 0.5), _quantile(values, 1 - tail))


def estimate_end(
    structure: Structure,
    played_minutes: float,
    busts_at: Sequence[float],
    players_left: int,
    paid: int,
    chips_in_play: int,
    runs: int = RUNS,
    seed: int = SEED,
) -> EndEstimate | None:
    """Estimate the bubble and the end (minutes from now); None with fewer than 2 players left
    or no chips.

    Args:
        structure: The levels and breaks.
        played_minutes: The play minutes since the start (where the clock is in the structure).
        busts_at: The play minute of each bust so far.
        players_left: Players in play now.
        paid: The places paid (the bubble bursts when this many are left).
        chips_in_play: The chips in play.
    """
    if players_left < 2 or chips_in_play <= 0:
        return None
    shape, rate = fit_pace(structure, played_minutes, busts_at, players_left, chips_in_play)
    rng = random.Random(seed)
    # The big blind of every future minute, looked up once (the runs share them).
    blinds = [big_blind_at(structure, played_minutes + m) / chips_in_play for m in range(HORIZON)]
    bubble_times: list[float] = []
    end_times: list[float] = []
    bubble: int | None
    for _ in range(runs):
        pace = rng.gammavariate(shape, 1 / rate)
        players, minute, bubble = players_left, 0, None
        while players > 1 and minute < HORIZON:
            mean = pace * players * players * blinds[minute]
            busts = min(players - 1, _poisson(rng, mean)) if mean > 0 else 0
            minute += 1
            players -= busts
            if bubble is None and players <= paid:
                bubble = minute
        end_times.append(minute)
        bubble_times.append(bubble if bubble is not None else minute)
    in_money = players_left <= paid
    return EndEstimate(
        None if in_money else _range(bubble_times),
        _range(end_times),
        "fit" if len(busts_at) >= FITTED_AFTER else "prior",
        len(busts_at),
        shape / rate,
    )
