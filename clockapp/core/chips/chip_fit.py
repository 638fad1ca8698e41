"""A starting stack that fits the chips the host owns.

`stack_breakdown` picks the handiest stack (about 1:2:3:4 in 3-4 colours, 20-60 chips) without
looking at how many chips of each colour the host owns; with a big field that can need 400 T25
chips from a case of 300 while T100 chips lie unused. `fitting_breakdown` searches the other
stacks of the same value for one whose chips, times the players (plus rebuys, add-ons and
spares), the host owns, preferring the handiest of those.

>>> from clockapp.core.chips import ChipSet
>>> chips = ChipSet.standard((25, 100, 500), owned=(100, 300, 100))
>>> fitting_breakdown(1500, chips, players=10, must_make=(25, 50)).describe()
'1 x T500 + 8 x T100 + 8 x T25 = T1,500'
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from clockapp.core.chips import (
    STACK_CHIPS_MAX,
    STACK_CHIPS_MIN,
    ChipSet,
    StackBreakdown,
    can_make,
)

#: The most stacks the search looks at (the candidates grow fast with small fields).
SEARCH_LIMIT = 200_000


def _shape(counts: Sequence[int]) -> float:
    """How far counts (largest chip first) are from 1:2:3:4, as `stack_breakdown` aims for."""
    total = sum(counts)
    weights = range(1, len(counts) + 1)
    share = sum(weights)
    pairs = zip(counts, weights, strict=True)
    errors = [abs(math.log((c / total) / (w / share))) for c, w in pairs]
    return sum(errors) / len(counts)


def _score(counts: Sequence[int]) -> float:
    """Lower is handier: 20-60 chips, more colours (a stack of one colour is slow to bet), and
    about 1:2:3:4 from the largest chip down."""
    chips = sum(counts)
    if chips < STACK_CHIPS_MIN:
        size = math.log(STACK_CHIPS_MIN / chips) * 2
    elif chips > STACK_CHIPS_MAX:
        size = math.log(chips / STACK_CHIPS_MAX) * 2
    else:
        size = 0.0
    colours = sum(1 for c in counts if c)
    return size + 0.5 * (4 - min(colours, 4)) + _shape(counts)


def most_per_stack(owned: int, players: int, besides: int, spare_percent: int) -> int:
    """The most chips of one colour a stack may hold when the host owns `owned` of them.

    `players` stacks, plus `besides` chips for rebuys and add-ons, plus spares (`spare_percent`
    of those, at least one, rounded up as `chips_needed` counts them) must fit in the case.
    Worked out by division, so a case of any size answers at once.

    Args:
        owned: Chips of the colour the host owns.
        players: Starting stacks handed out (1 or more).
        besides: Chips of the colour needed besides the stacks.
        spare_percent: Spares, as a percentage of the chips handed out.

    >>> most_per_stack(300, 10, 0, 10)  # 10 x 27 = 270, with 27 spares: 297
    27
    >>> most_per_stack(99_999_999_999_999_999_999, 15, 0, 10)
    6060606060606060606
    >>> most_per_stack(5, 10, 0, 10)
    0
    """
    # With base = players x most + besides chips handed out, the case must hold
    # base + max(1, ceil(base x spare / 100)). For a positive spare and base >= 1 that is
    # ceil(base x (100 + spare) / 100) <= owned, i.e. base x (100 + spare) <= 100 x owned;
    # with no spares it is base + 1 <= owned.
    handed_out = 100 * owned // (100 + spare_percent) if spare_percent > 0 else owned - 1
    return max(0, (handed_out - besides) // players)


def fitting_breakdown(
    stack: int,
    chip_set: ChipSet,
    *,
    players: int,
    extra: Iterable[tuple[int, int]] = (),
    must_make: Iterable[int] = (),
    spare_percent: int = 10,
) -> StackBreakdown | None:
    """The handiest stack worth `stack` whose chips the host owns enough of, or None.

    Args:
        stack: The starting stack's value.
        chip_set: The host's chips, with their owned counts (None counts: nothing to fit).
        players: Starting stacks handed out.
        extra: Chips of each value needed besides the stacks (rebuys and add-ons), as
            (value, count) pairs.
        must_make: Amounts the stack's chips must pay (the first blinds).
        spare_percent: Spares per denomination, as `chips_needed` counts them.
    """
    if chip_set.owned is None or players <= 0:
        return None
    amounts = tuple(must_make)
    besides = dict.fromkeys(chip_set.values, 0)
    for value, count in extra:
        besides[value] = besides.get(value, 0) + count

    def cap(value: int) -> int:
        """The most chips of `value` one stack may hold, spares and rebuys included."""
        owned = chip_set.owned_of(value) or 0
        return most_per_stack(owned, players, besides.get(value, 0), spare_percent)

    values = [v for v in chip_set.values if v <= stack]
    caps = {v: min(cap(v), 2 * STACK_CHIPS_MAX) for v in values}
    best: tuple[float, tuple[int, ...], tuple[int, ...]] | None = None
    seen = 0
    for size in (4, 3, 5, 6, 2, 1):  # 3-4 colours first; more when a big field needs them
        for start in range(len(values) - size + 1):
            window = tuple(reversed(values[start : start + size]))  # largest first
            if not all(can_make(a, window) for a in amounts):
                continue

            def search(
                i: int, remaining: int, chosen: tuple[int, ...], window: tuple[int, ...] = window
            ) -> None:
                nonlocal best, seen
                if seen > SEARCH_LIMIT:
                    return
                value = window[i]
                if i == len(window) - 1:
                    seen += 1
                    if remaining % value or remaining // value > caps[value]:
                        return
                    counts = (*chosen, remaining // value)
                    if not counts[-1]:
                        return  # every colour of the window is used
                    score = _score(counts)
                    if best is None or score < best[0]:
                        best = (score, window, counts)
                    return
                for count in range(min(caps[value], remaining // value), 0, -1):
                    if sum(chosen) + count > 2 * STACK_CHIPS_MAX:
                        continue
                    search(i + 1, remaining - count * value, (*chosen, count))

            search(0, stack, ())
        if best is not None and best[0] < 1.0:
            break  # a handy stack in this many colours: fewer colours would not be better
    if best is None:
        return None
    _, window, counts = best
    return StackBreakdown(tuple(zip(window, counts, strict=True)))
