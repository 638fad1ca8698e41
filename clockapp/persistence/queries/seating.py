"""The seating's statements: the room's rows, seats, move counts, seat moves and the record of
the actions that can be undone.

The seating services compose these inside one action's transaction (`services.seating.room`
loads the room with them, `services.seating.room_changes` stores what the core decided).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVarTuple

from sqlalchemy import Row, Select, delete, update
from sqlalchemy import select as sa_select  # wider column lists than sqlmodel's select types
from sqlmodel import Session, col, select

from clockapp.core.event_templates import ShootoutPlan
from clockapp.core.registration import RegistrationStatus
from clockapp.core.seating import MoveKind
from clockapp.persistence.models import (
    GameTableRow,
    MoveCountRow,
    PlayerRow,
    RegistrationRow,
    SeatActionRow,
    SeatingConfigRow,
    SeatMoveRow,
    SeatRow,
)

#: Ids per IN list in one statement (older SQLite allows 999 bound values in one statement).
IDS_PER_STATEMENT = 500


Ts = TypeVarTuple("Ts")


def _plain_rows(session: Session, query: Select[*Ts]) -> Sequence[Row[*Ts]]:
    """The rows of a column-only query, run on the session's connection.

    A column-only read builds no ORM objects, so it needs none of the ORM's result machinery:
    on the connection it costs about half as much CPU (the room's reads fetch a row per player).
    """
    return session.connection().execute(query).all()


def _chunks(ids: Sequence[int]) -> list[Sequence[int]]:
    return [
        ids[start : start + IDS_PER_STATEMENT] for start in range(0, len(ids), IDS_PER_STATEMENT)
    ]


def player_names(session: Session, registration_ids: Sequence[int]) -> list[tuple[int, str, str]]:
    """(registration id, name, nickname) of each registration asked for."""
    found: list[tuple[int, str, str]] = []
    for chunk in _chunks(sorted(set(registration_ids))):
        rows = session.exec(
            select(RegistrationRow.id, PlayerRow.name, PlayerRow.nickname)
            .join(PlayerRow, col(PlayerRow.id) == col(RegistrationRow.player_id))
            .where(col(RegistrationRow.id).in_(chunk))
        ).all()
        found.extend((rid, name, nick) for rid, name, nick in rows if rid is not None)
    return found


def game_tables(session: Session, tournament_id: int) -> Sequence[GameTableRow]:
    """The tournament's tables, in play or broken."""
    return session.exec(
        select(GameTableRow).where(col(GameTableRow.tournament_id) == tournament_id)
    ).all()


def players_in_play(session: Session, tournament_id: int) -> list[tuple[int, int, str, str, str]]:
    """(registration id, entries, name, nickname, team) of every player in play."""
    rows = _plain_rows(
        session,
        sa_select(
            col(RegistrationRow.id),
            col(RegistrationRow.entries),
            col(PlayerRow.name),
            col(PlayerRow.nickname),
            col(PlayerRow.team),
        )
        .join(PlayerRow, col(PlayerRow.id) == col(RegistrationRow.player_id))
        .where(col(RegistrationRow.tournament_id) == tournament_id)
        .where(col(RegistrationRow.status) == RegistrationStatus.PLAYING),
    )
    # Primary keys read from the table are never None (the column type allows it for inserts).
    return [
        (rid, entries, name, nick, team)
        for rid, entries, name, nick, team in rows
        if rid is not None
    ]


def seat_rows(session: Session, tournament_id: int) -> list[tuple[int, int, int, int, bool, int]]:
    """(seat id, registration id, table, seat, fixed, entries) of each stored seat, oldest first."""
    rows = _plain_rows(
        session,
        sa_select(
            col(SeatRow.id),
            col(SeatRow.registration_id),
            col(SeatRow.table_number),
            col(SeatRow.seat_number),
            col(SeatRow.fixed),
            col(SeatRow.entries),
        )
        .where(col(SeatRow.tournament_id) == tournament_id)
        .order_by(col(SeatRow.id)),
    )
    return [
        (sid, rid, table, seat, fixed, n)
        for sid, rid, table, seat, fixed, n in rows
        if sid is not None
    ]


def move_counts(session: Session, tournament_id: int) -> dict[int, int]:
    """How many times each player was moved, by registration id."""
    rows = _plain_rows(
        session,
        sa_select(col(MoveCountRow.registration_id), col(MoveCountRow.moves)).where(
            col(MoveCountRow.tournament_id) == tournament_id
        ),
    )
    return {rid: moves for rid, moves in rows}


def bump_seating_revision(session: Session, tournament_id: int) -> None:
    """Add one to the tournament's seating revision (in the caller's locked transaction)."""
    session.execute(
        update(SeatingConfigRow)
        .where(col(SeatingConfigRow.tournament_id) == tournament_id)
        .values(revision=SeatingConfigRow.revision + 1)
        .execution_options(synchronize_session=False)
    )


def delete_seats(session: Session, seat_ids: Sequence[int]) -> None:
    """Free the seats (their rows go)."""
    for chunk in _chunks(list(seat_ids)):
        session.execute(
            delete(SeatRow)
            .where(col(SeatRow.id).in_(chunk))
            .execution_options(synchronize_session=False)
        )


def set_seat_fixed(session: Session, seat_id: int, fixed: bool) -> None:
    """Mark a seat as fixed by the director (or not)."""
    session.execute(
        update(SeatRow)
        .where(col(SeatRow.id) == seat_id)
        .values(fixed=fixed)
        .execution_options(synchronize_session=False)
    )


def set_move_count(session: Session, registration_id: int, moves: int) -> None:
    """Store how many times a player was moved."""
    session.execute(
        update(MoveCountRow)
        .where(col(MoveCountRow.registration_id) == registration_id)
        .values(moves=moves)
        .execution_options(synchronize_session=False)
    )


def bust_records(
    session: Session, registration_ids: Sequence[int]
) -> dict[int, tuple[int | None, int | None]]:
    """(bust hand, chips at the start of that hand) of each registration asked for."""
    found: dict[int, tuple[int | None, int | None]] = {}
    for chunk in _chunks(sorted(set(registration_ids))):
        rows = session.execute(
            sa_select(
                col(RegistrationRow.id),
                col(RegistrationRow.bust_hand),
                col(RegistrationRow.bust_chips),
            ).where(col(RegistrationRow.id).in_(chunk))
        ).all()
        found.update((rid, (hand, chips)) for rid, hand, chips in rows)
    return found


def seat_moves(
    session: Session, tournament_id: int, *, pending_only: bool = False
) -> Sequence[SeatMoveRow]:
    """The tournament's seat moves, oldest first; only those not acknowledged nor undone when
    `pending_only`."""
    query = select(SeatMoveRow).where(col(SeatMoveRow.tournament_id) == tournament_id)
    if pending_only:
        query = query.where(col(SeatMoveRow.acknowledged).is_(False)).where(
            col(SeatMoveRow.undone).is_(False)
        )
    return session.exec(query.order_by(col(SeatMoveRow.id))).all()


def unacknowledged_moves(session: Session, tournament_id: int) -> Sequence[SeatMoveRow]:
    """The moves the director has not acknowledged (undone ones included)."""
    return session.exec(
        select(SeatMoveRow)
        .where(col(SeatMoveRow.tournament_id) == tournament_id)
        .where(col(SeatMoveRow.acknowledged).is_(False))
    ).all()


def shootout_plan(session: Session, tournament_id: int) -> ShootoutPlan | None:
    """How the tournament's shootout will play, as its template set it (None: no plan)."""
    row = session.get(SeatingConfigRow, tournament_id)  # the room's read has loaded it
    if row is None or row.plan_through is None:
        return None
    return ShootoutPlan(row.plan_first_round_minutes, row.plan_later_minutes, row.plan_through)


def save_shootout_plan(session: Session, tournament_id: int, plan: ShootoutPlan) -> None:
    """Store how the tournament's shootout will play (a new tournament: no seating row yet)."""
    session.add(
        SeatingConfigRow(
            tournament_id=tournament_id,
            plan_first_round_minutes=plan.first_round_minutes,
            plan_later_minutes=plan.later_minutes,
            plan_through=plan.through,
        )
    )
    session.flush()


def action_moves(session: Session, tournament_id: int, action: int) -> Sequence[SeatMoveRow]:
    """The moves one balancing, table break or final-table redraw made (hand moves left out),
    oldest first."""
    return session.exec(
        select(SeatMoveRow)
        .where(col(SeatMoveRow.tournament_id) == tournament_id)
        .where(col(SeatMoveRow.action) == action)
        .where(col(SeatMoveRow.kind) != str(MoveKind.MANUAL))
        .order_by(col(SeatMoveRow.id))
    ).all()


def seat_action(session: Session, tournament_id: int, action: int) -> SeatActionRow | None:
    """The record of one balancing, table break or final-table redraw (None: none kept)."""
    return session.exec(
        select(SeatActionRow)
        .where(col(SeatActionRow.tournament_id) == tournament_id)
        .where(col(SeatActionRow.action) == action)
    ).first()
