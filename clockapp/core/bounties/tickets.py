"""Tickets as prizes: a seat in a league final or a bigger event paid for a prize place.

The payout table says what each place is worth in cash. A ticket place gets the ticket instead of
its cash, and the difference (its cash less the ticket's value) is the cash left over, which the
host shares out one of three ways (`LeftoverRule`). A ticket worth more than its place is paid for
from the other places' cash, so the left over can be negative, and the host is told so
(`ticket_warnings`); the cash paid out plus the tickets' values always make the prize pool to the
cent.

A ticket cannot be split: when players tie over a ticket place the host's rule
(`TicketTieRule`) says what happens. By default its value is paid in cash instead and shared
with the other places of the tie (`tickets_in_ties`); or a seeded draw, kept with the rule so
anyone can replay it, orders the tied players over the tie's places (`draw_ties`). Either way
the pool is paid to the cent. (A tie is only between equal stacks at the start of the hand: the
chips have already ranked everyone they can.)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from clockapp.core.bounties.rules import BountyError
from clockapp.core.money.amounts import allocate, check_cents, format_cents
from clockapp.core.payout_text import ordinal
from clockapp.i18n import gettext as _


class LeftoverRule(StrEnum):
    """Where the cash left over by the ticket places goes."""

    NEXT_PLACES = "next"  # to the cash places after the tickets, in the payout table's proportions
    TICKET_HOLDERS = "holders"  # shared equally by the ticket winners, in cash
    FIRST_CASH = "first-cash"  # all to the first place that is paid in cash


class TicketTieRule(StrEnum):
    """What happens when players tie over a ticket place."""

    CASH = "cash"  # the ticket's value is paid in cash, shared with the tie's other places
    DRAW = "draw"  # a recorded draw orders the tied players over the tie's places

    @property
    def label(self) -> str:
        """The rule in words, as the bounty dialog offers it."""
        if self is TicketTieRule.CASH:
            return "its value is shared in cash"
        return "a recorded draw decides who takes it"


@dataclass(frozen=True)
class Ticket:
    """A ticket paid for a prize place.

    >>> Ticket(1, 20000, "League final seat").value
    20000
    """

    place: int
    value: int
    description: str

    def __post_init__(self) -> None:
        if isinstance(self.place, bool) or not isinstance(self.place, int) or self.place < 1:
            raise BountyError(
                _("A ticket is paid for a place 1 or more, not {place!r}.").format(place=self.place)
            )
        check_cents(self.value, f"The ticket for place {self.place}", minimum=1)
        if not self.description.strip():
            raise BountyError(
                _("Say what the ticket for place {place} is a seat in.").format(place=self.place)
            )


@dataclass(frozen=True)
class PlacePrize:
    """What one place is paid: cash, and a ticket or None."""

    place: int
    cash: int
    ticket: Ticket | None = None

    @property
    def value(self) -> int:
        """Cash plus the ticket's value."""
        return self.cash + (self.ticket.value if self.ticket else 0)


def apply_tickets(
    amounts: Sequence[int], tickets: Sequence[Ticket], rule: LeftoverRule
) -> tuple[PlacePrize, ...]:
    """Pay the ticket places with their tickets and share the cash left over.

    Args:
        amounts: The payout table's cash per place, first place first.
        tickets: The tickets (each for a place in the table, at most one per place).
        rule: Where the cash left over goes.

    Raises:
        BountyError: A ticket for a place not paid, two for one place, tickets worth more than
            the prize pool, or left over with nowhere to go.

    Three $300 tickets from a $1,000 pool, the $100 left over to 4th place:

    >>> [(p.cash, p.ticket is not None) for p in apply_tickets(
    ...     (40000, 30000, 20000, 10000),
    ...     [Ticket(1, 30000, "Final"), Ticket(2, 30000, "Final"), Ticket(3, 30000, "Final")],
    ...     LeftoverRule.NEXT_PLACES)]
    [(0, True), (0, True), (0, True), (10000, False)]
    """
    pool = sum(amounts)
    by_place: dict[int, Ticket] = {}
    for ticket in tickets:
        if ticket.place > len(amounts):
            raise BountyError(
                _(
                    "The ticket for place {place} is for a place the payout table does not "
                    "pay ({count} paid)."
                ).format(place=ticket.place, count=len(amounts))
            )
        if ticket.place in by_place:
            raise BountyError(
                _("Place {place} has two tickets: keep one.").format(place=ticket.place)
            )
        by_place[ticket.place] = ticket
    worth = sum(t.value for t in by_place.values())
    if worth > pool:
        raise BountyError(
            _(
                "The tickets are worth {amount}, more than the prize pool "
                "({amount2}): lower their values or pay fewer places with tickets."
            ).format(amount=format_cents(worth), amount2=format_cents(pool))
        )
    if not by_place:
        return tuple(PlacePrize(p, a) for p, a in enumerate(amounts, start=1))
    leftover = sum(amounts[p - 1] for p in by_place) - worth
    cash = [0 if p in by_place else a for p, a in enumerate(amounts, start=1)]
    cash_places = [p for p in range(1, len(amounts) + 1) if p not in by_place]
    if leftover > 0:
        if rule is LeftoverRule.TICKET_HOLDERS or not cash_places:
            holders = sorted(by_place)
            for place, part in zip(holders, allocate(leftover, [1] * len(holders)), strict=True):
                cash[place - 1] += part
        elif rule is LeftoverRule.FIRST_CASH:
            cash[cash_places[0] - 1] += leftover
        else:
            weights = [amounts[p - 1] for p in cash_places]
            if not any(weights):
                weights = [1] * len(cash_places)
            for place, part in zip(cash_places, allocate(leftover, weights), strict=True):
                cash[place - 1] += part
    elif leftover < 0:
        # The tickets cost more than their places: the cash places pay the difference in
        # proportion to what they hold (`worth <= pool` above, so they can).
        weights = [cash[p - 1] for p in cash_places]
        for place, part in zip(cash_places, allocate(-leftover, weights), strict=True):
            cash[place - 1] -= part
    return tuple(PlacePrize(p, cash[p - 1], by_place.get(p)) for p in range(1, len(amounts) + 1))


