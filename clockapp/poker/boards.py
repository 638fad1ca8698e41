"""The boards still to come: every way to deal them, or a seeded sample when there are too many.

`equity` enumerates the cards to come as index arrays into the remaining deck
(`combination_indexes`, built by slicing rather than row by row, and cached per deck size), or
draws `sample_indexes` with a seeded generator when exact enumeration would take too long.
"""

from __future__ import annotations

import functools
import math

import numpy as np
import numpy.typing as npt

from clockapp.i18n import gettext as _
from clockapp.poker.errors import PokerError


def combination_count(n: int, k: int) -> int:
    """How many ways to choose `k` of `n` (`math.comb`)."""
    return math.comb(n, k)


@functools.lru_cache(maxsize=8)
def combination_indexes(n: int, k: int) -> npt.NDArray[np.uint8]:
    """Every `k`-subset of `range(n)` in lexicographic order, as a read-only (k, C(n, k)) array.

    Stored one row per position so each position reads contiguously. Cached: the same deck size
    comes back for every query about the same street.

    >>> combination_indexes(4, 2).T.tolist()
    [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
    """
    if not 0 <= k <= n <= 255:
        raise PokerError(_("cannot choose {k} of {n}").format(k=k, n=n))
    result = _combinations(n, k)
    result.flags.writeable = False
    return result


def _combinations(n: int, k: int) -> npt.NDArray[np.uint8]:
    # The subsets starting with i are i followed by the (k-1)-subsets of range(i + 1, n), and
    # those are, shifted down by one, the tail of the (k-1)-subsets of range(n - 1) whose first
    # element is at least i. So each level is slices of the level below: no per-row work.
    if k == 0:
        return np.zeros((0, 1), np.uint8)
    if k == 1:
        return np.arange(n, dtype=np.uint8)[None, :]
    below = _combinations(n - 1, k - 1)
    firsts = range(n - k + 1)
    # Rows of `below` whose first element is below i: C(n-1, k-1) - C(n-1-i, k-1).
    starts = [math.comb(n - 1, k - 1) - math.comb(n - 1 - i, k - 1) for i in firsts]
    counts = [math.comb(n - 1 - i, k - 1) for i in firsts]
    result = np.empty((k, sum(counts)), np.uint8)
    result[0] = np.repeat(np.arange(n - k + 1, dtype=np.uint8), counts)
    position = 0
    for start, count in zip(starts, counts, strict=True):
        result[1:, position : position + count] = below[:, start:]
        position += count
    result[1:] += 1
    return result


def sample_indexes(n: int, k: int, samples: int, rng: np.random.Generator) -> npt.NDArray[np.uint8]:
    """`samples` random `k`-subsets of `range(n)` (a partial Fisher-Yates shuffle per row)."""
    decks = np.tile(np.arange(n, dtype=np.uint8), (samples, 1))
    rows = np.arange(samples)
    for j in range(k):
        picks = rng.integers(j, n, samples)
        chosen = decks[rows, picks]
        decks[rows, picks] = decks[:, j]
        decks[:, j] = chosen
    return np.ascontiguousarray(decks[:, :k].T)
