"""Migration 0019 (the stacks planned with the structure) both ways, on a database with a
planned tournament: going back drops only the column, and up again the cashier works the
stacks out as it did before, until a structure is saved with its stacks."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import inspect

from clockapp.core.chips import ChipSet
from clockapp.core.night_plan import NightPlan
from clockapp.persistence.db import alembic_config, current_revision, migrate, open_database
from clockapp.services.app import Services
from tests.fakes import FakeClock

CHIPS = ChipSet.standard((25, 100, 500, 1000), owned=(300, 300, 200, 100))


@pytest.mark.slow
def test_the_planned_stacks_column_both_ways(db_path: Path, fake_clock: FakeClock) -> None:
    _check(str(db_path), fake_clock)


@pytest.mark.slow
@pytest.mark.postgres
def test_the_same_on_postgresql(pg_url: str, fake_clock: FakeClock) -> None:
    _check(pg_url, fake_clock)


def _check(db: str, fake_clock: FakeClock) -> None:
    engine = open_database(db)
    try:
        services = Services(engine, now=fake_clock)
        plan = NightPlan("Friday", 2000, 500, starting_stack=5000, chips=CHIPS, players=18)
        tid = services.tournaments.create_planned(plan).value.id
        planned = services.structure.planned_stacks(tid)
        assert planned is not None
        assert planned.starting == services.tournaments.preview(plan).suggested.breakdown

        command.downgrade(alembic_config(engine), "0018")
        assert current_revision(engine) == "0018"
        columns = {c["name"] for c in inspect(engine).get_columns("tournament_setup")}
        assert "stacks_json" not in columns
        assert "chips_json" in columns

        migrate(engine)
        services = Services(engine, now=fake_clock)
        assert services.structure.planned_stacks(tid) is None
        assert services.structure.chip_set(tid) == CHIPS
    finally:
        engine.dispose()
