"""Tournaments: the rows the app lists, reopens and locks."""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, col, select

from clockapp.persistence.models import TournamentRow


def get(session: Session, tournament_id: int) -> TournamentRow | None:
    """One tournament row, or None."""
    return session.get(TournamentRow, tournament_id)


def add(session: Session, row: TournamentRow) -> TournamentRow:
    """Insert a tournament in the caller's transaction; the row comes back with its id."""
    session.add(row)
    session.flush()
    return row


def active(session: Session, name: str | None = None) -> Sequence[TournamentRow]:
    """Every tournament not archived (only those called `name`, when given), newest first."""
    query = select(TournamentRow).where(col(TournamentRow.archived).is_(False))
    if name is not None:
        query = query.where(col(TournamentRow.name) == name)
    return session.exec(query.order_by(col(TournamentRow.id).desc())).all()


def newest_active(session: Session) -> TournamentRow | None:
    """The newest tournament not archived, or None."""
    return session.exec(
        select(TournamentRow)
        .where(col(TournamentRow.archived).is_(False))
        .order_by(col(TournamentRow.id).desc())
        .limit(1)
    ).first()


def another_active_exists(session: Session, but: int, name_not: str) -> bool:
    """Whether a tournament other than #`but`, and not called `name_not`, is not archived."""
    found = session.exec(
        select(TournamentRow.id)
        .where(col(TournamentRow.id) != but)
        .where(col(TournamentRow.name) != name_not)
        .where(col(TournamentRow.archived).is_(False))
        .limit(1)
    ).first()
    return found is not None
