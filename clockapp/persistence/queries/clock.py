"""The clock's claimed events: which level or break announcement a station has already made."""

from __future__ import annotations

from sqlmodel import Session, col, select

from clockapp.persistence.models import ClockEventClaimRow


def claimed_keys(session: Session, tournament_id: int) -> set[tuple[int, str]]:
    """(item index, kind) of every event claimed for the tournament."""
    rows = session.exec(
        select(ClockEventClaimRow.item_index, ClockEventClaimRow.kind).where(
            col(ClockEventClaimRow.tournament_id) == tournament_id
        )
    ).all()
    return {(index, kind) for index, kind in rows}
