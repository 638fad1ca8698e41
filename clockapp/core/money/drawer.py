"""The cash drawer and the night: a count against what the ledger expects, the night's summary."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from clockapp import formats
from clockapp.core.money.amounts import format_cents, format_money
from clockapp.core.money.balances import LedgerBalances, balances
from clockapp.core.money.ledger import LedgerRow
from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _
from clockapp.i18n import pgettext


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
        """'balanced', 'over by $x' or 'short by $x', in the action's currency (`status_in`).

        >>> DrawerCount(10000, 9500).status
        'short by $5.00'
        """
        return self.status_in(None)

    def status_in(self, currency: str | None) -> str:
        """'balanced', 'over by 5,00 €' or 'short by 5,00 €' in `currency` (None: the currency
        of the action, `formats.using_currency`).

        >>> DrawerCount(10000, 10500).status_in("€"), DrawerCount(100, 100).status_in("€")
        ('over by €5.00', 'balanced')
        """
        if self.difference == 0:
            return pgettext("cash drawer", "balanced")
        amount = format_cents(abs(self.difference), symbol=currency)
        if self.difference > 0:
            return pgettext("cash drawer", "over by {amount}").format(amount=amount)
        return pgettext("cash drawer", "short by {amount}").format(amount=amount)


def drawer_count(balances: LedgerBalances, counted: int, *, opening_float: int = 0) -> DrawerCount:
    """Compare a count of the drawer with what the ledger expects.

    Args:
        balances: The ledger's balances.
        counted: The cash counted, in cents.
        opening_float: The cash put in the drawer before the first entry (change), in cents.

    >>> drawer_count(LedgerBalances(cash_in=30000, cash_out=10000), 25000, opening_float=5000)
    DrawerCount(expected=25000, counted=25000)
    """
    if isinstance(counted, bool) or not isinstance(counted, int) or counted < 0:
        raise ValidationError(
            _("The count must be 0 or more cents, not {value!r}.").format(value=counted)
        )
    if isinstance(opening_float, bool) or not isinstance(opening_float, int) or opening_float < 0:
        raise ValidationError(
            _("The opening float must be 0 or more cents, not {value!r}.").format(
                value=opening_float
            )
        )
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
        """The summary as (label, value) pairs, in the order a director reads them, the labels
        in the current language and the money in `symbol`.

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
            (_("Entries"), formats.number(b.buy_ins)),
            (_("Re-entries"), formats.number(b.re_entries)),
            (_("Rebuys"), formats.number(b.rebuys)),
            (_("Add-ons"), formats.number(b.add_ons)),
            (_("Refunds"), formats.number(b.refunds)),
            (_("Voided rows"), formats.number(b.voids)),
            (_("Collected"), money(b.cash_in)),
            (_("House fees"), money(b.house_fees)),
            (_("Overlay"), money(b.overlay)),
            (_("Prize pool"), money(b.prize_pool)),
            (_("Paid out"), money(b.paid_out)),
            (_("Bounties"), money(b.bounty_pool)),
            (_("Bounties paid"), money(b.bounties_paid)),
            (_("Refunded"), money(b.refunded)),
            (_("Still owed"), money(b.still_owed)),
            (_("Opening float"), money(self.opening_float)),
            (_("Expected cash"), money(self.opening_float + b.expected_cash)),
        ]
        if self.drawer is not None:
            lines.append((_("Counted cash"), money(self.drawer.counted)))
            lines.append((pgettext("cash drawer", "Drawer"), self.drawer.status_in(symbol)))
        return tuple(lines)


def night_summary(
    rows: Iterable[LedgerRow], *, opening_float: int = 0, counted: int | None = None
) -> NightSummary:
    """Build the end-of-night summary from the ledger (and the final count, if made).

    >>> night_summary([]).balances.still_owed
    0
    """
    if isinstance(opening_float, bool) or not isinstance(opening_float, int) or opening_float < 0:
        raise ValidationError(
            _("The opening float must be 0 or more cents, not {opening_float!r}.").format(
                opening_float=opening_float
            )
        )
    totals = balances(rows)
    drawer = None if counted is None else drawer_count(totals, counted, opening_float=opening_float)
    return NightSummary(balances=totals, opening_float=opening_float, drawer=drawer)
