"""Busts: the busts of a tournament (appended only; an undo is a row pointing at another),
and the seat each busted player held."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select as sa_select
from sqlmodel import Session, col

from clockapp.core.money.till import BUST_FIELDS, Bust
from clockapp.persistence.models import BustRow, SeatRow

#: The bust columns read, in the order of `clockapp.core.money.till.Bust`.
_BUST_COLUMNS = tuple(col(getattr(BustRow, name)) for name in BUST_FIELDS)


def busts(session: Session, tournament_id: int) -> list[Bust]:
    """Every bust row of the tournament, in the order they were recorded."""
    return [
        Bust(*values)
        for values in session.execute(
            sa_select(*_BUST_COLUMNS)
            .where(col(BustRow.tournament_id) == tournament_id)
            .order_by(col(BustRow.id))
        ).all()
    ]


def insert_bust(session: Session, row: BustRow) -> Bust:
    """Insert a bust row; its core record."""
    session.add(row)
    session.flush()
    return Bust(*(getattr(row, name) for name in BUST_FIELDS))


def seats_of(session: Session, registration_ids: Sequence[int]) -> dict[int, tuple[int, int]]:
    """The (table, seat) each registration's seat row holds, for those that have one.

    Read when a bust is recorded, before the bust frees the seat: the bust keeps it, so a
    rebuy or an undone bust can give the seat back.
    """
    if not registration_ids:
        return {}
    rows = session.execute(
        sa_select(
            col(SeatRow.registration_id), col(SeatRow.table_number), col(SeatRow.seat_number)
        ).where(col(SeatRow.registration_id).in_(list(registration_ids)))
    ).all()
    return {rid: (table, seat) for rid, table, seat in rows}
