"""The hand evaluator: `evaluate` for a ruling, `strength` and `strengths` for speed.

Every five-card hand falls in one of 7,462 classes of equal hands; a hand's *strength* is its
class, 1 (seven-high) to 7462 (royal flush), so higher is better and equal means a tie. For 5, 6
or 7 cards the strength is that of the best five. The lookups are explained in
`clockapp.poker.tablegen`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

import numpy as np
import numpy.typing as npt

from clockapp.i18n import N_, pgettext
from clockapp.i18n import gettext as _
from clockapp.poker import tables
from clockapp.poker.cards import Card, as_cards
from clockapp.poker.errors import CardError, PokerError

Int64Array = npt.NDArray[np.int64]
StrengthArray = npt.NDArray[np.int32]
CardsLike = str | Iterable[int | str]

MAX_STRENGTH: Final = 7462


class Category(StrEnum):
    """The nine kinds of poker hand, weakest first."""

    HIGH_CARD = "high card"
    ONE_PAIR = "one pair"
    TWO_PAIR = "two pair"
    THREE_OF_A_KIND = "three of a kind"
    STRAIGHT = "straight"
    FLUSH = "flush"
    FULL_HOUSE = "full house"
    FOUR_OF_A_KIND = "four of a kind"
    STRAIGHT_FLUSH = "straight flush"

    @property
    def label(self) -> str:
        """The category's name as a table says it, in the current language.

        >>> Category.FULL_HOUSE.label
        'Full house'
        """
        return _(_CATEGORY_LABELS[self])


_CATEGORY_LABELS: dict[Category, str] = {
    Category.HIGH_CARD: N_("High card"),
    Category.ONE_PAIR: N_("One pair"),
    Category.TWO_PAIR: N_("Two pair"),
    Category.THREE_OF_A_KIND: N_("Three of a kind"),
    Category.STRAIGHT: N_("Straight"),
    Category.FLUSH: N_("Flush"),
    Category.FULL_HOUSE: N_("Full house"),
    Category.FOUR_OF_A_KIND: N_("Four of a kind"),
    Category.STRAIGHT_FLUSH: N_("Straight flush"),
}


class Game(StrEnum):
    """The games the evaluator knows: Hold'em (any 5 of 7) and Omaha (2 hole + 3 board)."""

    HOLDEM = "holdem"
    OMAHA = "omaha"


_CATEGORIES: Final = tuple(Category)


def _class_ranks(value: int) -> tuple[int, ...]:
    """The five ranks of a strength's class, in order of significance."""
    ranks: list[int] = tables.CLASS_RANKS[value].tolist()
    return tuple(ranks)


# The one-hand path indexes Python lists (faster than numpy scalars). They are made from the
# arrays on the first call for each hand size rather than at import, to keep the import quick.
_SizeTables = tuple[list[int], list[int], list[int], int, int]
_BY_SIZE: Final[list[_SizeTables | None]] = [None] * 8  # by hand size: fsuit, offsets, values,...
_KEY: Final = tables.KEY_LIST
_FLUSH: Final[list[int]] = []
_RANK_MASK: Final = tables.RANK_MASK
_RANK_BITS: Final = tables.RANK_BITS


def _size_tables(size: int) -> _SizeTables:
    if size not in tables.SIZES:
        raise CardError(_("a hand has 5, 6 or 7 cards, not {size}").format(size=size))
    if not _FLUSH:
        _FLUSH.extend(tables.FLUSH.tolist())
    shift = tables.SHIFT[size]
    entry = (
        tables.FSUIT[size].tolist(),
        tables.OFFSETS[size].tolist(),
        tables.NOFLUSH[size].tolist(),
        shift,
        (1 << shift) - 1,
    )
    _BY_SIZE[size] = entry
    return entry


def strength(cards: Sequence[int]) -> int:
    """The strength (1-7462, higher is better) of 5, 6 or 7 distinct cards given as codes.

    The fast path for cards already parsed: it trusts that the codes are distinct and in 0-51
    (`evaluate` checks; this does not).

    >>> from clockapp.poker.cards import parse_cards
    >>> strength(parse_cards("As Ks Qs Js Ts")), strength(parse_cards("7d 5c 4h 3s 2d"))
    (7462, 1)
    """
    key = 0
    for card in cards:
        key += _KEY[card]
    try:
        fsuit, offsets, values, shift, column_mask = _BY_SIZE[len(cards)]  # type: ignore[misc]
    except (TypeError, IndexError):  # not built yet (None), or no such hand size
        fsuit, offsets, values, shift, column_mask = _size_tables(len(cards))
    suit = fsuit[key >> _RANK_BITS]
    if suit < 0:
        rank_key = key & _RANK_MASK
        return values[offsets[rank_key >> shift] + (rank_key & column_mask)]
    mask = 0
    for card in cards:
        if card & 3 == suit:
            mask |= 1 << (card >> 2)
    return _FLUSH[mask]


