"""Migration 0017 (the display PIN's throttle in the database) both ways, on a database with a
PIN set: the throttle starts from no wrong PINs, and going back removes only its table.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import inspect, text

from clockapp.persistence.db import alembic_config, current_revision, migrate, open_database
from clockapp.services.app import Services
from clockapp.services.stations import PinTry, PinVerdict
from tests.fakes import FakeClock


@pytest.mark.slow
def test_the_throttle_starts_from_no_wrong_pins(db_path: Path, fake_clock: FakeClock) -> None:
    _check(str(db_path), fake_clock)


@pytest.mark.slow
@pytest.mark.postgres
def test_the_same_on_postgresql(pg_url: str, fake_clock: FakeClock) -> None:
    _check(pg_url, fake_clock)


def _check(db: str, fake_clock: FakeClock) -> None:
    engine = open_database(db)
    try:
        services = Services(engine, now=fake_clock)
        services.stations.set_pin("482913")
        services.stations.try_pin("000000")
        command.downgrade(alembic_config(engine), "0016")
        assert current_revision(engine) == "0016"
        assert "pin_throttle" not in inspect(engine).get_table_names()
        assert services.stations.check_pin("482913")  # the PIN itself is kept

        migrate(engine)
        with engine.connect() as conn:
            rows = conn.execute(text("SELECT id, failures, wait_until FROM pin_throttle")).all()
        assert [tuple(row) for row in rows] == [(1, 0, None)]
        services = Services(engine, now=fake_clock)
        assert services.stations.try_pin("000000") == PinTry(PinVerdict.WRONG, 1)
        assert services.stations.try_pin("482913") == PinTry(PinVerdict.UNLOCKED)
    finally:
        engine.dispose()
