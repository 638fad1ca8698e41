"""Run every benchmark (`make bench`), then list the goals they missed and fail if any.

Each `bench/bench_*.py` runs in turn, in its own process, whatever the one before did; its output
is shown as it comes. A line that says MISSED is a missed goal, and a script that exits non-zero
is listed as well (`goals.MISSED_EXIT` when it missed a goal, anything else when it failed).
At the end come the list of misses and failures and an exit status of 1, or "every goal met"
and 0. The contract for a script is in `bench/goals.py`.

Run: `python bench/run.py` (every script), or `python bench/run.py bench/bench_icm.py ...`.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from goals import MISSED, MISSED_EXIT

HERE = Path(__file__).resolve().parent
_MISSED_WORD = re.compile(rf"\b{MISSED}\b")


def run_one(script: Path, misses: list[str]) -> None:
    """Run `script`, echo its output and append what it missed (or how it failed) to `misses`."""
    env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
    env.setdefault("PYTHONUNBUFFERED", "1")
    missed_lines = 0
    with subprocess.Popen(
        [sys.executable, str(script)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        errors="replace",
        env=env,
    ) as proc:
        assert proc.stdout is not None
        for line in proc.stdout:
            print(line, end="", flush=True)
            if _MISSED_WORD.search(line):
                missed_lines += 1
                misses.append(f"{script.name}: {line.strip()}")
    code = proc.returncode
    if code == MISSED_EXIT and not missed_lines:
        misses.append(f"{script.name}: missed a goal (exit {code}) without saying which")
    elif code not in (0, MISSED_EXIT):
        misses.append(f"{script.name}: failed (exit {code}); its output is above")


def main(argv: Sequence[str]) -> int:
    """Run the scripts named in `argv` (every `bench_*.py` beside this file when none)."""
    scripts = [Path(arg) for arg in argv] or sorted(HERE.glob("bench_*.py"))
    misses: list[str] = []
    for script in scripts:
        print(f"== {script}", flush=True)
        run_one(script, misses)
    print()
    if not misses:
        print(f"every goal met ({len(scripts)} scripts)")
        return 0
    print(f"{len(misses)} missed or failed, over {len(scripts)} scripts:")
    for miss in misses:
        print(f"  {miss}")
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
