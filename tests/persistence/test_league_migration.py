"""Migration 0012 (leagues and the team event) both ways, on a database with a tournament."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic import command
from alembic.script import ScriptDirectory
from sqlalchemy import inspect

from clockapp.persistence.db import alembic_config, current_revision, migrate, open_database
from clockapp.services.app import Services
from tests.fakes import FakeClock

TABLES = {"league", "league_tournament", "team_event", "attendance"}


@pytest.mark.slow
def test_the_league_tables_come_and_go_and_keep_the_tournaments(
    db_path: Path, fake_clock: FakeClock
) -> None:
    engine = open_database(str(db_path))
    try:
        services = Services(engine, now=fake_clock)
        tid = services.tournaments.create("Week 1").value.id
        league = services.leagues.create("Season", "entrants - place + 1").value.id
        services.leagues.add_tournament(league, tid)
        command.downgrade(alembic_config(engine), "0011")
        assert current_revision(engine) == "0011"
        assert not TABLES & set(inspect(engine).get_table_names())
        migrate(engine)
        head = ScriptDirectory.from_config(alembic_config(engine)).get_current_head()
        assert current_revision(engine) == head
        assert set(inspect(engine).get_table_names()) >= TABLES
        services = Services(engine, now=fake_clock)
        assert services.leagues.leagues() == ()
        assert services.tournaments.get(tid).name == "Week 1"
    finally:
        engine.dispose()
