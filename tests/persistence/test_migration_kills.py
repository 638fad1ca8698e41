"""A kill at any moment of a migration leaves a database that opens, fully old or fully new.

Before migrations ran in one explicit transaction, 102 of 110 kill points while creating a new
file and 57 of 62 while upgrading an older one left a file that no longer opened. The helper
(`migration_kills.py`) kills a forked child before its Nth SQL statement; here a sample of kill
points over the whole migration is checked (`bench/bench_migration_kills.py` tries every one).
"""

from __future__ import annotations

import multiprocessing
import sys
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic.operations import Operations
from alembic.runtime.migration import MigrationContext

from clockapp.persistence.db import (
    make_engine,
    migration_transaction,
    shipped_head,
    stored_revision,
)
from tests.persistence.migration_kills import (
    judge,
    prepare_newest,
    prepare_older,
    run_kills,
    schema,
)

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sys.platform == "win32", reason="the helper forks (POSIX only)"),
]

#: About 25 kill points a scenario: every statement would take several times longer.
SAMPLES = 25


@pytest.fixture(scope="module")
def newest_schema(tmp_path_factory: pytest.TempPathFactory) -> set[tuple[str, str]]:
    path = tmp_path_factory.mktemp("newest") / "newest.db"
    prepare_newest(path)
    return schema(path)


@pytest.mark.slow
@pytest.mark.parametrize("older", [None, "0003"], ids=["fresh", "upgrade-from-0003"])
def test_a_kill_at_any_statement_leaves_a_database_that_opens(
    tmp_path: Path, older: str | None, newest_schema: set[tuple[str, str]]
) -> None:
    source = None
    old_schema = None
    if older is not None:
        source = tmp_path / "older.db"
        prepare_older(source, older)
        old_schema = schema(source)
    folder = tmp_path / "kills"
    total, killed = run_kills(source, folder, SAMPLES)
    assert total > 20  # the hook does see the migration's statements
    assert len(killed) > SAMPLES
    assert all(killed.values())  # each child died before its statement, mid-migration
    results = [
        judge(folder / f"kill-{p}.db", p, dead, old_schema, newest_schema)
        for p, dead in killed.items()
    ]
    broken = [r for r in results if not (r.consistent and r.opens)]
    assert broken == [], f"{len(broken)} of {len(results)} kill points left a broken file"
    assert {r.revision for r in results} <= {older, shipped_head()}


def test_a_batch_copy_of_a_table_other_rows_point_to_keeps_them(tmp_path: Path) -> None:
    """Batch mode drops the old table: with foreign keys on, that fails inside a transaction."""
    path = tmp_path / "older.db"
    prepare_older(path, "0003")  # a player with a registration pointing to it
    engine = make_engine(str(path))
    try:
        with migration_transaction(engine) as connection:
            operations = Operations(MigrationContext.configure(connection))
            with operations.batch_alter_table("player", recreate="always") as batch:
                batch.alter_column("name", type_=sa.String(300))
        with engine.connect() as connection:
            players = connection.exec_driver_sql("SELECT count(*) FROM player").scalar()
            registrations = connection.exec_driver_sql("SELECT count(*) FROM registration").scalar()
            enforced = connection.exec_driver_sql("PRAGMA foreign_keys").scalar()
        assert (players, registrations, enforced) == (1, 1, 1)
    finally:
        engine.dispose()


def test_a_migration_that_breaks_a_foreign_key_is_rolled_back(tmp_path: Path) -> None:
    path = tmp_path / "older.db"
    prepare_older(path, "0003")
    engine = make_engine(str(path))
    try:
        with pytest.raises(RuntimeError, match="broke foreign keys"):  # noqa: SIM117
            with migration_transaction(engine) as connection:
                connection.exec_driver_sql("DELETE FROM player")
        with engine.connect() as connection:
            assert connection.exec_driver_sql("SELECT count(*) FROM player").scalar() == 1
    finally:
        engine.dispose()


def _open_after(barrier: Any, path: str) -> str:
    from clockapp.persistence.db import open_database

    barrier.wait()
    engine = open_database(path)
    engine.dispose()
    return "ok"


@pytest.mark.slow
def test_two_stations_upgrading_at_once_both_open(tmp_path: Path) -> None:
    """The second waits for the first's upgrade (BEGIN IMMEDIATE), then has nothing to do."""
    path = tmp_path / "older.db"
    prepare_older(path, "0003")
    context = multiprocessing.get_context("spawn")
    with context.Manager() as manager, context.Pool(2) as pool:
        barrier = manager.Barrier(2)
        results = [pool.apply_async(_open_after, (barrier, str(path))) for _ in range(2)]
        assert [r.get(timeout=120) for r in results] == ["ok", "ok"]
    engine = make_engine(str(path))
    try:
        assert stored_revision(engine) == shipped_head()
    finally:
        engine.dispose()
