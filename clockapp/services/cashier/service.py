"""The cashier station: entry rules, registrations, buy-ins, rebuys, add-ons, re-entries, voids.

Every action is one transaction through `money_action` (`clockapp.services.cashier.action`): the
till is locked and loaded once, the core checks the action (`clockapp.core.money`), and only then
are rows written. A refused action raises a `DomainError` whose message the director can read,
and leaves the database as it was.

`CashierService` is the one object the cashier window holds. It owns no use case itself: each
part owns one job and gets the context and the shared till cache in its constructor, and the
service hands out the parts' methods under the names the windows call:

- `reads` (`CashierReads`): the config, the list, the options, the ledger, the drawer;
- `roster` (`RosterActions`): pre-register, check in, register, withdraw (and reinstate);
- `sales` (`BuyInActions`): buy-ins, rebuys, re-entries, add-ons, each with its seat;
- `reversals` (`ReversalActions`): void, undo one action, refund;
- `rules` (`ConfigActions`): the entry rules and payout choices;
- `drawer` (`DrawerActions`): counts of the cash drawer.
"""

from __future__ import annotations

from clockapp.services.cashier.buy_ins import BuyInActions
from clockapp.services.cashier.cache import LedgerCache
from clockapp.services.cashier.config import ConfigActions
from clockapp.services.cashier.drawer import DrawerActions
from clockapp.services.cashier.reads import CashierReads
from clockapp.services.cashier.reversals import ReversalActions
from clockapp.services.cashier.roster import RosterActions
from clockapp.services.context import ServiceContext

__all__ = ["CashierService"]


class CashierService:
    """Use cases of the cashier station, from its parts. Each action is one transaction."""

    def __init__(self, ctx: ServiceContext, tills: LedgerCache | None = None) -> None:
        """Build the parts over one till cache.

        Args:
            ctx: The engine, the time source and the station's name.
            tills: The tills already read (`Services` shares one with every money service);
                None: a cache of this service's own.
        """
        self.tills = tills if tills is not None else LedgerCache()
        self.reads = CashierReads(ctx, self.tills)
        self.roster = RosterActions(ctx, self.tills)
        self.sales = BuyInActions(ctx, self.tills)
        self.reversals = ReversalActions(ctx, self.tills)
        self.rules = ConfigActions(ctx, self.tills)
        self.drawer_counter = DrawerActions(ctx, self.tills)
        # The reads.
        self.config = self.reads.config
        self.check_config = self.reads.check_config
        self.registrations = self.reads.registrations
        self.registration = self.reads.registration
        self.registration_of = self.reads.registration_of
        self.preview_pre_registrations = self.reads.preview_pre_registrations
        self.options = self.reads.options
        self.buy_in_option = self.reads.buy_in_option
        self.ledger = self.reads.ledger
        self.ledger_csv = self.reads.ledger_csv
        self.balances = self.reads.balances
        self.dues = self.reads.dues
        self.drawer = self.reads.drawer
        self.drawer_counts = self.reads.drawer_counts
        self.summary = self.reads.summary
        # The list.
        self.pre_register = self.roster.pre_register
        self.import_pre_registrations = self.roster.import_pre_registrations
        self.check_in = self.roster.check_in
        self.register = self.roster.register
        self.withdraw = self.roster.withdraw
        self.reinstate = self.roster.reinstate
        # Money in.
        self.buy_in = self.sales.buy_in
        self.buy_in_registration = self.sales.buy_in_registration
        self.rebuy = self.sales.rebuy
        self.re_enter = self.sales.re_enter
        self.add_on = self.sales.add_on
        # Corrections.
        self.void = self.reversals.void
        self.void_action = self.reversals.void_action
        self.refund = self.reversals.refund
        # The rules and the drawer.
        self.set_config = self.rules.set_config
        self.count_drawer = self.drawer_counter.count_drawer
