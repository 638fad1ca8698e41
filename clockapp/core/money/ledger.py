"""The money ledger: row kinds, append-only rules and the arithmetic over a sequence of rows.

Every movement of money is one `LedgerRow` in integer cents. Rows are never edited or deleted: a
mistake is corrected by a `VOID` row that reverses exactly one earlier row and says why. The
functions over the rows are pure: `balances(rows)` (`clockapp.core.money.balances`) folds a
sequence into `LedgerBalances` (prize pool, fees, bounties, paid out, still owed, expected cash)
and refuses any sequence that breaks a rule, naming the row; `check_append(rows, row)` is what a
service calls before it inserts a row, so a refused row leaves the ledger unchanged.

Which way each kind moves money:

==========  ======================================================  =================
kind        effect                                                  drawer
==========  ======================================================  =================
buy-in      + prize pool, house fee, bounty pool (by `split`)        cash in
re-entry    same as a buy-in                                         cash in
rebuy       same as a buy-in                                         cash in
add-on      same as a buy-in                                         cash in
fee         + house fees (a fee charged on its own)                  cash in
overlay     + prize pool (the house covers a guarantee)              cash in
payout      - prize money still owed (a prize paid)                  cash out
bounty      - bounty money still owed (paid to the buster)           cash out
refund      - the refunded entry's parts (by `split`)                cash out
void        reverses its target row exactly                          reverses target
deal        records the agreed shares of the prize money; no cash   none
==========  ======================================================  =================

>>> from clockapp.core.money.entries import EntryPrice
>>> rows = [
...     LedgerRow(1, RowKind.BUY_IN, 3000, player_id=7, split=EntryPrice(2500, 500)),
...     LedgerRow(2, RowKind.BUY_IN, 3000, player_id=8, split=EntryPrice(2500, 500)),
...     LedgerRow(3, RowKind.VOID, 3000, target=2, reason="typed the wrong player"),
... ]
>>> from clockapp.core.money.balances import balances
>>> b = balances(rows)
>>> b.buy_ins, b.prize_pool, b.house_fees, b.expected_cash
(1, 2500, 500, 3000)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum

from clockapp.core.money.amounts import format_cents
from clockapp.core.money.entries import EntryKind, EntryPrice
from clockapp.errors import DomainError, ValidationError
from clockapp.i18n import gettext as _


class LedgerError(DomainError):
    """A ledger row that breaks a rule (voided twice, paying more than is owed, ...)."""


class RowKind(StrEnum):
    """The kinds of ledger rows. Entry kinds share their values with `EntryKind`."""

    BUY_IN = "buy-in"
    RE_ENTRY = "re-entry"
    REBUY = "rebuy"
    ADD_ON = "add-on"
    FEE = "fee"
    OVERLAY = "overlay"
    PAYOUT = "payout"
    BOUNTY = "bounty"
    REFUND = "refund"
    VOID = "void"
    DEAL = "deal"

    @classmethod
    def for_entry(cls, kind: EntryKind) -> RowKind:
        """The row kind that records an entry of `kind`.

        >>> RowKind.for_entry(EntryKind.REBUY)
        <RowKind.REBUY: 'rebuy'>
        """
        return cls(kind.value)

    @property
    def is_entry(self) -> bool:
        """Whether rows of this kind record an entry (they carry the price split)."""
        return self in _ENTRY_KINDS


_ENTRY_KINDS = frozenset({RowKind.BUY_IN, RowKind.RE_ENTRY, RowKind.REBUY, RowKind.ADD_ON})
_NEEDS_PLAYER = _ENTRY_KINDS | {RowKind.PAYOUT, RowKind.BOUNTY, RowKind.REFUND}


@dataclass(frozen=True)
class DealShare:
    """One player's share of an agreed deal, in cents."""

    player_id: int
    amount: int

    def __post_init__(self) -> None:
        if isinstance(self.amount, bool) or not isinstance(self.amount, int) or self.amount < 0:
            raise ValidationError(
                _(
                    "Deal share of player {player_id} must be 0 or more cents, not {amount!r}."
                ).format(player_id=self.player_id, amount=self.amount)
            )


