"""Migration 0027 (the wall's layouts, screen sets and screens) both ways: going back removes
only its tables, coming forward again gives a tournament today's wall and room for layouts."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import inspect

from clockapp.core.layouts.cells import Cell, CellKind, Layout, Rect
from clockapp.core.layouts.default import DEFAULT
from clockapp.persistence.db import alembic_config, current_revision, migrate, open_database
from clockapp.services.app import Services
from tests.fakes import FakeClock

TABLES = {"wall_layout", "wall_screen_set", "wall_screen"}
CLOCK = Layout("Clock", (Cell(CellKind.COUNTDOWN, Rect(0, 0, 10_000, 10_000)),))


@pytest.mark.slow
def test_the_layout_tables_go_and_come_back(db_path: Path, fake_clock: FakeClock) -> None:
    _check(str(db_path), fake_clock)


@pytest.mark.slow
@pytest.mark.postgres
def test_the_same_on_postgresql(pg_url: str, fake_clock: FakeClock) -> None:
    _check(pg_url, fake_clock)


def _check(db: str, fake_clock: FakeClock) -> None:
    engine = open_database(db)
    try:
        services = Services(engine, now=fake_clock)
        tid = services.tournaments.create("Friday").value.id
        services.layouts.save_layout(tid, CLOCK)
        services.layouts.choose(tid, "wall", layout="Clock")
        assert set(inspect(engine).get_table_names()) >= TABLES

        command.downgrade(alembic_config(engine), "0027-1")
        assert current_revision(engine) != "0027"
        assert not TABLES & set(inspect(engine).get_table_names())
        assert [t.name for t in services.tournaments.list()] == ["Friday"]

        migrate(engine)
        services = Services(engine, now=fake_clock)
        assert services.layouts.layouts(tid).layouts == (DEFAULT,)
        services.layouts.save_layout(tid, CLOCK)
        assert services.layouts.layouts(tid).layout("clock") == CLOCK
    finally:
        engine.dispose()
