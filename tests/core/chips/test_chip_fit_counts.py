"""Fitting a stack to the chips owned: any owned count answers at once, by arithmetic."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from clockapp.core.chips import ChipSet
from clockapp.core.chips.chip_fit import fitting_breakdown, most_per_stack
from clockapp.core.generator import suggest_structure


def countdown_most(owned: int, players: int, besides: int, spare_percent: int) -> int:
    """Obviously correct: the largest count per stack, found by trying every count downwards."""
    most = (owned - besides) // players
    while most > 0:
        base = players * most + besides
        if base + max(1, math.ceil(base * spare_percent / 100)) <= owned:
            return most
        most -= 1
    return 0


@given(
    owned=st.integers(0, 3000),
    players=st.integers(1, 60),
    besides=st.integers(0, 300),
    spare_percent=st.integers(0, 50),
)
def test_most_per_stack_matches_trying_every_count(
    owned: int, players: int, besides: int, spare_percent: int
) -> None:
    expected = countdown_most(owned, players, besides, spare_percent)
    assert most_per_stack(owned, players, besides, spare_percent) == expected


def test_an_astronomical_count_answers_at_once() -> None:
    # Counted down one chip at a time this never ended; a billion chips took seconds.
    huge = 99_999_999_999_999_999_999
    assert most_per_stack(huge, 15, 0, 10) == 100 * huge // 110 // 15
    chips = ChipSet.standard((5, 25, 100, 500), owned=(huge, huge, 0, 0))
    fitted = fitting_breakdown(1000, chips, players=15, must_make=(5, 10))
    assert fitted is not None
    assert fitted.total == 1000
    assert set(fitted.values) == {25, 5}


def test_the_generator_fits_a_stack_from_an_astronomical_case() -> None:
    huge = 10**20
    chips = ChipSet.standard((5, 25, 100, 500), owned=(huge, huge, 0, huge))
    result = suggest_structure(15, 1000, 20, 300, chips)
    assert result.breakdown.total == 1000
    assert 100 not in result.breakdown.values
