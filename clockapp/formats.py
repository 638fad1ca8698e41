"""Numbers, money, chips, times and dates as the current language writes them (CLDR, via Babel).

Beside `clockapp.i18n`, outside the layers, so `core` formats an amount in a message the same way
the windows, the wall, the web view and the receipts do. The language is `i18n.current_language()`
(English is written as in the United States: `$1,234.50`, `22:15`).

>>> money(123450, "$"), money(100000, "€", trim_zero_cents=True), money(2533, "CHF")
('$1,234.50', '€1,000', '25.33 CHF')
>>> number(1234567), time_of_day(time(22, 15))
('1,234,567', '22:15')
"""

from __future__ import annotations

import contextvars
import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import date, datetime, time
from decimal import Decimal, localcontext
from functools import cache

from babel import Locale, UnknownLocaleError
from babel.dates import format_date, format_skeleton
from babel.lists import format_list
from babel.numbers import NumberPattern, format_decimal, format_percent

from clockapp.i18n import current_language

#: Where a catalog's code names only a language, the country whose writing it follows.
_REGION = {"en": "en_US", "de": "de_DE", "fr": "fr_FR", "es": "es_ES", "nl": "nl_NL", "pt": "pt_BR"}
_NBSP = "\xa0"


@contextmanager
def _digits_for(value: int | float | Decimal) -> Iterator[None]:
    """Decimal arithmetic with digits enough for all of `value`: Babel rounds in the current
    context, whose 28 digits fail on an amount typed too large to accept (whose refusal names
    it)."""
    with localcontext() as context:
        whole = abs(int(value)) if math.isfinite(value) else 0
        context.prec = max(context.prec, len(str(whole)) + 8)
        yield


@cache
def locale_for(code: str) -> Locale:
    """The Babel locale a catalog code writes in (`de` -> de_DE; unknown -> en_US).

    >>> str(locale_for("de")), str(locale_for("pt_BR")), str(locale_for("xx"))
    ('de_DE', 'pt_BR', 'en_US')
    """
    try:
        return Locale.parse(_REGION.get(code, code))
    except (UnknownLocaleError, ValueError):
        return Locale.parse("en_US")


def current_locale() -> Locale:
    """The Babel locale of the language in force."""
    return locale_for(current_language())


def is_currency_code(currency: str) -> bool:
    """A code ("EUR", "CHF") rather than a sign ("€", "$", "R$").

    >>> is_currency_code("EUR"), is_currency_code("€"), is_currency_code("R$")
    (True, False, False)
    """
    return len(currency) > 1 and currency.isalpha()


def money(cents: int, currency: str, *, trim_zero_cents: bool = False) -> str:
    """Cents in `currency` as the current language writes money.

    A sign ("$", "€") is printed as typed, where the locale puts its currency (`$1,234.50`,
    `1.234,50 €`); a code ("EUR") goes after the number unless the locale puts its currency in
    front with a space (`CHF 25,33` in Dutch); "" prints the number alone. `trim_zero_cents`
    drops the decimals of a whole amount (the wall's `$1,800`).

    >>> money(-505, "$"), money(7, ""), money(100000, "EUR", trim_zero_cents=True)
    ('-$5.05', '0.07', '1,000 EUR')
    """
    loc = current_locale()
    pattern = loc.currency_formats["standard"]
    negative = 1 if cents < 0 else 0
    whole = cents % 100 == 0
    digits = (0, 0) if trim_zero_cents and whole else (2, 2)
    prefix, suffix = pattern.prefix[negative], pattern.suffix[negative]
    if is_currency_code(currency) and "¤" in prefix and f"¤{_NBSP}" not in prefix:
        # A code joined to the digits ("CHF25.33") reads badly: it goes after, with a space.
        prefix, suffix = prefix.replace("¤", ""), f" {currency}"
    sign_pattern = NumberPattern(
        pattern.pattern,
        (prefix.replace("¤", currency), prefix.replace("¤", currency)),
        (suffix.replace("¤", currency), suffix.replace("¤", currency)),
        pattern.grouping,
        pattern.int_prec,
        digits,
        None,
        None,
    )
    with _digits_for(cents):
        text = str(sign_pattern.apply(Decimal(abs(cents)) / 100, loc, currency_digits=False))
    if negative and not prefix.startswith("-") and "-" not in prefix:
        text = f"-{text}"
    return text.strip(f" {_NBSP}")


def number(value: int) -> str:
    """A whole number with the locale's thousands separator (chips, counts, stacks).

    >>> number(-12000)
    '-12,000'
    """
    with _digits_for(value):
        return format_decimal(value, locale=current_locale())


def chips(value: int) -> str:
    """An amount of chips (a whole number, grouped)."""
    return number(value)


def decimal(value: float | Decimal, digits: int = 1) -> str:
    """A number with exactly `digits` decimals (`12.5` big blinds).

    >>> decimal(12.25, 1), decimal(3, 2)
    ('12.2', '3.00')
    """
    fraction = "0" * digits
    pattern = f"#,##0.{fraction}" if digits else "#,##0"
    with _digits_for(value):
        return format_decimal(value, format=pattern, locale=current_locale())


def percent(value: float | Decimal, digits: int = 0) -> str:
    """A share (0.25 -> `25%`), with `digits` decimals.

    >>> percent(0.255, 1)
    '25.5%'
    """
    fraction = "." + "0" * digits if digits else ""
    with _digits_for(value * 100):
        return format_percent(value, format=f"#,##0{fraction}%", locale=current_locale())


def listing(parts: Sequence[str], *, counts: bool = False) -> str:
    """Parts of a sentence joined as the current language lists them (CLDR list patterns).

    `counts` lists figures side by side, without a conjunction ("3 new, 1 skipped": CLDR's
    unit lists), where a locale has that pattern.

    >>> listing(["a", "b", "c"]), listing(["a", "b"]), listing(["3 new", "1 skipped"], counts=True)
    ('a, b, and c', 'a and b', '3 new, 1 skipped')
    """
    if not parts:
        return ""
    locale = current_locale()
    if counts:
        try:
            return format_list(list(parts), style="unit", locale=locale)
        except KeyError:  # a locale whose CLDR data has no unit list: its usual list
            pass
    return format_list(list(parts), locale=locale)


def time_of_day(moment: time | datetime) -> str:
    """A time on the 24-hour clock, with the locale's separator (`22:15`; a room's clock)."""
    return format_skeleton("Hm", moment, locale=current_locale())


def short_date(day: date | datetime) -> str:
    """A date as the locale writes it in a list (`Dec 3, 2026`; `03.12.2026`)."""
    return format_date(day, "medium", locale=current_locale())


#: The currency of the tournament an action works on, where a rule's message shows money but
#: the rule holds only cents (a refused payout, a ledger row that does not add up).
_currency: contextvars.ContextVar[str] = contextvars.ContextVar("clockapp_currency", default="$")


def current_currency() -> str:
    """The currency messages write money in: the tournament's inside `using_currency`, else "$".

    >>> current_currency()
    '$'
    >>> with using_currency("€"):
    ...     current_currency(), money(2533, current_currency())
    ('€', '€25.33')
    """
    return _currency.get()


@contextmanager
def using_currency(currency: str) -> Iterator[str]:
    """Write money in `currency` (a sign or a code) in this thread or task until the block ends.

    A service wraps the work of one action on a tournament in it, so a rule that refuses with an
    amount (`format_cents`) names that tournament's currency rather than a dollar.
    """
    token = _currency.set(currency)
    try:
        yield currency
    finally:
        _currency.reset(token)
