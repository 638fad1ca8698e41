"""Tests for clockapp.core.payouts: presets, custom tables, rounding, minimum, guarantee, lock."""

from __future__ import annotations

import itertools
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from clockapp.core.payout_tables import CLOCKAPP_CURVE
from clockapp.core.payouts import (
    WHOLE,
    PayoutError,
    PayoutMode,
    PayoutStructure,
    PayoutTable,
    format_percent,
    ordinal,
    parse_percentages,
    payout_table,
    preset_places,
    preset_shares,
)
from clockapp.errors import DomainError, ValidationError

PERCENT = PayoutMode.PERCENTAGES
AMOUNTS = PayoutMode.AMOUNTS
#: The clockapp curve (the preset before the published tables; tournaments made before keep it).
CURVE = PayoutStructure(table=CLOCKAPP_CURVE)


# ------------------------------------------------------------------ presets


@pytest.mark.parametrize(
    ("entries", "places"),
    [
        (0, 0),
        (1, 1),
        (2, 2),
        (6, 2),
        (7, 3),
        (10, 3),
        (11, 3),
        (27, 3),
        (28, 4),
        (50, 6),
        (100, 13),
        (200, 25),
        (1000, 125),
    ],
)
def test_preset_places(entries: int, places: int) -> None:
    assert preset_places(entries) == places


def test_preset_places_follow_the_chosen_share_of_the_field() -> None:
    assert preset_places(100, paid_share_bp=1000) == 10
    assert preset_places(100, paid_share_bp=1500) == 15
    assert preset_places(12, paid_share_bp=1000) == 3  # never fewer than three in a big field


def test_preset_shares_small_fields() -> None:
    assert preset_shares(1) == (Fraction(1),)
    assert preset_shares(2) == (Fraction(65, 100), Fraction(35, 100))
    assert preset_shares(3) == (Fraction(1, 2), Fraction(3, 10), Fraction(1, 5))
    assert preset_shares(0) == ()
    with pytest.raises(ValidationError, match="cannot be negative"):
        preset_shares(-1)


@pytest.mark.parametrize("places", [4, 5, 9, 13, 25, 125])
def test_preset_curve_first_is_twice_second_and_smooth(places: int) -> None:
    shares = preset_shares(places)
    assert sum(shares) == 1
    assert shares[0] == 2 * shares[1]
    steps = [a - b for a, b in itertools.pairwise(shares)]
    assert all(step > 0 for step in steps)
    # Smooth: each step down is smaller than the one before it (no cliffs down the table).
    assert all(later < earlier for earlier, later in itertools.pairwise(steps))


@pytest.mark.parametrize(
    ("pool", "entries", "amounts"),
    [
        (0, 0, ()),
        (0, 5, ()),
        (1000, 1, (1000,)),
        (10000, 2, (6500, 3500)),
        (10001, 6, (6501, 3500)),
        (100000, 8, (50000, 30000, 20000)),
        (100001, 10, (50001, 30000, 20000)),
        (99999, 10, (49999, 30000, 20000)),
    ],
)
def test_preset_tables(pool: int, entries: int, amounts: tuple[int, ...]) -> None:
    table = payout_table(pool, entries, CURVE)
    assert table.amounts == amounts
    assert table.prize_pool == pool
    assert (table.overlay, table.locked) == (0, False)


def test_large_field_preset() -> None:
    table = payout_table(100 * 10000, 100, replace(CURVE, rounding_unit=500))
    assert table.places_paid == 13
    assert sum(table.amounts) == 1_000_000
    assert table.amounts[0] == 314500
    assert table.amounts[1] == 157000
    assert all(amount % 500 == 0 for amount in table.amounts)


# ------------------------------------------------------------ rounding, minimum, guarantee, lock


def test_rounding_unit_remainder_goes_to_first() -> None:
    table = payout_table(103_737, 9, PayoutStructure(rounding_unit=500))
    assert table.amounts == (52237, 31000, 20500)
    assert all(amount % 500 == 0 for amount in table.amounts[1:])


def test_rounding_unit_bigger_than_the_lower_places_leaves_them_unpaid() -> None:
    table = payout_table(1200, 9, PayoutStructure(rounding_unit=1000))
    assert table.amounts == (1200,)


