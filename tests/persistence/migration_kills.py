"""Kill a process while it migrates a SQLite file, at chosen moments, and judge what it leaves.

Used by `tests/persistence/test_migration_kills.py` (a few dozen kill points) and by
`bench/bench_migration_kills.py` (every kill point). POSIX only: a helper process imports clockapp
once, then forks one child per kill point; the child counts the SQL statements every engine
executes and SIGKILLs itself before statement N, so each kill point costs one migration, not one
interpreter start. The parent (the caller) then checks each file with a fresh engine:

* the schema and `alembic_version` are exactly those of the revision it started at or of the
  newest one (nothing half done),
* the rows it held are all there,
* `open_database` opens it (migrating it the rest of the way).

Run as a script it is the helper: `python migration_kills.py` reads a JSON job on stdin.
"""

from __future__ import annotations

import importlib
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]

#: Rows put into the older database before it is upgraded; they must all survive.
SEED = (
    "INSERT INTO tournament (id, name, created_at, archived) "
    "VALUES (1, 'Friday', '2026-11-20 19:00:00.000000', 0)",
    "INSERT INTO player (id, name, nickname, phone, email, team, notes, search_text, created_at) "
    "VALUES (1, 'Ann Lee', '', '', '', '', '', 'ann lee', '2026-11-20 19:00:00.000000')",
    "INSERT INTO registration (id, tournament_id, player_id, status, created_at, entries, rebuys,"
    " add_ons, tied) VALUES (1, 1, 1, 'active', '2026-11-20 19:01:00.000000', 1, 0, 0, 0)",
    "INSERT INTO ledger_row (id, tournament_id, kind, amount, registration_id, reason,"
    " created_at, station) VALUES (1, 1, 'buy_in', 2000, 1, '', '2026-11-20 19:01:00.000000', '')",
)
SEEDED_TABLES = ("tournament", "player", "registration", "ledger_row")
WARM_UP = (
    "alembic.command",
    "alembic.operations",
    "alembic.runtime.migration",
    "alembic.script",
    "clockapp.persistence.backup",
    "clockapp.persistence.models",
)


@dataclass(frozen=True)
class KillResult:
    """What one kill point left behind."""

    point: int
    killed: bool  # False: the migration finished before statement `point`
    revision: str | None  # the revision the file says it is at, before reopening
    consistent: bool  # schema and data are exactly the old or the new state
    opens: bool  # open_database() succeeded afterwards
    error: str = ""


def prepare_older(path: Path, revision: str) -> None:
    """A database migrated to `revision` with a few rows in it (checkpointed, no WAL left)."""
    from alembic import command

    from clockapp.persistence.db import alembic_config, make_engine

    engine = make_engine(str(path))
    command.upgrade(alembic_config(engine), revision)
    with engine.begin() as connection:
        for statement in SEED:
            connection.exec_driver_sql(statement)
    engine.dispose()
    _checkpoint(path)


def prepare_newest(path: Path) -> None:
    """A database at the newest revision (to read the new schema from)."""
    from clockapp.persistence.db import make_engine, migrate

    engine = make_engine(str(path))
    migrate(engine)
    engine.dispose()
    _checkpoint(path)


def _checkpoint(path: Path) -> None:
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()


def schema(path: Path) -> set[tuple[str, str]]:
    """The (type, name) of every table, index and trigger: what a migration changes."""
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = connection.execute("SELECT type, name FROM sqlite_master").fetchall()
    finally:
        connection.close()
    return {(kind, name) for kind, name in rows if not name.startswith("sqlite_")}


def _revision(path: Path) -> str | None:
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        found = connection.execute(
            "SELECT name FROM sqlite_master WHERE type='table' AND name='alembic_version'"
        ).fetchone()
        if found is None:
            return None
        row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
        return None if row is None else str(row[0])
    finally:
        connection.close()


def _counts(path: Path) -> dict[str, int]:
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return {
            table: connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
            for table in SEEDED_TABLES
        }
    finally:
        connection.close()


