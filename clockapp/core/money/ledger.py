"""The money ledger: row kinds, append-only rules and the arithmetic over a sequence of rows.

Every movement of money is one `LedgerRow` in integer cents. Rows are never edited or deleted: a
mistake is corrected by a `VOID` row that reverses exactly one earlier row and says why. The
functions here are pure: `balances(rows)` folds a sequence into `LedgerBalances` (prize pool, fees,
bounties, paid out, still owed, expected cash) and refuses any sequence that breaks a rule, naming
the row; `check_append(rows, row)` is what a service calls before it inserts a row, so a refused
row leaves the ledger unchanged.

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
>>> b = balances(rows)
>>> b.buy_ins, b.prize_pool, b.house_fees, b.expected_cash
(1, 2500, 500, 3000)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from clockapp.core.errors import DomainError, ValidationError
from clockapp.core.money.amounts import format_cents
from clockapp.core.money.entries import EntryKind, EntryPrice


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
                f"Deal share of player {self.player_id} must be 0 or more cents, "
                f"not {self.amount!r}."
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
            raise ValidationError(f"{name}: the amount must be whole cents, not {self.amount!r}.")
        if self.amount < 0:
            raise ValidationError(
                f"{name}: the amount {format_cents(self.amount)} is negative; the kind of row "
                "says which way money moves, so amounts are always 0 or more."
            )
        if self.kind in _NEEDS_PLAYER and self.player_id is None:
            raise ValidationError(f"{name}: say which player.")
        if self.kind.is_entry or self.kind is RowKind.REFUND:
            if self.split is None:
                raise ValidationError(
                    f"{name}: record how the amount splits into prize pool, fee and bounty."
                )
            if self.split.total != self.amount:
                raise ValidationError(
                    f"{name}: the split adds up to {format_cents(self.split.total)}, "
                    f"not the amount {format_cents(self.amount)}."
                )
        elif self.split is not None:
            raise ValidationError(f"{name}: only entries and refunds carry a price split.")
        if self.kind in (RowKind.VOID, RowKind.REFUND):
            if self.target is None:
                raise ValidationError(
                    f"{name}: say which row it "
                    f"{'reverses' if self.kind is RowKind.VOID else 'refunds'}."
                )
            if not self.reason.strip():
                raise ValidationError(f"{name}: give a reason.")
        elif self.target is not None:
            raise ValidationError(f"{name}: only voids and refunds point at another row.")
        if self.kind in (RowKind.PAYOUT, RowKind.BOUNTY, RowKind.REFUND) and self.amount == 0:
            raise ValidationError(f"{name}: paying out nothing is not a movement of money.")
        if self.kind is RowKind.DEAL:
            if not self.shares:
                raise ValidationError(f"{name}: a deal needs each player's share.")
            players = [share.player_id for share in self.shares]
            if len(set(players)) != len(players):
                raise ValidationError(f"{name}: a player appears twice in the deal.")
            total = sum(share.amount for share in self.shares)
            if total != self.amount:
                raise ValidationError(
                    f"{name}: the shares add up to {format_cents(total)}, "
                    f"not the amount {format_cents(self.amount)}."
                )
        elif self.shares:
            raise ValidationError(f"{name}: only a deal carries shares.")


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

    def apply(self, row: LedgerRow) -> None:
        """Check `row` against the rows before it, then add its effect; raise LedgerError."""
        name = f"Ledger row {row.row_id} ({row.kind.value})"
        if self.last_id is not None and row.row_id <= self.last_id:
            raise LedgerError(
                f"{name}: rows are appended in order; row {row.row_id} comes after row "
                f"{self.last_id}."
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
                    f"{name}: the deal shares {format_cents(row.amount)} but only "
                    f"{format_cents(unpaid)} of prize money is unpaid."
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
            raise LedgerError(f"{name}: there is no earlier row {row.target} to void.")
        if target.kind is RowKind.VOID:
            raise LedgerError(
                f"{name}: row {target.row_id} is itself a void and cannot be voided; "
                "record the original row again instead."
            )
        if target.row_id in self.voided_by:
            raise LedgerError(
                f"{name}: row {target.row_id} was already voided by row "
                f"{self.voided_by[target.row_id]}."
            )
        if row.amount != target.amount:
            raise LedgerError(
                f"{name}: a void repeats the amount of the row it reverses "
                f"({format_cents(target.amount)}), not {format_cents(row.amount)}."
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
                f"{name}: row {target.row_id} was refunded by row {refunds[0]}; "
                "void the refund first."
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
            raise LedgerError(f"{name}: row {row.target} is not an earlier entry to refund.")
        if entry.row_id in self.voided_by:
            raise LedgerError(
                f"{name}: entry row {entry.row_id} was voided by row "
                f"{self.voided_by[entry.row_id]}; there is nothing to refund."
            )
        if row.player_id != entry.player_id:
            raise LedgerError(
                f"{name}: entry row {entry.row_id} was paid by player {entry.player_id}, "
                f"not player {row.player_id}."
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
                    f"{name}: refunds of entry row {entry.row_id} would hand back "
                    f"{format_cents(back)} of its {part}, but only {format_cents(paid)} was paid."
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
                f"{name}: prizes paid ({format_cents(t['paid_out'])}) would be more than the "
                f"prize pool ({format_cents(t['prize_pool'])}); that is more than is owed."
            )
        if t["bounties_paid"] > t["bounty_pool"]:
            raise LedgerError(
                f"{name}: bounties paid ({format_cents(t['bounties_paid'])}) would be more than "
                f"the bounty money collected ({format_cents(t['bounty_pool'])})."
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

    Services call this before inserting, so a refused row leaves the ledger unchanged.

    Raises:
        LedgerError: As `balances`, for the existing rows or the new one.

    >>> from clockapp.core.money.entries import EntryPrice
    >>> rows = [LedgerRow(1, RowKind.BUY_IN, 2000, player_id=1, split=EntryPrice(2000)),
    ...         LedgerRow(2, RowKind.VOID, 2000, target=1, reason="wrong player")]
    >>> check_append(rows, LedgerRow(3, RowKind.VOID, 2000, target=1, reason="again"))
    Traceback (most recent call last):
    ...
    clockapp.core.money.ledger.LedgerError: Ledger row 3 (void): row 1 was already voided by row 2.
    """
    return balances([*rows, row])


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


