"""The change feed under several stations: real OS processes on SQLite and on PostgreSQL.

Two cashiers and a director act at once while a wall station follows the feed of their
tournament. Every acknowledged action must reach the wall exactly once. Reading the change log by
row id lost some on PostgreSQL (sequence values are taken at insert, not at commit: a station that
had read id 58 never saw 57 commit after it; and a row of another tournament moved the cursor past
this one's); the feed now reads "after revision N of tournament T", handed out in commit order.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from clockapp.persistence.db import make_engine, migrate, sqlite_url
from tests import stations

pytestmark = pytest.mark.slow

ACTIONS = 60


def _check(url: str) -> None:
    verdict = stations.race(url, ACTIONS, next_room=True)
    assert verdict.raw == [], verdict.raw[0]
    assert (verdict.lost, verdict.duplicated) == (0, 0)
    # Every cashier action lands; the director's may be refused (the clock changed under it).
    assert verdict.acknowledged >= 2 * ACTIONS, verdict.refused


def test_every_change_reaches_the_wall_on_sqlite(engine: Engine, db_path: Path) -> None:
    _check(sqlite_url(db_path))


@pytest.mark.postgres
def test_every_change_reaches_the_wall_on_postgresql(pg_url: str) -> None:
    eng = make_engine(pg_url)
    migrate(eng)
    eng.dispose()
    _check(pg_url)
