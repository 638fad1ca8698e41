"""`equity`: each hand's chance to win, tie and its expected share of the pot, plus its outs.

Exact when feasible: every way to complete the board is enumerated (heads-up Hold'em preflop is
1,712,304 boards; `make bench` times it) with precomputed combination index arrays, in chunks
small enough to stay in cache, through the same table lookups as `strengths`; each board's key is
summed once for all hands.

Omaha plays exactly two hole cards with exactly three of the five board cards: 60 five-card
hands per player per board, 130 million for heads-up preflop. Most of that work repeats, because
a board's ten triples are shared with many other boards: so each hand's best five with every
possible triple of board cards is worked out once (`_OmahaTriples`: C(44, 3) = 13,244 triples,
six hole pairs each), and a board is then worth the best of its ten triples' entries, ten
lookups in a table that fits in cache. Omaha is counted exactly up to `OMAHA_EXACT_HANDS` hands
(and whenever the boards are few, from the flop on); beyond that, or when asked with `samples`,
a seeded Monte Carlo whose 95 % margin of error is stated; the same seed gives the same answer.

Equity results are probabilities, so they are floats; the exact win and tie counts are kept too.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from clockapp import formats
from clockapp.i18n import gettext as _
from clockapp.poker import tables
from clockapp.poker.boards import combination_count, combination_indexes, sample_indexes
from clockapp.poker.cards import CARDS, Card, as_cards
from clockapp.poker.errors import CardError, PokerError
from clockapp.poker.evaluator import (
    CardsLike,
    Game,
    five_card_strengths,
    strength,
)
from clockapp.poker.showdown import rank_groups, read_deal

# Exact enumeration when boards x hands x five-card hands per board stays under this (heads-up
# Hold'em preflop is 3.4 M), and for Omaha also when there are at most `OMAHA_EXACT_HANDS` hands
# (heads-up preflop is 130 M five-card hands, but only 22 M lookups in `_OmahaTriples`).
EXACT_LIMIT = 20_000_000
#: The most Omaha hands counted exactly preflop by default (heads-up: 1,086,008 boards).
OMAHA_EXACT_HANDS = 4
DEFAULT_SAMPLES = 60_000
#: The most random boards a Monte Carlo run takes: about ±0.1% at 95%, and seconds, not hours.
MAX_SAMPLES = 1_000_000
# Boards per numpy pass, chosen by timing heads-up preflop: a pass four times larger took three
# times as long in all. A pass makes a few dozen temporaries; at 16,384 boards they stay small
# enough for the allocator to reuse its heap and the cache to hold them, where larger ones are
# fresh pages each time (page faults, then unmapping) that cost more than the arithmetic.
_CHUNK = 16384
_MASK_HANDS = 10  # the most hands whose winners are counted as bit masks (`_Tally`)
_Z95 = 1.959963984540054  # two-sided 95 % normal quantile


@dataclass(frozen=True)
class HandEquity:
    """One hand's equity.

    Attributes:
        cards: The hole cards.
        win: Chance to win the whole pot.
        tie: Chance to tie for best and split.
        share: Expected share of the pot (wins plus split shares); the shares add up to 1.
        wins: Boards won outright.
        ties: Boards tied for best.
        margin: Half-width of the 95 % confidence interval of `share` (0 when exact).
        outs: Cards that would put this hand ahead on the next street (see `equity`).
    """

    cards: tuple[Card, ...]
    win: float
    tie: float
    share: float
    wins: int
    ties: int
    margin: float
    outs: tuple[Card, ...]


@dataclass(frozen=True)
class Equity:
    """Every hand's equity; indexable like a list of `HandEquity`.

    Attributes:
        hands: One `HandEquity` per hand, in the order given.
        board: The known board cards.
        dead: Cards known to be out of play.
        game: Hold'em or Omaha.
        boards: How many boards were enumerated (exact) or sampled (Monte Carlo).
        exact: True when every possible board was counted.
        seed: The random seed of a Monte Carlo run (None when exact).
    """

    hands: tuple[HandEquity, ...]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    game: Game
    boards: int
    exact: bool
    seed: int | None

    def __getitem__(self, index: int) -> HandEquity:
        return self.hands[index]

    def __len__(self) -> int:
        return len(self.hands)

    def __iter__(self) -> Iterator[HandEquity]:
        return iter(self.hands)


class _Tally:
    """Counts, per hand, the boards on which it was best alone or tied with t - 1 others.

    Up to `_MASK_HANDS` hands, each board's winners are one bit mask (hand i is bit i), so a
    batch is counted with one `bincount` over the boards; the masks become per-hand counts once,
    at the end. More hands (a table of 23 on the flop) would need 2**hands bins: those boards
    are few, and counted cell by cell.
    """

    def __init__(self, hands: int) -> None:
        self.hands = hands
        self.boards = 0
        self.by_cell = hands > _MASK_HANDS
        size = hands * (hands + 1) if self.by_cell else 1 << hands
        self.tally = np.zeros(size, np.int64)  # by [hand, tied winners] cell, or by winner mask

    def add(self, values: npt.NDArray[np.integer]) -> None:
        """Count one batch: `values[hand, board]`."""
        is_best = values == values.max(axis=0)
        if self.by_cell:
            hand, board = np.nonzero(is_best)
            cells = hand * (self.hands + 1) + is_best.sum(axis=0)[board]
        else:
            cells = np.zeros(values.shape[1], np.intp)
            for i, row in enumerate(is_best):
                cells |= row.view(np.uint8).astype(np.intp) << i
        self.tally += np.bincount(cells, minlength=self.tally.size)
        self.boards += values.shape[1]

    @property
    def counts(self) -> npt.NDArray[np.int64]:
        """Boards per [hand, number of tied winners]."""
        if self.by_cell:
            return self.tally.reshape(self.hands, self.hands + 1)
        counts = np.zeros((self.hands, self.hands + 1), np.int64)
        for mask in np.flatnonzero(self.tally).tolist():
            won = [i for i in range(self.hands) if mask >> i & 1]
            counts[won, len(won)] += self.tally[mask]
        return counts

    def result(
        self, cards: Sequence[tuple[Card, ...]], exact: bool, outs: list[tuple[Card, ...]]
    ) -> list[HandEquity]:
        n = max(self.boards, 1)
        split = np.arange(self.hands + 1, dtype=np.float64)
        split[0] = 1.0
        counts = self.counts
        hands = []
        for i, hole in enumerate(cards):
            row = counts[i]
            wins = int(row[1])
            ties = int(row[2:].sum())
            share = float((row / split).sum()) / n
            square = float((row / split**2).sum()) / n
            margin = 0.0 if exact else _Z95 * math.sqrt(max(square - share * share, 0.0) / n)
            hands.append(HandEquity(hole, wins / n, ties / n, share, wins, ties, margin, outs[i]))
        return hands


# The shipped tables in their narrow types: the value tables (uint16) are a quarter the size of
# their int64 copies, so the random lookups of a big enumeration stay in cache. The offsets stay
# int64: they index, and `np.take` would otherwise convert every index array first.
_NOFLUSH: Final = {size: tables.SHIPPED[f"noflush{size}"] for size in tables.SIZES}
_FSUIT: Final = tables.SHIPPED["fsuit"]
_FLUSH: Final = tables.SHIPPED["flush"]


def _holdem_values(
    holes: Sequence[tuple[Card, ...]],
    board: Sequence[Card],
    deck: Sequence[int],
    draws: npt.NDArray[np.uint8],
) -> npt.NDArray[np.uint16]:
    """Strengths[hand, board] for Hold'em: `draws` (k, m) index `deck` to complete `board`.

    The completed boards' keys are summed once for all hands and split into their rank and suit
    parts (they never carry into each other), so each hand adds its own two constants and makes
    three lookups; only the boards on which a hand has a flush look at the flush masks.
    """
    deck_keys = np.take(tables.CARD_KEY, np.array(deck, np.intp))
    deck_bits = np.take(tables.CARD_FLUSH_BITS, np.array(deck, np.intp))
    columns = [row.astype(np.intp) for row in draws]
    known = sum(tables.KEY_LIST[c] for c in board)
    board_keys = np.take(deck_keys, columns[0], mode="clip") if columns else np.zeros(1, np.int64)
    for column in columns[1:]:
        board_keys += np.take(deck_keys, column, mode="clip")
    rank_keys = board_keys & tables.RANK_MASK
    suit_keys = board_keys >> tables.RANK_BITS
    board_bits = sum(int(tables.CARD_FLUSH_BITS[c]) for c in board)
    size = len(board) + len(columns) + 2
    shift = tables.SHIFT[size]
    offsets, noflush, fsuit = tables.OFFSETS[size], _NOFLUSH[size], _FSUIT[size]
    values = np.empty((len(holes), draws.shape[1]), np.uint16)
    for i, hole in enumerate(holes):
        key = known + sum(tables.KEY_LIST[c] for c in hole)
        ranks = rank_keys + (key & tables.RANK_MASK)
        slots = np.take(offsets, ranks >> shift, mode="clip")
        ranks &= (1 << shift) - 1
        slots += ranks
        np.take(noflush, slots, out=values[i], mode="clip")
        suits = np.take(fsuit, suit_keys + (key >> tables.RANK_BITS), mode="clip")
        rows = np.flatnonzero(suits >= 0)
        if rows.size:
            bits = np.full(rows.size, board_bits, np.int64)
            bits += sum(int(tables.CARD_FLUSH_BITS[c]) for c in hole)
            for column in columns:
                bits += np.take(deck_bits, column[rows], mode="clip")
            masks = (bits >> (13 * suits[rows].astype(np.int64))) & 0x1FFF
            values[i, rows] = np.take(_FLUSH, masks, mode="clip")
    return values


_TRIPLES: Final = tuple(itertools.combinations(range(5), 3))
_PAIRS: Final = tuple(itertools.combinations(range(4), 2))
ValuesOf = Callable[[npt.NDArray[np.uint8]], npt.NDArray[np.uint16]]


class _OmahaTriples:
    """Omaha strengths[hand, board] through each hand's best five with every triple of cards.

    The cards that can be on the board are numbered: the remaining deck first (0 .. n - 1),
    then the known board cards. A triple a < b < c of those numbers has the index
    a + C(b, 2) + C(c, 3) (the combinatorial number system), so a completed board, its numbers
    sorted, finds its ten triples by adding entries of two small tables. Each hand's table holds,
    for every triple, the best of its six hole pairs with those three cards.
    """

    def __init__(
        self, holes: Sequence[tuple[Card, ...]], board: Sequence[Card], deck: Sequence[int]
    ) -> None:
        cards = np.array([*deck, *board], np.intp)
        n = len(cards)
        self.drawn = len(deck)
        self.known = len(board)
        self.choose2 = np.array([math.comb(i, 2) for i in range(n)], np.intp)
        self.choose3 = np.array([math.comb(i, 3) for i in range(n)], np.intp)
        triples = combination_indexes(n, 3).astype(np.intp)
        index = triples[0] + self.choose2[triples[1]] + self.choose3[triples[2]]
        card_keys = np.take(tables.CARD_KEY, cards)
        triple_keys = card_keys[triples[0]] + card_keys[triples[1]] + card_keys[triples[2]]
        self.tables: list[npt.NDArray[np.uint16]] = []
        for hole in holes:
            pair_keys = np.array(
                [tables.KEY_LIST[hole[a]] + tables.KEY_LIST[hole[b]] for a, b in _PAIRS]
            )
            keys = (triple_keys[None, :] + pair_keys[:, None]).reshape(-1)
            best = five_card_strengths(keys).reshape(len(_PAIRS), -1).max(axis=0)
            table = np.empty(triples.shape[1], np.uint16)
            table[index] = best
            self.tables.append(table)

    def values(self, draws: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint16]:
        """Strengths[hand, board]; `draws` (cards to come, boards) numbers each board's new cards
        in increasing order down each column (as `combination_indexes` gives them)."""
        m = draws.shape[1]
        # Each position's number; the known cards come after the deck, so the order holds.
        numbers: list[npt.NDArray[np.intp] | int] = [row.astype(np.intp) for row in draws]
        numbers += [self.drawn + i for i in range(self.known)]
        second = {j: self._choose(self.choose2, numbers[j]) for j in (1, 2, 3)}
        third = {k: self._choose(self.choose3, numbers[k]) for k in (2, 3, 4)}
        # The ten triples' indexes as one array, so each hand is one lookup and one maximum.
        indexes = np.empty((len(_TRIPLES), m), np.intp)
        for row, (a, b, c) in zip(indexes, _TRIPLES, strict=True):
            np.add(numbers[a], second[b], out=row)
            row += third[c]
        values = np.empty((len(self.tables), m), np.uint16)
        for table, out in zip(self.tables, values, strict=True):
            table.take(indexes).max(axis=0, out=out)
        return values

    @staticmethod
    def _choose(
        table: npt.NDArray[np.intp], number: npt.NDArray[np.intp] | int
    ) -> npt.NDArray[np.intp] | int:
        return int(table[number]) if isinstance(number, int) else table.take(number)


def _now_values(holes: Sequence[tuple[Card, ...]], board: Sequence[Card], game: Game) -> list[int]:
    """Each hand's strength with the board as it is (3 or 4 cards)."""
    if game == Game.HOLDEM:
        return [strength((*hole, *board)) for hole in holes]
    return [
        max(
            strength((*pair, *triple))
            for pair in itertools.combinations(hole, 2)
            for triple in itertools.combinations(board, 3)
        )
        for hole in holes
    ]


