"""The cashier's rules as a money action: replace the entry rules and payout choices."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from clockapp.core.money.records import CashierConfig
from clockapp.core.money.rules_fit import check_rules_fit
from clockapp.core.money.till import Till
from clockapp.core.money.view import guard_payments
from clockapp.persistence.queries import cashier_config
from clockapp.persistence.session import Session
from clockapp.services.cashier.action import Done, money_action, stepwise
from clockapp.services.cashier.cache import LedgerCache
from clockapp.services.changes import Change, Outcome
from clockapp.services.context import ServiceContext
from clockapp.services.setup import load_structure, setup_row


class ConfigActions:
    """The entry rules and payout choices: one transaction (`money_action`)."""

    def __init__(self, ctx: ServiceContext, cache: LedgerCache) -> None:
        self._ctx = ctx
        self._cache = cache

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
            till = replace(till, config=cashier_config.config_from_row(row, setup.starting_stack))
            guard_payments(till)
            flags = Change.TOURNAMENT | Change.ENTRIES | Change.PAYOUTS
            return Done(till.config, flags, f"cashier rules: {config.rules.label}")

        return money_action(self._ctx, self._cache, tournament_id, stepwise(apply))
