"""The ledger's balances: folding the rows into totals while checking every rule on the way.

`balances(rows)` folds a sequence of `LedgerRow` into `LedgerBalances` (prize pool, fees,
bounties, paid out, still owed, expected cash) and refuses any sequence that breaks a rule, naming
the row; `check_append(rows, row)` is what a service calls before it inserts a row, so a refused
row leaves the ledger unchanged. The kinds and what each moves: `clockapp.core.money.ledger`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from clockapp.core.money.amounts import format_cents
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.ledger import (
    DealShare,
    LedgerError,
    LedgerRow,
    RowKind,
)
from clockapp.i18n import gettext as _


@dataclass(frozen=True)
class LedgerBalances:
    """The totals of a ledger after every void is applied. Money in cents.

    Attributes:
        buy_ins: First buy-ins still standing (neither voided nor fully refunded).
        re_entries: Re-entries still standing.
        rebuys: Rebuys still standing.
        add_ons: Add-ons still standing.
        refunds: Refund rows still standing.
        voids: Void rows.
        prize_pool: Money in the prize pool: entries' prize parts, plus overlay, less refunds.
        overlay: Money the house added to reach a guarantee.
        house_fees: Fees kept by the house (from entries and fee rows, less refunds).
        bounty_pool: Money set aside as bounties (less refunds).
        paid_out: Prizes paid.
        bounties_paid: Bounties paid.
        refunded: Money handed back by refunds.
        cash_in: Money that came into the drawer.
        cash_out: Money that went out of the drawer.
        deal: The shares of the last standing deal, if any.
    """

    buy_ins: int = 0
    re_entries: int = 0
    rebuys: int = 0
    add_ons: int = 0
    refunds: int = 0
    voids: int = 0
    prize_pool: int = 0
    overlay: int = 0
    house_fees: int = 0
    bounty_pool: int = 0
    paid_out: int = 0
    bounties_paid: int = 0
    refunded: int = 0
    cash_in: int = 0
    cash_out: int = 0
    deal: tuple[DealShare, ...] = ()

    @property
    def entries(self) -> int:
        """Buy-ins and re-entries: the number of entries in the field."""
        return self.buy_ins + self.re_entries

    @property
    def prize_owed(self) -> int:
        """Prize money not yet paid."""
        return self.prize_pool - self.paid_out

    @property
    def bounties_owed(self) -> int:
        """Bounty money not yet paid."""
        return self.bounty_pool - self.bounties_paid

    @property
    def still_owed(self) -> int:
        """Everything the players are still owed: prizes and bounties not yet paid."""
        return self.prize_owed + self.bounties_owed

    @property
    def expected_cash(self) -> int:
        """The cash the ledger says came in and did not go out (add the opening float)."""
        return self.cash_in - self.cash_out


class _Fold:
    """The running state while rows are folded; mutable, private, built fresh per call."""

    def __init__(self) -> None:
        self.rows: dict[int, LedgerRow] = {}
        self.last_id: int | None = None
        self.voided_by: dict[int, int] = {}
        self.refunded: dict[int, EntryPrice] = {}  # entry row id -> parts refunded so far
        self.totals: dict[str, int] = dict.fromkeys(_COUNTERS, 0)
        self.deals: list[int] = []  # ids of deal rows, voided or not

    def apply(self, row: LedgerRow, name: str = "") -> None:
        """Check `row` against the rows before it, then add its effect; raise LedgerError.

        `name` starts a refusal's message (default: the row by its id and kind).
        """
        name = name or f"Ledger row {row.row_id} ({row.kind.value})"
        if self.last_id is not None and row.row_id <= self.last_id:
            raise LedgerError(
                _(
                    "{name}: rows are appended in order; row {row_id} comes after row {last_id}."
                ).format(name=name, row_id=row.row_id, last_id=self.last_id)
            )
        if row.kind is RowKind.VOID:
            self._void(row, name)
        elif row.kind is RowKind.REFUND:
            self._refund(row, name)
            self._effect(row, +1)
        elif row.kind is RowKind.DEAL:
            unpaid = self.totals["prize_pool"] - self.totals["paid_out"]
            if row.amount > unpaid:
                raise LedgerError(
                    _(
                        "{name}: the deal shares {amount} but only {amount2} of "
                        "prize money is unpaid."
                    ).format(
                        name=name,
                        amount=format_cents(row.amount),
                        amount2=format_cents(unpaid),
                    )
                )
        else:
            self._effect(row, +1)
        self._check_owed(name)
        self.rows[row.row_id] = row
        self.last_id = row.row_id
        if row.kind is RowKind.DEAL:
            self.deals.append(row.row_id)

    def _void(self, row: LedgerRow, name: str) -> None:
        assert row.target is not None  # guaranteed by LedgerRow validation
        target = self.rows.get(row.target)
        if target is None:
            raise LedgerError(
                _("{name}: there is no earlier row {target} to void.").format(
                    name=name, target=row.target
                )
            )
        if target.kind is RowKind.VOID:
            raise LedgerError(
                _(
                    "{name}: row {row_id} is itself a void and cannot be voided; record the "
                    "original row again instead."
                ).format(name=name, row_id=target.row_id)
            )
        if target.row_id in self.voided_by:
            raise LedgerError(
                _("{name}: row {row_id} was already voided by row {voided_by}.").format(
                    name=name, row_id=target.row_id, voided_by=self.voided_by[target.row_id]
                )
            )
        if row.amount != target.amount:
            raise LedgerError(
                _(
                    "{name}: a void repeats the amount of the row it reverses "
                    "({amount}), not {amount2}."
                ).format(
                    name=name,
                    amount=format_cents(target.amount),
                    amount2=format_cents(row.amount),
                )
            )
        refunds = [
            other.row_id
            for other in self.rows.values()
            if other.kind is RowKind.REFUND
            and other.target == target.row_id
            and other.row_id not in self.voided_by
        ]
        if refunds:
            raise LedgerError(
                _(
                    "{name}: row {row_id} was refunded by row {refunds}; void the refund first."
                ).format(name=name, row_id=target.row_id, refunds=refunds[0])
            )
        if target.kind is RowKind.REFUND:
            assert target.target is not None
            assert target.split is not None
            entry = self.rows[target.target]
            if self.refunded[target.target] == entry.split:
                # The entry was fully refunded and counts again once the refund is voided.
                self.totals[_ENTRY_COUNTER[entry.kind]] += 1
            self.refunded[target.target] = _minus(self.refunded[target.target], target.split)
        self._effect(target, -1)
        self.voided_by[target.row_id] = row.row_id
        self.totals["voids"] += 1

    def _refund(self, row: LedgerRow, name: str) -> None:
        assert row.target is not None
        assert row.split is not None
        entry = self.rows.get(row.target)
        if entry is None or not entry.kind.is_entry:
            raise LedgerError(
                _("{name}: row {target} is not an earlier entry to refund.").format(
                    name=name, target=row.target
                )
            )
        if entry.row_id in self.voided_by:
            raise LedgerError(
                _(
                    "{name}: entry row {row_id} was voided by row {voided_by}; there is "
                    "nothing to refund."
                ).format(name=name, row_id=entry.row_id, voided_by=self.voided_by[entry.row_id])
            )
        if row.player_id != entry.player_id:
            raise LedgerError(
                _(
                    "{name}: entry row {row_id} was paid by player {player_id}, not player "
                    "{player_id2}."
                ).format(
                    name=name,
                    row_id=entry.row_id,
                    player_id=entry.player_id,
                    player_id2=row.player_id,
                )
            )
        assert entry.split is not None
        before = self.refunded.get(entry.row_id, EntryPrice(0))
        after = EntryPrice(
            before.prize_pool + row.split.prize_pool,
            before.house_fee + row.split.house_fee,
            before.bounty + row.split.bounty,
        )
        for part, paid, back in (
            ("prize-pool part", entry.split.prize_pool, after.prize_pool),
            ("house fee", entry.split.house_fee, after.house_fee),
            ("bounty", entry.split.bounty, after.bounty),
        ):
            if back > paid:
                raise LedgerError(
                    _(
                        "{name}: refunds of entry row {row_id} would hand back {amount} of "
                        "its {part}, but only {amount2} was paid."
                    ).format(
                        name=name,
                        row_id=entry.row_id,
                        amount=format_cents(back),
                        part=part,
                        amount2=format_cents(paid),
                    )
                )
        self.refunded[entry.row_id] = after
        if after == entry.split:
            # A fully refunded entry no longer counts in the field (it sizes the payouts).
            self.totals[_ENTRY_COUNTER[entry.kind]] -= 1

    def _effect(self, row: LedgerRow, sign: int) -> None:
        t = self.totals
        kind = row.kind
        if kind.is_entry:
            assert row.split is not None
            t[_ENTRY_COUNTER[kind]] += sign
            t["prize_pool"] += sign * row.split.prize_pool
            t["house_fees"] += sign * row.split.house_fee
            t["bounty_pool"] += sign * row.split.bounty
            t["cash_in"] += sign * row.amount
        elif kind is RowKind.FEE:
            t["house_fees"] += sign * row.amount
            t["cash_in"] += sign * row.amount
        elif kind is RowKind.OVERLAY:
            t["overlay"] += sign * row.amount
            t["prize_pool"] += sign * row.amount
            t["cash_in"] += sign * row.amount
        elif kind is RowKind.PAYOUT:
            t["paid_out"] += sign * row.amount
            t["cash_out"] += sign * row.amount
        elif kind is RowKind.BOUNTY:
            t["bounties_paid"] += sign * row.amount
            t["cash_out"] += sign * row.amount
        elif kind is RowKind.REFUND:
            assert row.split is not None
            t["refunds"] += sign
            t["refunded"] += sign * row.amount
            t["prize_pool"] -= sign * row.split.prize_pool
            t["house_fees"] -= sign * row.split.house_fee
            t["bounty_pool"] -= sign * row.split.bounty
            t["cash_out"] += sign * row.amount
        # A deal moves no money: it only records how the unpaid prize money will be shared.

    def _check_owed(self, name: str) -> None:
        t = self.totals
        if t["paid_out"] > t["prize_pool"]:
            raise LedgerError(
                _(
                    "{name}: prizes paid ({amount}) would be more than the prize pool "
                    "({amount2}); that is more than is owed."
                ).format(
                    name=name,
                    amount=format_cents(t["paid_out"]),
                    amount2=format_cents(t["prize_pool"]),
                )
            )
        if t["bounties_paid"] > t["bounty_pool"]:
            raise LedgerError(
                _(
                    "{name}: bounties paid ({amount}) would be more than the bounty "
                    "money collected ({amount2})."
                ).format(
                    name=name,
                    amount=format_cents(t["bounties_paid"]),
                    amount2=format_cents(t["bounty_pool"]),
                )
            )

    def result(self) -> LedgerBalances:
        standing = [i for i in self.deals if i not in self.voided_by]
        deal = self.rows[standing[-1]].shares if standing else ()
        return LedgerBalances(**self.totals, deal=deal)


_ENTRY_COUNTER = {
    RowKind.BUY_IN: "buy_ins",
    RowKind.RE_ENTRY: "re_entries",
    RowKind.REBUY: "rebuys",
    RowKind.ADD_ON: "add_ons",
}
_COUNTERS = (
    "buy_ins",
    "re_entries",
    "rebuys",
    "add_ons",
    "refunds",
    "voids",
    "prize_pool",
    "overlay",
    "house_fees",
    "bounty_pool",
    "paid_out",
    "bounties_paid",
    "refunded",
    "cash_in",
    "cash_out",
)


def _minus(a: EntryPrice, b: EntryPrice) -> EntryPrice:
    return EntryPrice(a.prize_pool - b.prize_pool, a.house_fee - b.house_fee, a.bounty - b.bounty)


def balances(rows: Iterable[LedgerRow]) -> LedgerBalances:
    """Fold a ledger into its balances, checking every rule on the way.

    Raises:
        LedgerError: A row breaks a rule (out of order, voids a missing, void or already voided
            row, refunds more than was paid, pays more than is owed, a deal larger than the
            unpaid prize money). The message names the row.

    >>> from clockapp.core.money.entries import EntryPrice
    >>> balances([LedgerRow(1, RowKind.BUY_IN, 2000, player_id=1, split=EntryPrice(2000)),
    ...           LedgerRow(2, RowKind.PAYOUT, 2500, player_id=1)])
    Traceback (most recent call last):
    ...
    clockapp.core.money.ledger.LedgerError: Ledger row 2 (payout): prizes paid ($25.00) would be more than the prize pool ($20.00); that is more than is owed.
    """  # noqa: E501 - a doctest's expected output cannot be wrapped
    fold = _Fold()
    for row in rows:
        fold.apply(row)
    return fold.result()


def check_append(rows: Sequence[LedgerRow], row: LedgerRow) -> LedgerBalances:
    """Check that `row` may be appended to `rows`; return the balances with it.

    Services call this before inserting, so a refused row leaves the ledger unchanged. The new
    row has no id yet (the database gives it one), so a refusal names it by what it does.

    Raises:
        LedgerError: As `balances`, for the existing rows or the new one.

    >>> from clockapp.core.money.entries import EntryPrice
    >>> rows = [LedgerRow(1, RowKind.BUY_IN, 2000, player_id=1, split=EntryPrice(2000)),
    ...         LedgerRow(2, RowKind.VOID, 2000, target=1, reason="wrong player")]
    >>> check_append(rows, LedgerRow(3, RowKind.VOID, 2000, target=1, reason="again"))
    Traceback (most recent call last):
    ...
    clockapp.core.money.ledger.LedgerError: Voiding row 1: row 1 was already voided by row 2.
    """
    fold = _Fold()
    for earlier in rows:
        fold.apply(earlier)
    fold.apply(row, new_row_name(row))
    return fold.result()


def new_row_name(row: LedgerRow) -> str:
    """How a refusal names a row not written yet: by what it does, not by an id it may not get.

    >>> new_row_name(LedgerRow(9, RowKind.VOID, 2000, target=3, reason="x"))
    'Voiding row 3'
    >>> new_row_name(LedgerRow(9, RowKind.PAYOUT, 2000, player_id=1))
    'This payout'
    """
    if row.kind is RowKind.VOID:
        return f"Voiding row {row.target}"
    if row.kind is RowKind.REFUND:
        return f"Refunding row {row.target}"
    return f"This {row.kind.value}"
