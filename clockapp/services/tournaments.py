"""Tournaments: create, list, rename, open (the app reopens the last one), and change polling."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from clockapp.core.errors import ValidationError
from clockapp.core.text import NAME_MAX, clean_text
from clockapp.persistence.models import TournamentRow
from clockapp.persistence.queries import settings
from clockapp.persistence.queries import tournaments as rows
from clockapp.persistence.session import Session
from clockapp.persistence.watch import Watcher, watch
from clockapp.services.changes import Change, Feed, Outcome, Revision
from clockapp.services.context import (
    ServiceContext,
    changes_since,
    latest_revision,
    record_change,
    revision_of,
)
from clockapp.services.setup import TournamentNotFoundError, create_setup, get_row

LAST_OPENED_KEY = "last_tournament_id"

__all__ = [
    "TournamentInfo",
    "TournamentNotFoundError",
    "TournamentService",
    "Watcher",
    "get_row",
    "set_last_opened",
]


@dataclass(frozen=True)
class TournamentInfo:
    """A tournament as the UI sees it."""

    id: int
    name: str
    created_at: datetime


def _info(row: TournamentRow) -> TournamentInfo:
    assert row.id is not None
    return TournamentInfo(id=row.id, name=row.name, created_at=row.created_at)


def _clean_name(name: str) -> str:
    cleaned = clean_text(name, "Tournament name", NAME_MAX)
    if not cleaned:
        raise ValidationError("A tournament needs a name.")
    return cleaned


def set_last_opened(session: Session, tournament_id: int) -> None:
    # Race-free: two stations opening tournaments at once must not both insert the setting.
    settings.put(session, LAST_OPENED_KEY, str(tournament_id))


class TournamentService:
    """Use cases on tournaments as a whole."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    def create(self, name: str) -> Outcome[TournamentInfo]:
        """Create a tournament and make it the one the app reopens."""
        cleaned = _clean_name(name)
        with self._ctx.transaction() as session:
            info = _info(rows.add(session, TournamentRow(name=cleaned, created_at=self._ctx.now())))
            create_setup(session, info.id)
            set_last_opened(session, info.id)
            changes = record_change(
                session, info.id, Change.TOURNAMENT, f"created {cleaned}", self._ctx.now()
            )
        return Outcome(info, changes)

    def rename(self, tournament_id: int, name: str) -> Outcome[TournamentInfo]:
        """Rename a tournament."""
        cleaned = _clean_name(name)
        with self._ctx.transaction() as session:
            row = get_row(session, tournament_id)
            row.name = cleaned
            session.add(row)
            changes = record_change(
                session, tournament_id, Change.TOURNAMENT, f"renamed to {cleaned}", self._ctx.now()
            )
            info = _info(row)
        return Outcome(info, changes)

    def open(self, tournament_id: int) -> Outcome[TournamentInfo]:
        """Make `tournament_id` the one the app shows and reopens next time."""
        with self._ctx.transaction() as session:
            info = _info(get_row(session, tournament_id))
            set_last_opened(session, tournament_id)
            changes = record_change(
                session, tournament_id, Change.TOURNAMENT, "opened", self._ctx.now()
            )
        return Outcome(info, changes)

    def get(self, tournament_id: int) -> TournamentInfo:
        """One tournament."""
        with self._ctx.reading() as session:
            return _info(get_row(session, tournament_id))

    def list(self) -> tuple[TournamentInfo, ...]:
        """Every tournament that is not archived, newest first."""
        with self._ctx.reading() as session:
            return tuple(_info(r) for r in rows.active(session))

    def last_opened(self) -> TournamentInfo | None:
        """The tournament the app showed last, or the newest one, or None in an empty database."""
        with self._ctx.reading() as session:
            last = settings.get(session, LAST_OPENED_KEY)
            if last is not None and last.isdigit():
                row = rows.get(session, int(last))
                if row is not None and not row.archived:
                    return _info(row)
            newest = rows.newest_active(session)
            return _info(newest) if newest is not None else None

    def revision(self) -> int:
        """A number that moves whenever anything is committed (to check that nothing was)."""
        with self._ctx.reading() as session:
            return latest_revision(session)

    def revision_of(self, tournament_id: int | None) -> Revision:
        """Where the change feed of one tournament (and of app-wide changes) stands now."""
        with self._ctx.reading() as session:
            return revision_of(session, tournament_id)

    def watch(self) -> Watcher:
        """A cheap sign of other stations' commits (`persistence.watch`): ask it every ~50 ms and
        read `changes_since` when it says something may have changed."""
        return watch(self._ctx.engine)

    def changes_since(self, since: Revision, tournament_id: int | None) -> Feed | None:
        """What other stations (or this one) committed after `since`, merged; None if nothing."""
        with self._ctx.reading() as session:
            return changes_since(session, since, tournament_id)
