"""Envelopes and tickets as a host types them: one line (or `;`-separated item) each.

Envelopes: an amount, or a count and an amount ("4 x 25", "4 × 25.00"). Tickets: one line each,
"place; value; what it is a seat in". Every error names the line.
"""

from __future__ import annotations

import re

from clockapp.core.bounties.rules import BountyError
from clockapp.core.bounties.tickets import Ticket
from clockapp.core.money.amounts import parse_amount, typed_amount
from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _

_COUNT = re.compile(r"^\s*(\d+)\s*[x×*]\s*(.+)$", re.IGNORECASE)
#: More envelopes than any room hands out (a typo such as "1000 x 5" is caught here).
MAX_ENVELOPES = 500


def parse_envelopes(text: str, symbol: str = "$") -> tuple[int, ...]:
    """The envelopes' amounts in cents, largest first.

    >>> parse_envelopes("100; 2 x 50\\n4 × 25")
    (10000, 5000, 5000, 2500, 2500, 2500, 2500)
    """
    amounts: list[int] = []
    items = [item.strip() for line in text.splitlines() for item in line.split(";")]
    for number, item in enumerate((i for i in items if i), start=1):
        count, amount_text = 1, item
        match = _COUNT.match(item)
        if match:
            count, amount_text = int(match.group(1)), match.group(2)
        try:
            amount = parse_amount(
                amount_text, field=f"Envelope item {number}", symbol=symbol, allow_zero=False
            )
        except ValidationError as error:
            raise BountyError(str(error)) from error
        if count < 1 or len(amounts) + count > MAX_ENVELOPES:
            raise BountyError(
                _(
                    "Envelope item {number} ({item!r}): between 1 and {MAX_ENVELOPES} "
                    "envelopes in all."
                ).format(number=number, item=item, MAX_ENVELOPES=MAX_ENVELOPES)
            )
        amounts.extend([amount] * count)
    if not amounts:
        raise BountyError(_("Enter the envelopes' amounts (for example: 100; 2 x 50; 4 x 25)."))
    return tuple(sorted(amounts, reverse=True))


def envelopes_text(amounts: tuple[int, ...]) -> str:
    """The envelopes written back as `parse_envelopes` reads them, equal amounts grouped.

    >>> envelopes_text((10000, 5000, 5000))
    '100.00; 2 x 50.00'
    """
    parts = []
    for amount in sorted(set(amounts), reverse=True):
        count = amounts.count(amount)
        money = typed_amount(amount)
        parts.append(money if count == 1 else f"{count} x {money}")
    return "; ".join(parts)


def parse_tickets(text: str, symbol: str = "$") -> tuple[Ticket, ...]:
    """Tickets, one a line: "place; value; what it is a seat in".

    >>> parse_tickets("1; 200; League final seat")
    (Ticket(place=1, value=20000, description='League final seat'),)
    """
    tickets = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        parts = [p.strip() for p in line.split(";", 2)]
        if len(parts) != 3 or not parts[0].isdigit():
            raise BountyError(
                _(
                    "Ticket line {number} ({line!r}): write place; value; what it is a seat "
                    "in (for example: 1; 200; League final seat)."
                ).format(number=number, line=line.strip())
            )
        try:
            value = parse_amount(
                parts[1], field=f"Ticket line {number}", symbol=symbol, allow_zero=False
            )
        except ValidationError as error:
            raise BountyError(str(error)) from error
        tickets.append(Ticket(int(parts[0]), value, parts[2][:200]))
    return tuple(tickets)


def tickets_text(tickets: tuple[Ticket, ...]) -> str:
    """The tickets written back as `parse_tickets` reads them."""
    return "\n".join(f"{t.place}; {typed_amount(t.value)}; {t.description}" for t in tickets)
