"""The shipped lookup tables: equal to a fresh build, and right for every entry."""

from __future__ import annotations

import functools
import itertools

import numpy as np
import pytest

from clockapp.poker import strength, tablegen, tables
from tests.poker import reference


@pytest.mark.slow
def test_shipped_tables_equal_a_fresh_build() -> None:
    fresh = tablegen.build_tables()
    assert sorted(fresh) == sorted(tables.SHIPPED)
    for name, array in fresh.items():
        shipped = tables.SHIPPED[name]
        assert shipped.dtype == array.dtype, name
        np.testing.assert_array_equal(shipped, array, err_msg=name)


def test_the_tables_are_small() -> None:
    assert sum(a.nbytes for a in tables.SHIPPED.values()) < 1_000_000


def test_five_card_classes_count_per_category() -> None:
    classes = tablegen.five_card_classes()
    per_category = [sum(1 for c, _ in classes if c == k) for k in range(9)]
    assert per_category == [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]


def _spread(ranks: tuple[int, ...]) -> list[int]:
    """Cards with these ranks, suits dealt round-robin, so no five share a suit."""
    return [4 * r + i % 4 for i, r in enumerate(ranks)]


@functools.cache
def _five_ranks(ranks: tuple[int, ...]) -> reference.Value:
    return reference.five(_spread(ranks))


@pytest.fixture(scope="module")
def value_strength() -> dict[reference.Value, int]:
    mapping = {}
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) <= 4:
            mapping[_five_ranks(ranks)] = strength(_spread(ranks))
        if len(set(ranks)) == 5:
            spades = [4 * r for r in ranks]
            mapping[reference.five(spades)] = strength(spades)
    return mapping


@pytest.mark.slow
@pytest.mark.parametrize("size", [6, 7])
def test_every_non_flush_rank_multiset(
    size: int, value_strength: dict[reference.Value, int]
) -> None:
    # Exhaustive over the no-flush table: each of the 18,395 (6 cards) or 49,205 (7 cards) rank
    # multisets, dealt so no five share a suit, against the best of its five-card subsets.
    checked = 0
    for ranks in itertools.combinations_with_replacement(range(13), size):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        best = max(_five_ranks(five) for five in itertools.combinations(ranks, 5))
        assert strength(_spread(ranks)) == value_strength[best], ranks
        checked += 1
    assert checked == {6: 18395, 7: 49205}[size]


@pytest.mark.slow
def test_every_flush_rank_mask(value_strength: dict[reference.Value, int]) -> None:
    for bits in (5, 6, 7):
        for ranks in itertools.combinations(range(13), bits):
            hearts = [4 * r + 1 for r in ranks]
            assert strength(hearts) == value_strength[reference.best(hearts)], ranks
