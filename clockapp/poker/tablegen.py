"""Builds the hand evaluator's lookup tables; `python -m clockapp.poker.tablegen` rewrites them.

Building takes a second or two, too slow for every import, so the tables ship as package data
(`clockapp/poker/data/tables.npz`) and a test checks that the shipped file equals a fresh build.

How the evaluator uses them. Card `c` (rank `c >> 2`, 0 = deuce .. 12 = ace; suit `c & 3`) has an
additive key: `RANK_KEYS[rank] + (SUIT_KEYS[suit] << 23)`. Summed over a hand of `n` cards
(5, 6 or 7), the low 23 bits identify the multiset of ranks uniquely among hands of that size, and
the high 9 bits say whether five cards share a suit and which (`fsuit[n][key >> 23]`, -1 when there
is no flush). Without a flush, the hand's value depends only on its rank multiset: a displacement
perfect hash (`offsets_n[rank_key >> shift_n] + (rank_key & mask)`) maps the rank key into a small
table `noflush_n` of values. With a flush (never together with quads or a full house in 7 cards),
the suited cards' 13-bit rank mask indexes `flush`. For five cards a flush uses all five ranks, so
`flush5` gives the flush value straight from the same hash, with no mask to build.

A value ("strength") is 1 .. 7462, higher is better, one per class of equal five-card hands;
`class_category` and `class_ranks` say what each class is (for descriptions and best-five cards).
"""

from __future__ import annotations

import functools
import itertools
import sys
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

from clockapp.poker.layout import RANK_BITS, RANK_KEYS, RANK_MASK, SIZES, SUIT_KEYS

# Category indexes, weakest first; strengths are grouped by category in this order.
HIGH_CARD, ONE_PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
CATEGORY_COUNT = 9

RankClass = tuple[int, tuple[int, ...]]  # (category, five ranks in order of significance)


def _straight_tops(ranks: set[int]) -> list[int]:
    """Top ranks of every straight within `ranks`, highest first (3 is the wheel, five high)."""
    tops = [top for top in range(12, 3, -1) if all(top - i in ranks for i in range(5))]
    if {12, 0, 1, 2, 3} <= ranks:
        tops.append(3)
    return tops


def _straight_ranks(top: int) -> tuple[int, ...]:
    """The five ranks of the straight topped by `top`, the wheel's ace last."""
    return (3, 2, 1, 0, 12) if top == 3 else tuple(range(top, top - 5, -1))


def five_card_classes() -> list[RankClass]:
    """Every class of equal five-card hands, weakest first (7,462 of them).

    >>> classes = five_card_classes()
    >>> len(classes), classes[0], classes[-1]
    (7462, (0, (5, 3, 2, 1, 0)), (8, (12, 11, 10, 9, 8)))
    """
    ranks = range(13)
    distinct = [
        tuple(sorted(combo, reverse=True))
        for combo in itertools.combinations(ranks, 5)
        if not _straight_tops(set(combo))
    ]
    straights = [_straight_ranks(top) for top in range(3, 13)]
    by_category: dict[int, list[tuple[int, ...]]] = {
        HIGH_CARD: sorted(distinct),
        ONE_PAIR: sorted(
            (p, p, *sorted(kickers, reverse=True))
            for p in ranks
            for kickers in itertools.combinations([r for r in ranks if r != p], 3)
        ),
        TWO_PAIR: sorted(
            (hi, hi, lo, lo, k)
            for hi, lo in itertools.permutations(ranks, 2)
            if hi > lo
            for k in ranks
            if k not in (hi, lo)
        ),
        TRIPS: sorted(
            (t, t, t, *sorted(kickers, reverse=True))
            for t in ranks
            for kickers in itertools.combinations([r for r in ranks if r != t], 2)
        ),
        STRAIGHT: straights,
        FLUSH: sorted(distinct),
        FULL_HOUSE: sorted((t, t, t, p, p) for t, p in itertools.permutations(ranks, 2)),
        QUADS: sorted((q, q, q, q, k) for q, k in itertools.permutations(ranks, 2)),
        STRAIGHT_FLUSH: straights,
    }
    return [(category, r) for category in range(CATEGORY_COUNT) for r in by_category[category]]


