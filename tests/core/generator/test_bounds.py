"""The generator on long nights of short levels, and on absurd numbers: a result or a clear error.

`clockapp structure suggest` used to raise an OverflowError on 300 of 3,000 plausible inputs
(1-2 minute levels over 24-48 hours): the blinds kept rising by at least 1.2x for thousands of
levels, past what a float can hold.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clockapp.core.generator import BLIND_CAP_FACTOR, GeneratorError, suggest_structure
from clockapp.core.structure import MAX_AMOUNT
from clockapp.errors import DomainError

CHIP_SETS = [(5, 25, 100, 500), (25, 100, 500, 1000, 5000), (1, 5, 25, 100, 500)]


@pytest.mark.parametrize("level_minutes", [1, 2])
@pytest.mark.parametrize("hours", [20, 24, 36, 48])
def test_short_levels_over_a_long_budget_give_a_structure(level_minutes: int, hours: int) -> None:
    result = suggest_structure(10, 10_000, level_minutes, hours * 60, (5, 25, 100, 500))
    bigs = [level.big_blind for level in result.structure.play_levels()]
    # Bounded: never beyond BLIND_CAP_FACTOR times every chip in play.
    assert max(bigs) <= BLIND_CAP_FACTOR * result.total_chips
    # Still real steps up, never a crawl.
    assert all(5 * b >= 6 * a for a, b in itertools.pairwise(bigs))
    assert 1 <= result.planned_last_level <= len(bigs)
    assert any("more levels than the chips can use" in w for w in result.warnings)


def a_structure_or_a_refusal(
    players: int, stack: int, level_minutes: int, minutes: int, chips: tuple[int, ...], rebuys: int
) -> None:
    """The generator gives a structure of at least one level, or refuses clearly."""
    try:
        result = suggest_structure(players, stack, level_minutes, minutes, chips, rebuys=rebuys)
    except DomainError:
        return
    assert result.structure.level_count >= 1


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(
    st.integers(2, 300),
    st.sampled_from([1000, 1500, 5000, 10_000, 20_000, 50_000]),
    st.integers(1, 2),
    st.integers(24 * 60, 48 * 60),
    st.sampled_from(CHIP_SETS),
    st.integers(0, 50),
)
def test_plausible_long_nights_never_overflow(
    players: int, stack: int, level_minutes: int, minutes: int, chips: tuple[int, ...], rebuys: int
) -> None:
    a_structure_or_a_refusal(players, stack, level_minutes, minutes, chips, rebuys)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 10**30},
        {"starting_stack": 10**30},
        {"level_minutes": 10**30},
        {"duration_minutes": 10**18},
        {"rebuys": 10**30},
        {"addons": 10**30},
        {"rebuy_stack": 10**30},
        {"break_every_minutes": 10**30},
        {"break_minutes": 10**30},
        {"antes_from_level": 10**30},
        {"spare_percent": 10**30},
        {"chips": (5, 10**30)},
        {"chips": (10**30,)},
    ],
)
def test_huge_numbers_are_a_validation_error(kwargs: dict[str, object]) -> None:
    args: dict[str, object] = {
        "players": 10,
        "starting_stack": 10_000,
        "level_minutes": 20,
        "duration_minutes": 300,
        "chips": (5, 25, 100, 500),
    }
    args.update(kwargs)
    with pytest.raises(GeneratorError):
        suggest_structure(**args)  # type: ignore[arg-type]


@pytest.mark.slow
def test_the_largest_accepted_inputs_still_give_a_result() -> None:
    result = suggest_structure(10_000, 10**7, 1, 7 * 24 * 60, (5, 25, 100, 500, 1000, 5000))
    assert max(lv.big_blind for lv in result.structure.play_levels()) <= MAX_AMOUNT


@pytest.mark.slow
@pytest.mark.parametrize(
    ("players", "stack", "rebuys"),
    [(2000, 3000, 0), (2000, 10_000, 0), (2, 3000, 2000), (10, 3000, 2000)],
)
def test_a_big_field_on_small_chips_still_gets_a_structure(
    players: int, stack: int, rebuys: int
) -> None:
    # Round steps cannot double every level, so the hosts' band for the last planned big blind
    # is out of reach: the blinds still rise (and a warning says the night runs long) rather
    # than nothing being left to choose (a ValueError from deep in the path search).
    result = suggest_structure(players, stack, 20, 300, (25, 100, 500, 1000, 5000), rebuys=rebuys)
    bigs = [level.big_blind for level in result.structure.play_levels()]
    assert bigs == sorted(bigs)
    assert len(set(bigs)) == len(bigs)
    assert result.warnings


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(
    st.integers(2, 5000),
    st.sampled_from([1000, 3000, 5000, 10_000, 20_000, 50_000, 100_000]),
    st.integers(5, 60),
    st.integers(60, 12 * 60),
    st.sampled_from(CHIP_SETS),
    st.integers(0, 3000),
)
def test_any_field_gets_a_structure_or_a_refusal(
    players: int, stack: int, level_minutes: int, minutes: int, chips: tuple[int, ...], rebuys: int
) -> None:
    a_structure_or_a_refusal(players, stack, level_minutes, minutes, chips, rebuys)
