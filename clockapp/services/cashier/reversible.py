"""What the cashier can reverse now: asked before Undo, Void or Refund is offered.

Each answer is '' (it can be done) or the reason it would be refused, read from the same till
the reversing action would lock and load, and checked with the ledger's own rules
(`core.money.reversals`), so the window offers only what the service would then accept.
"""

from __future__ import annotations

from collections.abc import Sequence

from clockapp.core.money.ledger import voided_rows
from clockapp.core.money.reversals import refund_refusal, void_refusal
from clockapp.core.money.till import Till
from clockapp.i18n import gettext as _
from clockapp.services.cashier.cache import LedgerCache
from clockapp.services.cashier.till import load_till, undo_refusal
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
        till = self._till(tournament_id)
        return void_refusal(till.rows, row_ids, till)

    def refund_refusal(self, tournament_id: int, row_id: int) -> str:
        """Why refunding entry `row_id` would be refused now; '' when it would not."""
        till = self._till(tournament_id)
        return refund_refusal(till.rows, row_id, till)

    def undo_bust_refusal(
        self,
        tournament_id: int,
        registration_ids: Sequence[int],
        *,
        bust_id: int | None = None,
        bust_ids: Sequence[int] = (),
    ) -> str:
        """Why undoing the last bust of these players would be refused now; '' when not.

        With `bust_id` (one player) or `bust_ids` (one per player, as `BustReport.bust_ids`
        gave them), each record must be the one the undo reverses: the player's last bust still
        standing (not an undo record, nor a bust already undone or followed by a newer one).
        """
        if bust_ids and len(bust_ids) != len(registration_ids):
            return _("Name one bust record for each player.")
        till = self._till(tournament_id)
        expected = dict(zip(registration_ids, bust_ids, strict=False))
        for rid in registration_ids:
            why = undo_refusal(till, rid, bust_id if bust_id is not None else expected.get(rid))
            if why:
                return why
        return ""
