"""The player database: live players (not merged away), searched by their folded names.

`PlayerRow.search_text` holds 'name | nickname', folded by the service (case and accents), so
every search here is a plain prefix or substring match on one indexed column.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any, Protocol, cast

from sqlalchemy import Table, insert
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from clockapp.persistence.models import PlayerRow

#: The most ids in one IN (...) list (SQLite's default limit on bound parameters is 999).
CHUNK = 500


def get(session: Session, player_id: int) -> PlayerRow | None:
    """One player row (a merged one too), or None."""
    return session.get(PlayerRow, player_id)


def add(session: Session, row: PlayerRow) -> PlayerRow:
    """Insert a player in the caller's transaction; the row comes back with its id."""
    session.add(row)
    session.flush()
    return row


def add_many(session: Session, values: Sequence[Mapping[str, Any]]) -> Sequence[PlayerRow]:
    """Insert players with one multi-row INSERT; the rows come back, in any order.

    The ORM's flush would send one INSERT per player on SQLite, to return the ids in order.
    """
    if not values:
        return ()
    return session.scalars(insert(PlayerRow).returning(PlayerRow), list(values)).all()


def by_ids(session: Session, ids: Iterable[int]) -> dict[int, PlayerRow]:
    """The players with these ids, read in chunks of `CHUNK`."""
    wanted = sorted(set(ids))
    found: dict[int, PlayerRow] = {}
    for start in range(0, len(wanted), CHUNK):
        chunk = wanted[start : start + CHUNK]
        for row in session.exec(select(PlayerRow).where(col(PlayerRow.id).in_(chunk))).all():
            assert row.id is not None
            found[row.id] = row
    return found


def live(session: Session, limit: int | None = None) -> Sequence[PlayerRow]:
    """Live players by search text (folded name), then id; the first `limit` when given."""
    query = (
        select(PlayerRow)
        .where(col(PlayerRow.merged_into_id).is_(None))
        .order_by(col(PlayerRow.search_text), col(PlayerRow.id))
    )
    if limit is not None:
        query = query.limit(limit)
    return session.exec(query).all()


class PlayerRecord(Protocol):
    """A player as read: a `PlayerRow`, or a plain row of the same columns (`live_records`)."""

    @property
    def id(self) -> int | None: ...
    @property
    def name(self) -> str: ...
    @property
    def nickname(self) -> str: ...
    @property
    def phone(self) -> str: ...
    @property
    def email(self) -> str: ...
    @property
    def team(self) -> str: ...
    @property
    def notes(self) -> str: ...
    @property
    def created_at(self) -> datetime: ...
    @property
    def merged_into_id(self) -> int | None: ...


def live_records(session: Session, limit: int | None = None) -> Sequence[PlayerRecord]:
    """`live` as plain rows, read on the connection: listing the whole database (the cashier's
    players page, on every refresh) builds no ORM object, which costs more than the query."""
    table = cast(Table, PlayerRow.__table__)  # type: ignore[attr-defined]
    query = (
        sa_select(table)
        .where(table.c.merged_into_id.is_(None))
        .order_by(table.c.search_text, table.c.id)
    )
    if limit is not None:
        query = query.limit(limit)
    return cast(Sequence[PlayerRecord], session.connection().execute(query).all())


def live_names(session: Session) -> Sequence[tuple[int | None, str]]:
    """(id, name) of every live player, oldest first (one query)."""
    return session.exec(
        select(PlayerRow.id, PlayerRow.name)
        .where(col(PlayerRow.merged_into_id).is_(None))
        .order_by(col(PlayerRow.id))
    ).all()


def live_with_search_prefix(session: Session, prefix: str) -> Sequence[PlayerRow]:
    """Live players whose search text starts with `prefix` (taken literally), oldest first."""
    return session.exec(
        select(PlayerRow)
        .where(col(PlayerRow.search_text).startswith(prefix, autoescape=True))
        .where(col(PlayerRow.merged_into_id).is_(None))
        .order_by(col(PlayerRow.id))
    ).all()


def live_starting_with(session: Session, term: str, limit: int) -> Sequence[PlayerRow]:
    """Live players whose name or nickname starts with `term`, by search text, at most `limit`."""
    text = col(PlayerRow.search_text)
    name_or_nickname = text.startswith(term, autoescape=True) | text.contains(
        f" | {term}", autoescape=True
    )
    return session.exec(
        select(PlayerRow)
        .where(col(PlayerRow.merged_into_id).is_(None))
        .where(name_or_nickname)
        .order_by(text)
        .limit(limit)
    ).all()


def live_containing(session: Session, term: str, limit: int) -> Sequence[PlayerRow]:
    """Live players whose search text contains `term`, by search text, at most `limit`."""
    text = col(PlayerRow.search_text)
    return session.exec(
        select(PlayerRow)
        .where(col(PlayerRow.merged_into_id).is_(None))
        .where(text.contains(term, autoescape=True))
        .order_by(text)
        .limit(limit)
    ).all()