# Rows per numpy pass: large enough to amortise the per-call overhead, small enough that the
# temporaries (a few int64 arrays of this length) stay in cache.
_CHUNK: Final = 65536


def strengths_from_keys(
    keys: Int64Array, size: int, flush_bits: Callable[[Int64Array], Int64Array]
) -> StrengthArray:
    """Strengths of hands of `size` cards from their summed card keys (`tables.CARD_KEY`).

    Args:
        keys: One summed key per hand.
        size: Cards per hand (5, 6 or 7).
        flush_bits: Given the row numbers of the hands with a flush, their summed
            `tables.CARD_FLUSH_BITS` (13 rank bits per suit); it is called only when there are any.
    """
    suits = np.take(tables.FSUIT[size], keys >> _RANK_BITS, mode="clip")
    rank_keys = keys & _RANK_MASK
    slots = np.take(tables.OFFSETS[size], rank_keys >> tables.SHIFT[size], mode="clip")
    slots += rank_keys & ((1 << tables.SHIFT[size]) - 1)
    values = np.take(tables.NOFLUSH[size], slots, mode="clip").astype(np.int32)
    flush_rows = np.flatnonzero(suits >= 0)
    if flush_rows.size:
        masks = (flush_bits(flush_rows) >> (13 * suits[flush_rows])) & 0x1FFF
        values[flush_rows] = np.take(tables.FLUSH, masks, mode="clip")
    return values


def five_card_strengths(keys: Int64Array) -> StrengthArray:
    """Strengths of five-card hands from their summed card keys (no flush masks needed).

    A five-card flush uses all five ranks, so its value comes from the rank hash like any other.
    """
    suits = np.take(tables.FSUIT[5], keys >> _RANK_BITS, mode="clip")
    rank_keys = keys & _RANK_MASK
    slots = np.take(tables.OFFSETS[5], rank_keys >> tables.SHIFT[5], mode="clip")
    slots += rank_keys & ((1 << tables.SHIFT[5]) - 1)
    values = np.take(tables.NOFLUSH[5], slots, mode="clip").astype(np.int32)
    flush_rows = np.flatnonzero(suits >= 0)
    if flush_rows.size:
        values[flush_rows] = np.take(tables.FLUSH5, slots[flush_rows], mode="clip")
    return values


def _chunk_strengths(chunk: npt.NDArray[np.integer]) -> StrengthArray:
    size = chunk.shape[1]
    columns = [chunk[:, j].astype(np.intp) for j in range(size)]
    keys = np.take(tables.CARD_KEY, columns[0], mode="clip")
    for column in columns[1:]:
        keys += np.take(tables.CARD_KEY, column, mode="clip")

    def flush_bits(rows: Int64Array) -> Int64Array:
        bits = np.take(tables.CARD_FLUSH_BITS, columns[0][rows], mode="clip")
        for column in columns[1:]:
            bits += np.take(tables.CARD_FLUSH_BITS, column[rows], mode="clip")
        return bits

    return strengths_from_keys(keys, size, flush_bits)


def strengths(hands: npt.ArrayLike) -> StrengthArray:
    """Strengths of many hands at once: an (N, 5..7) integer array of card codes in, N out.

    Each row must hold distinct codes (not checked, as in `strength`); codes outside 0-51 are
    an error.

    >>> import numpy as np
    >>> strengths(np.array([[51, 47, 43, 39, 35], [12, 9, 4, 0, 48]])).tolist()  # royal, wheel
    [7462, 5854]
    """
    array = np.asarray(hands)
    if array.ndim != 2 or not 5 <= array.shape[1] <= 7:
        raise CardError(
            _("hands must be an (N, 5..7) array of card codes, not shape {shape}").format(
                shape=array.shape
            )
        )
    if array.dtype.kind not in "iu":
        raise CardError(_("card codes must be integers, not {dtype}").format(dtype=array.dtype))
    if array.size and (int(array.min()) < 0 or int(array.max()) > 51):
        raise CardError(_("card codes run from 0 to 51"))
    out = np.empty(len(array), np.int32)
    for start in range(0, len(array), _CHUNK):
        out[start : start + _CHUNK] = _chunk_strengths(array[start : start + _CHUNK])
    return out