def test_minimum_cash_raises_the_bottom_places() -> None:
    curve = replace(CURVE, rounding_unit=1000)
    table = payout_table(1_000_000, 100, replace(curve, minimum_cash=30000))
    assert table.places_paid == 13
    assert table.amounts[-3:] == (30000, 30000, 30000)
    assert min(table.amounts) == 30000
    assert sum(table.amounts) == 1_000_000
    unrounded = payout_table(1_000_000, 100, curve)
    assert unrounded.amounts[-1] < 30000
    assert table.amounts[0] < unrounded.amounts[0]


@pytest.mark.parametrize(
    ("pool", "amounts"),
    [
        (10000, (4000, 3000, 3000)),  # 5 places would need $150: the preset pays 3
        (5000, (5000,)),
        (1000, (1000,)),  # the whole pool is below the minimum: the winner takes it
    ],
)
def test_minimum_cash_shrinks_the_preset(pool: int, amounts: tuple[int, ...]) -> None:
    assert payout_table(pool, 40, PayoutStructure(minimum_cash=3000)).amounts == amounts


def test_guarantee_overlay() -> None:
    table = payout_table(100_000, 60, PayoutStructure(guarantee=150_000, rounding_unit=100))
    assert (table.collected, table.overlay, table.prize_pool) == (100_000, 50_000, 150_000)
    assert sum(table.amounts) == 150_000
    above = payout_table(200_000, 60, PayoutStructure(guarantee=150_000))
    assert (above.overlay, sum(above.amounts)) == (0, 200_000)


def test_guarantee_with_no_entries_pays_one_place() -> None:
    table = payout_table(0, 0, PayoutStructure(guarantee=50_000))
    assert table.amounts == (50_000,)


def test_lock_keeps_the_places_while_amounts_follow_the_pool() -> None:
    locked = replace(CURVE, rounding_unit=100).lock(40)
    assert locked.locked
    at_lock = payout_table(400_000, 40, locked)
    later = payout_table(460_000, 46, locked)
    assert at_lock.places_paid == later.places_paid == preset_places(40)
    assert preset_places(46) != preset_places(40)
    assert sum(later.amounts) == 460_000
    assert later.locked
    assert payout_table(460_000, 46, locked.unlock()).places_paid == preset_places(46)
    # Locked at a bigger field than there are entries: never more places than entries.
    assert payout_table(8000, 8, CURVE.lock(100)).places_paid == 8


# ------------------------------------------------------------------ custom tables


def test_custom_percentages() -> None:
    structure = PayoutStructure(PERCENT, percentages=(4000, 2500, 1500, 1200, 800))
    table = payout_table(123_456, 30, structure)
    assert table.amounts == (49382, 30864, 18518, 14815, 9877)
    assert sum(table.amounts) == 123_456


