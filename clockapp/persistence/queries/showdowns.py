"""The kept all-in showdowns of a tournament (`ShowdownRow`)."""

from __future__ import annotations

from sqlmodel import Session, col, select

from clockapp.persistence.models import ShowdownRow


def insert(session: Session, row: ShowdownRow) -> ShowdownRow:
    """Add a showdown in the caller's transaction; the row has its id."""
    session.add(row)
    session.flush()
    return row


def get(session: Session, tournament_id: int, showdown_id: int) -> ShowdownRow | None:
    """One showdown of the tournament (None when it is not one of its)."""
    row = session.get(ShowdownRow, showdown_id)
    if row is None or row.tournament_id != tournament_id:
        return None
    return row


def save(session: Session, row: ShowdownRow) -> None:
    """Write back a changed showdown in the caller's transaction."""
    session.add(row)
    session.flush()


def beats(session: Session, tournament_id: int) -> list[ShowdownRow]:
    """The tournament's bad-beat candidates, oldest first."""
    query = (
        select(ShowdownRow)
        .where(col(ShowdownRow.tournament_id) == tournament_id)
        .where(col(ShowdownRow.beat_boards).is_not(None))
        .order_by(col(ShowdownRow.id))
    )
    return list(session.exec(query).all())


def latest(session: Session, tournament_id: int) -> ShowdownRow | None:
    """The showdown entered last (None when there is none)."""
    query = (
        select(ShowdownRow)
        .where(col(ShowdownRow.tournament_id) == tournament_id)
        .order_by(col(ShowdownRow.id).desc())
        .limit(1)
    )
    return session.exec(query).first()
