"""Reversals at the cashier: a void, the undo of one action (its rows and the bust it recorded), a
refund. Nothing is edited: each writes reversing rows with a reason."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from clockapp.core.money.ledger import LedgerError, RowKind
from clockapp.core.money.records import LedgerEntry
from clockapp.core.money.till import Till
from clockapp.core.text import REASON_MAX, clean_text
from clockapp.i18n import gettext as _
from clockapp.persistence.session import Session
from clockapp.services.cashier.action import Ruling, money_action
from clockapp.services.cashier.cache import LedgerCache
from clockapp.services.cashier.corrections import reversal_ruling, void_action_rows
from clockapp.services.changes import Outcome
from clockapp.services.context import ServiceContext


class ReversalActions:
    """Voids, undo and refunds: each action is one transaction (`money_action`)."""

    def __init__(self, ctx: ServiceContext, cache: LedgerCache) -> None:
        self._ctx = ctx
        self._cache = cache

    def void(self, tournament_id: int, row_id: int, reason: str) -> Outcome[LedgerEntry]:
        """Reverse a ledger row with a new void row that says why (nothing is edited).

        Voiding an entry takes it off the player's counts (a voided buy-in leaves the player
        checked in); voiding a deal puts the places' prizes back.

        Raises:
            LedgerError: No reason, a row of another tournament, a void, a row already voided,
                or a void that would leave a player paid more than due.
        """
        reason = clean_text(reason, "Void reason", REASON_MAX)
        if not reason:
            raise LedgerError(
                _("Ledger row {row_id}: give a reason for the void.").format(row_id=row_id)
            )

        def rule(_session: Session, till: Till, now: datetime) -> Ruling[LedgerEntry]:
            return reversal_ruling(till, RowKind.VOID, row_id, reason, now, self._ctx.station)

        return money_action(self._ctx, self._cache, tournament_id, rule, keep=True)

    def void_action(
        self,
        tournament_id: int,
        row_ids: Sequence[int],
        reason: str,
        *,
        undo_bust_of: int | None = None,
        close_table: int | None = None,
    ) -> Outcome[tuple[LedgerEntry, ...]]:
        """Undo one earlier action in one transaction: void its rows (the last first) and, with
        `undo_bust_of`, the bust it recorded (`EntryReceipt.recorded_bust`): the player is back
        in play, in the seat he left when it is still free. With `close_table`, the table the
        sale opened (`EntryReceipt.opened_table`) goes out of play again unless someone sits
        there now. Refused as a whole.
        """
        reason = clean_text(reason, "Void reason", REASON_MAX)
        if not reason:
            raise LedgerError(_("Give a reason for the void."))

        def rule(_session: Session, till: Till, now: datetime) -> Ruling[tuple[LedgerEntry, ...]]:
            return void_action_rows(
                till, now, row_ids, reason, self._ctx.station, undo_bust_of, close_table
            )

        return money_action(self._ctx, self._cache, tournament_id, rule, keep=True)

    def refund(self, tournament_id: int, row_id: int, reason: str) -> Outcome[LedgerEntry]:
        """Hand an entry's money back (a refund row; the entry no longer counts in the field).

        Raises:
            LedgerError: Not an entry of this tournament, already voided or refunded, no reason.
        """
        reason = clean_text(reason, "Refund reason", REASON_MAX)
        if not reason:
            raise LedgerError(
                _("Ledger row {row_id}: give a reason for the refund.").format(row_id=row_id)
            )

        def rule(_session: Session, till: Till, now: datetime) -> Ruling[LedgerEntry]:
            return reversal_ruling(till, RowKind.REFUND, row_id, reason, now, self._ctx.station)

        return money_action(self._ctx, self._cache, tournament_id, rule, keep=True)
