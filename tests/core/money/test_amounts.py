"""Tests for clockapp.core.money.amounts: typed amounts, display, exact splitting."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clockapp.core.money.amounts import (
    MAX_AMOUNT_CENTS,
    AmountError,
    allocate,
    format_cents,
    parse_amount,
)
from clockapp.errors import ValidationError


@pytest.mark.parametrize(
    ("text", "cents"),
    [
        ("20", 2000),
        ("20.50", 2050),
        ("20.5", 2050),
        ("$1,000", 100000),
        ("1000.5", 100050),
        ("  7  ", 700),
        (".5", 50),
        ("20.", 2000),
        ("0", 0),
        ("0.01", 1),
        ("+5", 500),
        ("$ 20", 2000),
        ("1,234,567.89", 123456789),
        ("007", 700),
    ],
)
def test_parse_amount_accepts(text: str, cents: int) -> None:
    assert parse_amount(text) == cents


def test_parse_amount_symbol_after_and_other_symbols() -> None:
    assert parse_amount("20 €", symbol="€") == 2000
    assert parse_amount("€1,000.10", symbol="€") == 100010
    assert parse_amount("CHF 5", symbol="CHF") == 500


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "nothing was typed"),
        ("   ", "nothing was typed"),
        ("$", "nothing was typed"),
        ("-5", "negative"),
        ("-$5", "negative"),
        ("$-5", "negative"),
        ("(5)", "negative"),
        ("abc", "not a number"),
        ("20.505", "3 decimals"),
        ("1.234", "3 decimals"),
        ("1,00", "misplaced separators"),
        ("12,34.5", "misplaced separators"),
        (",500", "misplaced separators"),
        ("1e5", "not a number"),
        ("5-", "not a number"),
        ("20 50", "not a number"),
        (".", "not a number"),
        ("\u0663", "not a number"),  # ARABIC-INDIC DIGIT THREE: isdigit() but not a price
        ("\u00b2", "not a number"),  # SUPERSCRIPT TWO
        ("10000000000.01", "check for a typing mistake"),
    ],
)
def test_parse_amount_refuses_with_a_reason(text: str, words: str) -> None:
    with pytest.raises(AmountError, match="Rebuy price: ") as refused:
        parse_amount(text, field="Rebuy price")
    assert words in str(refused.value)


def test_parse_amount_zero_may_be_refused() -> None:
    with pytest.raises(AmountError, match="more than zero"):
        parse_amount("0.00", allow_zero=False)
    assert parse_amount("0.01", allow_zero=False) == 1


def test_amount_error_is_a_validation_error() -> None:
    assert issubclass(AmountError, ValidationError)


@pytest.mark.parametrize(
    ("cents", "kwargs", "text"),
    [
        (0, {}, "$0.00"),
        (7, {}, "$0.07"),
        (123450, {}, "$1,234.50"),
        (100000000, {}, "$1,000,000.00"),
        (-505, {}, "-$5.05"),
        (100000, {"trim_zero_cents": True}, "$1,000"),
        (100050, {"trim_zero_cents": True}, "$1,000.50"),
        (2000, {"symbol": "€", "symbol_after": True}, "20.00 €"),
        (-2000, {"symbol": "€", "symbol_after": True}, "-20.00 €"),
        (2000, {"symbol": ""}, "20.00"),
        (2000, {"symbol": "", "symbol_after": True}, "20.00"),
        (2000, {"symbol": "£"}, "£20.00"),
    ],
)
def test_format_cents(cents: int, kwargs: dict[str, object], text: str) -> None:
    assert format_cents(cents, **kwargs) == text  # type: ignore[arg-type]


def test_format_cents_refuses_floats() -> None:
    with pytest.raises(ValidationError, match="whole number of cents"):
        format_cents(12.5)  # type: ignore[arg-type]


@pytest.mark.slow
@settings(deadline=None, max_examples=200)
@given(st.integers(min_value=0, max_value=MAX_AMOUNT_CENTS))
def test_format_then_parse_round_trips(cents: int) -> None:
    assert parse_amount(format_cents(cents)) == cents
    assert parse_amount(format_cents(cents, trim_zero_cents=True)) == cents
    assert parse_amount(format_cents(cents, symbol="")) == cents


@pytest.mark.parametrize(
    ("total", "weights", "kwargs", "parts"),
    [
        (1000, [1, 1, 1], {}, (334, 333, 333)),
        (1000, [1, 1, 1], {"leftover_to": 2}, (334, 333, 333)),
        (1001, [1, 1], {}, (501, 500)),
        (100, [0, 1], {}, (0, 100)),
        (103700, [50, 30, 20], {"unit": 500}, (52200, 31000, 20500)),
        (1003, [1, 1], {"unit": 500, "leftover_to": 1}, (500, 503)),
        (499, [1, 1], {"unit": 500}, (499, 0)),
        (0, [3, 2], {}, (0, 0)),
        (10, [Fraction(1, 3), Fraction(2, 3)], {}, (3, 7)),
        # Equal fractions left over: the earlier part gets the cent.
        (5, [1, 1, 1, 1], {}, (2, 1, 1, 1)),
    ],
)
def test_allocate(
    total: int, weights: list[int | Fraction], kwargs: dict[str, int], parts: tuple[int, ...]
) -> None:
    assert allocate(total, weights, **kwargs) == parts


@pytest.mark.parametrize(
    ("total", "weights", "kwargs", "words"),
    [
        (-1, [1], {}, "negative amount"),
        (10, [], {}, "nobody"),
        (10, [0, 0], {}, "every weight is zero"),
        (10, [1, -1], {}, "Weight 2 is negative"),
        (10, [1, 0.5], {}, "Weight 2 must be a whole number or a Fraction"),
        (10, [1, True], {}, "Weight 2 must be"),
        (10, [1], {"unit": 0}, "at least 1 cent"),
        (10, [1, 1], {"leftover_to": 2}, "not one of the 2 parts"),
        (10.0, [1], {}, "whole number of cents"),
    ],
)
def test_allocate_refuses(
    total: int, weights: list[int], kwargs: dict[str, int], words: str
) -> None:
    with pytest.raises(ValidationError, match=words):
        allocate(total, weights, **kwargs)


@pytest.mark.slow
@settings(deadline=None, max_examples=300)
@given(
    total=st.integers(min_value=0, max_value=10**9),
    weights=st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=12).filter(
        any
    ),
    unit=st.sampled_from([1, 5, 25, 100, 500, 1000]),
    data=st.data(),
)
def test_allocate_properties(
    total: int, weights: list[int], unit: int, data: st.DataObject
) -> None:
    leftover_to = data.draw(st.integers(min_value=0, max_value=len(weights) - 1))
    parts = allocate(total, weights, unit=unit, leftover_to=leftover_to)
    assert sum(parts) == total
    units = total // unit
    weight_sum = sum(weights)
    for index, (part, weight) in enumerate(zip(parts, weights, strict=True)):
        whole_units = part - (total % unit if index == leftover_to else 0)
        assert whole_units % unit == 0
        # The reference: every part is its exact quota rounded down or up to a whole unit.
        quota = Fraction(weight * units, weight_sum)
        assert quota - 1 < whole_units // unit < quota + 1
        if weight == 0:
            assert whole_units == 0


@pytest.mark.slow
@settings(deadline=None, max_examples=200)
@given(
    total=st.integers(min_value=0, max_value=10**8),
    weights=st.lists(st.integers(min_value=1, max_value=10**4), min_size=1, max_size=10),
    unit=st.sampled_from([1, 5, 100, 500]),
)
def test_allocate_keeps_the_order_of_the_weights(total: int, weights: list[int], unit: int) -> None:
    weights.sort(reverse=True)
    parts = allocate(total, weights, unit=unit)
    assert list(parts) == sorted(parts, reverse=True)
