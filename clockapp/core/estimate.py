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
the structure forward (busts a Poisson process at that moment's rate, n falling as players bust)
and note when n reaches the places paid (the bubble has burst) and 1 (the end).

Each future is drawn in the blinds' own time, where it is cheap. With the pressure
P(t) = ∫ B / C dt over the play minutes to come (flat during a break), the bust that takes the
room from j to j - 1 players comes after a further E_j / (k j²) of pressure, E_j an Exp(1) draw.
So the pressure until m players are left is (1 / k) Σ E_j / j² over j = m + 1 .. n, and the time
is where P reaches it. The last `EXACT_PLAYERS` busts are drawn one by one; before them the terms
are small and many, and their sum is drawn as the normal of the same mean and variance
(Σ 1 / j², Σ 1 / j⁴). A future costs the same whether 30 or 3,000 players are left.
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

import bisect
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
#: The last busts of a future drawn one by one; the many before them are drawn as their sum.
EXACT_PLAYERS = 40
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


def _blinds_by_minute(structure: Structure, start: float, minutes: int) -> list[float]:
    """The big blind in play at `start` + m for m in range(minutes) (`big_blind_at`, in one walk
    through the structure)."""
    bounds: list[tuple[float, int]] = []  # (where each item ends, its big blind)
    at, last = 0.0, 0
    for item in structure.levels:
        if isinstance(item, Level):
            last = item.big_blind
        at += item.minutes
        bounds.append((at, 0 if isinstance(item, Break) else last))
    blinds: list[float] = []
    index = 0
    for m in range(minutes):
        minute = start + m
        while index < len(bounds) and minute >= bounds[index][0]:
            index += 1
        blinds.append(bounds[index][1] if index < len(bounds) else last)
    return blinds


class _Futures:
    """Draws of the pressure until m players are left, from `players` now."""

    def __init__(self, rng: random.Random, players: int) -> None:
        self._rng = rng
        # Σ 1 / j² and Σ 1 / j⁴ for j = 1 .. n (index n), for the normal part of a sum.
        self._squares = [0.0] * (players + 1)
        self._fourths = [0.0] * (players + 1)
        for j in range(1, players + 1):
            self._squares[j] = self._squares[j - 1] + 1 / (j * j)
            self._fourths[j] = self._fourths[j - 1] + 1 / (j**4)

    def pressure(self, down_to: int, players: int) -> float:
        """One draw of Σ E_j / j² over j = down_to + 1 .. players."""
        total = 0.0
        exact = max(down_to, min(players, EXACT_PLAYERS))
        if players > exact:  # the many small terms, as their sum
            mean = self._squares[players] - self._squares[exact]
            spread = math.sqrt(self._fourths[players] - self._fourths[exact])
            total += max(0.0, self._rng.gauss(mean, spread))
        for j in range(exact, down_to, -1):
            total += self._rng.expovariate(1.0) / (j * j)
        return total


def _minute_at(pressure: Sequence[float], blinds: Sequence[float], target: float) -> float:
    """The play minute from now at which the pressure so far reaches `target` (`HORIZON` if it
    never does within it)."""
    if target >= pressure[-1]:
        return float(HORIZON)
    minute = bisect.bisect_right(pressure, target) - 1
    return minute + (target - pressure[minute]) / blinds[minute]


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
    # The pressure B / C of every future minute, and its running sum (the runs share them).
    blinds = [b / chips_in_play for b in _blinds_by_minute(structure, played_minutes, HORIZON)]
    pressure = [0.0]
    for step in blinds:
        pressure.append(pressure[-1] + step)
    futures = _Futures(rng, players_left)
    in_money = players_left <= paid
    bubble_times: list[float] = []
    end_times: list[float] = []
    for _ in range(runs):
        pace = rng.gammavariate(shape, 1 / rate)
        to_bubble = 0.0 if in_money else futures.pressure(paid, players_left)
        to_end = to_bubble + futures.pressure(1, min(paid, players_left))
        bubble_times.append(_minute_at(pressure, blinds, to_bubble / pace))
        end_times.append(_minute_at(pressure, blinds, to_end / pace))
    return EndEstimate(
        None if in_money else _range(bubble_times),
        _range(end_times),
        "fit" if len(busts_at) >= FITTED_AFTER else "prior",
        len(busts_at),
        shape / rate,
    )