def test_custom_amounts() -> None:
    structure = PayoutStructure(AMOUNTS, amounts=(50000, 30000, 20000))
    assert payout_table(100_000, 12, structure).amounts == (50000, 30000, 20000)
    with_guarantee = PayoutStructure(AMOUNTS, amounts=(50000, 30000, 20000), guarantee=100_000)
    assert payout_table(80_000, 12, with_guarantee).overlay == 20_000


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (
            lambda: PayoutStructure(PERCENT, percentages=(5000, 3000, 1500)),
            "The percentages add up to 95%, not 100% (5% missing).",
        ),
        (
            lambda: PayoutStructure(PERCENT, percentages=(5000, 3000, 2050)),
            "The percentages add up to 100.5%, not 100% (0.5% too much).",
        ),
        (
            lambda: PayoutStructure(PERCENT, percentages=(5000, 2000, 3000)),
            "Place 3 (30%) pays more than place 2 (20%).",
        ),
        (
            lambda: PayoutStructure(PERCENT, percentages=(10000, 0)),
            "Place 2 must pay a percentage above 0, not 0.",
        ),
        (
            lambda: PayoutStructure(PERCENT),
            "The payout table has no places; give at least one percentage.",
        ),
        (
            lambda: PayoutStructure(AMOUNTS, amounts=(5000, 6000)),
            "Place 2 ($60.00) pays more than place 1 ($50.00).",
        ),
        (
            lambda: PayoutStructure(AMOUNTS),
            "The payout table has no places; give at least one amount.",
        ),
        (
            lambda: PayoutStructure(AMOUNTS, amounts=(5000, 0)),
            "Place 2 must pay an amount above 0, not 0.",
        ),
        (
            lambda: PayoutStructure(rounding_unit=500, minimum_cash=1250),
            "The minimum cash ($12.50) must be a multiple of the rounding unit ($5.00).",
        ),
        (
            lambda: payout_table(100_000, 12, PayoutStructure(AMOUNTS, amounts=(60000, 30000))),
            "The payout table adds up to $900.00 but the prize pool is $1,000.00 ($100.00 short).",
        ),
        (
            lambda: payout_table(100_000, 12, PayoutStructure(AMOUNTS, amounts=(60000, 50000))),
            "The payout table adds up to $1,100.00 but the prize pool is $1,000.00 ($100.00 over).",
        ),
        (
            lambda: payout_table(
                100_000, 12, PayoutStructure(AMOUNTS, amounts=(80000, 20000), minimum_cash=25000)
            ),
            "Place 2 pays $200.00, less than the minimum cash of $250.00.",
        ),
        (
            lambda: payout_table(
                100_000, 2, PayoutStructure(PERCENT, percentages=(5000, 3000, 2000))
            ),
            "The payout table pays 3 places but there are only 2 entries.",
        ),
        (
            lambda: payout_table(100_000, 1, PayoutStructure(AMOUNTS, amounts=(50000, 50000))),
            "The payout table pays 2 places but there is only 1 entry.",
        ),
        (
            lambda: payout_table(0, 0, PayoutStructure(PERCENT, percentages=(6000, 4000))),
            "The payout table pays 2 places but there are no entries yet.",
        ),
        (
            lambda: payout_table(
                10_000,
                10,
                PayoutStructure(PERCENT, percentages=(5000, 3000, 2000), minimum_cash=4000),
            ),
            "A minimum cash of $40.00 for 3 places needs $120.00, but the prize pool is $100.00.",
        ),
        (
            lambda: PayoutTable((100, 50), collected=200),
            "The payout table adds up to $1.50, not the prize pool of $2.00.",
        ),
    ],
)
def test_tables_that_do_not_add_up_say_so(build: object, message: str) -> None:
    with pytest.raises(PayoutError) as refused:
        build()  # type: ignore[operator]
    assert str(refused.value) == message


@pytest.mark.parametrize(
    ("build", "words"),
    [
        (lambda: PayoutStructure(rounding_unit=0), "at least 1 cent"),
        (lambda: PayoutStructure(minimum_cash=-1), "minimum cash"),
        (lambda: PayoutStructure(guarantee=1.5), "guarantee"),  # type: ignore[arg-type]
        (lambda: PayoutStructure(paid_share_bp=0), "between 0.01% and 100%"),
        (lambda: PayoutStructure(locked_entries=0), "at least 1 entry"),
        (lambda: PayoutStructure().lock(0), "at least 1 entry"),
        (lambda: PayoutStructure(percentages=(10000,)), "only used by the custom-percentages"),
        (lambda: PayoutStructure(amounts=(100,)), "only used by the custom-amounts"),
        (lambda: payout_table(-1, 3), "The prize pool must be"),
        (lambda: payout_table(100, -3), "The number of entries must be"),
        (lambda: payout_table(100, 3).prize_for(0), "numbered from 1"),
    ],
)
def test_nonsense_structures_are_refused(build: object, words: str) -> None:
    with pytest.raises(ValidationError, match=words):
        build()  # type: ignore[operator]


def test_payout_error_is_a_domain_error() -> None:
    assert issubclass(PayoutError, DomainError)


# ------------------------------------------------------------------ text helpers


@pytest.mark.parametrize(
    ("text", "basis_points"),
    [
        ("50/30/20", (5000, 3000, 2000)),
        ("50%, 30%, 20%", (5000, 3000, 2000)),
        ("33.34 33.33 33.33", (3334, 3333, 3333)),
        (" 100 ", (10000,)),
        ("12.5;7.", (1250, 700)),
    ],
)
def test_parse_percentages(text: str, basis_points: tuple[int, ...]) -> None:
    assert parse_percentages(text) == basis_points


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "Type the percentages"),
        ("50/abc", "Percentage 2 \\('abc'\\)"),
        ("12.345", "Percentage 1"),
        ("-5", "Percentage 1"),
    ],
)
def test_parse_percentages_refuses(text: str, words: str) -> None:
    with pytest.raises(ValidationError, match=words):
        parse_percentages(text)


