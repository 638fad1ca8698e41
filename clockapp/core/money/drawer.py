"""The cash drawer and the night: a count against what the ledger expects, the night's summary."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from clockapp.core.money.amounts import format_cents, format_money
from clockapp.core.money.balances import LedgerBalances, balances
from clockapp.core.money.ledger import LedgerRow
from clockapp.errors import ValidationError


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
        >>> from clockapp.core.money.ledger import RowKind
        >>> from clockapp.core.money.entries import EntryPrice
        >>> summary = night_summary([LedgerRow(1, RowKind.BUY_IN, 3000, player_id=1,
        ...                                    split=EntryPrice(2500, 500))], counted=3000)
        >>> dict(summary.lines())["Prize pool"], dict(summary.lines())["Drawer"]
        ('$25.00', 'balanced')
        """
        b = self.balances

        def money(cents: int) -> str:
            return format_money(cents, symbol)

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
