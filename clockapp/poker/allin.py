"""`read_allin`: an all-in showdown as the room watches it, street by street.

The director enters each all-in player's name, hole cards (two each for Hold'em, four each for
Omaha), stack at the start of the hand and chips put in, then the board as it is dealt.
`read_allin` checks the entry (a hand entered twice, a card on two hands, a board that is no
street), gives every hand its chance to win and to tie (`clockapp.poker.equity`: exact, but for
Omaha preflop with five hands or more, a Monte Carlo whose margin each hand carries), the outs
of the hands behind (the cards that put them ahead on the next street), and once the river is
out who wins which pot (`clockapp.poker.pots.settle`, side pots included) and the players it
busts, each with the player who busted them.

`beat_chance` is the worst beat's measure: how likely the hand that won was to win when the money
went in (four aces on 2s Ah Ac lose to Kh Qh only on Th Jh: 1 board in 990).

>>> r = read_allin([AllInHand("Ann", "As Ad", 500, 500), AllInHand("Bo", "Kh Qh", 900, 500)],
...                "2s Ah Ac")
>>> r.street, r.hands[1].wins, r.boards, [str(c) for c in r.hands[1].outs]
('flop', 1, 990, [])
>>> done = read_allin(r.entries, "2s Ah Ac Th Jh")
>>> done.result.busts[0].name, done.result.busts[0].busted_by
('Ann', 'Bo')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from clockapp import formats
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext
from clockapp.poker.cards import Card, as_cards
from clockapp.poker.equity import equity
from clockapp.poker.errors import CardError, PokerError
from clockapp.poker.pots import settle
from clockapp.poker.showdown import showdown

#: The street each board length is, as the director says it.
STREETS = {0: "preflop", 3: "flop", 4: "turn", 5: "river"}
MAX_HANDS = 10


@dataclass(frozen=True)
class AllInHand:
    """One player all in (or calling), as the director entered them.

    Attributes:
        name: The player's name (unique in the showdown).
        cards: The hole cards, two for Hold'em or four for Omaha (text like "As Kd", or cards).
        stack: Chips the player had at the start of the hand.
        bet: Chips the player put in this hand (at most `stack`; all in when equal).
        registration_id: The cashier's registration, when the player is one (for the busts).
    """

    name: str
    cards: str | tuple[Card, ...]
    stack: int
    bet: int
    registration_id: int | None = None

    @property
    def hole(self) -> tuple[Card, ...]:
        """The hole cards read."""
        return as_cards(self.cards, _("{name}'s hand").format(name=self.name))


@dataclass(frozen=True)
class HandChance:
    """One hand's chances on the board as it is.

    Attributes:
        name: The player.
        cards: The hole cards.
        win: Chance to win the whole pot (0..1).
        tie: Chance to tie for best.
        wins: Boards won outright, of `AllInReading.boards`.
        ties: Boards tied.
        outs: For a hand behind on the flop or turn, the cards that put it ahead (or level).
        value: On the river, the hand in words ("Four of a kind, aces").
        margin: Half-width of the 95 % confidence interval of the chances from a Monte Carlo
            (Omaha preflop with five hands or more); 0 when every board was counted.
    """

    name: str
    cards: tuple[Card, ...]
    win: float
    tie: float
    wins: int
    ties: int
    outs: tuple[Card, ...]
    value: str = ""
    margin: float = 0.0


@dataclass(frozen=True)
class PotWon:
    """One pot at the river: its chips, the players who could win it and who did."""

    name: str
    amount: int
    eligible: tuple[str, ...]
    winners: tuple[str, ...]
    shares: tuple[int, ...]


@dataclass(frozen=True)
class BustCaused:
    """A player the showdown busts, with who busted them (the winner of their last pot)."""

    name: str
    stack: int
    busted_by: str
    registration_id: int | None
    buster_registration_id: int | None


@dataclass(frozen=True)
class AllInResult:
    """The river: who takes which pot, what comes back uncalled, and who is out."""

    pots: tuple[PotWon, ...]
    returned: tuple[tuple[str, int], ...]
    busts: tuple[BustCaused, ...]


@dataclass(frozen=True)
class AllInReading:
    """The showdown on the board as dealt so far.

    `pending` is a reading made without the odds (`read_allin(..., odds=False)`): the hands and
    the board are checked and shown, every chance is 0 and nobody leads until the exact reading.
    """

    entries: tuple[AllInHand, ...]
    board: tuple[Card, ...]
    street: str
    hands: tuple[HandChance, ...]
    boards: int
    leaders: tuple[str, ...]
    result: AllInResult | None
    pending: bool = False


def at_risk(bets: Sequence[int]) -> tuple[int, ...]:
    """What each hand can lose: its chips in, but no more than the most any other hand put in.

    A player who covers everyone gets the rest of his bet back uncalled, so shouting his whole
    stack overstates what the hand is for. A 0 is a bet not entered yet; while no other bet is
    known a hand risks all it put in.

    >>> at_risk([5_000, 8_000])  # Bo covers: 3,000 of his come back
    (5000, 5000)
    >>> at_risk([8_000, 5_000, 3_000])
    (5000, 5000, 3000)
    >>> at_risk([5_000, 0])
    (5000, 0)
    """
    risks = []
    for index, bet in enumerate(bets):
        others = max((b for i, b in enumerate(bets) if i != index), default=0)
        risks.append(min(bet, others) if others else bet)
    return tuple(risks)


def street_of(board: Sequence[Card]) -> str:
    """The street a board of this many cards is; a `CardError` for any other count.

    >>> street_of(()), street_of(as_cards("2s 3s 4s 5s"))
    ('preflop', 'turn')
    """
    if len(board) not in STREETS:
        raise CardError(
            ngettext(
                "the board has {count} card: a board is empty (preflop), 3 cards (the flop), "
                "4 (the turn) or 5 (the river)",
                "the board has {count} cards: a board is empty (preflop), 3 cards (the flop), "
                "4 (the turn) or 5 (the river)",
                len(board),
            ).format(count=len(board))
        )
    return STREETS[len(board)]


def check_entries(entries: Sequence[AllInHand], board: Sequence[Card]) -> None:
    """Refuse what cannot be a showdown: too few or too many hands, a player or a hand entered
    twice, a card on two hands or on a hand and the board, chips that do not add up."""
    if len(entries) < 2:
        raise PokerError(_("a showdown needs at least two players all in"))
    if len(entries) > MAX_HANDS:
        raise PokerError(
            _("a showdown has at most {MAX_HANDS} players").format(MAX_HANDS=MAX_HANDS)
        )
    size = len(entries[0].hole)
    names: set[str] = set()
    seen_hands: dict[frozenset[Card], str] = {}
    # Whose hand each card was seen in first: None for the board.
    seen: dict[Card, str | None] = dict.fromkeys(board)
    for entry in entries:
        name = entry.name.strip()
        if not name:
            raise PokerError(_("every hand needs the player's name"))
        if name.casefold() in names:
            raise PokerError(_("{name} is entered twice").format(name=name))
        names.add(name.casefold())
        hole = entry.hole
        if len(hole) not in (2, 4):
            raise CardError(
                ngettext(
                    "{name}'s hand has {count} card; a Hold'em hand has 2, an Omaha hand 4",
                    "{name}'s hand has {count} cards; a Hold'em hand has 2, an Omaha hand 4",
                    len(hole),
                ).format(name=name, count=len(hole))
            )
        if len(hole) != size:
            raise CardError(
                _(
                    "{name}'s hand has {count} cards and {first}'s {size}: every hand is "
                    "Hold'em (2 cards) or every hand Omaha (4)"
                ).format(name=name, count=len(hole), first=entries[0].name.strip(), size=size)
            )
        key = frozenset(hole)
        if key in seen_hands:
            raise CardError(
                _("{name}'s hand is entered twice (it is {other}'s too)").format(
                    name=name, other=seen_hands[key]
                )
            )
        seen_hands[key] = name
        for card in hole:
            if card in seen:
                first = seen[card]
                if first is None:
                    message = _("{card} is on the board and in {name}'s hand")
                else:
                    message = _("{card} is in {first}'s hand and in {name}'s hand")
                raise CardError(message.format(card=card, first=first, name=name))
            seen[card] = name
        if entry.stack < 1 or not 0 < entry.bet <= entry.stack:
            raise PokerError(
                _(
                    "{name}: the chips put in ({bet}) must be more than 0 and at most the "
                    "stack ({stack})"
                ).format(
                    name=name, bet=formats.number(entry.bet), stack=formats.number(entry.stack)
                )
            )
    if not any(e.bet == e.stack for e in entries):
        raise PokerError(_("nobody is all in: at least one player's chips in must be their stack"))


def read_allin(
    entries: Sequence[AllInHand],
    board: str | Sequence[Card] = "",
    *,
    odds: bool = True,
    chip: int = 1,
) -> AllInReading:
    """Every hand's chances on `board`, its outs, and at the river the pots and busts.

    The chances are exact (every board counted) but for Omaha preflop with more than
    `clockapp.poker.equity.OMAHA_EXACT_HANDS` hands: there each hand carries its margin.

    With `odds=False` before the river the entry is checked but no board is counted: a `pending`
    reading, to show the hands at once while the exact odds are worked out elsewhere. A split
    pot is shared in units of `chip`, the smallest chip in play (the odd chips as the rules say).

    Raises:
        CardError: For unreadable cards, a card used twice, a hand entered twice, or a board
            that is no street (1, 2 or more than 5 cards).
        PokerError: For a name entered twice or chips that are no all in.
    """
    table = as_cards(board, _("the board"))
    street = street_of(table)
    check_entries(entries, table)
    holes = [e.hole for e in entries]
    names = [e.name.strip() for e in entries]
    if not odds and street != "river":
        hands = tuple(
            HandChance(n, h, 0.0, 0.0, 0, 0, ()) for n, h in zip(names, holes, strict=True)
        )
        return AllInReading(tuple(entries), table, street, hands, 0, (), None, pending=True)
    odds_now = equity(holes, table)
    values = [""] * len(entries)
    result = None
    if street == "river":
        shown = showdown(table, holes)
        values = [v.describe() for v in shown.values]
        result = _settle(entries, names, shown.ranking, chip)
    hands = tuple(
        HandChance(names[i], holes[i], h.win, h.tie, h.wins, h.ties, h.outs, values[i], h.margin)
        for i, h in enumerate(odds_now)
    )
    best = max(h.win + h.tie for h in hands)
    leaders = tuple(h.name for h in hands if h.win + h.tie == best)
    return AllInReading(tuple(entries), table, street, hands, odds_now.boards, leaders, result)


def _settle(
    entries: Sequence[AllInHand],
    names: Sequence[str],
    ranking: Sequence[Sequence[int]],
    chip: int,
) -> AllInResult:
    bets = [e.bet for e in entries]
    settled = settle(bets, [False] * len(entries), ranking, button=len(entries) - 1, chip=chip)
    pots = []
    for number, pot in enumerate(settled.pots):
        title = "Main pot" if number == 0 else f"Side pot {number}"
        pots.append(
            PotWon(
                title,
                pot.amount,
                tuple(names[s] for s in pot.eligible),
                tuple(names[s.seat] for s in pot.shares),
                tuple(s.amount for s in pot.shares),
            )
        )
    returned: tuple[tuple[str, int], ...] = ()
    if settled.uncalled is not None:
        returned = ((names[settled.uncalled.seat], settled.uncalled.amount),)
    busts = []
    for seat, entry in enumerate(entries):
        left = entry.stack - entry.bet + settled.payouts[seat]
        if left > 0:
            continue
        # The player lost their last chips in the last pot they could win: its winner busts them.
        last = [p for p in settled.pots if seat in p.eligible][-1]
        buster = last.shares[0].seat
        busts.append(
            BustCaused(
                names[seat],
                entry.stack,
                names[buster],
                entry.registration_id,
                entries[buster].registration_id,
            )
        )
    # The rules' order: the bigger stack at the start of the hand finishes higher (last out).
    busts.sort(key=lambda b: -b.stack)
    return AllInResult(tuple(pots), returned, tuple(busts))


def beat_chance(
    holes: Sequence[str | Sequence[Card]], allin_board: str, final_board: str
) -> Fraction:
    """How likely the hand that won on `final_board` was to win when the money went in.

    The winner is the hand best on the final board (a split pot is no bad beat); the chance is
    its boards won outright over every board possible from `allin_board`, counted exactly. The
    winner must have been behind: a hand the favourite won is no bad beat.

    >>> beat_chance(["As Ad", "Kh Qh"], "2s Ah Ac", "2s Ah Ac Th Jh")
    Fraction(1, 990)

    Raises:
        CardError: The final board does not start with the board at the all-in, is not five
            cards, nobody wins it alone, or the hand that won was not behind at the all-in.
    """
    start = as_cards(allin_board, _("the board at the all-in"))
    street_of(start)
    final = as_cards(final_board, _("the final board"))
    if len(final) != 5:
        raise CardError(_("the final board needs 5 cards, not {count}").format(count=len(final)))
    if final[: len(start)] != start:
        raise CardError(_("the final board must start with the board when the money went in"))
    shown = showdown(final, holes)
    if len(shown.winners) != 1:
        raise CardError(_("the pot was split: a split pot is no bad beat"))
    winner = shown.winners[0]
    odds = equity(holes, start, exact=True)  # a Fraction: every board, however many hands
    chance = Fraction(odds[winner].wins, odds.boards)
    others = [odds[i].wins for i in range(len(holes)) if i != winner]
    if others and odds[winner].wins >= max(others):
        raise CardError(
            _(
                "the hand that won was not behind when the money went in ({chance} to "
                "win): a bad beat is a hand the favourite lost"
            ).format(chance=formats.percent(float(chance)))
        )
    return chance


def one_in(chance: Fraction) -> str:
    """The chance as the room says it.

    >>> one_in(Fraction(1, 990)), one_in(Fraction(3, 10)), one_in(Fraction(0))
    ('1 in 990', '1 in 3.3', 'never')
    """
    if chance <= 0:
        return _("never")
    ratio = 1 / chance
    if ratio.denominator == 1:
        shown = formats.number(ratio.numerator)
    elif ratio < 100:
        shown = formats.decimal(float(ratio), 1)
    else:
        shown = formats.number(round(ratio))
    # TRANSLATORS: a chance said as odds, "1 in 990": one time in {ratio} (a number).
    return _("1 in {ratio}").format(ratio=shown)
