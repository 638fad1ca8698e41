"""The drawer count as a money action: what was counted against what the ledger expects."""

from __future__ import annotations

from datetime import datetime

from clockapp.core.money.amounts import check_cents
from clockapp.core.money.till import Till
from clockapp.core.text import REASON_MAX, clean_text
from clockapp.persistence.session import Session
from clockapp.services.cashier.action import Ruling, money_action
from clockapp.services.cashier.cache import LedgerCache
from clockapp.services.cashier.corrections import counted_cash
from clockapp.services.cashier.sales import DrawerInfo
from clockapp.services.changes import Outcome
from clockapp.services.context import ServiceContext


class DrawerActions:
    """Counts of the cash drawer: one transaction each (`money_action`)."""

    def __init__(self, ctx: ServiceContext, cache: LedgerCache) -> None:
        self._ctx = ctx
        self._cache = cache

    def count_drawer(
        self, tournament_id: int, counted: int, *, note: str = ""
    ) -> Outcome[DrawerInfo]:
        """Record a count of the cash drawer against what the ledger expects now."""
        if isinstance(counted, int) and not isinstance(counted, bool) and counted > 0:
            check_cents(counted, "The count")  # the limit; the core words the other refusals
        note = clean_text(note, "The count's note", REASON_MAX)

        def rule(_session: Session, till: Till, now: datetime) -> Ruling[DrawerInfo]:
            return counted_cash(till, now, counted, note, self._ctx.station)

        return money_action(self._ctx, self._cache, tournament_id, rule)
