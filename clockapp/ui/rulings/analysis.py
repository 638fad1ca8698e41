"""The rulings window's cards through `clockapp.poker`: cards read, hands judged, odds worked out.

Everything here is plain Python over a `Dispute` (no Qt), so the window stays a thin view and the
answers can be checked without widgets. `run_odds` is the slow call; the window runs it in a
worker thread with a frozen `OddsJob`, never with the live dispute. The chips are settled in
`clockapp.ui.rulings.settlement`.
"""

from __future__ import annotations

from dataclasses import dataclass

from clockapp import formats
from clockapp.i18n import ngettext
from clockapp.poker import equity, evaluate, parse_cards, showdown
from clockapp.ui.rulings.state import BOARD_SIZE, Dispute, Game


def parse_entry(text: str) -> tuple[str, ...]:
    """The cards typed in an entry, as two-character texts (`"10h 9c"` gives `("Th", "9c")`).

    >>> parse_entry("10h 9♣ As")
    ('Th', '9c', 'As')

    Raises:
        PokerError: The text names an unknown rank or suit, or a card twice; the message names
            the bad text.
    """
    if not text.strip():
        return ()
    return tuple(str(card) for card in parse_cards(text))


# ---------------------------------------------------------------- hands and the showdown


@dataclass(frozen=True)
class HandReading:
    """What one complete hand makes with the board so far."""

    description: str
    best_five: tuple[str, ...]


@dataclass(frozen=True)
class Reading:
    """Every hand judged against the board.

    Attributes:
        hands: By player index: the hand's reading, or None when it cannot be judged yet (hole
            cards missing, fewer than three board cards).
        final: The board is complete and every live hand is known: `winners` and `ranking` are
            the showdown's answer.
        winners: Player indexes that win (tie for best), when final.
        ranking: Groups of tied live players, best first, when final.
    """

    hands: tuple[HandReading | None, ...]
    final: bool = False
    winners: tuple[int, ...] = ()
    ranking: tuple[tuple[int, ...], ...] = ()


def _complete(dispute: Dispute, index: int) -> bool:
    return len(dispute.players[index].cards) == dispute.game.hole_cards


def read_hands(dispute: Dispute) -> Reading:
    """Judge every complete hand; with a full board and every live hand known, the showdown.

    >>> from clockapp.ui.rulings.state import Player
    >>> two = (Player(1, cards=("As", "Ad")), Player(2, cards=("Kh", "Qh")))
    >>> reading = read_hands(Dispute(board=("2s", "Ah", "Ac", "Th", "Jh"), players=two))
    >>> reading.winners, reading.hands[1].description
    ((1,), 'Royal flush')
    """
    board = dispute.board
    hands: list[HandReading | None] = []
    for index, player in enumerate(dispute.players):
        if not _complete(dispute, index) or len(board) < 3:
            hands.append(None)
            continue
        value = evaluate(player.cards, board=board, game=dispute.game.value)
        hands.append(HandReading(value.describe(), tuple(str(c) for c in value.best_five)))
    live = [i for i, p in enumerate(dispute.players) if not p.folded]
    final = len(board) == BOARD_SIZE and bool(live) and all(_complete(dispute, i) for i in live)
    if not final:
        return Reading(tuple(hands))
    result = showdown(board, [dispute.players[i].cards for i in live], game=dispute.game.value)
    winners = tuple(live[w] for w in result.winners)
    ranking = tuple(tuple(live[h] for h in group) for group in result.ranking)
    return Reading(tuple(hands), final=True, winners=winners, ranking=ranking)


# ---------------------------------------------------------------- odds


@dataclass(frozen=True)
class OddsJob:
    """A frozen equity question: which players, with which cards, against which board."""

    game: Game
    board: tuple[str, ...]
    players: tuple[int, ...]  # player indexes, in the order of `hands`
    hands: tuple[tuple[str, ...], ...]
    dead: tuple[str, ...]  # folded players' known cards: out of the deck


@dataclass(frozen=True)
class HandOdds:
    """One hand's chances."""

    win: float
    tie: float
    share: float
    outs: tuple[str, ...]


@dataclass(frozen=True)
class OddsAnswer:
    """Equity for every live hand of an `OddsJob`."""

    job: OddsJob
    hands: dict[int, HandOdds]  # by player index
    note: str  # "Exact over 990 boards" or "Monte Carlo, ±0.3%"


def odds_job(dispute: Dispute) -> OddsJob | None:
    """The equity question for the cards on screen, or None when there is none to ask.

    Odds are asked while the board is incomplete and at least two live hands are known.

    >>> from clockapp.ui.rulings.state import Player
    >>> two = (Player(1, cards=("As", "Ad")), Player(2, cards=("Kh", "Qh")))
    >>> odds_job(Dispute(board=("2s", "Ah", "Ac"), players=two)).players
    (0, 1)
    >>> print(odds_job(Dispute(players=two[:1])))
    None
    """
    if len(dispute.board) >= BOARD_SIZE:
        return None
    live = tuple(i for i, p in enumerate(dispute.players) if not p.folded and _complete(dispute, i))
    if len(live) < 2:
        return None
    dead = tuple(c for p in dispute.players if p.folded for c in p.cards)
    return OddsJob(
        game=dispute.game,
        board=dispute.board,
        players=live,
        hands=tuple(dispute.players[i].cards for i in live),
        dead=dead,
    )


def run_odds(job: OddsJob) -> OddsAnswer:
    """Compute `job` (slow: up to a second; run it off the GUI thread).

    >>> hands = (("As", "Ad"), ("Kh", "Qh"))
    >>> job = OddsJob(Game.HOLDEM, ("2s", "Ah", "Ac", "Th"), (0, 1), hands, dead=())
    >>> answer = run_odds(job)
    >>> answer.note, answer.hands[1].outs
    ('Exact odds over 44 boards', ('Jh',))
    """
    result = equity(job.hands, board=job.board, dead=job.dead, game=job.game.value)
    hands: dict[int, HandOdds] = {}
    for player, hand in zip(job.players, result.hands, strict=True):
        outs = tuple(str(c) for c in hand.outs)
        hands[player] = HandOdds(hand.win, hand.tie, hand.share, outs)
    if result.exact:
        note = ngettext(
            "Exact odds over {count} board", "Exact odds over {count} boards", result.boards
        ).format(count=formats.number(result.boards))
    else:
        margin = max(hand.margin for hand in result.hands)
        note = ngettext(
            "Odds from {count} random board, ±{margin}",
            "Odds from {count} random boards, ±{margin}",
            result.boards,
        ).format(count=formats.number(result.boards), margin=formats.percent(margin, 1))
    return OddsAnswer(job, hands, note)
