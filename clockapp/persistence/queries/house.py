"""The host's own event, one text per tournament: its look, its rules sheet, its break slides.

Kept as app settings keyed by tournament (`look.<id>`, `rules.<id>`, `slides.<id>`), as the wall's
moment is (`clockapp.persistence.queries.wall`), so no migration is needed and every station
reads the same.
"""

from __future__ import annotations

from sqlmodel import Session

from clockapp.persistence.models import AppSetting
from clockapp.persistence.queries import settings

#: What is kept per tournament.
LOOK, RULES, SLIDES = "look", "rules", "slides"


def _key(part: str, tournament_id: int) -> str:
    return f"{part}.{tournament_id}"


def get(session: Session, part: str, tournament_id: int) -> str | None:
    """The stored text of `part` (LOOK, RULES, SLIDES) for the tournament, or None."""
    value = settings.get(session, _key(part, tournament_id))
    return value or None


def put(session: Session, part: str, tournament_id: int, text: str | None) -> None:
    """Store `part`'s text (None removes it) in the caller's transaction."""
    if text is None:
        row = session.get(AppSetting, _key(part, tournament_id))
        if row is not None:
            session.delete(row)
        return
    settings.put(session, _key(part, tournament_id), text)