def category_of(value: int) -> Category:
    """The category of a strength.

    >>> category_of(7462)
    <Category.STRAIGHT_FLUSH: 'straight flush'>
    """
    if not 1 <= value <= MAX_STRENGTH:
        raise PokerError(
            _("{value} is not a hand strength (they run from 1 to {MAX_STRENGTH})").format(
                value=value, MAX_STRENGTH=MAX_STRENGTH
            )
        )
    return _CATEGORIES[int(tables.CLASS_CATEGORY[value])]


def _rank_names() -> tuple[str, ...]:
    """Each rank's name as a kicker or a high card, 2 to ace, in the current language."""
    return (
        pgettext("card rank", "two"), pgettext("card rank", "three"),
        pgettext("card rank", "four"), pgettext("card rank", "five"),
        pgettext("card rank", "six"), pgettext("card rank", "seven"),
        pgettext("card rank", "eight"), pgettext("card rank", "nine"),
        pgettext("card rank", "ten"), pgettext("card rank", "jack"),
        pgettext("card rank", "queen"), pgettext("card rank", "king"),
        pgettext("card rank", "ace"),
    )  # fmt: skip


def _rank_plurals() -> tuple[str, ...]:
    """Each rank's name for a pair, trips or quads of it ("aces"), 2 to ace."""
    return (
        pgettext("card ranks", "twos"), pgettext("card ranks", "threes"),
        pgettext("card ranks", "fours"), pgettext("card ranks", "fives"),
        pgettext("card ranks", "sixes"), pgettext("card ranks", "sevens"),
        pgettext("card ranks", "eights"), pgettext("card ranks", "nines"),
        pgettext("card ranks", "tens"), pgettext("card ranks", "jacks"),
        pgettext("card ranks", "queens"), pgettext("card ranks", "kings"),
        pgettext("card ranks", "aces"),
    )  # fmt: skip


def _kicker_names() -> tuple[str, ...]:
    """Each rank as one kicker, with its article where the language has one ("an ace")."""
    return (
        pgettext("one kicker", "a two"), pgettext("one kicker", "a three"),
        pgettext("one kicker", "a four"), pgettext("one kicker", "a five"),
        pgettext("one kicker", "a six"), pgettext("one kicker", "a seven"),
        pgettext("one kicker", "an eight"), pgettext("one kicker", "a nine"),
        pgettext("one kicker", "a ten"), pgettext("one kicker", "a jack"),
        pgettext("one kicker", "a queen"), pgettext("one kicker", "a king"),
        pgettext("one kicker", "an ace"),
    )  # fmt: skip


def describe_strength(value: int) -> str:
    """A strength in words a table understands, in the current language.

    >>> describe_strength(7462), describe_strength(5854)
    ('Royal flush', 'Straight, five high')
    """
    category = category_of(value)
    ranks = _class_ranks(value)
    names, plurals, kickers = _rank_names(), _rank_plurals(), _kicker_names()
    name = [names[r] for r in ranks]
    plural = [plurals[r] for r in ranks]
    match category:
        case Category.STRAIGHT_FLUSH:
            if ranks[0] == 12:
                return _("Royal flush")
            return _("Straight flush, {high} high").format(high=name[0])
        case Category.FOUR_OF_A_KIND:
            return _("Four of a kind, {quads} with {kicker} kicker").format(
                quads=plural[0], kicker=kickers[ranks[4]]
            )
        case Category.FULL_HOUSE:
            return _("Full house, {trips} full of {pair}").format(trips=plural[0], pair=plural[3])
        case Category.FLUSH:
            return _("Flush, {cards}").format(cards="-".join(name))
        case Category.STRAIGHT:
            return _("Straight, {high} high").format(high=name[0])
        case Category.THREE_OF_A_KIND:
            return _("Three of a kind, {trips} with {first} and {second} kickers").format(
                trips=plural[0], first=name[3], second=name[4]
            )
        case Category.TWO_PAIR:
            return _("Two pair, {high} and {low} with {kicker} kicker").format(
                high=plural[0], low=plural[2], kicker=kickers[ranks[4]]
            )
        case Category.ONE_PAIR:
            return _("One pair, {pair} with {first}, {second} and {third} kickers").format(
                pair=plural[0], first=name[2], second=name[3], third=name[4]
            )
        case _:
            return _("High card, {cards}").format(cards="-".join(name))


