"""Clock presses from several stations at once, as real OS processes, on SQLite and PostgreSQL.

Every press takes the write lock first, reads the clock, applies the pure transition and writes
the whole state: nothing acknowledged is lost, the row is never a mix of two presses, and a press
made on a clock that changed under it is refused with the app's own error.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from clockapp.persistence.db import make_engine, migrate, sqlite_url
from tests import races

pytestmark = pytest.mark.slow

STATIONS, PRESSES = 3, 40


def _race(url: str) -> None:
    for tally, verdict in races.race(url, STATIONS, PRESSES):
        assert tally.raw == []
        assert not verdict.corrupted, verdict.detail
        assert verdict.lost == 0, verdict.detail
        assert tally.added + tally.toggled + tally.refused == STATIONS * PRESSES
        assert tally.added + tally.toggled > 0


def test_clock_presses_from_three_processes_on_sqlite(engine: Engine, db_path: Path) -> None:
    _race(sqlite_url(db_path))


@pytest.mark.postgres
def test_clock_presses_from_three_processes_on_postgresql(pg_url: str) -> None:
    eng = make_engine(pg_url)
    migrate(eng)
    eng.dispose()
    _race(pg_url)
