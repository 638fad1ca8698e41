"""An obviously correct hand evaluator to test the fast one against: the textbook rules.

A five-card hand is classified by its shape (how many cards of each rank), whether all five share
a suit, and whether the ranks run in sequence (A-2-3-4-5 counting as five high, no wrapping);
ties are broken by the ranks in order of significance. A 6- or 7-card hand is worth the best of
its five-card subsets. Slow on purpose: nothing here shares code with `clockapp.poker`.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

# Category numbers, weakest first.
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
NAMES = (
    "high card", "one pair", "two pair", "three of a kind", "straight", "flush", "full house",
    "four of a kind", "straight flush",
)  # fmt: skip

Value = tuple[int, tuple[int, ...]]


def rank_of(card: int) -> int:
    """0 (deuce) .. 12 (ace): the code is 4 * rank + suit."""
    return card // 4


def suit_of(card: int) -> int:
    """0..3."""
    return card % 4


def five(cards: Sequence[int]) -> Value:
    """(category, tie-breaking ranks) of exactly five cards; compare values as tuples."""
    assert len(cards) == 5
    assert len(set(cards)) == 5
    ranks = sorted((rank_of(c) for c in cards), reverse=True)
    is_flush = len({suit_of(c) for c in cards}) == 1
    counts = Counter(ranks)
    # Ranks grouped: more cards of a rank first, higher rank first among equal counts.
    grouped = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    straight_high = None
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            straight_high = ranks[0]
        elif ranks == [12, 3, 2, 1, 0]:  # the wheel: the ace plays low
            straight_high = 3
    if straight_high is not None and is_flush:
        return STRAIGHT_FLUSH, (straight_high,)
    if shape == [4, 1]:
        return QUADS, tuple(grouped)
    if shape == [3, 2]:
        return FULL_HOUSE, tuple(grouped)
    if is_flush:
        return FLUSH, tuple(ranks)
    if straight_high is not None:
        return STRAIGHT, (straight_high,)
    if shape == [3, 1, 1]:
        return TRIPS, tuple(grouped)
    if shape == [2, 2, 1]:
        return TWO_PAIR, tuple(grouped)
    if shape == [2, 1, 1, 1]:
        return PAIR, tuple(grouped)
    return HIGH_CARD, tuple(ranks)


def best(cards: Sequence[int]) -> Value:
    """The value of the best five of 5, 6 or 7 cards."""
    return max(five(c) for c in itertools.combinations(cards, 5))


def omaha(hole: Sequence[int], board: Sequence[int]) -> Value:
    """Omaha: the best of exactly two hole cards with exactly three board cards."""
    return max(
        five((*pair, *triple))
        for pair in itertools.combinations(hole, 2)
        for triple in itertools.combinations(board, 3)
    )


def card(text: str) -> int:
    """A card code from two characters like "Ah" (rank 23456789TJQKA, suit shdc)."""
    return "23456789TJQKA".index(text[0]) * 4 + "shdc".index(text[1])


def cards(text: str) -> list[int]:
    """Card codes from space-separated two-character cards."""
    return [card(t) for t in text.split()]
