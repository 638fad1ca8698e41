"""Benchmark: kill clockapp while it migrates a SQLite file, at every statement.

A helper process forks one child per kill point; the child migrates a copy of the database (a new
file, or one at revision 0003 with rows in it) and SIGKILLs itself before its Nth SQL statement.
Each file left behind must open (`open_database`), be exactly the old or the new schema, and keep
its rows. Before migrations ran in one transaction, 102 of 110 kill points (new file) and 70 of
75 (upgrade from 0003) left a file that no longer opened.

Goal: 0 unopenable and 0 inconsistent files, in both scenarios.

Run: `.venv/bin/python bench/bench_migration_kills.py` (POSIX; 30 s to 2 min).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.persistence.migration_kills import (  # noqa: E402
    judge,
    prepare_newest,
    prepare_older,
    run_kills,
    schema,
)

GOAL_UNOPENABLE = 0


def scenario(folder: Path, older: str | None) -> tuple[int, int, int, float]:
    """(kill points, unopenable, inconsistent, seconds) for one scenario."""
    newest = folder / "newest.db"
    prepare_newest(newest)
    source = old_schema = None
    if older is not None:
        source = folder / "older.db"
        prepare_older(source, older)
        old_schema = schema(source)
    start = time.perf_counter()
    _total, killed = run_kills(source, folder / "kills", None)
    results = [
        judge(folder / "kills" / f"kill-{p}.db", p, dead, old_schema, schema(newest))
        for p, dead in killed.items()
    ]
    seconds = time.perf_counter() - start
    unopenable = sum(not r.opens for r in results)
    inconsistent = sum(r.opens and not r.consistent for r in results)
    return len(results), unopenable, inconsistent, seconds


def main() -> int:
    """Print each scenario's figures beside the goal; non-zero exit when a goal is missed."""
    if sys.platform == "win32":
        print("bench_migration_kills: needs fork (POSIX); skipped")
        return 0
    missed = False
    for label, older in (("new file", None), ("upgrade from 0003", "0003")):
        with tempfile.TemporaryDirectory(prefix="clockapp-kills-") as folder:
            points, unopenable, inconsistent, seconds = scenario(Path(folder), older)
        print(
            f"migration kills, {label:<18} {points:4d} kill points  "
            f"unopenable {unopenable:3d} (goal {GOAL_UNOPENABLE})  "
            f"inconsistent {inconsistent:3d} (goal 0)  [{seconds:.1f} s]"
        )
        missed |= unopenable > GOAL_UNOPENABLE or inconsistent > 0
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
