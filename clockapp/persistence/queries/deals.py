"""Final-table deals: each one recorded with its ledger row, read back as core records."""

from __future__ import annotations

import json

from sqlmodel import Session, col, select

from clockapp.core.icm import DealMethod
from clockapp.core.money.till import DealInfo
from clockapp.persistence.models import DealRow


def deal_info(row: DealRow) -> DealInfo:
    """The core record of a stored deal."""
    assert row.id is not None
    return DealInfo(
        id=row.id,
        ledger_row_id=row.ledger_row_id,
        method=DealMethod(row.method),
        description=row.description,
        registration_ids=tuple(json.loads(row.registrations_json)),
        stacks=tuple(json.loads(row.stacks_json)),
        amounts=tuple(json.loads(row.amounts_json)),
        prizes=tuple(json.loads(row.prizes_json)),
        reserved=row.reserved,
        exact=row.exact,
        created_at=row.created_at,
    )


def by_ledger_row(session: Session, tournament_id: int) -> dict[int, DealInfo]:
    """The tournament's deals, by the id of their ledger row."""
    rows = session.exec(select(DealRow).where(col(DealRow.tournament_id) == tournament_id)).all()
    return {row.ledger_row_id: deal_info(row) for row in rows}


def insert_deal(session: Session, row: DealRow) -> DealInfo:
    """Insert a deal row; its core record."""
    session.add(row)
    session.flush()
    return deal_info(row)
