"""Constants shared by the table builder (`tablegen`) and the table loader (`tables`).

Kept apart so that loading the tables never imports the builder, and the builder runs even when
the shipped table file is missing or stale.
"""

from __future__ import annotations

from typing import Final

# Additive rank keys: every multiset of 5, 6 or 7 ranks (at most four of each) has its own sum for
# each size (checked when the tables are built), and 7 * the largest stays below 2**23 (the suit
# keys sit above). These are the keys of Kenneth Shackleton's SKPokerEval; searching for smaller
# ones gains nothing because the perfect hash compresses the key space anyway.
RANK_KEYS: Final[tuple[int, ...]] = (
    0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181,
)  # fmt: skip
# Suit keys: for 5, 6 and 7 cards, equal sums always mean the same flush suit (or none), and
# 7 * 37 < 2**9, so a 32-bit sum never overflows. Checked when the tables are built.
SUIT_KEYS: Final[tuple[int, ...]] = (0, 1, 29, 37)
RANK_BITS: Final = 23
RANK_MASK: Final = (1 << RANK_BITS) - 1
SIZES: Final[tuple[int, ...]] = (5, 6, 7)