def run_kills(
    source: Path | None, folder: Path, samples: int | None = None
) -> tuple[int, dict[int, bool]]:
    """Migrate a copy of `source` (None: a new file) once per kill point.

    The helper first counts the statements of a whole migration, then kills a child before each
    statement from 1 to that count (or before `samples` of them, evenly spread, always including
    the last). Returns (statements counted, {kill point: the child was killed}).
    """
    job = {"source": None if source is None else str(source), "folder": str(folder)}
    job["samples"] = samples  # type: ignore[assignment]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), *sys.path])}
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve())],
        input=json.dumps(job),
        capture_output=True,
        text=True,
        env=env,
        check=True,
        timeout=900,
    )
    answer = json.loads(done.stdout)
    return int(answer["total"]), {int(p): killed for p, killed in answer["killed"].items()}


def kill_points(total: int, samples: int | None) -> list[int]:
    """Every statement, or `samples` of them spread evenly (the last one included).

    >>> kill_points(10, None)
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    >>> kill_points(100, 4)
    [1, 26, 51, 76, 100]
    """
    if samples is None or samples >= total:
        return list(range(1, total + 1))
    step = max(1, total // samples)
    points = list(range(1, total + 1, step))
    return points if points[-1] == total else [*points, total]


def judge(
    path: Path, point: int, killed: bool, old: set[tuple[str, str]] | None, new: set[Any]
) -> KillResult:
    """Check the file a kill left: consistent (old or new, with its rows) and openable."""
    revision = _revision(path) if path.exists() else None
    found = schema(path) if path.exists() else set()
    states = [new] if old is None else [old, new]
    consistent = found in states or (old is None and found == set())
    if consistent and old is not None:
        consistent = _counts(path) == dict.fromkeys(SEEDED_TABLES, 1)
    from clockapp.persistence.db import open_database

    try:
        engine = open_database(str(path))
    except Exception as error:  # what the user would see: the file does not open
        return KillResult(point, killed, revision, consistent, False, f"{type(error).__name__}")
    engine.dispose()
    if old is not None and _counts(path) != dict.fromkeys(SEEDED_TABLES, 1):
        return KillResult(point, killed, revision, False, True, "rows lost")
    return KillResult(point, killed, revision, consistent, True)


# ------------------------------------------------------------------------ the helper process


class _Counter:
    """An engine event that SIGKILLs this process before its `limit`th statement."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.seen = 0

    def __call__(self, *_args: Any) -> None:
        self.seen += 1
        if self.seen >= self.limit:
            os.kill(os.getpid(), signal.SIGKILL)


def _helper() -> None:
    job = json.load(sys.stdin)
    # Import what a migration needs once, here: each forked child then starts warm.
    for module in WARM_UP:
        importlib.import_module(module)
    folder = Path(job["folder"])
    folder.mkdir(parents=True, exist_ok=True)
    total = _migrate_in_child(job["source"], folder / "whole.db", None)[1]
    killed = {
        point: _migrate_in_child(job["source"], folder / f"kill-{point}.db", point)[0]
        for point in kill_points(total, job["samples"])
    }
    json.dump({"total": total, "killed": killed}, sys.stdout)


def _migrate_in_child(source: str | None, target: Path, point: int | None) -> tuple[bool, int]:
    """Fork a child that opens (migrates) `target`, killed before statement `point`.

    Returns (it was killed, statements it executed when it was not).
    """
    from sqlalchemy import event
    from sqlalchemy.engine import Engine

    from clockapp.persistence.db import open_database

    if source:
        shutil.copyfile(source, target)
    count_file = target.with_suffix(".count")
    sys.stdout.flush()
    child = os.fork()
    if child == 0:  # pragma: no cover - runs in the forked child
        counter = _Counter(point or 10**9)
        event.listen(Engine, "before_cursor_execute", counter)
        try:
            open_database(str(target)).dispose()
        finally:
            count_file.write_text(str(counter.seen))
            os._exit(0)
    _, status = os.waitpid(child, 0)
    killed = os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
    return killed, 0 if killed else int(count_file.read_text())


if __name__ == "__main__":
    _helper()
