"""Registrations: who is on a tournament's list, a player's entries, and the cashier's reads and
writes of them (the till's plain records, inserts, the fields a settle changed)."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from sqlalchemy import Update, bindparam, insert, update
from sqlalchemy import select as sa_select
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from clockapp.core.money.till import REG_FIELDS, Reg
from clockapp.core.registration import RegistrationStatus
from clockapp.persistence.models import PlayerRow, RegistrationRow


def any_listed(session: Session, tournament_id: int) -> bool:
    """Whether the tournament has a registration that was not withdrawn."""
    found = session.exec(
        select(RegistrationRow.id)
        .where(col(RegistrationRow.tournament_id) == tournament_id)
        .where(col(RegistrationRow.status) != RegistrationStatus.WITHDRAWN)
        .limit(1)
    ).first()
    return found is not None


def of_player(
    session: Session, player_id: int, *, withdrawn: bool = True
) -> Sequence[RegistrationRow]:
    """A player's registrations (without the withdrawn ones when `withdrawn` is False)."""
    query = select(RegistrationRow).where(col(RegistrationRow.player_id) == player_id)
    if not withdrawn:
        query = query.where(col(RegistrationRow.status) != RegistrationStatus.WITHDRAWN)
    return session.exec(query).all()


# ------------------------------------------------------------------------------ the cashier's till
class DuplicateRegistration(Exception):
    """A registration for a player already on the tournament's list (another station, just now)."""


#: The registration columns the till reads, in the order of `clockapp.core.money.till.Reg`.
_REG_COLUMNS = tuple(col(getattr(RegistrationRow, name)) for name in REG_FIELDS)


def reg_from_row(row: RegistrationRow) -> Reg:
    """The plain record of an ORM registration (one just inserted)."""
    return Reg(*(getattr(row, name) for name in REG_FIELDS))


def listed_with_names(session: Session, tournament_id: int) -> list[tuple[Reg, str, str]]:
    """The tournament's registrations not withdrawn, in order, with each player's name parts."""
    found = session.execute(
        sa_select(*_REG_COLUMNS, col(PlayerRow.name), col(PlayerRow.nickname))
        .join(PlayerRow, col(PlayerRow.id) == col(RegistrationRow.player_id))
        .where(col(RegistrationRow.tournament_id) == tournament_id)
        .where(col(RegistrationRow.status) != RegistrationStatus.WITHDRAWN)
        .order_by(col(RegistrationRow.id))
    ).all()
    return [(Reg(*values[: len(REG_FIELDS)]), values[-2], values[-1]) for values in found]


def withdrawn_with_players(
    session: Session, tournament_id: int
) -> Sequence[tuple[RegistrationRow, PlayerRow]]:
    """The tournament's withdrawn registrations with their players."""
    return session.exec(
        select(RegistrationRow, PlayerRow)
        .join(PlayerRow, col(PlayerRow.id) == col(RegistrationRow.player_id))
        .where(col(RegistrationRow.tournament_id) == tournament_id)
        .where(col(RegistrationRow.status) == RegistrationStatus.WITHDRAWN)
    ).all()


def insert_one(session: Session, row: RegistrationRow) -> RegistrationRow:
    """Insert a registration (its id is set).

    Raises:
        DuplicateRegistration: The player is already on the list (the database's unique key).
    """
    session.add(row)
    try:
        session.flush()
    except IntegrityError as error:  # another station registered the same player just now
        raise DuplicateRegistration(str(error)) from error
    return row


def insert_many(session: Session, rows: Sequence[RegistrationRow]) -> Sequence[RegistrationRow]:
    """Insert registrations with one INSERT ... RETURNING (a long list); in no particular order.

    Raises:
        DuplicateRegistration: One of the players is already on the list.
    """
    values = [row.model_dump(exclude={"id"}) for row in rows]
    try:
        return session.scalars(insert(RegistrationRow).returning(RegistrationRow), values).all()
    except IntegrityError as error:  # another station registered one of them just now
        raise DuplicateRegistration(str(error)) from error


def update_fields(session: Session, registration_id: int, changed: dict[str, object]) -> None:
    """Write the changed fields of one registration (no ORM object loaded)."""
    session.execute(
        _update_statement(tuple(sorted(changed))),
        {"rid": registration_id, **{f"new_{name}": value for name, value in changed.items()}},
        execution_options={"synchronize_session": False},
    )


@functools.cache
def _update_statement(names: tuple[str, ...]) -> Update:
    """The UPDATE of these fields, built once per set of fields (a settle changes few sets), so
    SQLAlchemy's compiled cache serves it."""
    return (
        update(RegistrationRow)
        .where(col(RegistrationRow.id) == bindparam("rid"))
        .values({name: bindparam(f"new_{name}") for name in names})
    )