def best_nonflush_class(counts: Sequence[int]) -> RankClass:
    """The best five-card class, ignoring suits, of a hand with `counts[rank]` cards of each rank.

    >>> best_nonflush_class([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 2])  # K K K A A
    (6, (11, 11, 11, 12, 12))
    """
    by_count_then_rank = sorted((r for r in range(13) if counts[r]), key=lambda r: -r)
    present = set(by_count_then_rank)
    quads = [r for r in by_count_then_rank if counts[r] == 4]
    trips = [r for r in by_count_then_rank if counts[r] == 3]
    pairs = [r for r in by_count_then_rank if counts[r] == 2]

    def kickers(excluded: Iterable[int], how_many: int) -> tuple[int, ...]:
        skip = set(excluded)
        return tuple([r for r in by_count_then_rank if r not in skip][:how_many])

    if quads:
        q = quads[0]
        return QUADS, (q, q, q, q, *kickers([q], 1))
    if trips and (len(trips) > 1 or pairs):
        t = trips[0]
        p = max([*trips[1:], *pairs])  # a second set of trips plays as the pair
        return FULL_HOUSE, (t, t, t, p, p)
    tops = _straight_tops(present)
    if tops:
        return STRAIGHT, _straight_ranks(tops[0])
    if trips:
        t = trips[0]
        return TRIPS, (t, t, t, *kickers([t], 2))
    if len(pairs) >= 2:
        hi, lo = pairs[0], pairs[1]  # a third pair never plays; its rank can be the kicker
        return TWO_PAIR, (hi, hi, lo, lo, *kickers([hi, lo], 1))
    if pairs:
        p = pairs[0]
        return ONE_PAIR, (p, p, *kickers([p], 3))
    return HIGH_CARD, kickers([], 5)


def best_flush_class(mask: int) -> RankClass:
    """The best five-card class of a flush whose suited ranks are the bits of `mask` (5+ bits).

    >>> best_flush_class(0b1_1111_0000_0001)  # A K Q J T and a deuce: royal flush
    (8, (12, 11, 10, 9, 8))
    """
    ranks = {r for r in range(13) if mask >> r & 1}
    tops = _straight_tops(ranks)
    if tops:
        return STRAIGHT_FLUSH, _straight_ranks(tops[0])
    return FLUSH, tuple(sorted(ranks, reverse=True)[:5])


def rank_multisets(size: int) -> Iterator[tuple[int, ...]]:
    """Every rank-count vector (13 counts, each 0..4) of a hand of `size` cards."""
    for combo in itertools.combinations_with_replacement(range(13), size):
        counts = [0] * 13
        for r in combo:
            counts[r] += 1
        if max(counts) <= 4:
            yield tuple(counts)


def _rank_key(counts: Sequence[int]) -> int:
    return sum(RANK_KEYS[r] * c for r, c in enumerate(counts))


def perfect_hash(keys: npt.NDArray[np.int64], shift: int) -> npt.NDArray[np.int32]:
    """Row offsets so that `offsets[k >> shift] + (k & mask)` differs for every key in `keys`.

    Rows (keys sharing their high bits) are placed fullest first, each at the lowest offset where
    none of its columns is taken: first-fit displacement, the classic way to build a compact
    perfect hash for a fixed key set.
    """
    mask = (1 << shift) - 1
    rows = keys >> shift
    row_count = int(rows.max()) + 1
    columns: list[npt.NDArray[np.int64]] = [np.empty(0, np.int64)] * row_count
    order = np.argsort(rows, kind="stable")
    bounds = np.searchsorted(rows[order], np.arange(row_count + 1))
    for row in range(row_count):
        columns[row] = np.sort(keys[order[bounds[row] : bounds[row + 1]]] & mask)
    offsets = np.zeros(row_count, np.int32)
    window = 8192
    free = np.ones(len(keys) * 2 + (2 << shift) + window, bool)
    lowest_free = 0
    for row in sorted(range(row_count), key=lambda r: (-len(columns[r]), r)):
        cols = columns[row]
        if len(cols) == 0:
            continue
        # Slot offset + cols[0] must be free, so no offset below this one can fit.
        start = max(0, lowest_free - int(cols[0]))
        while True:
            if start + int(cols[-1]) + window > len(free):
                free = np.concatenate([free, np.ones(len(free), bool)])
            # Offsets in this window where every column lands on a free slot.
            fits = free[start + cols[0] : start + cols[0] + window].copy()
            for i, col in enumerate(cols[1:].tolist()):
                fits &= free[start + col : start + col + window]
                if i % 16 == 15 and not fits.any():
                    break
            candidates = start + np.flatnonzero(fits)
            if candidates.size:
                break
            start += window
        offsets[row] = candidates[0]
        free[offsets[row] + cols] = False
        while not free[lowest_free]:
            lowest_free += 1
    return offsets


