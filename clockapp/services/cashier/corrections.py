"""Corrections and the drawer: voids, refunds and counts of the cash, inside a money action.

Nothing on the ledger is edited: a void or a refund is a new row that says why, and the field is
settled again from the records (`clockapp.core.money.field.settle`); a change that would leave a
player paid more than due is refused (`clockapp.core.money.view.guard_payments`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from clockapp.core.money.drawer import drawer_count
from clockapp.core.money.field import broken_busts, guard_busts
from clockapp.core.money.ledger import LedgerError, RowKind
from clockapp.core.money.records import (
    LedgerEntry,
    ledger_entry,
)
from clockapp.core.money.till import Till
from clockapp.core.money.view import guard_payments
from clockapp.persistence.models import (
    DrawerCountRow,
)
from clockapp.persistence.queries import drawer
from clockapp.persistence.session import Session
from clockapp.services.cashier.action import Done
from clockapp.services.cashier.sales import (
    ENTRY_CHANGES,
    DrawerInfo,
    drawer_info,
)
from clockapp.services.cashier.till import (
    append_row,
    save_settled,
    undo_last_bust,
)
from clockapp.services.changes import Change
from clockapp.services.ending import sync_finish
from clockapp.services.seating.cashier_seats import seat_in_session
from clockapp.services.seating.sale_seat import close_if_empty


def void_row(
    session: Session, till: Till, now: datetime, row_id: int, reason: str, station: str
) -> Done[LedgerEntry]:
    """Append a void row that reverses row `row_id` (`CashierService.void`); settle and guard."""
    target = next((r for r in till.rows if r.row_id == row_id), None)
    if target is None:
        raise LedgerError(f"Ledger row {row_id} is not in this tournament's ledger.")
    before = broken_busts(till)
    record = append_row(
        session,
        till,
        now,
        kind=RowKind.VOID,
        amount=target.amount,
        target=row_id,
        reason=reason,
        station=station,
    )
    guard_busts(till, before)  # a bust on the entry's chips, a knockout by a player taken out
    save_settled(session, till)
    guard_payments(till)
    entry = ledger_entry(till, record.id or 0)
    return Done(
        entry,
        ENTRY_CHANGES | sync_finish(session, till, now),
        f"voided row {row_id} ({target.kind.value}): {reason.strip()}",
    )


def void_action_rows(
    session: Session,
    till: Till,
    now: datetime,
    row_ids: Sequence[int],
    reason: str,
    station: str,
    undo_bust_of: int | None,
    close_table: int | None = None,
) -> Done[tuple[LedgerEntry, ...]]:
    """Undo one earlier action (`CashierService.void_action`): void its rows, the last first,
    then undo the bust it recorded, giving the player back the seat, then close the table the
    sale opened while nobody sits there; all or nothing."""
    if not row_ids:
        raise LedgerError("Say which ledger rows to void.")
    voids = [
        void_row(session, till, now, row_id, reason, station).value for row_id in reversed(row_ids)
    ]
    what = ENTRY_CHANGES | sync_finish(session, till, now)
    summary = f"voided rows {', '.join(str(r) for r in row_ids)}: {reason.strip()}"
    if undo_bust_of is not None:
        back = undo_last_bust(session, till, undo_bust_of, reason, now, station)
        save_settled(session, till)
        note = seat_in_session(session, till.tournament_id, undo_bust_of, now, back_to=back)
        what |= Change.SEATING | sync_finish(session, till, now)
        summary += f"; {till.name(undo_bust_of)} back in play"
        if note is not None and note.changed:
            summary += f"; {note.sentence}"
    # After the bust undone: a player back in play may sit at the table the sale opened.
    if close_table is not None and close_if_empty(session, till.tournament_id, close_table, now):
        what |= Change.SEATING
        summary += f"; closed table {close_table}"
    return Done(tuple(voids), what, summary)


def refund_row(
    session: Session, till: Till, now: datetime, row_id: int, reason: str, station: str
) -> Done[LedgerEntry]:
    """Append a refund row for the entry `row_id` (`CashierService.refund`); settle and guard."""
    target = next((r for r in till.rows if r.row_id == row_id), None)
    if target is None or not target.kind.is_entry:
        raise LedgerError(f"Ledger row {row_id} is not an entry of this tournament.")
    assert target.split is not None
    before = broken_busts(till)
    record = append_row(
        session,
        till,
        now,
        kind=RowKind.REFUND,
        amount=target.amount,
        registration_id=target.player_id,
        split=target.split,
        target=row_id,
        reason=reason,
        station=station,
    )
    guard_busts(till, before)  # a bust on the entry's chips, a knockout by a player taken out
    save_settled(session, till)
    guard_payments(till)
    entry = ledger_entry(till, record.id or 0)
    return Done(entry, ENTRY_CHANGES | sync_finish(session, till, now), f"refunded row {row_id}")


def count_cash(
    session: Session, till: Till, now: datetime, counted: int, note: str, station: str
) -> Done[DrawerInfo]:
    """Record a drawer count against what the ledger expects now (`CashierService.count_drawer`)."""
    count = drawer_count(till.balances(), counted, opening_float=till.config.opening_float)
    row = DrawerCountRow(
        tournament_id=till.tournament_id,
        counted=count.counted,
        expected=count.expected,
        note=note.strip()[:500],
        created_at=now,
        station=station[:100],
    )
    info = drawer_info(drawer.insert_count(session, row))
    return Done(info, Change.LEDGER, f"drawer counted: {count.status}")
