"""Chips: denominations, chip sets, `can_make`, stack and rebuy breakdowns, chips needed."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clockapp.core.chips import (
    CUSTOM_COLORS,
    STACK_CHIPS_MAX,
    STACK_CHIPS_MIN,
    STANDARD_COLORS,
    ChipError,
    ChipSet,
    Denomination,
    StackBreakdown,
    can_make,
    chips_needed,
    rebuy_breakdown,
    stack_breakdown,
    thin_stack_warning,
)
from clockapp.errors import DomainError

STANDARD_SETS = [
    (5, 25, 100, 500),
    (25, 100, 500, 1000, 5000),
    (1, 5, 25, 100, 500),
    (5, 25, 100, 500, 1000),
    (25, 100, 500, 1000),
    (100, 500, 1000, 5000, 25000),
]


def reference_can_make(amount: int, values: tuple[int, ...]) -> bool:
    """Obviously correct: unbounded coin change by dynamic programming."""
    reachable = [True] + [False] * amount
    for total in range(1, amount + 1):
        reachable[total] = any(v <= total and reachable[total - v] for v in values)
    return reachable[amount]


def fewest_chips(amount: int, values: tuple[int, ...]) -> int | None:
    """Obviously correct: the fewest chips paying `amount`, by dynamic programming."""
    best: list[int | None] = [0] + [None] * amount
    for total in range(1, amount + 1):
        options = [best[total - v] for v in values if v <= total and best[total - v] is not None]
        best[total] = min(o for o in options if o is not None) + 1 if options else None
    return best[amount]


# ------------------------------------------------------------------------------ colors and sets


def test_standard_casino_colors() -> None:
    chips = ChipSet.standard((5000, 1, 5, 25, 100, 500, 1000))
    assert [(d.value, d.color) for d in chips.denominations] == [
        (1, "white"),
        (5, "red"),
        (25, "green"),
        (100, "black"),
        (500, "purple"),
        (1000, "orange"),
        (5000, "grey"),
    ]


def test_blue_is_a_custom_color_with_no_standard_value() -> None:
    assert "blue" not in {name for name, _ in STANDARD_COLORS.values()}
    assert CUSTOM_COLORS[0][0] == "blue"
    chips = ChipSet.standard((10, 25, 50))
    assert [d.color for d in chips.denominations] == ["blue", "green", "yellow"]


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Denomination(0, "red", "#FF0000"), "above 0"),
        (lambda: Denomination(-5, "red", "#FF0000"), "above 0"),
        (lambda: Denomination(True, "red", "#FF0000"), "whole number"),
        (lambda: Denomination(5, " ", "#FF0000"), "color name"),
        (lambda: Denomination(5, "red", "red"), "#RRGGBB"),
        (lambda: Denomination(5, "red", "#GG0000"), "#RRGGBB"),
        (lambda: ChipSet(()), "at least one"),
        (lambda: ChipSet.standard((5, 5)), "listed twice"),
        (lambda: ChipSet.standard((5, 25), owned=(1,)), "1 counts given for 2"),
        (lambda: ChipSet.standard((5, 25), owned=(1, -1)), "0 or more"),
        (
            lambda: ChipSet((Denomination.standard(25), Denomination.standard(5))),
            "smallest to the largest",
        ),
        (lambda: StackBreakdown(((5, 10), (25, 10))), "largest value first"),
        (lambda: StackBreakdown(((25, 0),)), "not a valid line"),
    ],
)
def test_bad_chips_are_refused_with_a_readable_message(make: object, message: str) -> None:
    with pytest.raises(ChipError, match=message):
        make()  # type: ignore[operator]


def test_chip_errors_are_domain_errors() -> None:
    assert issubclass(ChipError, DomainError)


def test_owned_counts_follow_the_sorted_values() -> None:
    chips = ChipSet.standard((100, 5, 25), owned=(50, 300, 200))
    assert chips.values == (5, 25, 100)
    assert chips.owned == (300, 200, 50)
    assert chips.owned_of(100) == 50
    with pytest.raises(ChipError, match="no T500"):
        chips.owned_of(500)
    assert chips.with_owned(None).owned is None


# ------------------------------------------------------------------------------ can_make


@pytest.mark.parametrize(
    ("amount", "values", "expected"),
    [
        (0, (500,), True),
        (600, (500, 1000), False),  # no 600-1,200 when the smallest chip is 500
        (1200, (500, 1000), False),
        (1500, (500, 1000), True),
        (2250, (100, 500, 1000), False),  # 2,250 needs T25 chips
        (2250, (25, 100, 500, 1000), True),
        (75, (25, 100), True),
        (60, (25, 100), False),
        (7, (3, 5), False),
        (8, (3, 5), True),
        (-5, (1,), False),
        (10, (), False),
    ],
)
def test_can_make_table(amount: int, values: tuple[int, ...], expected: bool) -> None:
    assert can_make(amount, values) is expected


@settings(max_examples=150, deadline=None)
@given(
    st.integers(min_value=0, max_value=400),
    st.lists(st.integers(min_value=1, max_value=60), min_size=1, max_size=4),
)
def test_can_make_matches_brute_force(amount: int, values: list[int]) -> None:
    assert can_make(amount, values) is reference_can_make(amount, tuple(values))


# ------------------------------------------------------------------------------ breakdowns


@pytest.mark.parametrize(
    ("stack", "values", "expected"),
    [
        (1000, (5, 25, 100, 500), "6 x T100 + 12 x T25 + 20 x T5 = T1,000"),
        (300, (5, 25), "9 x T25 + 15 x T5 = T300"),
        (5000, (25, 100, 500, 1000), "6 x T500 + 15 x T100 + 20 x T25 = T5,000"),
        (
            10000,
            (25, 100, 500, 1000, 5000),
            "4 x T1,000 + 9 x T500 + 11 x T100 + 16 x T25 = T10,000",
        ),
    ],
)
def test_stack_breakdown_examples(stack: int, values: tuple[int, ...], expected: str) -> None:
    assert stack_breakdown(stack, values).describe() == expected


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(st.sampled_from(STANDARD_SETS), st.integers(min_value=3, max_value=500))
def test_stack_breakdown_rules(values: tuple[int, ...], hundreds: int) -> None:
    stack = hundreds * 100
    breakdown = stack_breakdown(stack, ChipSet.standard(values))
    assert breakdown.total == stack
    assert all(count >= 1 for _, count in breakdown.parts)
    # Colors next to each other in the set, largest first.
    chosen = sorted(breakdown.values)
    start = values.index(chosen[0])
    assert tuple(chosen) == values[start : start + len(chosen)]
    # 3-4 colors whenever three chips can each be a real part of the stack (a T500 stack cannot
    # hold a T500 chip and two smaller colors; stack_breakdown then falls back to two).
    small_enough = [v for v in values if 4 * v <= stack]
    if len(small_enough) >= 3:
        assert 3 <= len(breakdown.parts) <= 4
    # About 1:2:3:4 from the top: the largest chip is the rarest, unless the stack is so big
    # for the chip set that a 1:2:3:4 stack would be hundreds of chips.
    counts = [c for _, c in breakdown.parts]
    if stack <= 20 * values[-1]:
        assert counts[0] <= counts[-1]


def real_stack_exists(stack: int, values: tuple[int, ...]) -> bool:
    """Obviously correct: some 2-4 colors next to each other in the set, at least one chip of
    each, make `stack` with 20 to 60 chips (tried count by count)."""

    def fill(window: tuple[int, ...], remaining: int, chips: int) -> bool:
        value, rest = window[0], window[1:]
        if not rest:
            return remaining % value == 0 and (
                STACK_CHIPS_MIN <= chips + remaining // value <= STACK_CHIPS_MAX
            )
        return any(
            fill(rest, remaining - count * value, chips + count)
            for count in range(1, STACK_CHIPS_MAX - chips + 1)
            if count * value < remaining
        )

    return any(
        fill(values[start : start + size], stack, 0)
        for size in (2, 3, 4)
        for start in range(len(values) - size + 1)
    )


@pytest.mark.parametrize(
    ("stack", "values", "expected"),
    [
        # Three colors can only make 15-18 chips: two smaller colors make a real stack.
        (1000, (25, 100, 500, 1000, 5000), "6 x T100 + 16 x T25 = T1,000"),
        (2400, (100, 500, 1000, 5000, 25000), "1 x T500 + 19 x T100 = T2,400"),
        # A few more small chips in the same three colors (it was 3 x T100 + 6 x T25 + 10 x T5).
        (500, (5, 25, 100, 500), "3 x T100 + 5 x T25 + 15 x T5 = T500"),
        # Nothing makes 20 chips: the stack stays thin (and the generator warns).
        (1000, (100, 500), "1 x T500 + 5 x T100 = T1,000"),
    ],
)
def test_a_thin_stack_gives_way_to_smaller_chips(
    stack: int, values: tuple[int, ...], expected: str
) -> None:
    assert stack_breakdown(stack, values).describe() == expected


@pytest.mark.slow
@settings(max_examples=80, deadline=None)
@given(
    st.sampled_from([*STANDARD_SETS, (100, 500), (500, 1000, 5000), (25, 100, 500)]),
    st.integers(min_value=1, max_value=60),
)
def test_a_stack_is_thin_only_when_no_colors_make_a_real_one(
    values: tuple[int, ...], units: int
) -> None:
    stack = units * max(100, values[0])
    breakdown = stack_breakdown(stack, values)
    if breakdown.chip_count < STACK_CHIPS_MIN:
        assert not real_stack_exists(stack, values)
        assert thin_stack_warning(breakdown, values) is not None
    else:
        assert thin_stack_warning(breakdown, values) is None


@pytest.mark.parametrize(
    ("parts", "values", "expected"),
    [
        (
            ((500, 1), (100, 5)),
            (100, 500),
            "A starting stack of T1,000 from T100/T500 chips is only 6 chips; add a smaller "
            "denomination (T25) for a real stack.",
        ),
        (
            ((5000, 1), (1000, 2), (500, 6)),
            ChipSet.standard((500, 1000, 5000)),
            "A starting stack of T10,000 from T500/T1,000/T5,000 chips is only 9 chips; add a "
            "smaller denomination (T100) for a real stack.",
        ),
        (  # the set has a smaller chip the stack leaves out
            ((500, 2), (100, 5)),
            (25, 100, 500),
            "A starting stack of T1,500 from T100/T500 chips is only 7 chips; use the T25 chips "
            "too for a real stack.",
        ),
        (  # a custom value: the next standard chip below it
            ((10, 12),),
            (10, 50),
            "A starting stack of T120 from T10 chips is only 12 chips; add a smaller "
            "denomination (T5) for a real stack.",
        ),
        (  # nothing is smaller than T1
            ((1, 1),),
            (1,),
            "A starting stack of T1 from T1 chips is only 1 chip; a larger starting stack would "
            "feel like a real stack.",
        ),
        (((100, 6), (25, 16)), (25, 100), None),
        (((100, 20),), (100,), None),
    ],
)
def test_thin_stack_warning(
    parts: tuple[tuple[int, int], ...], values: ChipSet | tuple[int, ...], expected: str | None
) -> None:
    assert thin_stack_warning(StackBreakdown(parts), values) == expected


def test_stack_breakdown_pays_the_first_blinds() -> None:
    breakdown = stack_breakdown(10_000, (25, 100, 500, 1000, 5000), must_make=(25, 50))
    assert 25 in breakdown.values
    with pytest.raises(ChipError, match="cannot be made"):
        stack_breakdown(1000, (100, 500), must_make=(5, 10))


@pytest.mark.parametrize(("stack", "values"), [(333, (5, 25)), (0, (5,)), (7, (5,))])
def test_impossible_stacks_are_refused(stack: int, values: tuple[int, ...]) -> None:
    with pytest.raises(ChipError, match="Starting stack"):
        stack_breakdown(stack, values)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from([*STANDARD_SETS, (3, 5, 7)]), st.integers(min_value=1, max_value=3000))
def test_rebuy_breakdown_uses_the_fewest_chips(values: tuple[int, ...], amount: int) -> None:
    expected = fewest_chips(amount, values)
    if expected is None:
        with pytest.raises(ChipError):
            rebuy_breakdown(amount, values)
        return
    breakdown = rebuy_breakdown(amount, values)
    assert breakdown.total == amount
    assert breakdown.chip_count == expected


def test_rebuys_come_in_large_chips() -> None:
    assert rebuy_breakdown(1000, (5, 25, 100, 500)).describe() == "2 x T500 = T1,000"
    assert rebuy_breakdown(10_000, (25, 100, 500, 1000, 5000)).parts == ((5000, 2),)


# ------------------------------------------------------------------------------ chips needed


def test_chips_needed_counts_stacks_rebuys_color_ups_and_spares() -> None:
    chips = ChipSet.standard((5, 25, 100, 500), owned=(300, 200, 100, 50))
    start = StackBreakdown(((100, 6), (25, 12), (5, 20)))
    need = chips_needed(
        15, 3, 0, start, chip_set=chips, color_ups=[(), (5,), (25,)], spare_percent=10
    )
    by_value = {n.value: n for n in need.needs}
    assert by_value[5].for_stacks == 300
    assert by_value[5].spares == 30
    assert by_value[500].for_rebuys == 6  # 3 rebuys x 2 x T500
    # 300 x T5 = 1,500 -> 60 x T25; then 180 + 60 T25 = 6,000 -> 60 x T100.
    assert by_value[25].for_color_up == 60
    assert by_value[100].for_color_up == 60
    assert [n.value for n in need.short] == [5, 25, 100]
    assert need.warnings[0] == "You need 330 x T5 chips but own 300: 30 short."
    assert need.need_of(500).shortfall == 0


@settings(max_examples=40, deadline=None)
@given(
    st.integers(min_value=2, max_value=200),
    st.integers(min_value=0, max_value=100),
    st.integers(min_value=0, max_value=100),
    st.sampled_from(STANDARD_SETS),
)
def test_chips_needed_covers_every_stack(
    players: int, rebuys: int, addons: int, values: tuple[int, ...]
) -> None:
    start = stack_breakdown(values[-1] * 2, values)
    rebuy = rebuy_breakdown(start.total, values)
    need = chips_needed(players, rebuys, addons, start, rebuy=rebuy, chip_set=None)
    for value, _ in itertools.chain(start.parts, rebuy.parts):
        if value not in start.values and rebuys + addons == 0:
            with pytest.raises(ChipError, match="No chips"):
                need.need_of(value)
            continue
        item = need.need_of(value)
        assert item.for_stacks == players * start.count_of(value)
        assert item.for_rebuys == (rebuys + addons) * rebuy.count_of(value)
        assert item.total >= item.for_stacks + item.for_rebuys
        assert item.shortfall == 0
