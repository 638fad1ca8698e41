"""`settle`: a hand's money, from each seat's chips in to each seat's chips out.

The rules (common tournament practice):

* The uncalled bet, the excess of the single largest contribution over the second largest, goes
  back to its seat before anything else.
* Every distinct all-in level of a player still in the hand makes a side pot. Folded players'
  chips stay in the pots they reached, but they are eligible for none; slices with the same
  eligible players are one pot, so a fold alone never creates a side pot. Dead money joins the
  main pot.
* Each pot goes to the best-ranked of its eligible players, split evenly between ties in units of
  the smallest chip in play. The odd chips go one at a time to the tied winners in seat order,
  starting with the first seat left of the button, so nobody gets more than one from a pot. If a
  split pot is not whole chips, the part smaller than a chip rides with the first odd chip (a sole
  winner simply takes the whole pot).

Everything is an int; the payouts always add up to every chip that went in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from clockapp.i18n import gettext as _
from clockapp.poker.errors import SettleError


@dataclass(frozen=True)
class Share:
    """What one winner takes from one pot.

    Attributes:
        seat: The winner's seat.
        amount: Chips taken, odd chip included.
        odd_chip: The odd chip in `amount` (0 when this winner got none).
    """

    seat: int
    amount: int
    odd_chip: int = 0

    def __post_init__(self) -> None:
        if self.amount < 0 or not 0 <= self.odd_chip <= self.amount:
            raise SettleError(
                _("seat {seat}: a share of {amount} cannot hold that").format(
                    seat=self.seat, amount=self.amount
                )
            )


@dataclass(frozen=True)
class Pot:
    """One pot, the main pot first.

    Attributes:
        amount: Chips in it.
        eligible: Seats that can win it (players still in who reached its level).
        winners: The best-ranked eligible seats (empty when no ranking was given).
        shares: What each winner takes, in odd-chip order (first seat left of the button first).
    """

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...] = ()
    shares: tuple[Share, ...] = ()

    def __post_init__(self) -> None:
        if self.shares and sum(s.amount for s in self.shares) != self.amount:
            raise SettleError(
                _("the shares of a pot of {amount} do not add up to it").format(amount=self.amount)
            )


@dataclass(frozen=True)
class UncalledBet:
    """Chips nobody called, given back to the seat that bet them."""

    seat: int
    amount: int


@dataclass(frozen=True)
class Settlement:
    """A settled hand.

    Attributes:
        uncalled: The uncalled bet given back, or None.
        pots: The main pot, then the side pots in order.
        payouts: Each seat's total take (uncalled bet included), a tuple by seat.
    """

    uncalled: UncalledBet | None
    pots: tuple[Pot, ...]
    payouts: tuple[int, ...]

    @property
    def total(self) -> int:
        """Every chip that went in (contributions and dead money)."""
        return sum(pot.amount for pot in self.pots) + (self.uncalled.amount if self.uncalled else 0)


def _check(
    contributions: Sequence[int],
    folded: Sequence[bool],
    ranking: Sequence[Sequence[int]] | None,
    button: int,
    dead_money: int,
    chip: int,
) -> None:
    seats = len(contributions)
    if seats == 0:
        raise SettleError(_("there are no seats"))
    if len(folded) != seats:
        raise SettleError(
            _("{seats} contributions but {count} fold flags; give one per seat").format(
                seats=seats, count=len(folded)
            )
        )
    for seat, amount in enumerate(contributions):
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise SettleError(
                _("seat {seat}: the contribution {amount!r} is not a whole number").format(
                    seat=seat, amount=amount
                )
            )
        if amount < 0:
            raise SettleError(
                _("seat {seat}: the contribution {amount} is negative").format(
                    seat=seat, amount=amount
                )
            )
    if not isinstance(dead_money, int) or dead_money < 0:
        raise SettleError(
            _("dead money {dead_money!r} must be a whole number, 0 or more").format(
                dead_money=dead_money
            )
        )
    if not isinstance(chip, int) or chip < 1:
        raise SettleError(
            _("the smallest chip {chip!r} must be a whole number, 1 or more").format(chip=chip)
        )
    if not 0 <= button < seats:
        raise SettleError(
            _("the button is on seat {button}, but the seats are 0 to {value}").format(
                button=button, value=seats - 1
            )
        )
    live = [s for s in range(seats) if not folded[s]]
    if not live:
        raise SettleError(_("every seat folded; someone must still be in the hand"))
    if ranking is None:
        return
    ranked: list[int] = []
    for group in ranking:
        if not group:
            raise SettleError(_("the ranking has an empty group"))
        for seat in group:
            if not 0 <= seat < seats:
                raise SettleError(
                    _("the ranking names seat {seat}, but the seats are 0 to {value}").format(
                        seat=seat, value=seats - 1
                    )
                )
            if folded[seat]:
                raise SettleError(
                    _("the ranking names seat {seat}, which folded").format(seat=seat)
                )
            if seat in ranked:
                raise SettleError(_("the ranking names seat {seat} twice").format(seat=seat))
            ranked.append(seat)
    missing = [s for s in live if s not in ranked]
    if missing:
        names = ", ".join(str(s) for s in missing)
        raise SettleError(
            _("the ranking leaves out seat(s) {names}, still in the hand").format(names=names)
        )


def _split(amount: int, winners: Sequence[int], seats: int, button: int, chip: int) -> list[Share]:
    """`amount` split between `winners`, odd chips one each from the first seat left of the button.

    The first in that order also takes any part of `amount` smaller than a chip.
    """
    if len(winners) == 1:
        return [Share(winners[0], amount)]  # a sole winner takes it all: nothing is odd
    order = sorted(winners, key=lambda seat: (seat - button - 1) % seats)
    each = amount // (len(order) * chip) * chip
    left = amount - each * len(order)
    odd_units, fraction = divmod(left, chip)
    shares = []
    for i, seat in enumerate(order):
        odd = chip if i < odd_units else 0
        if i == 0:
            odd += fraction  # an amount smaller than a chip rides with the first odd chip
        shares.append(Share(seat, each + odd, odd))
    return shares


def settle(
    contributions: Sequence[int],
    folded: Sequence[bool],
    ranking: Sequence[Sequence[int]] | None,
    button: int,
    dead_money: int = 0,
    chip: int = 1,
) -> Settlement:
    """Settle a hand's money: uncalled bet, main and side pots, odd chips, each seat's take.

    Args:
        contributions: Chips each seat put in this hand, by seat (seats clockwise from 0).
        folded: Whether each seat folded, by seat.
        ranking: Groups of tied seats still in the hand, best first, like `[[1], [2], [0]]`; every
            seat still in must appear once. None lays out the pots without awarding them (when
            nobody knows the cards yet).
        button: The seat with the dealer button.
        dead_money: Chips already in the middle that belong to no seat (they join the main pot).
        chip: The smallest chip in play; pots are split in units of it.

    Raises:
        SettleError: For inconsistent input, with the seat and the problem named.

    The worked example of the rulings window: $20 dead money; Alice (seat 0) bets $40, Bob
    (seat 1) is all in for $10, Cindy (seat 2) calls $40; Bob has the best hand, then Cindy.

    >>> result = settle([40, 10, 40], [False, False, False], [[1], [2], [0]], button=0,
    ...                 dead_money=20)
    >>> [(pot.amount, pot.eligible, pot.winners) for pot in result.pots]
    [(50, (0, 1, 2), (1,)), (60, (0, 2), (2,))]
    >>> result.payouts
    (0, 50, 60)
    """
    _check(contributions, folded, ranking, button, dead_money, chip)
    seats = len(contributions)
    bets = list(contributions)

    uncalled = None
    by_size = sorted(range(seats), key=lambda s: -bets[s])
    top = by_size[0]
    second = bets[by_size[1]] if seats > 1 else 0
    if bets[top] > second:
        uncalled = UncalledBet(top, bets[top] - second)
        bets[top] = second

    live = [s for s in range(seats) if not folded[s]]
    levels = sorted({bets[s] for s in live})
    pots: list[tuple[int, tuple[int, ...]]] = []
    previous = 0
    for i, level in enumerate(levels):
        # Chips above the highest live level (a folded seat that put in more than every player
        # still in) can only go to the last pot.
        ceiling = level if i < len(levels) - 1 else max(bets)
        amount = sum(min(b, ceiling) - min(b, previous) for b in bets)
        if i == 0:
            amount += dead_money
        eligible = tuple(s for s in live if bets[s] >= level)
        if amount == 0:
            pass  # a level nobody paid into (a player still in with nothing in) makes no pot
        elif pots and pots[-1][1] == eligible:
            pots[-1] = (pots[-1][0] + amount, eligible)
        else:
            pots.append((amount, eligible))
        previous = ceiling
    if not pots:
        pots.append((0, tuple(live)))

    payouts = [0] * seats
    if uncalled:
        payouts[uncalled.seat] += uncalled.amount
    settled: list[Pot] = []
    for amount, eligible in pots:
        if ranking is None:
            settled.append(Pot(amount, eligible))
            continue
        winners = next(
            tuple(sorted(s for s in group if s in eligible))
            for group in ranking
            if any(s in eligible for s in group)
        )
        shares = _split(amount, winners, seats, button, chip)
        for share in shares:
            payouts[share.seat] += share.amount
        settled.append(Pot(amount, eligible, winners, tuple(shares)))
    return Settlement(uncalled, tuple(settled), tuple(payouts))
