"""The one place the rulings window calls `clockapp.poker`: cards read, hands judged, pots settled.

Everything here is plain Python over a `Dispute` (no Qt), so the window stays a thin view and the
answers can be checked without widgets. `run_odds` is the slow call; the window runs it in a
worker thread with a frozen `OddsJob`, never with the live dispute.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from clockapp.poker import equity, evaluate, parse_cards, settle, showdown
from clockapp.poker.errors import PokerError
from clockapp.ui.rulings.state import BOARD_SIZE, Dispute, Game


def parse_entry(text: str) -> tuple[str, ...]:
    """The cards typed in an entry, as two-character texts (`"10h 9c"` gives `("Th", "9c")`).

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
    """Judge every complete hand; with a full board and every live hand known, the showdown."""
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
    """Compute `job` (slow: up to a second; run it off the GUI thread)."""
    result = equity(job.hands, board=job.board, dead=job.dead, game=job.game.value)
    hands: dict[int, HandOdds] = {}
    for player, hand in zip(job.players, result.hands, strict=True):
        outs = tuple(str(c) for c in hand.outs)
        hands[player] = HandOdds(hand.win, hand.tie, hand.share, outs)
    if result.exact:
        note = f"Exact odds over {result.boards:,} boards"
    else:
        margin = max(hand.margin for hand in result.hands)
        note = f"Odds from {result.boards:,} random boards, ±{margin:.1%}"
    return OddsAnswer(job, hands, note)


# ---------------------------------------------------------------- pots


def chips(amount: int) -> str:
    """`1,250`: chip counts with thousands separators."""
    return f"{amount:,}"


@dataclass(frozen=True)
class PotRow:
    """One pot as the table shows it."""

    name: str  # "Main pot", "Side pot 1"
    amount: int
    eligible: str  # "Alice, Bob, Cindy"
    goes_to: str  # "Bob 50" or "Bob 26 (odd chip), Cindy 25"
    odd_chips: bool


@dataclass(frozen=True)
class PayoutRow:
    """One seat's result."""

    who: str
    put_in: int
    takes: int
    odd_chips: int  # how many odd chips (in units of the smallest chip) are in `takes`

    @property
    def net(self) -> int:
        """What the seat won (positive) or lost (negative) on the hand."""
        return self.takes - self.put_in


class OrderError(PokerError):
    """The seats cannot be settled as entered (a seat number given twice)."""


Ranking = tuple[tuple[int, ...], ...]


def manual_ranking(dispute: Dispute) -> tuple[Ranking | None, str | None]:
    """The finishing order from the places the director gave, as player-index groups.

    Returns the ranking (None until every live player has a place) and, when only some places
    are given, a message naming the live players still without one. A single live player needs
    no place: they win whatever they are eligible for.
    """
    live = [i for i, p in enumerate(dispute.players) if not p.folded]
    if len(live) == 1:
        return ((live[0],),), None
    missing = [dispute.players[i].label for i in live if not dispute.players[i].place]
    if len(missing) == len(live):
        return None, None
    if missing:
        return None, "Give the place of " + ", ".join(missing) + " too (1 is the best hand)."
    places = sorted({dispute.players[i].place or 0 for i in live})
    return tuple(tuple(i for i in live if dispute.players[i].place == p) for p in places), None


@dataclass(frozen=True)
class PotsAnswer:
    """The settled hand, ready for the tables."""

    pots: tuple[PotRow, ...]
    payouts: tuple[PayoutRow, ...]
    uncalled: str


def settle_dispute(dispute: Dispute, ranking: Sequence[Sequence[int]] | None) -> PotsAnswer:
    """Settle the chips: seats in clockwise order (by seat number), ranking by player index.

    Without a ranking the pots and who may win each are still laid out; nothing is awarded but
    the uncalled bet.

    Raises:
        PokerError: The chips or the order cannot be settled (the message says why).
    """
    if dupes := dispute.duplicate_seats():
        raise OrderError(f"Seat {dupes[0]} is given to two players: correct the seat numbers.")
    order = sorted(range(len(dispute.players)), key=lambda i: dispute.players[i].seat)
    position = {player: pos for pos, player in enumerate(order)}
    players = [dispute.players[i] for i in order]
    if all(p.folded for p in players):
        raise OrderError("Every seat is marked folded: someone must still be in the hand.")
    result = settle(
        [p.bet for p in players],
        [p.folded for p in players],
        None if ranking is None else [[position[i] for i in group] for group in ranking],
        _button_position(dispute, order),
        dead_money=dispute.dead,
        chip=dispute.chip,
    )
    names = [p.short for p in players]
    pots: list[PotRow] = []
    odd_by_seat = [0] * len(players)
    for number, pot in enumerate(result.pots):
        takes = []
        # An odd chip exists only where a pot is split; `settle` also reports, as the first
        # share's odd chip, a remainder smaller than the chip that a sole winner simply takes.
        split = len(pot.shares) > 1
        for share in sorted(pot.shares, key=lambda s: s.seat):
            text = f"{names[share.seat]} {chips(share.amount)}"
            if split and share.odd_chip:
                odd_by_seat[share.seat] += 1
                text += " (odd chip)"
            takes.append(text)
        pots.append(
            PotRow(
                name="Main pot" if number == 0 else f"Side pot {number}",
                amount=pot.amount,
                eligible=", ".join(names[s] for s in pot.eligible),
                goes_to=", ".join(takes) if takes else _unawarded(pot.eligible, pot.amount, names),
                odd_chips=split and any(share.odd_chip for share in pot.shares),
            )
        )
    uncalled = ""
    if result.uncalled is not None:
        who = names[result.uncalled.seat]
        uncalled = f"Uncalled bet: {chips(result.uncalled.amount)} goes back to {who}."
    payouts = tuple(
        PayoutRow(p.label, p.bet, result.payouts[pos], odd_by_seat[pos])
        for pos, p in enumerate(players)
    )
    return PotsAnswer(tuple(pots), payouts, uncalled)


def _unawarded(eligible: Sequence[int], amount: int, names: Sequence[str]) -> str:
    """What a pot says before the finishing order is known."""
    if len(eligible) == 1:
        return f"{names[eligible[0]]} {chips(amount)} (the only one eligible)"
    return "waiting for the finishing order"


def _button_position(dispute: Dispute, order: Sequence[int]) -> int:
    """The button as a position in `order`, so the first seat after it gets the odd chip.

    The button may sit on a seat that is not in the dispute (a player who folded early and was
    not entered, or a dead button): the odd chip still goes to the first listed seat after it.
    Without a button, the lowest seat is treated as first to the left of it.
    """
    seats = [dispute.players[i].seat for i in order]
    if dispute.button is None:
        return len(seats) - 1
    if dispute.button in seats:
        return seats.index(dispute.button)
    after = next((pos for pos, seat in enumerate(seats) if seat > dispute.button), 0)
    return (after - 1) % len(seats)