def _hash_shift(size: int) -> int:
    # Chosen by trying 7..13: these give the smallest tables (offsets + values) for each size.
    return {5: 11, 6: 10, 7: 9}[size]


def build_tables() -> dict[str, npt.NDArray[np.generic]]:
    """Every lookup table the evaluator needs, as named numpy arrays (see the module docstring).

    >>> tables = build_tables()
    >>> int(tables["flush"][0b1_1111_0000_0000])  # royal flush: the strongest hand
    7462
    """
    return {name: array.copy() for name, array in _built().items()}


@functools.cache
def _built() -> dict[str, npt.NDArray[np.generic]]:
    # Built once per process (about a second); callers get copies.
    classes = five_card_classes()
    strength_of = {rank_class: i + 1 for i, rank_class in enumerate(classes)}
    tables: dict[str, npt.NDArray[np.generic]] = {}

    tables["class_category"] = np.array([0] + [c for c, _ in classes], np.uint8)
    tables["class_ranks"] = np.array([(0,) * 5] + [r for _, r in classes], np.uint8)

    card_key = np.zeros(52, np.uint32)
    for code in range(52):
        card_key[code] = RANK_KEYS[code >> 2] + (SUIT_KEYS[code & 3] << RANK_BITS)
    tables["card_key"] = card_key

    flush = np.zeros(1 << 13, np.uint16)
    for mask in range(1 << 13):
        if mask.bit_count() >= 5:
            flush[mask] = strength_of[best_flush_class(mask)]
    tables["flush"] = flush

    fsuit = np.full((8, 1 << 9), -1, np.int8)
    for size in SIZES:
        seen: dict[int, int] = {}
        for suits in itertools.combinations_with_replacement(range(4), size):
            total = sum(SUIT_KEYS[s] for s in suits)
            suit = next((s for s in range(4) if suits.count(s) >= 5), -1)
            if seen.setdefault(total, suit) != suit:
                raise AssertionError(f"suit keys mix flush suits for {size} cards")
            fsuit[size, total] = suit
    tables["fsuit"] = fsuit

    for size in SIZES:
        multisets = list(rank_multisets(size))
        keys = np.array([_rank_key(counts) for counts in multisets], np.int64)
        if len(np.unique(keys)) != len(keys):
            raise AssertionError(f"rank keys collide for {size} cards")
        if int(keys.max()) > RANK_MASK:
            raise AssertionError("rank keys overflow 23 bits")
        shift = _hash_shift(size)
        offsets = perfect_hash(keys, shift)
        slots = offsets[keys >> shift] + (keys & ((1 << shift) - 1))
        values = np.zeros(int(slots.max()) + 1, np.uint16)
        values[slots] = [strength_of[best_nonflush_class(c)] for c in multisets]
        tables[f"offsets{size}"] = offsets
        tables[f"noflush{size}"] = values
        tables[f"shift{size}"] = np.array(shift, np.int32)
        if size == 5:
            flush5 = np.zeros_like(values)
            for slot, counts in zip(slots.tolist(), multisets, strict=True):
                if max(counts) == 1:
                    mask = sum(1 << r for r, c in enumerate(counts) if c)
                    flush5[slot] = flush[mask]
            tables["flush5"] = flush5
    return tables


def default_path() -> Path:
    """Where the shipped tables live inside the package."""
    return Path(__file__).with_name("data") / "tables.npz"


def main(argv: Sequence[str] | None = None) -> int:
    """Rebuild the tables and write them to `argv[0]` (default: the shipped package data)."""
    args = list(sys.argv[1:] if argv is None else argv)
    path = Path(args[0]) if args else default_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tables = build_tables()
    # Uncompressed: a few hundred kB more on disk, no inflating on every import.
    np.savez(path, allow_pickle=False, **tables)
    size = sum(a.nbytes for a in tables.values())
    print(f"wrote {path} ({path.stat().st_size:,} bytes on disk, {size:,} bytes in memory)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
