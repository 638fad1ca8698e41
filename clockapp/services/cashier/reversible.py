"""What the cashier can reverse now: asked before Undo, Void or Refund is offered.

Each answer is '' (it can be done) or the reason it would be refused, read from the same till
the reversing action would lock and load, and checked with the ledger's own rules
(`core.money.reversals`), so the window offers only what the service would then accept.
"""

from __future__ import annotations

from collections.abc import Sequence

from clockapp.core.money.field import standing_busts
from clockapp.core.money.ledger import voided_rows
from clockapp.core.money.reversals import refund_refusal, void_refusal
from clockapp.core.money.till import Till
from clockapp.persistence.models.cashier import STATUS_BUSTED
from clockapp.services.cashier.cache import LedgerCache
from clockapp.services.cashier.till import load_till
from clockapp.services.context import ServiceContext


class CorrectionsService:
    """Reads that say whether a reversal would be accepted now."""

    def __init__(self, ctx: ServiceContext, tills: LedgerCache) -> None:
        self._ctx = ctx
        self._cache = tills

    def _till(self, tournament_id: int) -> Till:
        with self._ctx.reading() as session:
            return load_till(session, tournament_id, self._cache)

    def voided(self, tournament_id: int, row_ids: Sequence[int]) -> dict[int, int]:
        """Which of `row_ids` stand reversed now: row id -> the void that reversed it."""
        reversed_by = voided_rows(self._till(tournament_id).rows)
        return {row_id: reversed_by[row_id] for row_id in row_ids if row_id in reversed_by}

    def void_refusal(self, tournament_id: int, row_ids: Sequence[int]) -> str:
        """Why voiding `row_ids` (the last first) would be refused now; '' when it would not."""
        return void_refusal(self._till(tournament_id).rows, row_ids)

    def refund_refusal(self, tournament_id: int, row_id: int) -> str:
        """Why refunding entry `row_id` would be refused now; '' when it would not."""
        return refund_refusal(self._till(tournament_id).rows, row_id)

    def undo_bust_refusal(
        self, tournament_id: int, registration_ids: Sequence[int], *, bust_id: int | None = None
    ) -> str:
        """Why undoing the last bust of these players would be refused now; '' when not.

        With `bust_id`, that record must be the one the undo reverses: the player's last bust
        still standing (not an undo record, nor a bust already undone).
        """
        till = self._till(tournament_id)
        standing = standing_busts(till)
        for rid in registration_ids:
            if rid not in till.registrations:
                return f"registration #{rid} is not in this tournament."
            last = [bust.id for bust in standing if bust.registration_id == rid]
            if till.registration(rid).status != STATUS_BUSTED or not last:
                return f"{till.name(rid)} is not out; there is no elimination to undo."
            if bust_id is not None and last[-1] != bust_id:
                return (
                    f"record #{bust_id} is not {till.name(rid)}'s last bust standing "
                    "(an undo, or a bust already undone)."
                )
        return ""
