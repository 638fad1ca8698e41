"""Benchmark: three stations press one clock at once, on SQLite and on PostgreSQL.

Three OS processes (spawned, each with its own engine) start together through a barrier and press
the clock of one tournament 100 times each, as fast as they can, in two rounds: "add time" presses
on a paused clock (every acknowledged second must be there), then "add time" mixed with
pause/resume presses made on the clock each station last read (an acknowledged press must have
flipped the clock; one made on a clock that changed under it is refused with the app's own error).

Printed per database: presses acknowledged, refused (the clock had changed), lost (acknowledged
without effect), raw errors (anything but the app's own error), and whether the clock row ended
corrupted. Goals: 0 lost, 0 corrupted, 0 raw errors.

PostgreSQL: CLOCKAPP_TEST_PG_URL, or a throwaway server when PostgreSQL's binaries are installed.

Run: `.venv/bin/python bench/bench_clock_race.py` (about a minute).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # `tests` holds the race driver

from clockapp.persistence.db import make_engine, migrate, sqlite_url
from tests import pgserver, races

STATIONS, PRESSES = 3, 100


def run(name: str, url: str) -> bool:
    engine = make_engine(url)
    migrate(engine)
    engine.dispose()
    started = time.perf_counter()
    rounds = races.race(url, STATIONS, PRESSES)
    wall = time.perf_counter() - started
    ok = True
    print(f"{name}: {STATIONS} processes x {PRESSES} presses, two rounds, {wall:.1f} s")
    for label, (tally, verdict) in zip(("add time", "add time + pause"), rounds, strict=True):
        acked = tally.added + tally.toggled
        print(
            f"  {label:<17} acknowledged {acked:>3}, refused {tally.refused:>3} | "
            f"lost {verdict.lost} (goal 0), corrupted {int(verdict.corrupted)} (goal 0), "
            f"raw errors {len(tally.raw)} (goal 0)"
        )
        ok &= verdict.lost == 0 and not verdict.corrupted and not tally.raw
    return ok


def main() -> int:
    ok = True
    with tempfile.TemporaryDirectory() as folder:
        ok &= run("SQLite file", sqlite_url(Path(folder) / "race.db"))
    with pgserver.server_url() as server:
        if server is None:
            print("PostgreSQL: not installed here, skipped")
        else:
            ok &= run("PostgreSQL", pgserver.fresh_database(server))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
