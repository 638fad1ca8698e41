"""What every service needs: the engine, the clock, the station acting, and the unit of work."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cached_property

from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _
from clockapp.persistence import session as sessions
from clockapp.persistence.db import writing
from clockapp.persistence.queries import changes as change_log
from clockapp.persistence.session import Engine, Session
from clockapp.services.changes import Change, Changes, Feed, Revision

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
        """A read-only session (nothing is committed); the shared one inside `shared_reads`."""
        with sessions.reading(self.engine) as session:
            yield session

    @contextmanager
    def shared_reads(self) -> Iterator[None]:
        """Until the end, the reads on this thread share one session (`reading` joins it):
        the refreshes one change asks of every window, read in one transaction."""
        with sessions.shared_reading(self.engine):
            yield


def record_change(
    session: Session, tournament_id: int | None, what: Change, summary: str, at: datetime
) -> Changes:
    """Append the action to the change log inside the caller's transaction; returns its Changes.

    It bumps the tournament's revision (the app's when `tournament_id` is None), which holds that
    row's lock until the commit: revisions of one tournament follow the commit order.
    """
    try:
        revision = change_log.append(session, tournament_id, int(what), summary[:300], at)
    except change_log.TournamentGoneError:
        raise ValidationError(
            _("This tournament is no longer in the database (another station deleted it).")
        ) from None
    return Changes(tournament_id=tournament_id, what=what, revision=revision)


def latest_revision(session: Session) -> int:
    """A number that moves whenever anything is committed anywhere (0 when nothing was done)."""
    return change_log.latest_revision(session)


def revision_of(session: Session, tournament_id: int | None) -> Revision:
    """Where the feed of `tournament_id` (and of app-wide changes) stands now.

    In a read session several reads share (`ServiceContext.shared_reads`), it is read once:
    the reads that follow are of the same moment.
    """
    if not session.info.get(sessions.SHARED):
        return Revision(*change_log.revisions(session, tournament_id))
    known: dict[int | None, Revision] = session.info.setdefault(_REVISIONS, {})
    if tournament_id not in known:
        # With the tournament's row: the shared session holds it for the reads that follow.
        if tournament_id is None:
            known[None] = Revision(*change_log.revisions(session, None))
        else:
            known[tournament_id] = Revision(
                *change_log.revisions_loading_row(session, tournament_id)
            )
    return known[tournament_id]


#: `Session.info` key of the revisions a shared read session has read.
_REVISIONS = "clockapp.revisions"


def changes_since(session: Session, since: Revision, tournament_id: int | None) -> Feed | None:
    """Everything committed after `since` for one tournament (and app-wide changes), merged.

    Returns None when nothing changed. Stations poll this to see each other's actions: one
    statement, whose largest revisions are the new cursor (`change_log.after` says why that is
    safe). After an app-wide change the tournament's revision is read again: a restored backup
    may have taken it back, and the station then starts over from there.
    """
    rows = change_log.after(session, tournament_id, (since.tournament, since.app))
    if not rows:
        return None
    what = Change.NONE
    tournament, app = since.tournament, since.app
    for tid, revision, flags in rows:
        what |= Change(flags)
        if tid is None:
            app = max(app, revision)
        else:
            tournament = max(tournament, revision)
    if app != since.app:
        now = revision_of(session, tournament_id)
        if now.tournament < tournament:  # the database went back (a restore)
            what, tournament = Change.ALL, now.tournament
    return Feed(what=what, revision=Revision(tournament, app))
