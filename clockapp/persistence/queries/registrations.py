"""Registrations read outside the cashier: who is on a tournament's list, a player's entries."""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, col, select

from clockapp.persistence.models import RegistrationRow
from clockapp.persistence.models.cashier import STATUS_WITHDRAWN


def any_listed(session: Session, tournament_id: int) -> bool:
    """Whether the tournament has a registration that was not withdrawn."""
    found = session.exec(
        select(RegistrationRow.id)
        .where(col(RegistrationRow.tournament_id) == tournament_id)
        .where(col(RegistrationRow.status) != STATUS_WITHDRAWN)
        .limit(1)
    ).first()
    return found is not None


def of_player(
    session: Session, player_id: int, *, withdrawn: bool = True
) -> Sequence[RegistrationRow]:
    """A player's registrations (without the withdrawn ones when `withdrawn` is False)."""
    query = select(RegistrationRow).where(col(RegistrationRow.player_id) == player_id)
    if not withdrawn:
        query = query.where(col(RegistrationRow.status) != STATUS_WITHDRAWN)
    return session.exec(query).all()
