"""The chip race's cards: the deck, reading and printing a card, the seeded deal and the check of
the cards really dealt at the table.

The race orders cards by rank, then by suit (spades > hearts > diamonds > clubs); a card is
written as rank and suit ("As", "Td"), on the wall with its suit's symbol ("10♥").
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from clockapp.errors import DomainError
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext

RANKS = "23456789TJQKA"
#: Suits from the lowest to the highest: clubs < diamonds < hearts < spades.
SUITS = "cdhs"
SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
DECK = tuple(r + s for r in RANKS for s in SUITS)


class ChipRaceError(DomainError):
    """A chip race that cannot be run as asked."""


def card_key(card: str) -> tuple[int, int]:
    """The card's order: rank first, then suit (spades highest).

    >>> card_key("As") > card_key("Ah") > card_key("Ks")
    True
    """
    return RANKS.index(card[0]), SUITS.index(card[1])


def parse_card(text: str) -> str:
    """The card named by `text` ("As", "10h", "t♠"), in the form "Ts"; a readable error if not.

    >>> parse_card("10♥"), parse_card(" qd ")
    ('Th', 'Qd')
    >>> parse_card("1x")
    Traceback (most recent call last):
    ...
    clockapp.core.race_cards.ChipRaceError: "1x" is not a card: write it as rank and suit, e.g. As, Td, 9c.
    """  # noqa: E501 - a doctest's expected output cannot be wrapped
    raw = text.strip()
    value = raw.replace("10", "T")
    for suit, symbol in SUIT_SYMBOLS.items():
        value = value.replace(symbol, suit)
    if len(value) == 2:
        rank, suit = value[0].upper(), value[1].lower()
        if rank in RANKS and suit in SUITS:
            return rank + suit
    raise ChipRaceError(
        _('"{raw}" is not a card: write it as rank and suit, e.g. As, Td, 9c.').format(raw=raw)
    )


def pretty_card(card: str) -> str:
    """The card as the wall prints it: `A♠`, `10♥`.

    >>> pretty_card("Th")
    '10♥'
    """
    rank = "10" if card[0] == "T" else card[0]
    return rank + SUIT_SYMBOLS[card[1]]


def draw_cards(counts: Sequence[int], seed: int) -> tuple[tuple[str, ...], ...]:
    """Cards for each player (`counts[i]` each) from a deck shuffled with `seed`, dealt in order.

    The same seed deals the same cards, so a recorded race can be dealt again and checked.

    >>> draw_cards((2, 1), seed=7) == draw_cards((2, 1), seed=7)
    True
    """
    if sum(counts) > len(DECK):
        raise ChipRaceError(
            _(
                "The race needs {sum} cards (one per odd chip), more than one deck of "
                "{count}: race fewer players at a time, or change some odd chips up by "
                "hand first."
            ).format(sum=sum(counts), count=len(DECK))
        )
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    dealt, at = [], 0
    for count in counts:
        dealt.append(tuple(deck[at : at + count]))
        at += count
    return tuple(dealt)


def check_cards(
    names: Sequence[str], counts: Sequence[int], cards: Sequence[Sequence[str]]
) -> tuple[tuple[str, ...], ...]:
    """The real cards dealt, checked: one per odd chip, each card once."""
    seen: dict[str, str] = {}
    checked = []
    for name, count, hand in zip(names, counts, cards, strict=True):
        parsed = tuple(parse_card(c) for c in hand)
        if len(parsed) != count:
            raise ChipRaceError(
                ngettext(
                    "{name} races {count} odd chip: enter {count} card, not {entered}.",
                    "{name} races {count} odd chips: enter {count} cards, not {entered}.",
                    count,
                ).format(name=name, count=count, entered=len(parsed))
            )
        for card in parsed:
            if card in seen:
                raise ChipRaceError(
                    _(
                        "{pretty_card} is entered for {seen} and for {name}: each card is dealt "
                        "once."
                    ).format(pretty_card=pretty_card(card), seen=seen[card], name=name)
                )
            seen[card] = name
        checked.append(parsed)
    return tuple(checked)
