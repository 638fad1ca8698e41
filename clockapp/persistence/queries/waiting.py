"""The waiting list of a capped field: who waits, in order, and the facts a join needs."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import func, update
from sqlalchemy import select as sa_select
from sqlmodel import Session, col

from clockapp.core.registration import RegistrationStatus
from clockapp.core.waiting_list import JoinFacts, Waiter, WaitingListError
from clockapp.i18n import gettext as _
from clockapp.persistence.models import CashierConfigRow, PlayerRow, RegistrationRow, WaitingRow
from clockapp.persistence.session import none_of


def waiters(session: Session, tournament_id: int) -> list[Waiter]:
    """The players waiting, first in line first: those who bought in since are left out (the
    cashier seated them)."""
    if none_of(session, WaitingRow, tournament_id):
        return []
    bought = (
        sa_select(col(RegistrationRow.player_id))
        .where(col(RegistrationRow.tournament_id) == tournament_id)
        .where(col(RegistrationRow.entries) > 0)
    )
    rows = session.execute(
        sa_select(col(PlayerRow.id), col(PlayerRow.name))
        .join(WaitingRow, col(WaitingRow.player_id) == col(PlayerRow.id))
        .where(col(WaitingRow.tournament_id) == tournament_id)
        .where(col(WaitingRow.left_at).is_(None))
        .where(col(WaitingRow.player_id).not_in(bought))
        .order_by(col(WaitingRow.id))
    ).all()
    return [Waiter(pid, name) for pid, name in rows]


def field(session: Session, tournament_id: int) -> tuple[int, int | None]:
    """(entrants, the cap on entrants or None): the players with an entry standing."""
    entrants = session.execute(
        sa_select(func.count())
        .select_from(RegistrationRow)
        .where(col(RegistrationRow.tournament_id) == tournament_id)
        .where(col(RegistrationRow.entries) > 0)
    ).scalar_one()
    config = session.get(CashierConfigRow, tournament_id)
    return int(entrants), config.max_entrants if config is not None else None


def join_facts(session: Session, tournament_id: int, player_id: int) -> JoinFacts:
    """What `check_join` needs for this player."""
    player = session.get(PlayerRow, player_id)
    if player is None:
        raise WaitingListError(_("That player is not in the player database."))
    registered = session.execute(
        sa_select(col(RegistrationRow.id))
        .where(col(RegistrationRow.tournament_id) == tournament_id)
        .where(col(RegistrationRow.player_id) == player_id)
        .where(col(RegistrationRow.entries) > 0)
        .where(col(RegistrationRow.status) != RegistrationStatus.WITHDRAWN)
    ).first()
    line = [w.player_id for w in waiters(session, tournament_id)]
    place = line.index(player_id) + 1 if player_id in line else None
    entrants, cap = field(session, tournament_id)
    return JoinFacts(player.name, registered is not None, place, entrants, cap, len(line))


def insert(
    session: Session, tournament_id: int, player_id: int, now: datetime, station: str
) -> None:
    """Put the player at the end of the list."""
    session.add(
        WaitingRow(tournament_id=tournament_id, player_id=player_id, joined_at=now, station=station)
    )
    session.flush()


def leave(session: Session, tournament_id: int, player_id: int, now: datetime) -> int:
    """Take the player off the list; how many rows that closed (0: not waiting)."""
    result = session.execute(
        update(WaitingRow)
        .where(col(WaitingRow.tournament_id) == tournament_id)
        .where(col(WaitingRow.player_id) == player_id)
        .where(col(WaitingRow.left_at).is_(None))
        .values(left_at=now)
    )
    session.flush()
    return int(result.rowcount)  # type: ignore[attr-defined]


def rejoin(session: Session, tournament_id: int, player_id: int) -> int:
    """Put the player back at the place they left (their last row reopened); how many rows
    that reopened (0: they never were on the list)."""
    last = (
        sa_select(func.max(col(WaitingRow.id)))
        .where(col(WaitingRow.tournament_id) == tournament_id)
        .where(col(WaitingRow.player_id) == player_id)
        .where(col(WaitingRow.left_at).is_not(None))
        .scalar_subquery()
    )
    result = session.execute(
        update(WaitingRow).where(col(WaitingRow.id) == last).values(left_at=None)
    )
    session.flush()
    return int(result.rowcount)  # type: ignore[attr-defined]