def test_ladder_and_prize_for() -> None:
    table = payout_table(100_000, 12)
    assert table.ladder() == (("1st", "$500.00"), ("2nd", "$300.00"), ("3rd", "$200.00"))
    assert table.ladder(symbol="€")[0] == ("1st", "€500.00")
    assert [table.prize_for(place) for place in (1, 2, 3, 4, 99)] == [50000, 30000, 20000, 0, 0]


@pytest.mark.parametrize(
    ("basis_points", "text"), [(10000, "100%"), (5, "0.05%"), (1250, "12.5%"), (1, "0.01%")]
)
def test_format_percent(basis_points: int, text: str) -> None:
    assert format_percent(basis_points) == text


def test_ordinal() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 111, 112)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "111th", "112th"
    ]  # fmt: skip


# ------------------------------------------------------------------ properties


units = st.sampled_from([1, 5, 25, 100, 500, 1000, 2500])


@pytest.mark.slow
@settings(deadline=None, max_examples=300)
@given(
    pool=st.integers(min_value=0, max_value=10**9),
    entries=st.integers(min_value=0, max_value=2000),
    unit=units,
    minimum_units=st.integers(min_value=0, max_value=400),
    guarantee=st.integers(min_value=0, max_value=10**8),
    lock=st.none() | st.integers(min_value=1, max_value=2000),
)
def test_preset_tables_always_add_up(
    pool: int, entries: int, unit: int, minimum_units: int, guarantee: int, lock: int | None
) -> None:
    structure = PayoutStructure(
        rounding_unit=unit,
        minimum_cash=minimum_units * unit,
        guarantee=guarantee,
        locked_entries=lock,
    )
    table = payout_table(pool, entries, structure)
    target = max(pool, guarantee)
    check_table(table, target, unit, structure.minimum_cash)
    assert table.places_paid <= max(entries, 1)
    assert table.overlay == target - pool


@st.composite
def percentage_tables(draw: st.DrawFn) -> tuple[int, ...]:
    """A non-increasing list of positive basis points adding up to 10,000."""
    places = draw(st.integers(min_value=1, max_value=30))
    cuts = sorted(
        draw(
            st.lists(
                st.integers(1, WHOLE - 1), min_size=places - 1, max_size=places - 1, unique=True
            )
        )
    )
    parts = [b - a for a, b in zip([0, *cuts], [*cuts, WHOLE], strict=True)]
    return tuple(sorted(parts, reverse=True))


@pytest.mark.slow
@settings(deadline=None, max_examples=300)
@given(
    percentages=percentage_tables(),
    pool=st.integers(min_value=0, max_value=10**9),
    extra_entries=st.integers(min_value=0, max_value=500),
    unit=units,
    minimum_units=st.integers(min_value=0, max_value=100),
)
def test_percentage_tables_always_add_up(
    percentages: tuple[int, ...], pool: int, extra_entries: int, unit: int, minimum_units: int
) -> None:
    structure = PayoutStructure(
        PERCENT, percentages=percentages, rounding_unit=unit, minimum_cash=minimum_units * unit
    )
    distributable = pool - pool % unit
    assume(len(percentages) * structure.minimum_cash <= distributable)
    table = payout_table(pool, len(percentages) + extra_entries, structure)
    check_table(table, pool, unit, structure.minimum_cash)


@pytest.mark.slow
@settings(deadline=None, max_examples=300)
@given(percentages=percentage_tables(), pool=st.integers(min_value=0, max_value=10**9))
def test_exact_cents_match_the_percentages(percentages: tuple[int, ...], pool: int) -> None:
    """Reference: with no rounding unit or minimum, each place is its exact share to the cent."""
    table = payout_table(pool, 1000, PayoutStructure(PERCENT, percentages=percentages))
    amounts = table.amounts + (0,) * (len(percentages) - table.places_paid)
    for amount, bp in zip(amounts, percentages, strict=True):
        assert abs(amount - Fraction(pool * bp, WHOLE)) < 1


def check_table(table: PayoutTable, target: int, unit: int, minimum: int) -> None:
    """What every table promises: exact sum, non-increasing, whole units, minimum cash."""
    amounts = table.amounts
    assert sum(amounts) == target
    assert list(amounts) == sorted(amounts, reverse=True)
    assert all(amount % unit == 0 for amount in amounts[1:])
    if target > 0:
        assert amounts
        assert amounts[-1] > 0
    if minimum and len(amounts) > 1:
        assert amounts[-1] >= minimum
