"""Teammates standing in: the facts the rule needs, the record appended, the list read back."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select as sa_select
from sqlmodel import Session, col

from clockapp.core.registration import RegistrationStatus
from clockapp.core.stand_ins import StandInError, StandInFacts
from clockapp.i18n import gettext as _
from clockapp.persistence.models import PlayerRow, RegistrationRow, StandInRow


def facts(
    session: Session, tournament_id: int, registration_id: int, player_id: int
) -> StandInFacts:
    """What `check_stand_in` needs for the teammate `player_id` standing in for the player of
    `registration_id` (refused when either is unknown)."""
    reg = session.get(RegistrationRow, registration_id)
    teammate = session.get(PlayerRow, player_id)
    if reg is None or reg.tournament_id != tournament_id:
        raise StandInError(_("That player is not registered in this tournament."))
    if teammate is None or teammate.merged_into_id is not None:
        raise StandInError(_("That teammate is not in the player database."))
    leaving = session.get(PlayerRow, reg.player_id)
    assert leaving is not None
    teammate_reg = session.execute(
        sa_select(col(RegistrationRow.status)).where(
            col(RegistrationRow.tournament_id) == tournament_id,
            col(RegistrationRow.player_id) == player_id,
            col(RegistrationRow.status) == RegistrationStatus.PLAYING.value,
        )
    ).first()
    standing = session.execute(
        sa_select(col(StandInRow.id)).where(
            col(StandInRow.tournament_id) == tournament_id,
            col(StandInRow.player_id) == player_id,
        )
    ).first()
    return StandInFacts(
        leaving=leaving.name,
        leaving_team=leaving.team.strip(),
        leaving_in_play=reg.status == RegistrationStatus.PLAYING.value,
        teammate=teammate.name,
        teammate_team=teammate.team.strip(),
        teammate_in_play=teammate_reg is not None or standing is not None,
        same_player=leaving.id == teammate.id,
    )


def insert(
    session: Session,
    tournament_id: int,
    registration_id: int,
    player_id: int,
    now: datetime,
    station: str,
) -> None:
    """Record the stand-in."""
    session.add(
        StandInRow(
            tournament_id=tournament_id,
            registration_id=registration_id,
            player_id=player_id,
            created_at=now,
            station=station,
        )
    )
    session.flush()


def listed(session: Session, tournament_id: int) -> list[tuple[int, str, str, datetime]]:
    """Every stand-in, oldest first: (registration id, who left, who stands in, when)."""
    leaving = PlayerRow.__table__.alias("leaving")  # type: ignore[attr-defined]
    rows = session.execute(
        sa_select(
            col(StandInRow.registration_id),
            leaving.c.name,
            col(PlayerRow.name),
            col(StandInRow.created_at),
        )
        .join(RegistrationRow, col(RegistrationRow.id) == col(StandInRow.registration_id))
        .join(leaving, leaving.c.id == col(RegistrationRow.player_id))
        .join(PlayerRow, col(PlayerRow.id) == col(StandInRow.player_id))
        .where(col(StandInRow.tournament_id) == tournament_id)
        .order_by(col(StandInRow.id))
    ).all()
    return [(rid, left, stand, at) for rid, left, stand, at in rows]