def _outs(
    holes: Sequence[tuple[Card, ...]], board: tuple[Card, ...], deck: Sequence[int], game: Game
) -> list[tuple[Card, ...]]:
    """For each hand, the unseen cards that would put it ahead on the next street.

    A hand behind now has as outs the cards that make it win or tie; a hand tied now, the cards
    that make it win alone; the hand ahead alone has none.
    """
    if len(board) not in (3, 4):
        return [()] * len(holes)
    now = rank_groups(_now_values(holes, board, game))
    leaders = now[0]
    outs: list[list[Card]] = [[] for _ in holes]
    for code in deck:
        card = CARDS[code]
        after = rank_groups(_now_values(holes, (*board, card), game))[0]
        for i in range(len(holes)):
            if i in after and (i not in leaders or (len(leaders) > 1 and after == (i,))):
                outs[i].append(card)
    return [tuple(o) for o in outs]


def equity(
    hands: Sequence[CardsLike],
    board: CardsLike = "",
    dead: CardsLike = "",
    *,
    game: Game | str | None = None,
    samples: int | None = None,
    seed: int = 0,
    exact: bool = False,
) -> Equity:
    """Each hand's chances against the others, exact when feasible.

    Args:
        hands: Two or more hands: two hole cards each for Hold'em, four for Omaha.
        board: The board so far (0 to 5 cards).
        dead: Cards known to be out of play (mucked, burned face up).
        game: "holdem" or "omaha"; by default Omaha when the hands have four cards.
        samples: Force a Monte Carlo run over this many random boards (1 to `MAX_SAMPLES`).
            By default every board is counted when that is at most `EXACT_LIMIT` five-card
            evaluations or the game is Omaha with at most `OMAHA_EXACT_HANDS` hands, else
            `DEFAULT_SAMPLES` boards are sampled.
        seed: The Monte Carlo random seed, 0 or more (same seed, same answer).
        exact: Count every board whatever the default would do (never more than a second or
            so: the most boards there can be is heads-up Hold'em preflop's 1,712,304).

    Outs are listed on the flop and the turn: for a hand behind, the cards that would make it
    win or tie on the next street; for a hand tied, those that would make it win alone.

    Raises:
        CardError: For unreadable or repeated cards or the wrong number of them.
        PokerError: For `samples` outside 1 to `MAX_SAMPLES`, a negative `seed`, or `samples`
            with `exact`.

    >>> result = equity(["As Kd", "Qh Qc"], board="2s 7h 9c")
    >>> result.exact, result.boards, round(result[0].share, 3), round(result[1].share, 3)
    (True, 990, 0.239, 0.761)
    >>> " ".join(str(card) for card in result[0].outs)
    'Ks Kh Kc Ah Ad Ac'
    """
    table, holes, kind = read_deal(board, hands, game)
    if len(holes) < 2:
        raise CardError(_("equity needs at least two hands"))
    gone = as_cards(dead, _("the dead cards"))
    in_play = set(table).union(*holes)
    for card in gone:
        if card in in_play:
            raise CardError(
                _('dead card "{card}" is also on the board or in a hand').format(card=card)
            )
    deck = [c for c in range(52) if c not in in_play and CARDS[c] not in gone]
    to_come = 5 - len(table)
    if len(deck) < to_come:
        raise CardError(
            _("only {count} cards are left, not enough to complete the board").format(
                count=len(deck)
            )
        )
    if samples is not None and samples < 1:
        raise PokerError(_("samples must be 1 or more, not {samples}").format(samples=samples))
    if samples is not None and samples > MAX_SAMPLES:
        raise PokerError(
            _("samples must be at most {MAX_SAMPLES}, not {samples}").format(
                MAX_SAMPLES=formats.number(MAX_SAMPLES), samples=formats.number(samples)
            )
        )
    if seed < 0:
        raise PokerError(
            _("the seed must be 0 or more, not {seed}").format(seed=formats.number(seed))
        )

    total = combination_count(len(deck), to_come)
    if exact and samples is not None:
        raise PokerError(_("an exact count takes no samples: ask for one or the other"))
    per_board = len(holes) * (1 if kind == Game.HOLDEM else len(_PAIRS) * len(_TRIPLES))
    counted = exact or (
        samples is None
        and (
            total * per_board <= EXACT_LIMIT
            or (kind == Game.OMAHA and len(holes) <= OMAHA_EXACT_HANDS)
        )
    )
    values_of: ValuesOf
    if kind == Game.HOLDEM:
        values_of = functools.partial(_holdem_values, holes, table, deck)
    else:
        values_of = _OmahaTriples(holes, table, deck).values
    tally = _Tally(len(holes))
    if counted:
        every = combination_indexes(len(deck), to_come)
        for start in range(0, total, _CHUNK):
            tally.add(values_of(every[:, start : start + _CHUNK]))
    else:
        rng = np.random.default_rng(seed)
        wanted = DEFAULT_SAMPLES if samples is None else samples
        for start in range(0, wanted, _CHUNK):
            count = min(_CHUNK, wanted - start)
            draws = sample_indexes(len(deck), to_come, count, rng)
            if kind == Game.OMAHA:
                draws = np.sort(draws, axis=0)  # `_OmahaTriples` reads each board in order
            tally.add(values_of(draws))
    outs = _outs(holes, table, deck, kind)
    return Equity(
        tuple(tally.result(holes, counted, outs)),
        table,
        gone,
        kind,
        tally.boards,
        counted,
        None if counted else seed,
    )
