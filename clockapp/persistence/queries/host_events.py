"""The host's events of a tournament, and the keys of the occurrences already fired."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlmodel import Session, col, select

from clockapp.persistence.models import HostEventClaimRow, HostEventRow
from clockapp.persistence.upsert import insert_or_ignore


def events(session: Session, tournament_id: int) -> Sequence[HostEventRow]:
    """The tournament's host events, oldest first."""
    return session.exec(
        select(HostEventRow)
        .where(col(HostEventRow.tournament_id) == tournament_id)
        .order_by(col(HostEventRow.id))
    ).all()


def event(session: Session, tournament_id: int, event_id: int) -> HostEventRow | None:
    """One host event of the tournament (None: not there, or another tournament's)."""
    row = session.get(HostEventRow, event_id)
    return row if row is not None and row.tournament_id == tournament_id else None


def claimed(session: Session, tournament_id: int) -> set[str]:
    """The keys of every occurrence fired for the tournament."""
    rows = session.exec(
        select(HostEventClaimRow.key).where(col(HostEventClaimRow.tournament_id) == tournament_id)
    ).all()
    return set(rows)


def claim(session: Session, tournament_id: int, key: str, at: datetime) -> bool:
    """Claim one occurrence; False when it was claimed before (here or at another display)."""
    row = HostEventClaimRow(tournament_id=tournament_id, key=key, claimed_at=at)
    return insert_or_ignore(session, row, unique=("tournament_id", "key"))