def ticket_warnings(amounts: Sequence[int], tickets: Iterable[Ticket]) -> tuple[str, ...]:
    """What to tell the host of tickets worth more than their place pays: the difference is
    taken from the places paid in cash (`apply_tickets`), which the host should know.

    >>> ticket_warnings((30000, 10000), [Ticket(2, 15000, "Seat")])[0][:43]
    'The ticket for 2nd (Seat) is worth $150.00,'
    """
    said = []
    for ticket in sorted(tickets, key=lambda t: t.place):
        if ticket.place > len(amounts) or ticket.value <= amounts[ticket.place - 1]:
            continue
        pays = amounts[ticket.place - 1]
        said.append(
            f"The ticket for {ordinal(ticket.place)} ({ticket.description}) is worth "
            f"{format_cents(ticket.value)}, more than the {format_cents(pays)} the place pays: "
            f"the other {format_cents(ticket.value - pays)} comes out of the places paid in cash."
        )
    return tuple(said)


def tickets_in_ties(prizes: Sequence[PlacePrize], ties: Iterable[range]) -> tuple[PlacePrize, ...]:
    """The place prizes with every ticket a tie covers paid in cash (its value), for the tied
    players to share with the tie's other places; the total value is unchanged.

    >>> prizes = (PlacePrize(1, 200), PlacePrize(2, 0, Ticket(2, 100, "Seat")), PlacePrize(3, 100))
    >>> [(p.cash, p.ticket) for p in tickets_in_ties(prizes, [range(2, 4)])]
    [(200, None), (100, None), (100, None)]
    """
    shared = {place for tie in ties if len(tie) > 1 for place in tie}
    return tuple(
        PlacePrize(p.place, p.value) if p.ticket is not None and p.place in shared else p
        for p in prizes
    )


def draw_ties(
    prizes: Sequence[PlacePrize], ties: Iterable[tuple[range, Sequence[int]]], seed: int
) -> dict[int, PlacePrize]:
    """The place prize each player tied over a ticket place gets by the recorded draw.

    Each tie (the places it covers, the tied players in the order their busts were recorded)
    that covers a ticket is ordered by `random.Random(f"{seed}:tie:{first place}")`; the first
    drawn takes the tie's first place, the next the second, and so on. Ties over cash places
    only are left out (they share as usual).

    >>> prizes = (PlacePrize(1, 200), PlacePrize(2, 0, Ticket(2, 100, "Seat")), PlacePrize(3, 100))
    >>> won = draw_ties(prizes, [(range(2, 4), (7, 8))], seed=5)
    >>> sorted((p.place, p.cash, p.ticket is not None) for p in won.values())
    [(2, 0, True), (3, 100, False)]
    """
    by_place = {p.place: p for p in prizes}
    result: dict[int, PlacePrize] = {}
    for places, players in ties:
        if len(players) < 2 or not any(
            by_place.get(p) is not None and by_place[p].ticket is not None for p in places
        ):
            continue
        order = sorted(players)
        random.Random(f"{seed}:tie:{places.start}").shuffle(order)
        for place, player in zip(places, order, strict=True):
            result[player] = by_place.get(place, PlacePrize(place, 0))
    return result
