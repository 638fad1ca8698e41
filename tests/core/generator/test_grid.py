"""The generator across the whole grid of a host's inputs, small fields and short nights included.

The planned end overshot the time budget by about ten minutes, the chips the host owns
were ignored, and for short tournaments with few players the last big blind came out near 9% of
the chips in play where about 5% was reachable. Checked here over players 2-60, time budgets
1-8 hours, levels of 10-40 minutes and common starting stacks:

- the planned last level ends within one level of the time budget (when the budget runs out in a
  break longer than a level, within half of that level and break);
- its big blind is within `TOLERANCE` of 5% of the chips in play, unless doubling the blinds every
  level from the first (1-2% of the stack) cannot get there, which the director is told;
- no colour is needed beyond what the host owns without the result saying how many more.

`TOLERANCE` is 1.5 either way (3.3% to 7.5% of the chips in play): two payable round blinds in a
row are never more than a doubling apart (twice a payable blind is payable), so any band of
ratio 2 or more holds one; 1.5 either way is the narrowest round band of at least 2
(1.5 x 1.5 = 2.25) and the tolerance the generator already warned at.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clockapp.core.chips import ChipSet
from clockapp.core.generator import TARGET_TOLERANCE, SuggestedStructure, suggest_structure

TOLERANCE = 1.5
assert TOLERANCE == TARGET_TOLERANCE

PLAYERS = (2, 3, 4, 6, 9, 15, 30, 60)
HOURS = (1, 2, 3, 4, 6, 8)
LEVEL_MINUTES = (10, 15, 20, 30, 40)
STACKS = (1500, 5000, 10_000, 20_000)
#: A home case of 1,000 chips: T25, T100, T500, T1,000, T5,000.
CASE = ChipSet.standard((25, 100, 500, 1000, 5000), owned=(300, 300, 200, 150, 50))
BREAK_EVERY, BREAK_MINUTES = 90, 15


def planned_end(result: SuggestedStructure) -> int:
    """Minutes from the start to the end of the planned last level (breaks before it included)."""
    index = result.structure.index_of_level(result.planned_last_level)
    return sum(item.minutes for item in result.structure.levels[: index + 1])


def check_night(result: SuggestedStructure, level: int, budget: int) -> None:
    warnings = " ".join(result.warnings)
    # 1. The schedule ends within one level of the budget.
    miss = abs(planned_end(result) - budget)
    assert miss <= max(level, (level + BREAK_MINUTES) / 2), (planned_end(result), budget)

    # 2. The planned last big blind near 5% of the chips in play, or unreachable and said.
    bigs = [lv.big_blind for lv in result.structure.play_levels()]
    planned = result.planned_last_level
    last, target = bigs[planned - 1], result.target_last_big_blind
    doubling = bigs[0] * 2 ** (planned - 1)
    if doubling * TOLERANCE >= target:
        assert target / TOLERANCE <= last <= target * TOLERANCE, (last, target, bigs)
    else:
        # As close as the "at most double" rule allows, give or take a round value (1,500/3,000
        # rather than 1,600/3,200).
        assert doubling / 1.25 <= last <= doubling, bigs
        assert "more than double" in warnings
    # Smoothness gives way only up to the planned level: held blinds there, real steps after.
    for number in range(planned + 1, len(bigs) + 1):
        assert 5 * bigs[number - 1] >= 6 * bigs[number - 2], bigs
    for a, b in itertools.pairwise(bigs):
        assert a <= b <= 2 * a, bigs

    # 3. Chips: never more of a colour than owned without saying how many more.
    for need in result.chips_needed.needs:
        assert need.owned is not None
        if need.total > need.owned:
            assert f"{need.shortfall:,} short" in warnings
            assert f"x T{need.value:,} chips" in warnings
    result.structure.validate_chips(result.denominations_in_play)


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("hours", HOURS)
def test_the_whole_grid(players: int, hours: int) -> None:
    for level, stack in itertools.product(LEVEL_MINUTES, STACKS):
        if level > hours * 60:
            continue
        result = suggest_structure(players, stack, level, hours * 60, CASE)
        check_night(result, level, hours * 60)


@pytest.mark.slow
@settings(max_examples=120, deadline=None)
@given(
    players=st.integers(2, 60),
    minutes=st.integers(60, 480),
    level=st.integers(10, 40),
    stack=st.sampled_from([1000, 1500, 2000, 3000, 5000, 7500, 10_000, 15_000, 20_000, 25_000]),
    rebuys=st.integers(0, 10),
)
def test_any_night_in_the_grid(
    players: int, minutes: int, level: int, stack: int, rebuys: int
) -> None:
    result = suggest_structure(players, stack, level, minutes, CASE, rebuys=rebuys)
    check_night(result, level, minutes)


def test_a_short_night_for_three_players_ends_near_five_percent() -> None:
    # Was 50/100 ... 200/400 at level 6: 8.9% of the 4,500 chips in play.
    result = suggest_structure(3, 1500, 20, 120, CASE)
    share = 100 * result.planned_last_big_blind / result.total_chips
    assert 5 / TOLERANCE <= share <= 5 * TOLERANCE
    assert share < 8


def test_the_stack_fits_the_case_when_another_stack_can() -> None:
    # 20 players at T5,000: the handiest stack (6 x T500 + 15 x T100 + 20 x T25) needed 440 T25
    # chips of the 300 owned while T1,000 chips lay unused. A stack the case can supply instead.
    result = suggest_structure(20, 5000, 20, 240, CASE)
    assert result.chips_needed.short == ()
    assert result.breakdown.total == 5000
    assert result.breakdown.count_of(1000) > 0
    for need in result.chips_needed.needs:
        assert need.total <= (need.owned or 0)
