"""A registration's status is the core's `RegistrationStatus` in every layer, the column included.

The column keeps the strings it always stored (no migration goes with the type): the models match
the migrated schema, a row reads back as the enum, the database holds its value, and a status the
enum does not know is refused before it is sent.
"""

from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import StatementError
from sqlmodel import Session, SQLModel

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.core.registration import RegistrationStatus
from clockapp.persistence.models import RegistrationRow
from clockapp.services.app import Services
from clockapp.services.cashier.cache import read_till
from clockapp.services.players import PlayerDetails


@pytest.fixture
def tid(services: Services) -> int:
    tid = services.tournaments.create("Friday").value.id
    rules = EntryRules(RegistrationRule(EntryPrice(2000), 10_000))
    services.cashier.set_config(tid, CashierConfig(rules))
    return tid


@pytest.fixture
def bought_in(services: Services, tid: int) -> int:
    pid = services.players.create(PlayerDetails("Ann")).value.id
    return services.cashier.buy_in(tid, pid).value.registration.id


def test_a_registration_row_reads_back_as_the_core_enum(engine: Engine, bought_in: int) -> None:
    with Session(engine) as session:
        row = session.get(RegistrationRow, bought_in)
        assert row is not None
        assert row.status is RegistrationStatus.PLAYING
    with engine.connect() as conn:
        stored = conn.execute(
            text("SELECT status FROM registration WHERE id = :id"), {"id": bought_in}
        )
        assert stored.scalar_one() == "playing"  # the string the table has always held


def test_the_till_carries_the_enum(services: Services, tid: int, bought_in: int) -> None:
    with services.ctx.reading() as session:
        till = read_till(session, tid)
    assert till.registration(bought_in).status is RegistrationStatus.PLAYING


def test_an_unknown_status_is_refused_before_it_is_written(engine: Engine, bought_in: int) -> None:
    with Session(engine) as session:
        row = session.get(RegistrationRow, bought_in)
        assert row is not None
        row.status = "sleeping"  # type: ignore[assignment]
        session.add(row)
        with pytest.raises(StatementError, match="sleeping"):
            session.commit()


@pytest.mark.slow
def test_the_models_match_the_migrated_schema(engine: Engine) -> None:
    with engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True})
        assert compare_metadata(context, SQLModel.metadata) == []
