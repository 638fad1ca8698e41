"""The wall's current moment of one tournament, stored as text (`clockapp.core.wall`)."""

from __future__ import annotations

from sqlmodel import Session

from clockapp.persistence.models import AppSetting
from clockapp.persistence.queries import settings


def _key(tournament_id: int) -> str:
    return f"wall.moment.{tournament_id}"


def get(session: Session, tournament_id: int) -> str | None:
    """The stored moment's text, or None when the wall shows the clock alone."""
    value = settings.get(session, _key(tournament_id))
    return value or None


def put(session: Session, tournament_id: int, text: str | None) -> None:
    """Store the moment's text (None clears the wall) in the caller's transaction."""
    if text is None:
        row = session.get(AppSetting, _key(tournament_id))
        if row is not None:
            session.delete(row)
        return
    settings.put(session, _key(tournament_id), text)
