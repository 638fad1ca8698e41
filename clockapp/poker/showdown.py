"""`showdown`: who wins with the board and the hands shown, with every hand's value.

Hands are numbered by their position in the list (0 first); messages count them from 1, the
way a director reads them ("hand 1").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext
from clockapp.poker.cards import Card, as_cards
from clockapp.poker.errors import CardError
from clockapp.poker.evaluator import CardsLike, Game, HandValue, evaluate

HOLE_CARDS = {Game.HOLDEM: 2, Game.OMAHA: 4}


def read_deal(
    board: CardsLike, hands: Sequence[CardsLike], game: Game | str | None
) -> tuple[tuple[Card, ...], tuple[tuple[Card, ...], ...], Game]:
    """Board and hands read and checked: the right hole-card count, no card used twice.

    `game` None means Omaha when the first hand has four cards, Hold'em otherwise.
    """
    table = as_cards(board, _("the board"))
    holes = tuple(
        as_cards(hand, _("hand {hand}").format(hand=i + 1)) for i, hand in enumerate(hands)
    )
    if not holes:
        raise CardError(_("there are no hands"))
    if game is None:
        kind = Game.OMAHA if len(holes[0]) == 4 else Game.HOLDEM
    else:
        try:
            kind = Game(game)
        except ValueError:
            raise CardError(
                _('unknown game "{game}" (use holdem or omaha)').format(game=game)
            ) from None
    if len(table) > 5:
        raise CardError(
            ngettext(
                "the board has {count} card; it has at most 5",
                "the board has {count} cards; it has at most 5",
                len(table),
            ).format(count=len(table))
        )
    # Where each card was seen first: None on the board, else the hand's number.
    seen: dict[Card, int | None] = dict.fromkeys(table)
    for i, hole in enumerate(holes):
        if len(hole) != HOLE_CARDS[kind]:
            raise CardError(_wrong_hole_count(i + 1, len(hole), kind))
        for card in hole:
            if card in seen:
                first = seen[card]
                if first is None:
                    message = _('"{card}" is on the board and in hand {hand}')
                else:
                    message = _('"{card}" is in hand {first} and in hand {hand}')
                raise CardError(message.format(card=card, first=first, hand=i + 1))
            seen[card] = i + 1
    return table, holes, kind


def _wrong_hole_count(hand: int, count: int, kind: Game) -> str:
    """The refusal of hand number `hand` holding `count` hole cards, in a whole sentence."""
    if kind == Game.OMAHA:
        text = ngettext(
            "hand {hand} has {count} card; an Omaha hand has 4",
            "hand {hand} has {count} cards; an Omaha hand has 4",
            count,
        )
    else:
        text = ngettext(
            "hand {hand} has {count} card; a Hold'em hand has 2",
            "hand {hand} has {count} cards; a Hold'em hand has 2",
            count,
        )
    return text.format(hand=hand, count=count)


def rank_groups(values: Sequence[HandValue | int]) -> tuple[tuple[int, ...], ...]:
    """Indexes of `values` grouped by equal value, best group first.

    >>> rank_groups([3, 9, 3, 1])
    ((1,), (0, 2), (3,))
    """
    order = sorted(set(values), reverse=True)
    return tuple(tuple(i for i, v in enumerate(values) if v == level) for level in order)


@dataclass(frozen=True)
class Showdown:
    """The result of a showdown.

    Attributes:
        board: The board cards.
        hands: Each hand's hole cards.
        game: Hold'em or Omaha.
        values: Each hand's value (best five, description).
        ranking: Groups of tied hands (indexes), best first.
    """

    board: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    game: Game
    values: tuple[HandValue, ...]
    ranking: tuple[tuple[int, ...], ...]

    @property
    def winners(self) -> tuple[int, ...]:
        """Indexes of every hand that ties for best."""
        return self.ranking[0]


def showdown(
    board: CardsLike, hands: Sequence[CardsLike], game: Game | str | None = None
) -> Showdown:
    """Evaluate every hand with the board (3 to 5 cards) and rank them.

    Args:
        board: The board, like "2s Ah Ac Th Jh".
        hands: Each hand's hole cards: two for Hold'em, four for Omaha.
        game: "holdem" or "omaha"; by default Omaha when the hands have four cards.

    Raises:
        CardError: For unreadable cards, a card used twice, or the wrong number of cards.

    >>> result = showdown("2s Ah Ac Th Jh", ["As Ad", "Kh Qh"])
    >>> result.winners, result.values[1].describe(), result.values[0].describe()
    ((1,), 'Royal flush', 'Four of a kind, aces with a jack kicker')
    """
    table, holes, kind = read_deal(board, hands, game)
    if len(table) < 3:
        raise CardError(
            ngettext(
                "a showdown needs at least 3 board cards, not {count}",
                "a showdown needs at least 3 board cards, not {count}",
                len(table),
            ).format(count=len(table))
        )
    values = tuple(evaluate(hole, table, kind) for hole in holes)
    return Showdown(table, holes, kind, values, rank_groups(values))
