"""The published payout tables: the presets follow BARGE's home-game schedule, and a
table that pays more places than the field is renormalised over the places that can be paid."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clockapp.core.payout_tables import (
    CLOCKAPP_CURVE,
    DEFAULT_TABLE,
    PUBLISHED_TABLES,
    WHOLE,
    payout_table_named,
    renormalise,
    table_choices,
)
from clockapp.core.payouts import (
    PayoutMode,
    PayoutStructure,
    fit_to_field,
    payout_table,
)
from clockapp.errors import DomainError

HOME = PayoutStructure()
TABLE_KEYS = [key for key, _name, _source in table_choices()]


def test_the_default_is_the_published_home_game_table() -> None:
    assert HOME.table == DEFAULT_TABLE == "barge-home"
    home = payout_table_named(DEFAULT_TABLE)
    assert "BARGE" in home.name
    assert "BARGE" in home.source


@pytest.mark.parametrize("entries", [2, 3, 4])
def test_two_to_four_entries_pay_only_the_winner(entries: int) -> None:
    """With 2 entries both players cashed."""
    assert payout_table(entries * 2000, entries).amounts == (entries * 2000,)


@pytest.mark.parametrize("entries", range(16, 25))
def test_sixteen_to_twenty_four_entries_pay_four_places_first_about_42(entries: int) -> None:
    """The preset paid 3 places at 50% where BARGE pays 4 at 42%."""
    pool = entries * 2000
    table = payout_table(pool, entries)
    assert table.places_paid == 4
    assert table.amounts == tuple(pool * bp // WHOLE for bp in (4200, 2600, 1800, 1400))


@pytest.mark.parametrize("entries", range(28, 46))
def test_twenty_eight_to_forty_five_entries_first_gets_37_to_40(entries: int) -> None:
    """The preset gave 1st 41-48% where the tables give 37-40%."""
    table = payout_table(entries * 2000, entries)
    assert 0.37 <= table.amounts[0] / table.prize_pool <= 0.40


def test_second_is_not_half_of_first() -> None:
    """The old curve made 2nd exactly half of 1st."""
    for entries in (20, 40, 80, 150, 500):
        table = payout_table(entries * 1000, entries)
        assert 2 * table.amounts[1] != table.amounts[0]


@pytest.mark.parametrize("table", PUBLISHED_TABLES, ids=lambda t: t.key)
def test_every_bracket_adds_up_and_the_brackets_run_from_one(table) -> None:
    expected = 1
    for bracket in table.brackets:
        assert bracket.low == expected
        assert sum(bracket.percentages) == WHOLE
        assert len(bracket.percentages) <= bracket.low  # never more places than entries
        expected = bracket.high + 1
    assert table.name
    assert table.source


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(
    key=st.sampled_from(TABLE_KEYS),
    entries=st.integers(1, 2000),
    pool=st.integers(0, 10**9),
    unit=st.sampled_from([1, 100, 500, 2500]),
)
def test_every_amount_adds_up_to_the_cent(key: str, entries: int, pool: int, unit: int) -> None:
    table = payout_table(pool, entries, PayoutStructure(rounding_unit=unit, table=key))
    assert sum(table.amounts) == pool
    assert table.places_paid <= max(1, entries)
    assert list(table.amounts) == sorted(table.amounts, reverse=True)


def test_the_host_can_pick_another_table() -> None:
    vegas = PayoutStructure(table="vegaspoker247-over-5")
    assert payout_table(16_000, 8, vegas).amounts == (16_000,)  # winner-take-all to 8
    curve = PayoutStructure(table=CLOCKAPP_CURVE)
    assert payout_table(16_000, 8, curve).amounts == (8000, 4800, 3200)
    with pytest.raises(DomainError, match="No payout table is called 'nope'"):
        PayoutStructure(table="nope")


def test_a_field_larger_than_the_table_says_so() -> None:
    with pytest.raises(DomainError, match="covers fields up to 2,000 entries"):
        payout_table(10**7, 2001)


def test_a_locked_table_with_fewer_entries_renormalises_its_places() -> None:
    locked = HOME.lock(20)  # 42/26/18/14
    assert payout_table(30_000, 3, locked).amounts == (14_651, 9_070, 6_279)


# ---------------------------------------------------------------------------- renormalising
@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(1, 5000), min_size=1, max_size=30).map(
        lambda xs: tuple(sorted(xs, reverse=True))
    ),
    st.integers(1, 40),
)
def test_renormalise_keeps_the_order_and_adds_to_100(weights: tuple[int, ...], n: int) -> None:
    result = renormalise(weights, n)
    assert len(result) == min(n, len(weights))
    assert sum(result) == WHOLE
    assert list(result) == sorted(result, reverse=True)


def test_fit_to_field_renormalises_custom_percentages_and_amounts() -> None:
    """With fewer players than paid places the cashier could not pay the winner."""
    custom = PayoutStructure(PayoutMode.PERCENTAGES, percentages=(5000, 3000, 2000))
    with pytest.raises(DomainError, match="pays 3 places but there are only 2 entries"):
        payout_table(4000, 2, custom)
    fitted = fit_to_field(custom, 2)
    assert fitted is not None
    assert fitted.percentages == (6250, 3750)
    assert payout_table(4000, 2, fitted).amounts == (2500, 1500)
    assert fit_to_field(custom, 3) is None
    amounts = PayoutStructure(PayoutMode.AMOUNTS, amounts=(5000, 3000, 2000))
    fitted_amounts = fit_to_field(amounts, 1)
    assert fitted_amounts is not None
    assert fitted_amounts.amounts == (10_000,)
    assert fit_to_field(replace(HOME), 1) is None  # a published table always fits
