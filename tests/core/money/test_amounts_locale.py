"""parse_amount reads an amount as the current language writes it (CLDR, through Babel)."""

from __future__ import annotations

import pytest

from clockapp.core.money.amounts import AmountError, parse_amount, typed_amount
from clockapp.i18n import using_language


@pytest.mark.parametrize(
    ("language", "text", "cents"),
    [
        ("de", "1.234,50", 123450),
        ("de", "1234,5", 123450),
        ("de", "20,50", 2050),
        ("de", "1.234", 123400),
        ("de", "20.50", 2050),  # the source form: no German reading of it
        ("de", "1,234.50", 123450),
        ("fr", "1 234,50", 123450),
        ("fr", "1\xa0234,50", 123450),
        ("fr", "1\u202f234,50", 123450),
        ("fr", "20,5 €", 2050),
        ("es", "1.234,50", 123450),
        ("nl", "€ 1.000,10", 100010),
        ("pt_BR", "1.234,50", 123450),
        ("en", "1,234.50", 123450),
        ("en", "20.5", 2050),
    ],
)
def test_the_language_decides_how_an_amount_reads(language: str, text: str, cents: int) -> None:
    with using_language(language):
        assert parse_amount(text, symbol="€") == cents


@pytest.mark.parametrize("language", ["de", "fr", "es", "nl", "pt_BR"])
def test_what_typed_amount_writes_reads_back_in_every_language(language: str) -> None:
    with using_language(language):
        for cents in (0, 7, 2050, 123450, 123456789):
            assert parse_amount(typed_amount(cents)) == cents


def test_an_ambiguous_amount_is_refused_with_both_readings() -> None:
    # "1,234" is 1234 in English but 1.234 (three decimals) in German: neither is assumed.
    with using_language("de"), pytest.raises(AmountError) as refused:
        parse_amount("1,234", field="Buy-in")
    message = str(refused.value)
    assert "'1,234'" in message
    assert "1.234,00" in message


@pytest.mark.parametrize(
    ("language", "text"),
    [("de", "1.2.3,4,5"), ("de", "12.34,50"), ("fr", "1 23,50"), ("en", "1.234,50")],
)
def test_misplaced_separators_are_refused(language: str, text: str) -> None:
    # The field is named (French puts a space before the colon).
    with using_language(language), pytest.raises(AmountError, match=r"Rebuy price\s?: "):
        parse_amount(text, field="Rebuy price")


@pytest.mark.parametrize(
    ("language", "text", "written"),
    [("fr", "1 23,50", ("1\u202f000", "20,50")), ("en", "1.234,50", ("1,000", "20.50"))],
)
def test_a_refusal_shows_amounts_as_the_language_writes_them(
    language: str, text: str, written: tuple[str, str]
) -> None:
    with using_language(language), pytest.raises(AmountError) as refused:
        parse_amount(text, field="Rebuy price")
    for example in written:
        assert example in str(refused.value)
    with using_language(language), pytest.raises(AmountError) as refused:
        parse_amount("twenty", field="Rebuy price")
    assert written[1] in str(refused.value)


def test_a_german_amount_is_not_read_in_english() -> None:
    with pytest.raises(AmountError):
        parse_amount("1.234,50")
