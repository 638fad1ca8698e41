"""Counts of the cash drawer: each one recorded against what the ledger expected then."""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, col, select

from clockapp.persistence.models import DrawerCountRow


def insert_count(session: Session, row: DrawerCountRow) -> DrawerCountRow:
    """Insert a drawer count (its id is set)."""
    session.add(row)
    session.flush()
    return row


def counts(session: Session, tournament_id: int) -> Sequence[DrawerCountRow]:
    """Every drawer count of the tournament, oldest first."""
    return session.exec(
        select(DrawerCountRow)
        .where(col(DrawerCountRow.tournament_id) == tournament_id)
        .order_by(col(DrawerCountRow.id))
    ).all()


def last_count(session: Session, tournament_id: int) -> DrawerCountRow | None:
    """The newest drawer count (None when the drawer was never counted)."""
    return session.exec(
        select(DrawerCountRow)
        .where(col(DrawerCountRow.tournament_id) == tournament_id)
        .order_by(col(DrawerCountRow.id).desc())
        .limit(1)
    ).first()
