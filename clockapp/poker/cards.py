"""Playing cards: the 52 `Card`s, their codes, and `parse_cards` for what a director types.

A card's code is `4 * rank + suit`, rank 0 (deuce) .. 12 (ace), suit 0..3 for spades, hearts,
diamonds, clubs. `Card` is an `int` subclass holding that code, so cards index lookup tables and
fill numpy arrays directly, with no conversion on the hot paths of the evaluator.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import StrEnum
from typing import Final

from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext
from clockapp.poker.errors import CardError

RANK_CHARS: Final = "23456789TJQKA"
SUIT_CHARS: Final = "shdc"
SUIT_SYMBOLS: Final = "♠♥♦♣"
RANK_NAMES: Final = (
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "jack", "queen", "king", "ace",
)  # fmt: skip
RANK_PLURALS: Final = (
    "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
    "jacks", "queens", "kings", "aces",
)  # fmt: skip


class Suit(StrEnum):
    """The four suits, valued by their letter; `Suit.SPADES.symbol` is "♠"."""

    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"

    @property
    def symbol(self) -> str:
        """The suit's symbol: ♠ ♥ ♦ ♣."""
        return SUIT_SYMBOLS[SUIT_CHARS.index(self.value)]


_SUITS: Final = tuple(Suit(c) for c in SUIT_CHARS)


class Card(int):
    """One of the 52 cards; its `int` value is its code (0-51).

    >>> card = Card.from_text("Qh")
    >>> str(card), int(card), card.rank, card.suit.symbol
    ('Qh', 41, 10, '♥')
    """

    __slots__ = ()

    def __new__(cls, code: int) -> Card:
        """The card with code `code` (`4 * rank + suit`)."""
        if not 0 <= int(code) <= 51:
            raise CardError(
                _("{code} is not a card code (codes run from 0 to 51)").format(code=code)
            )
        return super().__new__(cls, code)

    @classmethod
    def from_text(cls, text: str) -> Card:
        """The one card written in `text`, like "As", "10h" or "9♣"."""
        (card,) = parse_cards(text, count=1)
        return card

    @classmethod
    def of(cls, rank: int, suit: Suit | int) -> Card:
        """The card of `rank` (0 = deuce .. 12 = ace) and `suit`."""
        suit_index = _SUITS.index(suit) if isinstance(suit, Suit) else int(suit)
        if not 0 <= rank <= 12 or not 0 <= suit_index <= 3:
            raise CardError(
                _("no card has rank {rank} and suit {suit}").format(rank=rank, suit=suit)
            )
        return CARDS[4 * rank + suit_index]

    @property
    def rank(self) -> int:
        """0 for a deuce up to 12 for an ace."""
        return int(self) >> 2

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return _SUITS[int(self) & 3]

    @property
    def symbol(self) -> str:
        """The card with its suit symbol, like "Q♥"."""
        return RANK_CHARS[self.rank] + self.suit.symbol

    def __str__(self) -> str:
        return RANK_CHARS[self.rank] + SUIT_CHARS[int(self) & 3]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


CARDS: Final[tuple[Card, ...]] = tuple(int.__new__(Card, code) for code in range(52))
"""All 52 cards, indexed by code (deuces first, then treys, ..., aces)."""

_RANK_OF: Final = {c: i for i, c in enumerate(RANK_CHARS)} | {"10": 8}
_SUIT_OF: Final = (
    {c: i for i, c in enumerate(SUIT_CHARS)}
    | {s: i for i, s in enumerate(SUIT_SYMBOLS)}
    | {s: i for i, s in enumerate("♤♡♢♧")}
)
# One card: a rank ("10" before single characters) then one suit character; anything else in a
# word is read as an unknown rank or suit so the message can point at it.
_CARD_RE: Final = re.compile(r"(10|[^\s,])([^\s,]?)")


def _describe_bad(token: str, rank: str, suit: str, text: str) -> str:
    where = f' in "{text}"' if text.strip() != token else ""
    if rank.upper() not in _RANK_OF:
        return (
            f'"{token}"{where} is not a card: unknown rank "{rank}" (use 2-9, T or 10, J, Q, K, A)'
        )
    if not suit:
        return f'"{token}"{where} is not a card: the suit is missing (use s, h, d, c or ♠ ♥ ♦ ♣)'
    return f'"{token}"{where} is not a card: unknown suit "{suit}" (use s, h, d, c or ♠ ♥ ♦ ♣)'


def parse_cards(text: str, count: int | None = None) -> tuple[Card, ...]:
    """The cards written in `text`: "As Kd 10h 9♣ tc", "AsKd" and "as, kd" all work.

    Ranks are 2-9, T or 10, J, Q, K, A in any case; suits are s h d c (any case) or ♠ ♥ ♦ ♣.
    Cards may be separated by spaces or commas, or written together.

    Args:
        text: What was typed.
        count: If given, exactly this many cards must be there.

    Raises:
        CardError: For an unknown rank or suit, a card written twice, or the wrong number of
            cards; the message quotes the offending text.

    >>> parse_cards("As Kd 10h 9♣ tc")
    (Card('As'), Card('Kd'), Card('Th'), Card('9c'), Card('Tc'))
    >>> parse_cards("AsAs")
    Traceback (most recent call last):
    ...
    clockapp.poker.errors.CardError: "As" appears twice in "AsAs"
    """
    cards: list[Card] = []
    for match in _CARD_RE.finditer(text):
        rank, suit = match.group(1), match.group(2)
        r = _RANK_OF.get(rank.upper())
        s = _SUIT_OF.get(suit.lower() if suit else "")
        if r is None or s is None:
            raise CardError(_describe_bad(match.group(0), rank, suit, text))
        card = CARDS[4 * r + s]
        if card in cards:
            raise CardError(_('"{card}" appears twice in "{text}"').format(card=card, text=text))
        cards.append(card)
    if count is not None and len(cards) != count:
        raise CardError(
            ngettext(
                'expected {count} card, got {found} in "{text}"',
                'expected {count} cards, got {found} in "{text}"',
                count,
            ).format(count=count, found=len(cards), text=text)
        )
    return tuple(cards)


def as_cards(cards: str | Iterable[int | str], what: str | None = None) -> tuple[Card, ...]:
    """Cards from text ("As Kd"), codes, `Card`s or card strings, checked for duplicates.

    Args:
        cards: The cards in any of those forms.
        what: What these cards are ("the board", "hand 2"), translated, for error messages
            (by default "cards").

    >>> as_cards([48, "Kd", Card.from_text("2c")])
    (Card('As'), Card('Kd'), Card('2c'))
    """
    if what is None:
        what = _("cards")
    if isinstance(cards, str):
        try:
            return parse_cards(cards)
        except CardError as error:
            raise CardError(_("{what}: {error}").format(what=what, error=error)) from None
    result: list[Card] = []
    for item in cards:
        if isinstance(item, str):
            try:
                card = Card.from_text(item)
            except CardError as error:
                raise CardError(_("{what}: {error}").format(what=what, error=error)) from None
        elif isinstance(item, Card):
            card = item
        else:
            try:
                card = CARDS[int(item)] if 0 <= int(item) <= 51 else Card(int(item))
            except CardError as error:
                raise CardError(_("{what}: {error}").format(what=what, error=error)) from None
        if card in result:
            raise CardError(_('{what}: "{card}" appears twice').format(what=what, card=card))
        result.append(card)
    return tuple(result)


def format_cards(cards: Iterable[int]) -> str:
    """Cards as text, separated by spaces.

    >>> format_cards([48, 45])
    'As Kh'
    """
    return " ".join(str(CARDS[int(c)]) for c in cards)
