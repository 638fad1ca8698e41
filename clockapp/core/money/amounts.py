"""Money as integer cents: parse what a director types, format it, split it exactly.

Floats never touch money here. An amount is an `int` number of cents; `parse_amount` turns typed
text into cents with a message that says what is wrong, `format_cents` turns cents back into
text (`format_money` in a tournament's currency, the one every screen, report and receipt
uses), and `allocate` splits a sum by weights so the parts always add up to the whole (the
largest-remainder method, optionally in a rounding unit such as whole $5).

>>> parse_amount("$1,000.5")
100050
>>> format_cents(123450)
'$1,234.50'
>>> allocate(1000, [1, 1, 1])
(334, 333, 333)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction

from babel import Locale
from babel.numbers import NumberFormatError, get_decimal_symbol, get_group_symbol, parse_decimal

from clockapp import formats
from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext

#: The largest amount accepted from typed input: $10 billion. Anything above is surely a typo
#: (a pasted phone number, a stuck key) and would only overflow a report column.
MAX_AMOUNT_CENTS = 10**12

#: Where the current language's locale writes no thousands separator of its own (or a space),
#: the spaces a person may type between thousands.
_SPACES = (" ", "\xa0", "\u202f")
#: The writing every language also reads, unless it reads the text otherwise: a point before
#: the cents and commas between thousands (what `typed_amount` writes into fields and exports).
_SOURCE_LOCALE = "en_US"


class AmountError(ValidationError):
    """A typed amount that cannot be read as money (negative, not a number, too many decimals)."""


def parse_amount(
    text: str,
    *,
    field: str = "Amount",
    symbol: str = "$",
    allow_zero: bool = True,
) -> int:
    """Read an amount typed by a director and return it in cents.

    Reads the number as the current language writes it (CLDR through Babel's `parse_decimal`):
    "1,234.50" in English, "1.234,50" in German, "1 234,50" in French, thousands in groups of
    three; the currency symbol may stand before or after the number ("$20", "20 €" with
    `symbol="€"`). The form `typed_amount` writes ("1,234.50") is read in every language unless
    the language reads the same text otherwise: "20.50" is twenty and a half in German too, while
    "1,234" (one thousand two hundred and thirty-four in English, three decimals in German) is
    refused there as ambiguous. Surrounding spaces are ignored.

    Args:
        text: What was typed.
        field: The name of the field, used to start every error message ("Rebuy price: ...").
        symbol: The currency symbol that may appear around the number.
        allow_zero: Whether "0" is an acceptable answer (a freeroll buy-in is; a payout is not).

    Returns:
        The amount in cents.

    Raises:
        AmountError: The text is empty, negative, not a number, has more than two decimals,
            misplaced thousands separators, is zero when zero is not allowed, or is absurdly large.

    >>> parse_amount("20"), parse_amount("20.50"), parse_amount("$1,000"), parse_amount("1000.5")
    (2000, 2050, 100000, 100050)
    >>> from clockapp.i18n import using_language
    >>> with using_language("de"):
    ...     parse_amount("1.234,50"), parse_amount("20.50")
    (123450, 2050)
    >>> parse_amount("-5", field="Buy-in")
    Traceback (most recent call last):
    ...
    clockapp.core.money.amounts.AmountError: Buy-in: '-5' is negative; enter an amount of 0 or more.
    """
    raw = text
    body = text.strip()
    if symbol:
        if body.startswith(symbol):
            body = body[len(symbol) :].strip()
        elif body.endswith(symbol):
            body = body[: -len(symbol)].strip()
    if not body:
        raise AmountError(_("{field}: enter an amount (nothing was typed).").format(field=field))
    # A minus may be typed before or after the currency symbol ("-$5", "$-5"): refuse both.
    if body.startswith("-") or raw.strip().startswith("-") or body.startswith("("):
        raise AmountError(
            _("{field}: {typed} is negative; enter an amount of 0 or more.").format(
                field=field, typed=repr(raw.strip())
            )
        )
    if body.startswith("+"):
        body = body[1:]
    typed = repr(raw.strip())
    cents = _cents(body, field=field, typed=typed)
    if cents > MAX_AMOUNT_CENTS:
        raise AmountError(
            _("{field}: {typed} is more than {most}; check for a typing mistake.").format(
                field=field, typed=repr(raw.strip()), most=format_cents(MAX_AMOUNT_CENTS)
            )
        )
    if cents == 0 and not allow_zero:
        raise AmountError(_("{field}: the amount must be more than zero.").format(field=field))
    return cents


def _cents(body: str, *, field: str, typed: str) -> int:
    """The cents in `body` (sign and symbol already taken off), read in the current language's
    writing, else in the source form; refused with the reason when neither reads it as money."""
    own = formats.current_locale()
    group, point = get_group_symbol(own), get_decimal_symbol(own)
    if group in _SPACES:
        for space in _SPACES:
            body = body.replace(space, group)
    readings = [_reading(body, own, group, point)]
    if (group, point) != (",", "."):
        readings.append(_reading(body, Locale.parse(_SOURCE_LOCALE), ",", "."))
    money = [value for value in readings if isinstance(value, Decimal) and _is_cents(value)]
    if money and isinstance(readings[0], Decimal) and _is_cents(readings[0]):
        return _to_cents(readings[0])
    if money and isinstance(readings[0], Decimal):
        # The language reads more than two decimals where the source form reads thousands.
        raise AmountError(
            _(
                "{field}: {typed} can be read two ways; for {amount} type {written}, and write "
                "cents with at most two decimals."
            ).format(
                field=field,
                typed=typed,
                amount=formats.decimal(money[0], 2),
                written=formats.decimal(money[0], 0),
            )
        )
    if money:
        return _to_cents(money[0])
    first = readings[0]
    if isinstance(first, Decimal):
        decimals = -first.as_tuple().exponent  # type: ignore[operator]
        raise AmountError(
            ngettext(
                "{field}: {typed} has {count} decimal; money has at most 2 (cents).",
                "{field}: {typed} has {count} decimals; money has at most 2 (cents).",
                decimals,
            ).format(field=field, typed=typed, count=decimals)
        )
    if first == "grouping" or any(r == "grouping" for r in readings):
        raise AmountError(
            _(
                "{field}: {typed} has misplaced separators; write thousands in groups of "
                "three ({thousand}) and the cents after the decimal mark ({cents})."
            ).format(field=field, typed=typed, **_examples())
        )
    raise AmountError(
        _("{field}: {typed} is not a number; type digits such as {cents}.").format(
            field=field, typed=typed, **_examples()
        )
    )


def _examples() -> dict[str, str]:
    """A thousand and twenty fifty, written as the current language writes them (the forms
    a refusal shows: "1.000" and "20,50" in German)."""
    return {
        "thousand": formats.decimal(Decimal(1000), 0),
        "cents": formats.decimal(Decimal("20.50"), 2),
    }


def _reading(body: str, locale: Locale, group: str, point: str) -> Decimal | str:
    """`body` as a decimal number in `locale`, else why not: "grouping" (separators in the
    wrong places) or "nonsense" (not digits and separators)."""
    allowed = f"0-9{re.escape(group)}{re.escape(point)}"
    if not body or not re.fullmatch(f"[{allowed}]+", body) or not re.search("[0-9]", body):
        return "nonsense"
    if body.count(point) > 1 or (point in body and group in body.split(point)[1]):
        return "grouping"
    if body.startswith(group) or (group in body and body.split(point)[0].startswith("0")):
        return "grouping"
    try:
        return parse_decimal(body, locale=locale, strict=True)
    except NumberFormatError as error:
        return "grouping" if error.suggestions else "nonsense"


def _is_cents(value: Decimal) -> bool:
    return -value.as_tuple().exponent <= 2  # type: ignore[operator]


def _to_cents(value: Decimal) -> int:
    return int(value * 100)


def typed_amount(cents: int) -> str:
    """Cents as a person types them and `parse_amount` reads them back, in any language: a
    point before the cents and commas between thousands (fields, typed lists, exports).

    >>> typed_amount(123450), typed_amount(-505), typed_amount(7)
    ('1,234.50', '-5.05', '0.07')
    """
    _require_int(cents, "cents")
    sign = "-" if cents < 0 else ""
    whole, frac = divmod(abs(cents), 100)
    return f"{sign}{whole:,}.{frac:02d}"


def format_cents(
    cents: int,
    *,
    symbol: str | None = None,
    symbol_after: bool = False,
    trim_zero_cents: bool = False,
) -> str:
    """Format cents for a person to read, as the current language writes money (CLDR).

    Args:
        cents: The amount in cents (negative amounts get a minus sign).
        symbol: The currency sign or code ("" for none); by default the currency of the
            tournament the action works on (`formats.using_currency`), else "$".
        symbol_after: Put the symbol after the number ("20.00 €") wherever the language puts it.
        trim_zero_cents: Drop the decimals of whole amounts (for the wall display: "$1,000").

    Returns:
        The formatted text (`clockapp.formats.money`).

    >>> format_cents(123450), format_cents(-505), format_cents(7)
    ('$1,234.50', '-$5.05', '$0.07')
    >>> format_cents(100000, trim_zero_cents=True)
    '$1,000'
    >>> format_cents(2000, symbol="€", symbol_after=True)
    '20.00 €'
    >>> with formats.using_currency("CHF"):
    ...     format_cents(2533)
    '25.33 CHF'
    """
    _require_int(cents, "cents")
    if symbol is None:
        symbol = formats.current_currency()
    if symbol_after and symbol:
        number = formats.money(cents, "", trim_zero_cents=trim_zero_cents)
        return f"{number} {symbol}"
    return formats.money(cents, symbol, trim_zero_cents=trim_zero_cents)


def format_money(cents: int, currency: str, *, trim_zero_cents: bool = False) -> str:
    """Cents in a tournament's currency, as the current language writes money: in English a
    sign ("$", "€", "£") goes before the number, a code ("EUR", "CHF") after it; "" shows the
    number alone.

    Every amount a person reads (screens, the wall, the web view, receipts and reports) is
    formatted here with the tournament's currency, so a € night never prints "$".

    >>> format_money(2533, "€"), format_money(2533, "CHF"), format_money(-505, "$")
    ('€25.33', '25.33 CHF', '-$5.05')
    >>> format_money(100000, "EUR", trim_zero_cents=True), format_money(7, "")
    ('1,000 EUR', '0.07')
    """
    _require_int(cents, "cents")
    return formats.money(cents, currency, trim_zero_cents=trim_zero_cents)


def allocate(
    total: int,
    weights: Sequence[int | Fraction],
    *,
    unit: int = 1,
    leftover_to: int = 0,
) -> tuple[int, ...]:
    """Split `total` cents in proportion to `weights`; the parts always add up to `total`.

    The largest-remainder method, counted in `unit`s: each part first gets the whole number of
    units its exact share contains, then the units still missing go one each to the parts with the
    largest fractions left over (ties go to the earlier part, so the result is deterministic and
    non-increasing weights give non-increasing parts). Cents that do not make a whole unit
    (`total % unit`) go to the part at index `leftover_to`; every other part is a multiple of
    `unit`.

    Args:
        total: The amount to split, in cents (0 or more).
        weights: One non-negative weight per part, not all zero; ints or Fractions (never floats).
        unit: The rounding unit in cents (1 = exact cents, 500 = whole $5).
        leftover_to: Index of the part that receives `total % unit`.

    Returns:
        One amount per weight, in the same order.

    Raises:
        ValidationError: A negative total or weight, a float weight, all weights zero, a unit
            below 1, or `leftover_to` out of range.

    >>> allocate(1000, [1, 1, 1])
    (334, 333, 333)
    >>> allocate(103700, [50, 30, 20], unit=500)
    (52200, 31000, 20500)
    """
    _require_int(total, "total")
    _require_int(unit, "unit")
    if total < 0:
        raise ValidationError(
            _("Cannot split a negative amount ({amount}).").format(amount=format_cents(total))
        )
    if unit < 1:
        raise ValidationError(
            _("The rounding unit must be at least 1 cent, not {unit}.").format(unit=unit)
        )
    if not weights:
        raise ValidationError(_("Cannot split an amount between nobody (no weights given)."))
    shares: list[Fraction] = []
    for index, weight in enumerate(weights):
        if isinstance(weight, bool) or not isinstance(weight, int | Fraction):
            raise ValidationError(
                _("Weight {value} must be a whole number or a Fraction, not {weight!r}.").format(
                    value=index + 1, weight=weight
                )
            )
        if weight < 0:
            raise ValidationError(
                _("Weight {value} is negative ({weight}).").format(value=index + 1, weight=weight)
            )
        shares.append(Fraction(weight))
    weight_sum = sum(shares, Fraction(0))
    if weight_sum == 0:
        raise ValidationError(_("Cannot split an amount when every weight is zero."))
    if not 0 <= leftover_to < len(shares):
        raise ValidationError(
            _("leftover_to={leftover_to} is not one of the {count} parts.").format(
                leftover_to=leftover_to, count=len(shares)
            )
        )
    units, leftover = divmod(total, unit)
    quotas = [share * units / weight_sum for share in shares]
    floors = [quota.numerator // quota.denominator for quota in quotas]
    missing = units - sum(floors)
    # Largest fraction first; equal fractions keep their order (sorted() is stable).
    order = sorted(range(len(quotas)), key=lambda i: quotas[i] - floors[i], reverse=True)
    for i in order[:missing]:
        floors[i] += 1
    parts = [count * unit for count in floors]
    parts[leftover_to] += leftover
    return tuple(parts)


def _require_int(value: object, name: str) -> None:
    """Refuse floats and bools where an int of cents is expected (a float would lose cents)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValidationError(
            _("{name} must be a whole number of cents, not {value!r}.").format(
                name=name, value=value
            )
        )


def check_cents(value: object, what: str, *, minimum: int = 0) -> int:
    """Refuse an amount that is not a whole number of cents from `minimum` to the app's limit.

    Every service entry point that takes money checks it here, so an amount the database cannot
    store, a negative price or a float never gets past the boundary.

    Raises:
        ValidationError: Not an int (a bool, a float, text), below `minimum`, or more than
            `MAX_AMOUNT_CENTS`.

    >>> check_cents(2500, "The buy-in")
    2500
    >>> check_cents(10**13, "The buy-in")
    Traceback (most recent call last):
    ...
    clockapp.errors.ValidationError: The buy-in must be at most $10,000,000,000.00, not $100,000,000,000.00.
    """  # noqa: E501 - a doctest's expected output cannot be wrapped
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValidationError(
            _("{what} must be a whole number of cents, not {value!r}.").format(
                what=what, value=value
            )
        )
    if value < minimum:
        raise ValidationError(
            _("{what} must be {minimum} or more cents, not {value!r}.").format(
                what=what, minimum=minimum, value=value
            )
        )
    if value > MAX_AMOUNT_CENTS:
        raise ValidationError(
            _("{what} must be at most {amount}, not {amount2}.").format(
                what=what,
                amount=format_cents(MAX_AMOUNT_CENTS),
                amount2=format_cents(value),
            )
        )
    return value
