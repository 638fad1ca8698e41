"""`make bench`'s runner: every script runs, the missed goals are listed at the end, and the run
fails when any goal was missed or any script failed (fake scripts stand in for the real ones,
which are slow).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"

MET = """
from goals import exit_code, verdict
print(f"buy-in p99 40 ms (goal < 100 ms): {verdict(True)}")
raise SystemExit(exit_code([True]))
"""
MISSED = """
from goals import exit_code, verdict
print(f"wall gap 1800 ms (goal < 1000 ms): {verdict(False)}")
print(f"countdown changes every second: {verdict(True)}")
raise SystemExit(exit_code([False, True]))
"""
MISSED_BUT_EXITS_0 = """
print("round trips 160 (goal <= 30): MISSED")
"""
CRASHES = """
raise RuntimeError("the fake server did not start")
"""
SILENT_MISS = """
raise SystemExit(3)
"""


def run(tmp_path: Path, scripts: dict[str, str]) -> subprocess.CompletedProcess[str]:
    paths = []
    for name, text in scripts.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        paths.append(str(path))
    env = {**os.environ, "PYTHONPATH": str(BENCH)}  # as for a script that lives in bench/
    return subprocess.run(
        [sys.executable, str(BENCH / "run.py"), *paths],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


def test_every_goal_met_exits_0(tmp_path: Path) -> None:
    done = run(tmp_path, {"bench_a.py": MET, "bench_b.py": MET})
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("buy-in p99 40 ms") == 2  # each script's output is shown
    assert done.stdout.rstrip().endswith("every goal met (2 scripts)")


@pytest.mark.slow
def test_every_script_runs_and_the_misses_are_listed_at_the_end(tmp_path: Path) -> None:
    done = run(
        tmp_path,
        {
            "bench_a.py": MISSED,
            "bench_b.py": CRASHES,
            "bench_c.py": MISSED_BUT_EXITS_0,
            "bench_d.py": SILENT_MISS,
            "bench_e.py": MET,
        },
    )
    assert done.returncode == 1
    assert "buy-in p99 40 ms" in done.stdout  # the last script ran after the misses and the crash
    assert "RuntimeError: the fake server did not start" in done.stdout
    summary = done.stdout.rstrip().split("\n\n")[-1].splitlines()
    assert summary == [
        "4 missed or failed, over 5 scripts:",
        "  bench_a.py: wall gap 1800 ms (goal < 1000 ms): MISSED",
        "  bench_b.py: failed (exit 1); its output is above",
        "  bench_c.py: round trips 160 (goal <= 30): MISSED",
        "  bench_d.py: missed a goal (exit 3) without saying which",
    ]


def test_make_bench_runs_the_runner() -> None:
    makefile = (BENCH.parent / "Makefile").read_text(encoding="utf-8")
    recipe = makefile.split("\nbench:", 1)[1].split("\n\n", 1)[0]
    assert "bench/run.py" in recipe
    assert "|| exit 1" not in recipe  # one failing script no longer stops the others
