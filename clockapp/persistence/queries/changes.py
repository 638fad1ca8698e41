"""The change log: append a user action, read the newest revision, read what came after one."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlmodel import Session, col, select

from clockapp.persistence.models import ChangeRow
from clockapp.persistence.session import station_of


def append(
    session: Session,
    tournament_id: int | None,
    what: int,
    summary: str,
    at: datetime,
    revision: int | None = None,
    station: str | None = None,
) -> int:
    """Append one change row in the caller's transaction; returns its id (the new revision).

    `revision` forces the id (a restore announces itself past the revisions of both files).
    `station` names who acted; by default the station the transaction was opened for.
    """
    if station is None:
        station = station_of(session)
    row = ChangeRow(
        id=revision,
        tournament_id=tournament_id,
        what=what,
        at=at,
        summary=summary,
        station=station[:100],
    )
    session.add(row)
    session.flush()
    assert row.id is not None
    return row.id


def latest_revision(session: Session) -> int:
    """The newest revision in the database (0 when nothing was ever done)."""
    last = session.exec(select(ChangeRow.id).order_by(col(ChangeRow.id).desc()).limit(1)).first()
    return last or 0


def after(session: Session, revision: int) -> Sequence[tuple[int | None, int, int | None]]:
    """(id, what, tournament_id) of every change after `revision`, oldest first."""
    return session.exec(
        select(ChangeRow.id, ChangeRow.what, ChangeRow.tournament_id)
        .where(col(ChangeRow.id) > revision)
        .order_by(col(ChangeRow.id))
    ).all()
