"""Corrections and the drawer: voids, refunds and counts of the cash, inside a money action.

Nothing on the ledger is edited: a void or a refund is a new row that says why, and the field is
settled again from the records (`clockapp.core.money.field.settle`); a change that would leave a
player paid more than due is refused (`clockapp.core.money.view.guard_payments`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from clockapp.core.money.actions import reversal
from clockapp.core.money.change import NO_CHANGE, NewCount, TillChange, applied, settled
from clockapp.core.money.drawer import drawer_count
from clockapp.core.money.ledger import LedgerError, RowKind
from clockapp.core.money.records import (
    LedgerEntry,
    ledger_entry,
)
from clockapp.core.money.till import Till
from clockapp.core.seating import Seat
from clockapp.i18n import gettext as _
from clockapp.persistence.session import Session
from clockapp.services.cashier.action import Done, Ruling
from clockapp.services.cashier.sales import (
    ENTRY_CHANGES,
    DrawerInfo,
)
from clockapp.services.cashier.till import undo_change
from clockapp.services.changes import Change
from clockapp.services.ending import sync_finish
from clockapp.services.seating.cashier_seats import seat_in_session
from clockapp.services.seating.sale_seat import close_if_empty


def reversal_ruling(
    till: Till, kind: RowKind, row_id: int, reason: str, now: datetime, station: str
) -> Ruling[LedgerEntry]:
    """A void (`CashierService.void`) or refund (`CashierService.refund`) of row `row_id`
    (`reversal`), the end stored or undone as the records then say."""
    change = reversal(till, kind, row_id, reason, now, station)
    target = next(r for r in till.rows if r.row_id == row_id)  # `reversal` found it
    if kind is RowKind.VOID:
        summary = f"voided row {row_id} ({target.kind.value}): {reason.strip()}"
    else:
        summary = f"refunded row {row_id}"

    def finish(
        session: Session, after: Till, written: Sequence[TillChange], now: datetime
    ) -> Done[LedgerEntry]:
        entry = ledger_entry(after, written[0].rows[0].row.row_id)
        return Done(entry, ENTRY_CHANGES | sync_finish(session, after, now), summary)

    return Ruling((change,), finish)


def void_action_rows(
    till: Till,
    now: datetime,
    row_ids: Sequence[int],
    reason: str,
    station: str,
    undo_bust_of: int | None,
    close_table: int | None = None,
) -> Ruling[tuple[LedgerEntry, ...]]:
    """Undo one earlier action (`CashierService.void_action`): void its rows, the last first,
    then undo the bust it recorded, giving the player back the seat, then close the table the
    sale opened while nobody sits there; all or nothing."""
    if not row_ids:
        raise LedgerError(_("Say which ledger rows to void."))
    change = NO_CHANGE
    for row_id in reversed(row_ids):
        change = change.then(
            reversal(applied(till, change), RowKind.VOID, row_id, reason, now, station)
        )
    voids = len(change.rows)
    back: Seat | None = None
    if undo_bust_of is not None:
        undo, back = undo_change(applied(till, change), undo_bust_of, reason, now, station)
        settle_change = settled(applied(till, change.then(undo)))[0]
        change = change.then(undo).then(settle_change)

    def finish(
        session: Session, after: Till, written: Sequence[TillChange], now: datetime
    ) -> Done[tuple[LedgerEntry, ...]]:
        entries = tuple(ledger_entry(after, new.row.row_id) for new in written[0].rows[:voids])
        what = ENTRY_CHANGES | sync_finish(session, after, now)
        summary = f"voided rows {', '.join(str(r) for r in row_ids)}: {reason.strip()}"
        if undo_bust_of is not None:
            note = seat_in_session(session, after.tournament_id, undo_bust_of, now, back_to=back)
            what |= Change.SEATING
            summary += f"; {after.name(undo_bust_of)} back in play"
            if note is not None and note.changed:
                summary += f"; {note.sentence}"
        # After the bust undone: a player back in play may sit at the table the sale opened.
        if close_table is not None and close_if_empty(
            session, after.tournament_id, close_table, now
        ):
            what |= Change.SEATING
            summary += f"; closed table {close_table}"
        return Done(entries, what, summary)

    return Ruling((change,), finish)


def counted_cash(
    till: Till, now: datetime, counted: int, note: str, station: str
) -> Ruling[DrawerInfo]:
    """A drawer count against what the ledger expects now (`CashierService.count_drawer`)."""
    count = drawer_count(till.balances(), counted, opening_float=till.config.opening_float)
    change = TillChange(counts=(NewCount(count, note, now, station),))

    def finish(
        _session: Session, _after: Till, written: Sequence[TillChange], _now: datetime
    ) -> Done[DrawerInfo]:
        done = written[0].counts[0]
        info = DrawerInfo(
            done.id, count.counted, count.expected, done.note, done.created_at, done.station
        )
        return Done(info, Change.LEDGER, f"drawer counted: {count.status}")

    return Ruling((change,), finish)
