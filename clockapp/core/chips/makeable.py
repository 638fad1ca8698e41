"""Whether an amount can be paid exactly with the chips in play (`can_make`).

The coin problem, solved once per set of values by a shortest path over residues modulo the
smallest chip, so a blind or an ante of any size is answered at once.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable
from functools import lru_cache

from clockapp.core.chips.chip_set import ChipError
from clockapp.i18n import gettext as _


def normalise_values(denominations: Iterable[int]) -> tuple[int, ...]:
    values = tuple(sorted({int(d) for d in denominations}))
    if values and values[0] <= 0:
        raise ChipError(
            _("Chip value {values}: a chip must be worth more than 0.").format(values=values[0])
        )
    return values


@lru_cache(maxsize=512)
def _smallest_by_residue(values: tuple[int, ...]) -> tuple[int, ...]:
    """For each residue r modulo the smallest chip, the smallest makeable amount congruent to r.

    A shortest-path over residues (the classic way to solve the coin problem for amounts of any
    size): an amount is makeable exactly when it is at least the smallest makeable amount with the
    same residue, because adding smallest chips walks up through that residue class.
    """
    modulus = values[0]
    best = [math.inf] * modulus
    best[0] = 0
    queue: list[tuple[int, int]] = [(0, 0)]
    while queue:
        amount, residue = heapq.heappop(queue)
        if amount > best[residue]:
            continue
        for value in values[1:]:
            candidate = amount + value
            target = candidate % modulus
            if candidate < best[target]:
                best[target] = candidate
                heapq.heappush(queue, (candidate, target))
    return tuple(-1 if b == math.inf else int(b) for b in best)


def can_make(amount: int, denominations: Iterable[int]) -> bool:
    """Whether `amount` can be paid exactly with chips of these values (any number of each).

    Args:
        amount: The bet, blind or ante (0 is always makeable).
        denominations: The chip values in play.

    >>> can_make(75, (25, 100)), can_make(60, (25, 100)), can_make(600, (500, 1000))
    (True, False, False)
    """
    if amount < 0:
        return False
    if amount == 0:
        return True
    values = normalise_values(denominations)
    if not values:
        return False
    smallest = _smallest_by_residue(values)[amount % values[0]]
    return smallest != -1 and amount >= smallest
