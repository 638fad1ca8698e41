"""The cashier's rules as a money action: replace the entry rules and payout choices."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from clockapp.core.money.change import TillChange, applied
from clockapp.core.money.records import CashierConfig
from clockapp.core.money.rules_fit import check_rules_fit
from clockapp.core.money.till import Till
from clockapp.core.money.view import guard_payments
from clockapp.persistence.session import Session
from clockapp.services.cashier.action import Done, Ruling, money_action
from clockapp.services.cashier.cache import LedgerCache
from clockapp.services.changes import Change, Outcome
from clockapp.services.context import ServiceContext
from clockapp.services.setup import load_structure


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

        def rule(session: Session, till: Till, _now: datetime) -> Ruling[CashierConfig]:
            check_rules_fit(config.rules, load_structure(session, tournament_id))
            change = TillChange(config=config)
            guard_payments(applied(till, change))
            flags = Change.TOURNAMENT | Change.ENTRIES | Change.PAYOUTS

            def finish(
                _session: Session, after: Till, _written: Sequence[TillChange], _at: datetime
            ) -> Done[CashierConfig]:
                # The config as it now reads back from the database.
                return Done(after.config, flags, f"cashier rules: {config.rules.label}")

            return Ruling((change,), finish)

        return money_action(self._ctx, self._cache, tournament_id, rule)
