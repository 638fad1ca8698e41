"""Who is credited what for each knockout, and the bounty on every head now.

The rules (stated here once; the tests hold them):

* Plain knockout: the buster collects the whole bounty on the stack lost, in cash.
* Progressive knockout (PKO): the buster collects half in cash and half goes onto the buster's own
  head (the stack they play with at that bust). The odd cent goes to the cash half: a bounty of
  $10.01 pays $5.01 now and puts $5.00 on the head, so no fraction of a cent is ever owed.
* A knockout shared by tied winners (a split pot) divides the bounty into equal cents, the odd
  cents one each to the winners in position order (the earliest position first, as the online
  rooms publish); each share is then halved as above.
* Mystery: a knockout before the stage collects nothing; from the stage on it collects the
  envelope it drew (split the same way between tied winners). The bounty parts of the entries are
  the envelopes' money, so the heads do not move.
* A bust with nobody credited leaves its bounty unclaimed (counted, never lost).
* At the end the winner collects the bounty on their own head (mystery: the envelopes left).

So the cash credited, the heads still standing and the unclaimed money always add up to every
cent of bounty money collected (`BountySettlement.total`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from clockapp.core.bounties.rules import BountyError, BountyFormat
from clockapp.i18n import gettext as _


def split_cents(amount: int, parts: int) -> tuple[int, ...]:
    """`amount` cents in `parts` equal shares, the odd cents one each to the earliest shares.

    >>> split_cents(1001, 3)
    (334, 334, 333)
    """
    if parts < 1:
        raise BountyError(_("A bounty cannot be split between nobody."))
    each, odd = divmod(amount, parts)
    return tuple(each + (1 if i < odd else 0) for i in range(parts))


def pko_halves(amount: int) -> tuple[int, int]:
    """A progressive bounty won: (cash to the buster now, onto the buster's head).

    The odd cent goes to the cash half.

    >>> pko_halves(1001)
    (501, 500)
    """
    head = amount // 2
    return amount - head, head


@dataclass(frozen=True)
class Knockout:
    """One standing bust as the bounty rules see it, in the order recorded.

    Attributes:
        busted: The registration busted.
        lost_stack: The ledger row of the stack lost (see `clockapp.core.money.field.lives`).
        busters: Who is credited, earliest position first: (registration, the ledger row of the
            stack they played with at that bust, or None when not known). Empty: nobody named.
        envelope: Mystery only: the cents of the envelope this knockout drew (None: no draw).
    """

    busted: int
    lost_stack: int
    busters: tuple[tuple[int, int | None], ...] = ()
    envelope: int | None = None


@dataclass(frozen=True)
class BountySettlement:
    """Where the bounty money stands after the knockouts.

    Attributes:
        heads: The bounty on every standing stack now (ledger row -> cents; 0 once lost).
        cash: Knockout money credited to each registration, in cents.
        knockouts: Knockouts credited to each registration (a shared one counts for each).
        unclaimed: Bounties of busts with nobody credited, in cents.
    """

    heads: Mapping[int, int]
    cash: Mapping[int, int]
    knockouts: Mapping[int, int]
    unclaimed: int

    @property
    def total(self) -> int:
        """Cash credited + heads standing + unclaimed (the bounty money, to the cent)."""
        return sum(self.cash.values()) + sum(self.heads.values()) + self.unclaimed


def settle_bounties(
    fmt: BountyFormat,
    stacks: Mapping[int, Mapping[int, int]],
    knockouts: Sequence[Knockout],
) -> BountySettlement:
    """Apply the knockouts in order to the stacks' bounties.

    Args:
        fmt: The bounty format.
        stacks: Each registration's standing stacks: ledger row -> the bounty paid in with it.
        knockouts: The standing busts, in the order recorded.

    A progressive knockout of Bob ($20.00) by Ann, then of Ann (now $30.00) by Cy:

    >>> result = settle_bounties(
    ...     BountyFormat.PROGRESSIVE,
    ...     {1: {10: 2000}, 2: {20: 2000}, 3: {30: 2000}},
    ...     [Knockout(2, 20, ((1, 10),)), Knockout(1, 10, ((3, 30),))],
    ... )
    >>> dict(result.cash), result.heads[30], result.total
    ({1: 1000, 3: 1500}, 3500, 6000)
    """
    heads = {row: bounty for rows in stacks.values() for row, bounty in rows.items()}
    owner = {row: rid for rid, rows in stacks.items() for row in rows}
    cash: dict[int, int] = {}
    counts: dict[int, int] = {}
    unclaimed = 0
    for ko in knockouts:
        if ko.lost_stack not in heads:
            continue  # the stack's entry was voided or refunded since: it had no bounty to win
        if fmt is BountyFormat.MYSTERY:
            won = ko.envelope or 0
        else:
            won = heads[ko.lost_stack]
            heads[ko.lost_stack] = 0
        if not ko.busters:
            unclaimed += won
            continue
        for (buster, stack), share in zip(
            ko.busters, split_cents(won, len(ko.busters)), strict=True
        ):
            counts[buster] = counts.get(buster, 0) + 1
            if fmt is BountyFormat.PROGRESSIVE:
                now, later = pko_halves(share)
                if stack is not None and owner.get(stack) == buster:
                    heads[stack] += later
                else:
                    now += later  # the buster's stack is gone from the ledger: pay it all now
                share = now
            cash[buster] = cash.get(buster, 0) + share
    return BountySettlement(heads, cash, counts, unclaimed)
