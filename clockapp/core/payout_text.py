"""Payout tables as people write them: places ('1st', '2nd'), percentages ('12.5%', '50/30/20')."""

from __future__ import annotations

import re

from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _


def ordinal(place: int) -> str:
    """'1st', '2nd', '3rd', '4th', ... '11th', '21st'.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 102)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '102nd']
    """
    if 10 <= place % 100 <= 20:
        return f"{place}th"
    return f"{place}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(place % 10, 'th') }"


def format_percent(basis_points: int) -> str:
    """Basis points as a percentage without useless zeros.

    >>> format_percent(5000), format_percent(1250), format_percent(3333)
    ('50%', '12.5%', '33.33%')
    """
    whole, frac = divmod(basis_points, 100)
    return f"{whole}%" if frac == 0 else f"{whole}.{frac:02d}".rstrip("0") + "%"


def parse_percentages(text: str) -> tuple[int, ...]:
    """Read a typed list of percentages ("50/30/20", "50%, 30%, 20%", "33.34 33.33 33.33").

    Returns:
        Basis points, place 1 first (not checked to add up; `PayoutStructure` does that).

    Raises:
        ValidationError: Empty, or an item that is not a percentage with at most 2 decimals.

    >>> parse_percentages("50/30/20")
    (5000, 3000, 2000)
    >>> parse_percentages("40%, 25.5%, x")
    Traceback (most recent call last):
    ...
    clockapp.errors.ValidationError: Percentage 3 ('x') is not a number such as 25 or 12.5.
    """
    items = [item for item in re.split(r"[\s/,;]+", text.strip()) if item]
    if not items:
        raise ValidationError(_("Type the percentages, place 1 first (for example 50/30/20)."))
    result = []
    for index, item in enumerate(items, start=1):
        match = re.fullmatch(r"([0-9]+)(?:\.([0-9]{0,2}))?%?", item)
        if match is None:
            raise ValidationError(
                _("Percentage {index} ({item!r}) is not a number such as 25 or 12.5.").format(
                    index=index, item=item
                )
            )
        result.append(int(match[1]) * 100 + int((match[2] or "").ljust(2, "0")))
    return tuple(result)
