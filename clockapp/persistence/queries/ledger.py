"""The money ledger: its rows read as core rows, and new rows appended (never updated).

Rows are read with a plain select of their columns (ORM objects cost more and are never edited
anyway); the database's triggers refuse any update or delete.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from sqlalchemy import func
from sqlalchemy import select as sa_select
from sqlmodel import Session, col

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.ledger import DealShare, LedgerRow, RowKind
from clockapp.core.money.till import RowMeta
from clockapp.persistence.models import LedgerRecord

#: The ledger columns read into core rows.
_LEDGER_COLUMNS = (
    col(LedgerRecord.id),
    col(LedgerRecord.kind),
    col(LedgerRecord.amount),
    col(LedgerRecord.registration_id),
    col(LedgerRecord.prize_part),
    col(LedgerRecord.fee_part),
    col(LedgerRecord.bounty_part),
    col(LedgerRecord.target_id),
    col(LedgerRecord.reason),
    col(LedgerRecord.shares_json),
    col(LedgerRecord.chips),
    col(LedgerRecord.created_at),
    col(LedgerRecord.station),
)


def core_row(record: Any) -> LedgerRow:
    """The core ledger row of a stored record (an ORM object or a row of `_LEDGER_COLUMNS`)."""
    assert record.id is not None
    split = None
    if record.prize_part is not None:
        split = EntryPrice(record.prize_part, record.fee_part or 0, record.bounty_part or 0)
    shares: tuple[DealShare, ...] = ()
    if record.shares_json:
        shares = tuple(
            DealShare(int(rid), int(amount)) for rid, amount in json.loads(record.shares_json)
        )
    return LedgerRow(
        record.id,
        RowKind(record.kind),
        record.amount,
        player_id=record.registration_id,
        split=split,
        target=record.target_id,
        reason=record.reason,
        shares=shares,
    )


def count_up_to(session: Session, tournament_id: int, last: int) -> int:
    """How many of the tournament's rows have an id up to `last` (to notice a swapped file)."""
    count: int = session.execute(
        sa_select(func.count())
        .select_from(LedgerRecord)
        .where(col(LedgerRecord.tournament_id) == tournament_id)
        .where(col(LedgerRecord.id) <= last)
    ).scalar_one()
    return count


def rows_after(session: Session, tournament_id: int, after: int) -> list[tuple[LedgerRow, RowMeta]]:
    """The tournament's rows with an id above `after`, oldest first, with their history details."""
    found = session.execute(
        sa_select(*_LEDGER_COLUMNS)
        .where(col(LedgerRecord.tournament_id) == tournament_id)
        .where(col(LedgerRecord.id) > after)
        .order_by(col(LedgerRecord.id))
    ).all()
    return [(core_row(r), RowMeta(r.chips, r.created_at, r.station)) for r in found]


def insert_row(
    session: Session,
    tournament_id: int,
    row: LedgerRow,
    *,
    chips: int | None,
    now: datetime,
    station: str,
) -> LedgerRecord:
    """Insert a ledger row (checked by the caller against the core rules); its id is set."""
    split = row.split
    record = LedgerRecord(
        tournament_id=tournament_id,
        kind=row.kind.value,
        amount=row.amount,
        registration_id=row.player_id,
        prize_part=split.prize_pool if split is not None else None,
        fee_part=split.house_fee if split is not None else None,
        bounty_part=split.bounty if split is not None else None,
        chips=chips,
        target_id=row.target,
        reason=row.reason[:500],
        shares_json=json.dumps([[s.player_id, s.amount] for s in row.shares]) if row.shares else "",
        created_at=now,
        station=station[:100],
    )
    session.add(record)
    session.flush()
    assert record.id is not None
    return record
