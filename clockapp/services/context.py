"""What every service needs: the engine, the clock, the station acting, and the unit of work."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cached_property

from clockapp.persistence import session as sessions
from clockapp.persistence.db import writing
from clockapp.persistence.queries import changes as change_log
from clockapp.persistence.session import WRITING as WRITING  # re-exported for the till cache
from clockapp.persistence.session import Engine, Session
from clockapp.services.changes import Change, Changes

Now = Callable[[], datetime]


def system_now() -> datetime:
    """The real time, timezone-aware UTC: the only place the app reads the system clock."""
    return datetime.now(UTC)


@dataclass(frozen=True)
class ServiceContext:
    """The engine, the injected time source and the station, shared by every service.

    `station` names who acts ("cashier@laptop2", `clockapp.core.stations.station_name`): every
    ledger row and change-log row written through this context records it.
    """

    engine: Engine
    now: Now = system_now
    station: str = "director"

    @cached_property
    def _writer(self) -> Engine:
        return writing(self.engine)

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """One user action: a session whose work commits together or not at all.

        It holds the database's write lock from its first statement on SQLite (BEGIN IMMEDIATE);
        on PostgreSQL an action that reads then writes shared state calls `lock_tournament` first.
        """
        with sessions.transaction(self._writer, station=self.station) as session:
            yield session

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """A read-only session (nothing is committed)."""
        with sessions.reading(self.engine) as session:
            yield session


def record_change(
    session: Session, tournament_id: int | None, what: Change, summary: str, at: datetime
) -> Changes:
    """Append the action to the change log inside the caller's transaction; returns its Changes."""
    revision = change_log.append(session, tournament_id, int(what), summary[:300], at)
    return Changes(tournament_id=tournament_id, what=what, revision=revision)


def latest_revision(session: Session) -> int:
    """The newest revision in the database (0 when nothing was ever done)."""
    return change_log.latest_revision(session)


def changes_since(session: Session, revision: int, tournament_id: int | None) -> Changes | None:
    """Everything committed after `revision` for one tournament (and app-wide rows), merged.

    Returns None when nothing changed. Stations poll this to see each other's actions.
    """
    rows = change_log.after(session, revision)
    if not rows:
        return None
    what = Change.NONE
    for _id, flags, tid in rows:
        if tid is None or tid == tournament_id:
            what |= Change(flags)
    return Changes(tournament_id=tournament_id, what=what, revision=rows[-1][0] or revision)
