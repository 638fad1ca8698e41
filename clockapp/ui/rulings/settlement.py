"""The rulings window's chips through `clockapp.poker.settle`: the pots, who takes what, badges.

Plain Python over a `Dispute` (no Qt), like `analysis`: the side-pot panel and the hand badges only
show what is decided here. `settle_dispute` maps the dispute's seats (numbered as at the table,
listed in any order) to the library's clockwise indexes and words the answer for the tables;
`pot_badge` tells each player which pots they take ("WINS SIDE 2"); `chip_warnings` and
`button_warning` say what looks wrong in what was entered though the chips can be settled.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from clockapp import formats
from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.poker import settle
from clockapp.poker.errors import PokerError, SettleError
from clockapp.poker.knockouts import knockout_from
from clockapp.ui.rulings.knockout_text import knockout_line
from clockapp.ui.rulings.state import Dispute


def chips(amount: int) -> str:
    """`1,250`: chip counts with thousands separators.

    >>> chips(1250)
    '1,250'
    """
    return formats.number(amount)


def chip_name(value: int) -> str:
    """`T1,000`: a chip as the chip set names it.

    >>> chip_name(10)
    'T10'
    """
    return _("T{chips}").format(chips=formats.number(value))


@dataclass(frozen=True)
class PotRow:
    """One pot as the table shows it.

    Attributes:
        name: "Main pot", "Side pot 1".
        amount: The chips in the pot.
        eligible: Who may win it: "Alice, Bob, Cindy", or with many players "All 8 still in"
            or "All still in but Ann, Bo".
        goes_to: "Bob 50", "Bob 26 (odd chip), Cindy 25", or why it is not awarded yet.
        odd_chips: The pot was split and someone took an odd chip.
        winners: The player indexes (in the dispute's order) who take a share, in seat order;
            empty until the finishing order is known.
    """

    name: str
    amount: int
    eligible: str
    goes_to: str
    odd_chips: bool
    winners: tuple[int, ...] = ()


@dataclass(frozen=True)
class PayoutRow:
    """One seat's result.

    Attributes:
        who: "Seat 3 Bob".
        put_in: Every chip the seat bet in the hand.
        takes: What the seat wins from the pots (an uncalled bet given back is not winnings).
        odd_chips: How many odd chips (in units of the smallest chip) are in `takes`.
        returned: The seat's uncalled bet, given back.
    """

    who: str
    put_in: int
    takes: int
    odd_chips: int
    returned: int = 0

    @property
    def paid(self) -> int:
        """Every chip pushed to the seat: its winnings and its uncalled bet."""
        return self.takes + self.returned

    @property
    def net(self) -> int:
        """What the seat won (positive) or lost (negative) on the hand."""
        return self.paid - self.put_in


class OrderError(PokerError):
    """The seats cannot be settled as entered (a seat number given twice)."""


Ranking = tuple[tuple[int, ...], ...]


def manual_ranking(dispute: Dispute) -> tuple[Ranking | None, str | None]:
    """The finishing order from the places the director gave, as player-index groups.

    Returns the ranking (None until every live player has a place) and, when only some places
    are given, a message naming the live players still without one. A single live player needs
    no place: they win whatever they are eligible for.

    >>> from clockapp.ui.rulings.state import Player
    >>> placed = (Player(1, place=2), Player(2, place=1), Player(3, place=2))
    >>> manual_ranking(Dispute(players=placed))
    (((1,), (0, 2)), None)
    >>> manual_ranking(Dispute(players=(Player(1, place=1), Player(2, name="Bo"))))
    (None, 'Give the place of Seat 2 Bo too (1 is the best hand).')
    """
    live = [i for i, p in enumerate(dispute.players) if not p.folded]
    if len(live) == 1:
        return ((live[0],),), None
    missing = [dispute.players[i].label for i in live if not dispute.players[i].place]
    if len(missing) == len(live):
        return None, None
    if missing:
        return None, _("Give the place of {seats} too (1 is the best hand).").format(
            seats=", ".join(missing)
        )
    places = sorted({dispute.players[i].place or 0 for i in live})
    return tuple(tuple(i for i in live if dispute.players[i].place == p) for p in places), None


@dataclass(frozen=True)
class PotsAnswer:
    """The settled hand, ready for the tables."""

    pots: tuple[PotRow, ...]
    payouts: tuple[PayoutRow, ...]
    uncalled: str
    knockouts: tuple[str, ...] = ()  # who busts each seat that wins nothing, if it is all in


def settle_dispute(dispute: Dispute, ranking: Sequence[Sequence[int]] | None) -> PotsAnswer:
    """Settle the chips: seats in clockwise order (by seat number), ranking by player index.

    Without a ranking the pots and who may win each are still laid out; nothing is awarded but
    the uncalled bet.

    >>> from clockapp.ui.rulings.state import Player
    >>> players = (Player(1, "Ann", bet=40), Player(2, "Bo", bet=10), Player(3, "Cy", bet=40))
    >>> answer = settle_dispute(Dispute(players=players, dead=20), [[1], [2], [0]])
    >>> [(pot.name, pot.goes_to, pot.winners) for pot in answer.pots]
    [('Main pot', 'Bo 50', (1,)), ('Side pot 1', 'Cy 60', (2,))]

    Raises:
        PokerError: The chips or the order cannot be settled (the message says why).
    """
    if dupes := dispute.duplicate_seats():
        raise OrderError(
            _("Seat {seat} is given to two players: correct the seat numbers.").format(
                seat=dupes[0]
            )
        )
    order = sorted(range(len(dispute.players)), key=lambda i: dispute.players[i].seat)
    position = {player: pos for pos, player in enumerate(order)}
    players = [dispute.players[i] for i in order]
    if all(p.folded for p in players):
        raise OrderError(_("Every seat is marked folded: someone must still be in the hand."))
    result = settle(
        [p.bet for p in players],
        [p.folded for p in players],
        None if ranking is None else [[position[i] for i in group] for group in ranking],
        _button_position(dispute, order),
        dead_money=dispute.dead,
        chip=dispute.chip,
    )
    names = [p.short for p in players]
    live = [pos for pos, p in enumerate(players) if not p.folded]
    pots: list[PotRow] = []
    odd_by_seat = [0] * len(players)
    for number, pot in enumerate(result.pots):
        takes = []
        # An odd chip exists only where a pot is split; `settle` also reports, as the first
        # share's odd chip, a remainder smaller than the chip that a sole winner simply takes.
        split = len(pot.shares) > 1
        for share in sorted(pot.shares, key=lambda s: s.seat):
            fields = {"name": names[share.seat], "chips": chips(share.amount)}
            if split and share.odd_chip:
                odd_by_seat[share.seat] += 1
                text = _("{name} {chips} (odd chip)").format(**fields)
            else:
                text = _("{name} {chips}").format(**fields)
            takes.append(text)
        pots.append(
            PotRow(
                name=_("Main pot") if number == 0 else _("Side pot {number}").format(number=number),
                amount=pot.amount,
                eligible=_eligible(pot.eligible, live, names),
                goes_to=", ".join(takes) if takes else _unawarded(pot.eligible, pot.amount, names),
                odd_chips=split and any(share.odd_chip for share in pot.shares),
                winners=tuple(order[s.seat] for s in sorted(pot.shares, key=lambda s: s.seat)),
            )
        )
    uncalled = ""
    returned = [0] * len(players)
    if result.uncalled is not None:
        who = names[result.uncalled.seat]
        uncalled = _("Uncalled bet: {chips} goes back to {name}.").format(
            chips=chips(result.uncalled.amount), name=who
        )
        returned[result.uncalled.seat] = result.uncalled.amount
    # The library's payout counts the uncalled bet in; the table shows it apart from winnings.
    payouts = tuple(
        PayoutRow(
            p.label, p.bet, result.payouts[pos] - returned[pos], odd_by_seat[pos], returned[pos]
        )
        for pos, p in enumerate(players)
    )
    busted_by: dict[tuple[int, ...], list[str]] = {}
    if ranking is not None:
        button = _button_position(dispute, order)
        for pos in live:
            # Only a seat that put chips in and got none back can have lost its last chips.
            if players[pos].bet == 0 or result.payouts[pos] > 0:
                continue
            try:
                seats = knockout_from(result, pos, button)
            except SettleError:
                continue  # tied for its last pot (an odd chip went elsewhere): nobody's knockout
            busted_by.setdefault(seats, []).append(names[pos])
    knockouts = [knockout_line(out, [names[s] for s in seats]) for seats, out in busted_by.items()]
    return PotsAnswer(tuple(pots), payouts, uncalled, tuple(knockouts))


LONG_LIST = 4  # more eligible players than this may be counted rather than all named


def _eligible(eligible: Sequence[int], live: Sequence[int], names: Sequence[str]) -> str:
    """Who may win a pot, in as short a line as reads well even ten-handed (a wrapped row pushes
    the answer down): up to four names, else the shortest of the names, "All 8 still in" and
    "All still in but Ann, Eve"."""
    named = ", ".join(names[s] for s in eligible)
    if len(eligible) <= LONG_LIST:
        return named
    left_out = [s for s in live if s not in eligible]
    if not left_out:
        return _("All {count} still in").format(count=len(eligible))
    but = _("All still in but {names}").format(names=", ".join(names[s] for s in left_out))
    return but if len(but) < len(named) else named


def _unawarded(eligible: Sequence[int], amount: int, names: Sequence[str]) -> str:
    """What a pot says before the finishing order is known."""
    if len(eligible) == 1:
        return _("{name} {chips} (the only one eligible)").format(
            name=names[eligible[0]], chips=chips(amount)
        )
    return _("waiting for the finishing order")


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


# ---------------------------------------------------------------- what each seat is told


@dataclass(frozen=True)
class Badge:
    """The badge on a hand: what the player takes, and its colour.

    Attributes:
        text: "WINS", "SPLITS", "WINS MAIN", "WINS SIDE 2", "WINS MAIN + SIDE 1 · SPLITS SIDE 2",
            "WINS ALL POTS", "FOLDED" or "" (no badge).
        kind: "WINS" when the player takes a pot alone, "SPLITS" when they only share pots,
            "FOLDED", or "": the badge's colour in the style sheet.
    """

    text: str = ""
    kind: str = ""


NO_BADGE = Badge()


def _pot_names(numbers: Sequence[int]) -> str:
    """`MAIN + SIDE 1`; three or more side pots in a row read `SIDES 2–4`."""
    parts: list[str] = []
    run: list[int] = []

    def flush() -> None:
        if len(run) >= 3:
            parts.append(_("SIDES {first}–{last}").format(first=run[0], last=run[-1]))
        else:
            parts.extend(_("SIDE {number}").format(number=n) for n in run)
        run.clear()

    for number in numbers:
        if number == 0:
            parts.append(_("MAIN"))
        elif run and number != run[-1] + 1:
            flush()
            run.append(number)
        else:
            run.append(number)
    flush()
    return " + ".join(parts)


def pot_badge(index: int, pots: Sequence[PotRow]) -> Badge:
    """What player `index` takes from the settled `pots` (main pot first), as a badge.

    A hand without side pots reads `WINS` or `SPLITS`; with side pots the badge names the pots,
    so a short stack that wins the main pot and a big stack that wins a side pot are both told.

    >>> main = PotRow("Main pot", 300, "", "", False, winners=(2,))
    >>> side = PotRow("Side pot 1", 200, "", "", False, winners=(0, 1))
    >>> pot_badge(2, [main, side]).text, pot_badge(0, [main, side]).text
    ('WINS MAIN', 'SPLITS SIDE 1')
    >>> pot_badge(2, [main]).text, pot_badge(1, [main])
    ('WINS', Badge(text='', kind=''))
    """
    won = [n for n, pot in enumerate(pots) if pot.winners == (index,)]
    shared = [n for n, pot in enumerate(pots) if index in pot.winners and len(pot.winners) > 1]
    if not won and not shared:
        return NO_BADGE
    kind = "WINS" if won else "SPLITS"
    if len(pots) == 1:
        return Badge(_("WINS") if won else _("SPLITS"), kind)
    if len(won) == len(pots):
        return Badge(_("WINS ALL POTS"), kind)
    parts = []
    if won:
        parts.append(_("WINS {pots}").format(pots=_pot_names(won)))
    if shared:
        parts.append(_("SPLITS {pots}").format(pots=_pot_names(shared)))
    return Badge(" · ".join(parts), kind)


def chip_warnings(dispute: Dispute) -> tuple[str, ...]:
    """Bets (and dead money) that are not a whole number of the smallest chip, seat by seat.

    Such an amount cannot have been bet with the chips in play: it is usually a miscount, and it
    makes the pots uneven (with T10 chips, a bet of 15 among bets of 10 leaves an odd 5 that
    rides with someone's share), so the director is told rather than left to wonder.

    >>> from clockapp.ui.rulings.state import Player
    >>> d = Dispute(players=(Player(3, bet=10), Player(4, bet=15)), chip=10)
    >>> chip_warnings(d)
    ("Seat 4's bet of 15 is not a multiple of T10.",)
    """
    chip = dispute.chip
    if chip <= 1:
        return ()
    seats = sorted(dispute.players, key=lambda p: p.seat)
    notes = [
        _("{seat}'s bet of {chips} is not a multiple of {chip}.").format(
            seat=p.label, chips=chips(p.bet), chip=chip_name(chip)
        )
        for p in seats
        if p.bet % chip
    ]
    if dispute.dead % chip:
        notes.append(
            _("The dead money of {chips} is not a multiple of {chip}.").format(
                chips=chips(dispute.dead), chip=chip_name(chip)
            )
        )
    return tuple(notes)


BUTTON_UNKNOWN = N_("Button not known: the odd chip went to the lowest seat; set the button.")


def button_warning(dispute: Dispute, pots: Sequence[PotRow]) -> str | None:
    """`BUTTON_UNKNOWN` when an odd chip was awarded without knowing the button, else None.

    Without the button the odd chip goes to the lowest-numbered of the tied seats, which is right
    only when that seat happens to be first to the button's left.

    >>> split = PotRow("Main pot", 25, "", "A 15 (odd chip), B 10", odd_chips=True)
    >>> button_warning(Dispute(), [split]) == BUTTON_UNKNOWN
    True
    >>> print(button_warning(Dispute(button=2), [split]))
    None
    """
    if dispute.button is None and any(pot.odd_chips for pot in pots):
        return _(BUTTON_UNKNOWN)
    return None
