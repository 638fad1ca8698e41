"""The chips counted at the tables: chip races run (kept whole) and players' chip counts."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlmodel import Session, col, select

from clockapp.persistence.models import ChipCountRow, ChipRaceRow


def add_race(
    session: Session,
    tournament_id: int,
    table_number: int | None,
    rounding: str,
    seed: int | None,
    race_json: str,
    at: datetime,
) -> int:
    """Append a race in the caller's transaction; its id."""
    row = ChipRaceRow(
        tournament_id=tournament_id,
        table_number=table_number,
        created_at=at,
        rounding=rounding,
        seed=seed,
        race_json=race_json,
    )
    session.add(row)
    session.flush()
    assert row.id is not None
    return row.id


def races(session: Session, tournament_id: int) -> list[ChipRaceRow]:
    """Every race run in the tournament, oldest first."""
    return list(
        session.exec(
            select(ChipRaceRow)
            .where(col(ChipRaceRow.tournament_id) == tournament_id)
            .order_by(col(ChipRaceRow.id))
        ).all()
    )


def add_counts(
    session: Session,
    tournament_id: int,
    table_number: int | None,
    counts: Sequence[tuple[int, int]],
    at: datetime,
) -> None:
    """Append one table's counts, (registration id, chips), in the caller's transaction."""
    session.add_all(
        ChipCountRow(
            tournament_id=tournament_id,
            registration_id=rid,
            table_number=table_number,
            chips=chips,
            counted_at=at,
        )
        for rid, chips in counts
    )
    session.flush()


def latest_counts(session: Session, tournament_id: int) -> dict[int, int]:
    """Each player's newest count: registration id -> chips."""
    rows = session.exec(
        select(ChipCountRow.registration_id, ChipCountRow.chips)
        .where(col(ChipCountRow.tournament_id) == tournament_id)
        .order_by(col(ChipCountRow.id))
    ).all()
    return {rid: chips for rid, chips in rows}


def count_history(session: Session, tournament_id: int) -> list[tuple[int, datetime, int]]:
    """Every count recorded, oldest first: (registration id, when counted, chips)."""
    rows = session.exec(
        select(ChipCountRow.registration_id, ChipCountRow.counted_at, ChipCountRow.chips)
        .where(col(ChipCountRow.tournament_id) == tournament_id)
        .order_by(col(ChipCountRow.id))
    ).all()
    return [(rid, at, chips) for rid, at, chips in rows]
