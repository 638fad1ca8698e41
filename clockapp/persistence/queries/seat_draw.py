"""The statements of one seat drawn inside a sale (`services.seating.sale_seat`): read the rows the
draw needs, write one seat.

A buy-in with its seat is the cashier's busiest action: it reads the tables in play,
the stored seats with their players' state, and the one player, as plain rows, and writes one
seat row, never the whole room. The statements are built once, here, with bound parameters, so
SQLAlchemy's compiled cache serves every run (a statement built per call costs more CPU to build
and to look up than SQLite takes to run it). They run on the session's connection after a flush,
so whatever the transaction has written through the ORM is seen.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, insert, true, update
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from clockapp.core.registration import RegistrationStatus
from clockapp.persistence.models import (
    GameTableRow,
    PlayerRow,
    RegistrationRow,
    SeatRow,
    ShootoutRow,
)

_HAS_SHOOTOUT = sa_select(col(ShootoutRow.tournament_id)).where(
    col(ShootoutRow.tournament_id) == bindparam("tid")
)

_TABLES_IN_PLAY = (
    sa_select(
        col(GameTableRow.number),
        col(GameTableRow.seat_count),
        col(GameTableRow.name),
        col(GameTableRow.closed_seats),
        col(GameTableRow.button),
    )
    .where(col(GameTableRow.tournament_id) == bindparam("tid"))
    .where(col(GameTableRow.in_play) == true())
    .order_by(col(GameTableRow.number))
)

_SEATS = (
    sa_select(
        col(SeatRow.id),
        col(SeatRow.registration_id),
        col(SeatRow.table_number),
        col(SeatRow.seat_number),
        col(SeatRow.fixed),
        col(SeatRow.entries),
        col(RegistrationRow.entries),
        col(RegistrationRow.status) == RegistrationStatus.PLAYING,
        col(PlayerRow.team),
    )
    .join(RegistrationRow, col(RegistrationRow.id) == col(SeatRow.registration_id))
    .join(PlayerRow, col(PlayerRow.id) == col(RegistrationRow.player_id))
    .where(col(SeatRow.tournament_id) == bindparam("tid"))
    .order_by(col(SeatRow.id))
)

_PLAYER = (
    sa_select(
        col(RegistrationRow.entries),
        col(RegistrationRow.status) == RegistrationStatus.PLAYING,
        col(PlayerRow.name),
        col(PlayerRow.nickname),
        col(PlayerRow.team),
    )
    .join(PlayerRow, col(PlayerRow.id) == col(RegistrationRow.player_id))
    .where(col(RegistrationRow.id) == bindparam("rid"))
    .where(col(RegistrationRow.tournament_id) == bindparam("tid"))
)

_ADD_SEAT = insert(SeatRow)

_SEATS_CHANGED = (
    update(GameTableRow)
    .where(col(GameTableRow.tournament_id) == bindparam("tid"))
    .where(col(GameTableRow.number).in_(bindparam("numbers", expanding=True)))
    .values(seats_changed_at=bindparam("now"))
)

#: (number, seat count, name, closed seats as stored, button) of a table in play.
TableFields = tuple[int, int, str, str, int | None]

#: (seat id, registration id, table, seat, fixed, entries when seated, the registration's
#: entries now, whether it is in play, the player's team) of a stored seat.
SeatFields = tuple[int, int, int, int, bool, int, int, bool, str]

#: (entries, in play, name, nickname, team) of the player to seat.
PlayerFields = tuple[int, bool, str, str, str]


def _rows(session: Session, statement: Any, params: dict[str, Any]) -> list[Any]:
    return list(session.connection().execute(statement, params).all())


def has_shootout(session: Session, tournament_id: int) -> bool:
    """Whether the tournament has a shootout stored (its seats follow the shootout's rules)."""
    session.flush()  # the reads below run on the connection: let them see the ORM's writes
    return bool(_rows(session, _HAS_SHOOTOUT, {"tid": tournament_id}))


def tables_in_play(session: Session, tournament_id: int) -> list[TableFields]:
    """The tables in play, by number."""
    return [tuple(row) for row in _rows(session, _TABLES_IN_PLAY, {"tid": tournament_id})]


def seats(session: Session, tournament_id: int) -> list[SeatFields]:
    """Every stored seat, oldest first, with its player's state now (see `SeatFields`)."""
    return [tuple(row) for row in _rows(session, _SEATS, {"tid": tournament_id})]


def player(session: Session, tournament_id: int, registration_id: int) -> PlayerFields | None:
    """The registration to seat (None when it is not in this tournament)."""
    found = _rows(session, _PLAYER, {"tid": tournament_id, "rid": registration_id})
    return tuple(found[0]) if found else None


def add_seat(
    session: Session,
    tournament_id: int,
    registration_id: int,
    table: int,
    number: int,
    entries: int,
    now: datetime,
) -> None:
    """Store one seat (not fixed), drawn or given at `now`."""
    session.connection().execute(
        _ADD_SEAT,
        {
            "tournament_id": tournament_id,
            "registration_id": registration_id,
            "table_number": table,
            "seat_number": number,
            "fixed": False,
            "entries": entries,
            "seated_at": now,
        },
    )


def seats_changed(
    session: Session, tournament_id: int, numbers: Collection[int], now: datetime
) -> None:
    """Record that a player sat down at or left these tables at `now`."""
    if numbers:
        session.connection().execute(
            _SEATS_CHANGED, {"tid": tournament_id, "numbers": sorted(numbers), "now": now}
        )


def open_table(session: Session, tournament_id: int, number: int, seat_count: int) -> None:
    """Put table `number` in play with `seat_count` open seats and no button, as a new table (a
    broken table of that number gets its row back, fresh)."""
    row = session.exec(
        select(GameTableRow)
        .where(col(GameTableRow.tournament_id) == tournament_id)
        .where(col(GameTableRow.number) == number)
    ).first()
    if row is None:
        row = GameTableRow(tournament_id=tournament_id, number=number)
    row.seat_count, row.closed_seats, row.button, row.name = seat_count, "", None, ""
    row.in_play, row.gives, row.button_set_at, row.seats_changed_at = True, 0, None, None
    session.add(row)
    session.flush()  # the draw's statements run on the connection: let them see the table


def close_table(session: Session, tournament_id: int, number: int) -> None:
    """Take table `number` out of play (its row is kept, without its button, as a broken
    table's is)."""
    session.connection().execute(
        update(GameTableRow)
        .where(col(GameTableRow.tournament_id) == tournament_id)
        .where(col(GameTableRow.number) == number)
        .values(in_play=False, button=None, button_set_at=None)
    )
