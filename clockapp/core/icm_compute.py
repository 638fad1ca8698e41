"""The two heavy ways of computing Malmuth-Harville equities, for fields too large for fractions.

- `subset_equities`: the exact model over every subset of players already placed, in float64
  with numpy, one layer of subsets per paid place. For 20 players it walks 2^20 subsets (about
  20 million multiply-adds) in well under a second. The floats are then turned into fractions of
  a millionth of a cent that add up exactly to the prizes: the model is exact, the arithmetic is
  good to far below a cent.
- `estimate`: a seeded Monte Carlo simulation of finishing orders for larger fields, with the
  95% margin of its figures, so the deal screen can say how precise it is.

numpy is imported inside `subset_equities`: importing the core stays cheap for the clock.
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import sqrt

#: Equities from floats are kept to this fraction of a cent before they are made to add up.
PRECISION = 10**6


def _to_fractions(values: list[float], total: int) -> tuple[Fraction, ...]:
    """`values` as fractions of 1/PRECISION cent, adjusted on the largest to sum to `total`."""
    scaled = [round(value * PRECISION) for value in values]
    largest = max(range(len(scaled)), key=scaled.__getitem__)
    scaled[largest] += total * PRECISION - sum(scaled)
    return tuple(Fraction(value, PRECISION) for value in scaled)


def subset_equities(stacks: tuple[int, ...], prizes: list[int]) -> tuple[Fraction, ...]:
    """Exact Malmuth-Harville equities for up to about 22 players (memory: 2^n floats).

    P[mask] is the chance that the players in `mask` took the top |mask| places. A player j not
    in `mask` takes the next place with chance P[mask] * s_j / (chips not in mask).

    >>> [round(float(e)) for e in subset_equities((5000, 3000, 2000), [5000, 3000, 2000])]
    [3839, 3275, 2886]
    """
    import numpy as np

    n = len(stacks)
    shares = np.array(stacks, dtype=np.float64) / float(sum(stacks))
    # Each subset's size and chips, built by doubling: the subsets with player j are those
    # without him, plus him.
    placed = np.zeros(1, dtype=np.int8)
    placed_chips = np.zeros(1)
    for share in shares:
        placed = np.concatenate([placed, placed + 1])
        placed_chips = np.concatenate([placed_chips, placed_chips + share])
    chips_left = np.maximum(1.0 - placed_chips, 1e-300)  # the full set is never divided by
    chance = np.zeros(1 << n)
    chance[0] = 1.0
    equities = np.zeros(n)
    last = len(prizes) - 1
    for place, prize in enumerate(prizes):
        layer = np.flatnonzero(placed == place).astype(np.int32)  # who took the places above
        weight = chance[layer] / chips_left[layer]
        following = np.zeros(1 << n) if place < last else chance
        for player in range(n):
            bit = np.int32(1 << player)
            free = (layer & bit) == 0
            step = weight[free] * shares[player]
            equities[player] += prize * step.sum()
            if place < last:
                following[layer[free] | bit] += step  # distinct targets for one player
        chance = following
    return _to_fractions([float(e) for e in equities], sum(prizes))


def estimate(
    stacks: tuple[int, ...], prizes: list[int], samples: int, seed: int
) -> tuple[tuple[Fraction, ...], int]:
    """Monte Carlo over Harville finishing orders; the equities and their 95% margin in cents.

    An order is drawn as a race of exponential clocks with rate = stack: the first to ring wins,
    and by memorylessness each next place goes to the rest in proportion to their stacks, which
    is Harville's model exactly. (Floats only drive the sampling; equities are counted in ints.)
    The raw estimates are then sorted to follow the stacks (the exact equities grow with the
    stack, and the rearrangement cannot increase the error) and averaged over equal stacks
    (whose exact equities are equal). Both keep the total exact. The margin is 1.96 standard
    errors of the least precise player's average, rounded up to a whole cent.
    """
    rng = random.Random(seed)
    n = len(stacks)
    places = len(prizes)
    won = [0] * n  # cents won over all samples
    squares = [0] * n
    players = range(n)
    for _ in range(samples):
        clocks = [rng.expovariate(stack) for stack in stacks]
        order = sorted(players, key=clocks.__getitem__)
        for place in range(places):
            winner, prize = order[place], prizes[place]
            won[winner] += prize
            squares[winner] += prize * prize
    spread = max(
        (squares[i] / samples - (won[i] / samples) ** 2) / max(samples - 1, 1) for i in players
    )
    margin = int(1.96 * sqrt(max(spread, 0.0))) + 1
    raw = sorted(won, reverse=True)
    by_stack = sorted(players, key=lambda i: -stacks[i])
    result = [Fraction(0)] * n
    start = 0
    while start < n:
        end = start
        while end < n and stacks[by_stack[end]] == stacks[by_stack[start]]:
            end += 1
        share = Fraction(sum(raw[start:end]), samples * (end - start))
        for rank in range(start, end):
            result[by_stack[rank]] = share
        start = end
    return tuple(result), margin