@dataclass(frozen=True)
class LedgerRow:
    """One movement of money. Rows are appended, never edited.

    Attributes:
        row_id: The row's number in the ledger; strictly increasing.
        kind: What the row records.
        amount: Cents, never negative; the kind says which way the money moves. A void repeats
            the amount of the row it reverses.
        player_id: The player paying or paid (entries, payouts, bounties, refunds; optional on
            fees).
        split: For entries, how `amount` divides into prize pool, house fee and bounty (as paid,
            whatever the prices are later); for refunds, the parts handed back.
        target: For a void, the row it reverses; for a refund, the entry it refunds.
        reason: Why: required on voids and refunds, optional elsewhere.
        shares: For a deal, each player's agreed share (they add up to `amount`).
    """

    row_id: int
    kind: RowKind
    amount: int
    player_id: int | None = None
    split: EntryPrice | None = None
    target: int | None = None
    reason: str = ""
    shares: tuple[DealShare, ...] = field(default=())

    def __post_init__(self) -> None:
        name = f"Ledger row {self.row_id} ({self.kind.value})"
        if isinstance(self.amount, bool) or not isinstance(self.amount, int):
            raise ValidationError(
                _("{name}: the amount must be whole cents, not {amount!r}.").format(
                    name=name, amount=self.amount
                )
            )
        if self.amount < 0:
            raise ValidationError(
                _(
                    "{name}: the amount {amount} is negative; the kind of row says "
                    "which way money moves, so amounts are always 0 or more."
                ).format(name=name, amount=format_cents(self.amount))
            )
        if self.kind in _NEEDS_PLAYER and self.player_id is None:
            raise ValidationError(_("{name}: say which player.").format(name=name))
        if self.kind.is_entry or self.kind is RowKind.REFUND:
            if self.split is None:
                raise ValidationError(
                    _(
                        "{name}: record how the amount splits into prize pool, fee and bounty."
                    ).format(name=name)
                )
            if self.split.total != self.amount:
                raise ValidationError(
                    _("{name}: the split adds up to {amount}, not the amount {amount2}.").format(
                        name=name,
                        amount=format_cents(self.split.total),
                        amount2=format_cents(self.amount),
                    )
                )
        elif self.split is not None:
            raise ValidationError(
                _("{name}: only entries and refunds carry a price split.").format(name=name)
            )
        if self.kind in (RowKind.VOID, RowKind.REFUND):
            if self.target is None:
                if self.kind is RowKind.VOID:
                    text = _("{name}: say which row it reverses.")
                else:
                    text = _("{name}: say which row it refunds.")
                raise ValidationError(text.format(name=name))
            if not self.reason.strip():
                raise ValidationError(_("{name}: give a reason.").format(name=name))
        elif self.target is not None:
            raise ValidationError(
                _("{name}: only voids and refunds point at another row.").format(name=name)
            )
        if self.kind in (RowKind.PAYOUT, RowKind.BOUNTY, RowKind.REFUND) and self.amount == 0:
            raise ValidationError(
                _("{name}: paying out nothing is not a movement of money.").format(name=name)
            )
        if self.kind is RowKind.DEAL:
            if not self.shares:
                raise ValidationError(
                    _("{name}: a deal needs each player's share.").format(name=name)
                )
            players = [share.player_id for share in self.shares]
            if len(set(players)) != len(players):
                raise ValidationError(
                    _("{name}: a player appears twice in the deal.").format(name=name)
                )
            total = sum(share.amount for share in self.shares)
            if total != self.amount:
                raise ValidationError(
                    _("{name}: the shares add up to {amount}, not the amount {amount2}.").format(
                        name=name,
                        amount=format_cents(total),
                        amount2=format_cents(self.amount),
                    )
                )
        elif self.shares:
            raise ValidationError(_("{name}: only a deal carries shares.").format(name=name))


def voided_rows(rows: Iterable[LedgerRow]) -> dict[int, int]:
    """Map each voided row id to the id of the void that reversed it (for the history view).

    >>> from clockapp.core.money.entries import EntryPrice
    >>> voided_rows([LedgerRow(1, RowKind.FEE, 500),
    ...              LedgerRow(2, RowKind.VOID, 500, target=1, reason="not owed")])
    {1: 2}
    """
    return {
        row.target: row.row_id
        for row in rows
        if row.kind is RowKind.VOID and row.target is not None
    }
