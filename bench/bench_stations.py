"""Benchmark: two cashiers and a director on one tournament, on SQLite and on PostgreSQL.

Three OS processes (spawned, each with its own engine) start together through a barrier and run
500 mixed actions each as fast as they can: the cashiers create players (an app-wide change) and
buy them in; the director adds time, pauses or resumes the clock it last saw, and busts the newest
player still in (while more than three are). A fourth process, the wall, follows the tournament's
change feed as a station's bus does (PostgreSQL's LISTEN/NOTIFY wakes it; SQLite's data_version is
asked every 50 ms).

Printed per database, each beside its goal: actions lost (acknowledged, never seen by the wall),
duplicated, raw errors (anything but the app's own refusal), and the delay from an acknowledged
action to the wall reading it, p50 and p99 (goal p99 < 250 ms).

PostgreSQL: CLOCKAPP_TEST_PG_URL, or a throwaway server when PostgreSQL's binaries are installed.

Run: `.venv/bin/python bench/bench_stations.py` (about a minute and a half).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # `tests` holds the station driver

from clockapp.persistence.db import make_engine, migrate, sqlite_url
from tests import pgserver, stations

ACTIONS = int(os.environ.get("CLOCKAPP_BENCH_STATION_ACTIONS", "500"))


def _report(name: str, url: str) -> bool:
    engine = make_engine(url)
    migrate(engine, backup=False)
    engine.dispose()
    verdict = stations.race(url, ACTIONS)
    p50, p99 = verdict.percentile(50), verdict.percentile(99)
    print(
        f"{name:<11} {verdict.acknowledged:>5} acknowledged, {verdict.refused:>3} refused "
        f"in {verdict.seconds:5.1f} s ({verdict.acknowledged / verdict.seconds:5.0f} actions/s)"
    )
    print(f"{'':<11} lost {verdict.lost:>4}   (goal 0)")
    print(f"{'':<11} duplicated {verdict.duplicated:>4}   (goal 0)")
    print(f"{'':<11} raw errors {len(verdict.raw):>4}   (goal 0)")
    print(
        f"{'':<11} change to another station: p50 {p50:6.1f} ms, p99 {p99:6.1f} ms (goal p99 < 250)"
    )
    for reason in sorted(set(verdict.reasons))[:3]:
        print("    refused:", reason[:150])
    for raw in verdict.raw[:3]:
        lines = [line for line in raw.splitlines() if "Error" in line] or raw.splitlines()
        print("   ", lines[-1].strip()[:150])
    return verdict.lost == verdict.duplicated == len(verdict.raw) == 0 and p99 < 250


def main() -> int:
    print(f"Two cashiers and a director, {ACTIONS} mixed actions each, a wall following the feed")
    ok = True
    with tempfile.TemporaryDirectory() as folder:
        ok &= _report("SQLite", sqlite_url(Path(folder) / "stations.db"))
    with pgserver.server_url() as server:
        if server is None:
            print("PostgreSQL  skipped: not installed and CLOCKAPP_TEST_PG_URL is not set")
        else:
            ok &= _report("PostgreSQL", pgserver.fresh_database(server))
    print("all goals met" if ok else "GOALS MISSED")
    return 0


if __name__ == "__main__":
    sys.exit(main())
