"""The cashier station: entry rules, registrations, buy-ins, rebuys, add-ons, re-entries, voids.

Every action is one transaction through `money_action` (`clockapp.services.cashier.action`): the
till is locked and loaded once, the core checks the action (`clockapp.core.money`), and only then
are rows written. A refused action raises a `DomainError` whose message the director can read,
and leaves the database as it was.

`CashierService` is composed of one group of actions a module: `roster` (the list: pre-register,
check in, register, withdraw), `buy_ins` (buy-ins, rebuys, re-entries, add-ons), `reversals`
(void, undo, refund) and the reads (`reads`); the entry rules and the drawer count are here.
"""

from __future__ import annotations

from datetime import datetime

from clockapp.core.money.amounts import check_cents
from clockapp.core.money.records import CashierConfig
from clockapp.core.money.rules_fit import check_rules_fit
from clockapp.core.money.till import Till
from clockapp.core.money.view import guard_payments
from clockapp.core.text import REASON_MAX, clean_text
from clockapp.persistence.queries import cashier_config
from clockapp.persistence.session import Session
from clockapp.services.cashier.action import Done, money_action
from clockapp.services.cashier.buy_ins import BuyInActions
from clockapp.services.cashier.corrections import count_cash
from clockapp.services.cashier.reversals import ReversalActions
from clockapp.services.cashier.roster import RosterActions
from clockapp.services.cashier.sales import DrawerInfo, EntryReceipt
from clockapp.services.changes import Change, Outcome
from clockapp.services.setup import load_structure, setup_row

__all__ = ["CashierService", "EntryReceipt"]


class CashierService(RosterActions, BuyInActions, ReversalActions):
    """Use cases of the cashier station. Each action is one transaction (`money_action`)."""

    def set_config(self, tournament_id: int, config: CashierConfig) -> Outcome[CashierConfig]:
        """Replace the entry rules and payout choices.

        Entries already sold keep the price they were paid at (it is on their ledger rows).
        The buy-in stack becomes the tournament's starting stack.

        Raises:
            CashierError: The rules do not fit the structure (an add-on at a break that the
                structure does not have).
            DomainError: The payout table no longer fits what was already paid.
        """

        def apply(session: Session, till: Till, now: datetime) -> Done[CashierConfig]:
            check_rules_fit(config.rules, load_structure(session, tournament_id))
            setup = setup_row(session, tournament_id)
            setup.starting_stack = config.rules.registration.chips
            session.add(setup)
            # Created by `money_action`'s lock and held by the till: found without a statement.
            row = cashier_config.ensure_config_row(session, tournament_id, setup.starting_stack)
            cashier_config.save_config(session, row, config)
            session.flush()
            # The till with the config as it now reads back from the database.
            till.config = cashier_config.config_from_row(row, setup.starting_stack)
            guard_payments(till)
            flags = Change.TOURNAMENT | Change.ENTRIES | Change.PAYOUTS
            return Done(till.config, flags, f"cashier rules: {config.rules.label}")

        return money_action(self._ctx, self._cache, tournament_id, apply)

    def count_drawer(
        self, tournament_id: int, counted: int, *, note: str = ""
    ) -> Outcome[DrawerInfo]:
        """Record a count of the cash drawer against what the ledger expects now."""
        if isinstance(counted, int) and not isinstance(counted, bool) and counted > 0:
            check_cents(counted, "The count")  # the limit; the core words the other refusals
        note = clean_text(note, "The count's note", REASON_MAX)

        def apply(session: Session, till: Till, now: datetime) -> Done[DrawerInfo]:
            return count_cash(session, till, now, counted, note, self._ctx.station)

        return money_action(self._ctx, self._cache, tournament_id, apply)
