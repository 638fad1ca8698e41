"""The change log: append a user action under its scope's revision, read what came after one.

A tournament's revision lives on its row; app-wide changes (tournament_id NULL) are numbered by the
one row of `app_revision`. `append` bumps the scope's revision with one UPDATE, which locks that
row until the transaction ends: two actions on one tournament get consecutive numbers in the order
they commit, so a station that has read revision N has seen everything up to N. On PostgreSQL the
append also sends a NOTIFY on `CHANNEL`, delivered when (and only if) the transaction commits.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, Select, bindparam, exists, func, insert, or_, update
from sqlalchemy import select as sa_select
from sqlalchemy.orm.attributes import set_committed_value
from sqlmodel import Session, col, select

from clockapp.persistence.models import (
    AppRevisionRow,
    CashierConfigRow,
    ChangeRow,
    ClockRow,
    HandForHandRow,
    LeagueTournamentRow,
    SeatingConfigRow,
    SetupRow,
    ShootoutRow,
    TeamEventRow,
    TournamentRow,
    WaitingRow,
)
from clockapp.persistence.session import note_missing, station_of
from clockapp.persistence.upsert import insert_or_ignore

#: The PostgreSQL channel stations LISTEN on; the payload is the tournament's id ("" app-wide).
CHANNEL = "clockapp_changes"

APP_ROW = 1


# The statements every action runs, built once: SQLAlchemy's compiled cache then serves them, and
# no action pays for building them again. They run on the session's connection (plain rows, no
# ORM bookkeeping); `_bump` keeps a tournament row the session holds in step with its revision.
_BUMP_TOURNAMENT = (
    update(TournamentRow)
    .where(col(TournamentRow.id) == bindparam("tid"))
    .values(revision=TournamentRow.revision + 1)
    .returning(col(TournamentRow.revision))
)

_INSERT_CHANGE = insert(ChangeRow)
# On PostgreSQL the same statement sends the NOTIFY (in its RETURNING: one round trip, not two).
_INSERT_CHANGE_NOTIFYING = insert(ChangeRow).returning(
    func.pg_notify(bindparam("channel"), bindparam("payload"))
)


def app_revision_column() -> Any:
    """Where the app-wide feed stands (0 before any app-wide change), as a scalar subquery for
    the statements that read it beside other things."""
    return (
        select(func.coalesce(func.max(AppRevisionRow.revision), 0))
        .where(col(AppRevisionRow.id) == APP_ROW)
        .scalar_subquery()
    )


def of_the_tournament(query: Select[Any], models: Sequence[type[Any]]) -> Select[Any]:
    """`query` over the tournament named by the `tid` parameter, with its one-to-one rows of
    `models` outer-joined (a model missing for it reads as None)."""
    for model in models:
        query = query.outerjoin(model, col(model.tournament_id) == col(TournamentRow.id))
    return query.where(col(TournamentRow.id) == bindparam("tid"))


_REVISIONS = select(
    select(func.coalesce(func.max(TournamentRow.revision), 0))
    .where(col(TournamentRow.id) == bindparam("tid"))
    .scalar_subquery(),
    app_revision_column(),
)


class TournamentGoneError(LookupError):
    """The tournament an action names is not in the database (deleted by another station)."""


def append(
    session: Session,
    tournament_id: int | None,
    what: int,
    summary: str,
    at: datetime,
    station: str | None = None,
) -> int:
    """Append one change row in the caller's transaction; returns the scope's new revision.

    `station` names who acted; by default the station the transaction was opened for.
    """
    session.flush()  # the statements below run on the connection, after the ORM's writes
    session.info.pop(_LOCKED_AT, None)  # the feed moves on now
    revision = _bump(session, tournament_id)
    who = station_of(session) if station is None else station
    values = {
        "tournament_id": tournament_id,
        "revision": revision,
        "what": what,
        "at": at,
        "summary": summary,
        "station": who[:100],
    }
    if session.get_bind().dialect.name == "postgresql":
        payload = "" if tournament_id is None else str(tournament_id)
        notifying = {**values, "channel": CHANNEL, "payload": payload}
        session.connection().execute(_INSERT_CHANGE_NOTIFYING, notifying).all()
    else:
        session.connection().execute(_INSERT_CHANGE, values)
    return revision


def append_app_change_past(
    session: Session, at_least: int, what: int, summary: str, at: datetime
) -> int:
    """Append an app-wide change numbered at least `at_least` (a restore announces itself past
    the revisions every station saw before it); returns its revision."""
    session.info.pop(_LOCKED_AT, None)
    current = _bump(session, None)
    if current < at_least:
        session.execute(
            update(AppRevisionRow)
            .where(col(AppRevisionRow.id) == APP_ROW)
            .values(revision=at_least)
        )
        current = at_least
    session.add(_row(session, None, current, what, summary, at, None))
    session.flush()
    return current


def _row(
    session: Session,
    tournament_id: int | None,
    revision: int,
    what: int,
    summary: str,
    at: datetime,
    station: str | None,
) -> ChangeRow:
    who = station_of(session) if station is None else station
    return ChangeRow(
        tournament_id=tournament_id,
        revision=revision,
        what=what,
        at=at,
        summary=summary,
        station=who[:100],
    )


def _bump(session: Session, tournament_id: int | None) -> int:
    if tournament_id is None:
        bumped = _bump_app(session)
        if bumped is None:  # a database made without the migration's row
            insert_or_ignore(session, AppRevisionRow(id=APP_ROW, revision=0))
            bumped = _bump_app(session)
        assert bumped is not None
        return bumped
    row = session.connection().execute(_BUMP_TOURNAMENT, {"tid": tournament_id}).first()
    if row is None:
        raise TournamentGoneError(tournament_id)
    revision = int(row[0])
    held = session.identity_map.get(session.identity_key(TournamentRow, tournament_id))
    if held is not None:  # as the ORM's own UPDATE would: the row read says the new revision
        set_committed_value(held, "revision", revision)
    return revision


def _bump_app(session: Session) -> int | None:
    row = session.execute(
        update(AppRevisionRow)
        .where(col(AppRevisionRow.id) == APP_ROW)
        .values(revision=AppRevisionRow.revision + 1)
        .returning(col(AppRevisionRow.revision))
    ).first()
    return None if row is None else int(row[0])


def latest_revision(session: Session) -> int:
    """The newest change row's id: moves whenever anything is committed (0 when nothing was).

    Only good for "did anything change at all"; a station follows `revisions` and `after`.
    """
    last = session.exec(select(ChangeRow.id).order_by(col(ChangeRow.id).desc()).limit(1)).first()
    return last or 0


def app_revision(session: Session) -> int:
    """The revision of app-wide changes."""
    found = session.exec(
        select(AppRevisionRow.revision).where(col(AppRevisionRow.id) == APP_ROW)
    ).first()
    return found or 0


#: `Session.info` key of where the feed stood when a write transaction locked a tournament.
_LOCKED_AT = "clockapp.locked_at"


def note_revisions(session: Session, tournament_id: int, found: tuple[int, int]) -> None:
    """Where the feed stands, as the statement that locked the tournament read it (in a write
    transaction: nothing else can move the tournament's revision until it ends)."""
    session.info[_LOCKED_AT] = (tournament_id, found)


def revisions(session: Session, tournament_id: int | None) -> tuple[int, int]:
    """(the tournament's revision, the app-wide revision), read in one statement; in a write
    transaction that has locked the tournament and appended nothing yet, as the lock read them.

    A tournament that does not exist (or None) counts as revision 0.
    """
    locked: tuple[int, tuple[int, int]] | None = session.info.get(_LOCKED_AT)
    if locked is not None and locked[0] == tournament_id:
        return locked[1]
    # On the session's connection, not through the ORM, whose handling of this one-row
    # statement costs more than the query.
    row = session.connection().execute(_REVISIONS, {"tid": tournament_id}).one()
    return int(row[0]), int(row[1])


#: The tournament's one-to-one rows (keyed by its id), read with its row by
#: `revisions_loading_row`: nearly every refresh asks for some of them.
ONE_TO_ONE: tuple[type[Any], ...] = (
    SetupRow,
    ClockRow,
    CashierConfigRow,
    SeatingConfigRow,
    ShootoutRow,
    HandForHandRow,
    TeamEventRow,
)
#: The tables with several rows per tournament that most tournaments have none of: whether it
#: has any comes with its row too (`persistence.session.none_of`).
ONE_TO_MANY: tuple[type[Any], ...] = (LeagueTournamentRow, WaitingRow)


def _loading_rows() -> Select[Any]:
    some = (
        exists().where(col(model.tournament_id) == col(TournamentRow.id)) for model in ONE_TO_MANY
    )
    return of_the_tournament(
        sa_select(TournamentRow, *ONE_TO_ONE, *some, app_revision_column()), ONE_TO_ONE
    )


_LOADING_ROWS = _loading_rows()


def revisions_loading_row(session: Session, tournament_id: int) -> tuple[int, int]:
    """`revisions`, in one statement that also loads the tournament's row and its one-to-one
    rows (`ONE_TO_ONE`) into the session: its identity map then answers the reads after it that
    ask for them by key, and `persistence.session.one_to_one` knows which ones are missing (and
    `none_of` which of `ONE_TO_MANY` the tournament has no row in).

    For a read session several reads share, which makes no write that would add a row."""
    found = session.execute(_LOADING_ROWS, {"tid": tournament_id}).first()
    if found is None:
        return revisions(session, tournament_id)
    row, *rest, app_revision = found
    loaded, some = rest[: len(ONE_TO_ONE)], rest[len(ONE_TO_ONE) :]
    for model, one in zip(ONE_TO_ONE, loaded, strict=True):
        if one is None:
            note_missing(session, model, tournament_id)
    for model, any_row in zip(ONE_TO_MANY, some, strict=True):
        if not any_row:
            note_missing(session, model, tournament_id)
    return int(row.revision), int(app_revision)


def after(
    session: Session, tournament_id: int | None, since: tuple[int, int]
) -> Sequence[tuple[int | None, int, int]]:
    """(tournament_id, revision, what) of every change to the tournament after revision
    `since[0]` and every app-wide change after `since[1]`, in one statement.

    What one statement sees of a scope is always a prefix of its revisions (each is handed out
    under the scope's row lock, held until its commit), so the largest revision read is where
    the reader stands: nothing below it can still appear.
    """
    scoped: ColumnElement[bool] = col(ChangeRow.tournament_id).is_(None) & (
        col(ChangeRow.revision) > since[1]
    )
    if tournament_id is not None:
        scoped = or_(
            scoped,
            (col(ChangeRow.tournament_id) == tournament_id) & (col(ChangeRow.revision) > since[0]),
        )
    rows = session.exec(
        select(ChangeRow.tournament_id, ChangeRow.revision, ChangeRow.what).where(scoped)
    ).all()
    return [(tid, revision, what) for tid, revision, what in rows]