@dataclass(frozen=True)
class DrawerCount:
    """The cash drawer: what should be there, what was counted, and the difference.

    Attributes:
        expected: Opening float plus cash in less cash out, in cents.
        counted: What the cashier counted, in cents.
    """

    expected: int
    counted: int

    @property
    def difference(self) -> int:
        """Counted minus expected: positive means over, negative means short."""
        return self.counted - self.expected

    @property
    def status(self) -> str:
        """'balanced', 'over by $x' or 'short by $x'.

        >>> DrawerCount(10000, 9500).status
        'short by $5.00'
        """
        if self.difference == 0:
            return "balanced"
        word = "over" if self.difference > 0 else "short"
        return f"{word} by {format_cents(abs(self.difference))}"


def drawer_count(balances: LedgerBalances, counted: int, *, opening_float: int = 0) -> DrawerCount:
    """Compare a count of the drawer with what the ledger expects.

    Args:
        balances: The ledger's balances.
        counted: The cash counted, in cents.
        opening_float: The cash put in the drawer before the first entry (change), in cents.

    >>> drawer_count(LedgerBalances(cash_in=30000, cash_out=10000), 25000, opening_float=5000)
    DrawerCount(expected=25000, counted=25000)
    """
    for value, what in ((counted, "The count"), (opening_float, "The opening float")):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValidationError(f"{what} must be 0 or more cents, not {value!r}.")
    return DrawerCount(expected=opening_float + balances.expected_cash, counted=counted)


@dataclass(frozen=True)
class NightSummary:
    """The end-of-night summary of a tournament's money.

    Attributes:
        balances: The ledger's balances.
        opening_float: Cash in the drawer before the first entry.
        drawer: The last count against the expectation, if the drawer was counted.
    """

    balances: LedgerBalances
    opening_float: int = 0
    drawer: DrawerCount | None = None

    def lines(self, *, symbol: str = "$") -> tuple[tuple[str, str], ...]:
        """The summary as (label, value) pairs, in the order a director reads them.

        >>> from clockapp.core.money.entries import EntryPrice
        >>> summary = night_summary([LedgerRow(1, RowKind.BUY_IN, 3000, player_id=1,
        ...                                    split=EntryPrice(2500, 500))], counted=3000)
        >>> dict(summary.lines())["Prize pool"], dict(summary.lines())["Drawer"]
        ('$25.00', 'balanced')
        """
        b = self.balances

        def money(cents: int) -> str:
            return format_cents(cents, symbol=symbol)

        lines = [
            ("Entries", str(b.buy_ins)),
            ("Re-entries", str(b.re_entries)),
            ("Rebuys", str(b.rebuys)),
            ("Add-ons", str(b.add_ons)),
            ("Refunds", str(b.refunds)),
            ("Voided rows", str(b.voids)),
            ("Collected", money(b.cash_in)),
            ("House fees", money(b.house_fees)),
            ("Overlay", money(b.overlay)),
            ("Prize pool", money(b.prize_pool)),
            ("Paid out", money(b.paid_out)),
            ("Bounties", money(b.bounty_pool)),
            ("Bounties paid", money(b.bounties_paid)),
            ("Refunded", money(b.refunded)),
            ("Still owed", money(b.still_owed)),
            ("Opening float", money(self.opening_float)),
            ("Expected cash", money(self.opening_float + b.expected_cash)),
        ]
        if self.drawer is not None:
            lines.append(("Counted cash", money(self.drawer.counted)))
            lines.append(("Drawer", self.drawer.status))
        return tuple(lines)


def night_summary(
    rows: Iterable[LedgerRow], *, opening_float: int = 0, counted: int | None = None
) -> NightSummary:
    """Build the end-of-night summary from the ledger (and the final count, if made).

    >>> night_summary([]).balances.still_owed
    0
    """
    if isinstance(opening_float, bool) or not isinstance(opening_float, int) or opening_float < 0:
        raise ValidationError(f"The opening float must be 0 or more cents, not {opening_float!r}.")
    totals = balances(rows)
    drawer = None if counted is None else drawer_count(totals, counted, opening_float=opening_float)
    return NightSummary(balances=totals, opening_float=opening_float, drawer=drawer)