@dataclass(frozen=True, order=True)
class HandValue:
    """What a hand is worth: compares with `<`, `==`, `>` by strength, so equal means a tie.

    Attributes:
        strength: 1 (seven-high) to 7462 (royal flush).
        best_five: The five cards that play, in order of significance (the wheel's ace last).
    """

    strength: int
    best_five: tuple[Card, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        if not 1 <= self.strength <= MAX_STRENGTH:
            raise PokerError(
                _("{strength} is not a hand strength (1 to {MAX_STRENGTH})").format(
                    strength=self.strength, MAX_STRENGTH=MAX_STRENGTH
                )
            )
        if self.best_five and len(self.best_five) != 5:
            raise PokerError(
                _("the best five cards must be five, not {count}").format(count=len(self.best_five))
            )

    @property
    def category(self) -> Category:
        """The kind of hand, like "full house"."""
        return category_of(self.strength)

    @property
    def ranks(self) -> tuple[int, ...]:
        """The five ranks (0 = deuce .. 12 = ace) in order of significance."""
        return _class_ranks(self.strength)

    def describe(self) -> str:
        """The hand in words: "Full house, kings full of fives", "Royal flush".

        >>> evaluate("Kh Kd Ks 5c 5d 2s 3h").describe()
        'Full house, kings full of fives'
        """
        return describe_strength(self.strength)

    def __str__(self) -> str:
        return self.describe()


def _ordered(five: Sequence[Card], value: int) -> tuple[Card, ...]:
    """`five` in the order of the class's ranks (pairs together, the wheel's ace last)."""
    remaining = list(five)
    ordered: list[Card] = []
    for rank in _class_ranks(value):
        card = next(c for c in remaining if c.rank == rank)
        remaining.remove(card)
        ordered.append(card)
    return tuple(ordered)


def _best_of(fives: Iterable[Sequence[Card]], value: int | None = None) -> HandValue:
    best: Sequence[Card] = ()
    best_value = 0
    for five in fives:
        v = strength(five)
        if v > best_value:
            best, best_value = five, v
            if v == value:
                break
    return HandValue(best_value, _ordered(best, best_value))


def _check_distinct(hole: Sequence[Card], board: Sequence[Card]) -> None:
    for card in hole:
        if card in board:
            raise CardError(_('"{card}" is both in the hand and on the board').format(card=card))


def evaluate(
    cards: CardsLike, board: CardsLike | None = None, game: Game | str | None = None
) -> HandValue:
    """The value of a hand: 5-7 cards in Hold'em, or Omaha hole cards with a board.

    Without a board, `cards` are 5, 6 or 7 cards and the best five play. With a board, four hole
    cards mean Omaha (exactly two of them with exactly three from the board); otherwise the hole
    cards and the board together (5 to 7 cards) play as in Hold'em. `game` forces one or the other.

    Raises:
        CardError: For unreadable or duplicate cards, or the wrong number of them.

    >>> value = evaluate("Ah Ad 9c 9s Qd 4h 2c")
    >>> value.category, value.describe()
    (<Category.TWO_PAIR: 'two pair'>, 'Two pair, aces and nines with a queen kicker')
    >>> evaluate("Ah 7c 7d 2s", board="Kh Qh Jh Th 3c").describe()  # Omaha: no royal flush
    'One pair, sevens with king, queen and jack kickers'
    """
    hole = as_cards(cards, _("the hand"))
    if board is None:
        if game == Game.OMAHA:
            raise CardError(_("Omaha needs a board: two hole cards play with three from the board"))
        if not 5 <= len(hole) <= 7:
            raise CardError(_("a hand has 5, 6 or 7 cards, not {count}").format(count=len(hole)))
        value = strength(hole)
        return _best_of(itertools.combinations(hole, 5), value)
    table = as_cards(board, _("the board"))
    _check_distinct(hole, table)
    omaha = Game(game) == Game.OMAHA if game is not None else len(hole) == 4
    if omaha:
        if len(hole) != 4:
            raise CardError(
                _("an Omaha hand has 4 hole cards, not {count}").format(count=len(hole))
            )
        if not 3 <= len(table) <= 5:
            raise CardError(
                _("an Omaha board has 3 to 5 cards, not {count}").format(count=len(table))
            )
        fives = (
            pair + triple
            for pair in itertools.combinations(hole, 2)
            for triple in itertools.combinations(table, 3)
        )
        return _best_of(fives)
    every = hole + table
    if not 5 <= len(every) <= 7:
        raise CardError(
            _("the hand and the board make {count} cards; Hold'em needs 5 to 7").format(
                count=len(every)
            )
        )
    return _best_of(itertools.combinations(every, 5), strength(every))
