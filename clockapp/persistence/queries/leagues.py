"""Leagues, their tournaments, the team event and its attendance."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlmodel import Session, col, select

from clockapp.core.seating import MoveKind
from clockapp.persistence.models import (
    AttendanceRow,
    GameTableRow,
    LeagueRow,
    LeagueTournamentRow,
    SeatingConfigRow,
    SeatMoveRow,
    SeatRow,
    TeamEventRow,
)
from clockapp.persistence.session import none_of, one_to_one
from clockapp.persistence.upsert import insert_or_ignore


def all_leagues(session: Session) -> Sequence[LeagueRow]:
    """Every league, by name."""
    return session.exec(select(LeagueRow).order_by(col(LeagueRow.name))).all()


def get(session: Session, league_id: int) -> LeagueRow | None:
    """One league, or None."""
    return session.get(LeagueRow, league_id)


def add(session: Session, row: LeagueRow) -> tuple[LeagueRow, bool]:
    """Insert `row` unless its name is taken; the stored row and whether it was inserted."""
    inserted = insert_or_ignore(session, row, unique=("name",))
    stored = session.exec(select(LeagueRow).where(LeagueRow.name == row.name)).one()
    return stored, inserted


def tournament_ids(session: Session, league_id: int) -> list[int]:
    """The tournaments counted in a league, oldest first."""
    rows = session.exec(
        select(LeagueTournamentRow.tournament_id)
        .where(LeagueTournamentRow.league_id == league_id)
        .order_by(col(LeagueTournamentRow.tournament_id))
    ).all()
    return list(rows)


def leagues_of(session: Session, tournament_id: int) -> Sequence[LeagueRow]:
    """The leagues a tournament counts in."""
    if none_of(session, LeagueTournamentRow, tournament_id):
        return []
    return session.exec(
        select(LeagueRow)
        .join(LeagueTournamentRow, col(LeagueTournamentRow.league_id) == col(LeagueRow.id))
        .where(LeagueTournamentRow.tournament_id == tournament_id)
        .order_by(col(LeagueRow.name))
    ).all()


def link(session: Session, league_id: int, tournament_id: int) -> bool:
    """Count a tournament in a league; False when it already was."""
    return insert_or_ignore(
        session,
        LeagueTournamentRow(league_id=league_id, tournament_id=tournament_id),
        unique=("league_id", "tournament_id"),
    )


def unlink(session: Session, league_id: int, tournament_id: int) -> bool:
    """Stop counting a tournament in a league; False when it was not."""
    row = session.get(LeagueTournamentRow, (league_id, tournament_id))
    if row is None:
        return False
    session.delete(row)
    return True


def team_event(session: Session, tournament_id: int) -> TeamEventRow | None:
    """The tournament's team event settings, or None when it is not a team event."""
    return one_to_one(session, TeamEventRow, tournament_id)


def add_team_event(session: Session, tournament_id: int, formula: str) -> None:
    """Run a new tournament as a team event scored by `formula` (checked by the caller)."""
    session.add(TeamEventRow(tournament_id=tournament_id, formula=formula))
    session.flush()


def attendance(session: Session, tournament_id: int) -> Sequence[AttendanceRow]:
    """Everyone recorded at a team event, in the order they were added."""
    return session.exec(
        select(AttendanceRow)
        .where(AttendanceRow.tournament_id == tournament_id)
        .order_by(col(AttendanceRow.id))
    ).all()


def attendance_row(session: Session, attendance_id: int) -> AttendanceRow | None:
    """One attendance row, or None."""
    return session.get(AttendanceRow, attendance_id)


def first_tables(session: Session, tournament_id: int) -> dict[int, int]:
    """Each seated registration's first table: where its first move (not undone) started, else
    the table it sits at now (a player never moved is still at the table drawn)."""
    tables = {
        rid: table
        for rid, table in session.exec(
            select(SeatRow.registration_id, SeatRow.table_number).where(
                SeatRow.tournament_id == tournament_id
            )
        ).all()
    }
    moves = session.exec(
        select(SeatMoveRow.registration_id, SeatMoveRow.from_table)
        .where(SeatMoveRow.tournament_id == tournament_id, col(SeatMoveRow.undone).is_(False))
        .order_by(col(SeatMoveRow.id).desc())
    ).all()
    for rid, table in moves:  # newest first, so the earliest move is written last
        tables[rid] = table
    return tables


def final_table_formed_at(session: Session, tournament_id: int) -> datetime | None:
    """When the final table formed: its redraw's first move not undone (None: not formed)."""
    return session.exec(
        select(SeatMoveRow.created_at)
        .where(
            SeatMoveRow.tournament_id == tournament_id,
            SeatMoveRow.kind == MoveKind.FINAL_TABLE.value,
            col(SeatMoveRow.undone).is_(False),
        )
        .order_by(col(SeatMoveRow.created_at))
        .limit(1)
    ).first()


def final_table_size(session: Session, tournament_id: int) -> int | None:
    """The final table's seats: as set for the tournament, else its largest table (None: no
    tables)."""
    config = session.get(SeatingConfigRow, tournament_id)
    if config is not None and config.final_table_size:
        return config.final_table_size
    sizes = session.exec(
        select(GameTableRow.seat_count).where(GameTableRow.tournament_id == tournament_id)
    ).all()
    return max(sizes) if sizes else None
