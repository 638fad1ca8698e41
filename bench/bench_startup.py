"""Start-up to the first painted clock frame, against a bare PySide6 window showing one label.

Both are started as fresh subprocesses in the same run, alternately, several times; each prints a
line once its window has painted, and the time from spawning the process to that line is taken.
Medians are printed with their ratio (goal: clockapp at most 1.5x the bare window).

clockapp is measured twice: a normal start (the database exists and the last clock shown is in the
start-up cache, so the clock is painted before the database layer loads), and a cold start with
no cache (the database is opened and migrated before the first frame).

The first frame is painted from the start-up cache by modules that import neither the core engine
nor the services (`clockapp.ui.clock.frame`, `cache`, `cached_clock`); the rest loads after it.

Run: `.venv/bin/python bench/bench_startup.py [--repeats 7] [--runs 3]` (offscreen unless
QT_QPA_PLATFORM is set); the last figures printed are those of the last run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GOAL_RATIO = 1.5

BARE = r"""
import sys
from PySide6.QtWidgets import QApplication, QLabel

class Label(QLabel):
    def paintEvent(self, event):
        super().paintEvent(event)
        if not getattr(self, "_done", False):
            self._done = True
            print("first-frame", flush=True)
            QApplication.instance().quit()

app = QApplication(sys.argv)
label = Label("12:34")
label.resize(1280, 720)
label.show()
app.exec()
"""


def time_to_first_frame(command: list[str], env: dict[str, str]) -> float:
    """Seconds from spawning `command` to its 'first-frame' line."""
    start = time.perf_counter()
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True
    )
    assert process.stdout is not None
    for line in process.stdout:
        if line.strip() == "first-frame":
            elapsed = time.perf_counter() - start
            break
    else:
        process.wait()
        raise RuntimeError(f"{command[:3]} exited ({process.returncode}) without painting")
    process.wait(timeout=60)
    return elapsed


def measure(repeats: int) -> tuple[float, float, float]:
    """One run: the medians (bare, normal start, start without cache) in seconds."""
    python = sys.executable
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ)
        env.setdefault("QT_QPA_PLATFORM", "offscreen")
        # Measure an installed app: its modules are compiled to bytecode once and then loaded from
        # __pycache__. Some sandboxes set PYTHONDONTWRITEBYTECODE, which would make every start
        # recompile clockapp's sources (and not PySide6's, which are compiled extensions).
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["CLOCKAPP_DATA_DIR"] = folder
        db = str(Path(folder) / "bench.db")
        app = [python, "-m", "clockapp", "--db", db, "--first-frame", "--windowed"]
        # Create the demo tournament once (not timed): the normal case reopens it (in a database
        # with no other tournament the demo is the one the app reopens).
        subprocess.run(
            [*app[:-2], "--demo", "--windowed", "--first-frame"],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=True,
        )
        # The next start opens the database and writes the start-up cache (not timed either).
        subprocess.run(
            app, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True
        )
        caches = list(Path(folder).glob("last-clock-*.json"))
        if not caches:
            raise RuntimeError("the app wrote no start-up cache: the normal start cannot be timed")
        time_to_first_frame([python, "-c", BARE], env)  # warm both (bytecode, disk cache)
        time_to_first_frame(app, env)
        bare, warm, cold = [], [], []
        for _ in range(repeats):
            bare.append(time_to_first_frame([python, "-c", BARE], env))
            warm.append(time_to_first_frame(app, env))
            saved = [(c, c.read_bytes()) for c in caches]
            for c in caches:
                c.unlink()
            cold.append(time_to_first_frame(app, env))
            for c, data in saved:  # the cold run wrote a fresh cache; put the old one back
                c.write_bytes(data)
    b, w, c = (statistics.median(x) for x in (bare, warm, cold))
    return b, w, c


def main(argv: list[str]) -> int:
    """Measure and print the medians (and, with several runs, each run's ratio)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7, help="starts of each kind per run")
    parser.add_argument(
        "--runs", type=int, default=1, help="independent runs (the machine's load varies)"
    )
    args = parser.parse_args(argv)
    ratios = []
    for run in range(1, args.runs + 1):
        b, w, c = measure(args.repeats)
        ratios.append(w / b)
        if args.runs > 1:
            print(f"run {run}: bare {b * 1000:.0f} ms, normal {w * 1000:.0f} ms, {w / b:.2f}x")
    print(f"repeats: {args.repeats} (median of each)")
    print(f"bare PySide6 window, one label:         {b * 1000:7.0f} ms")
    print(
        f"clockapp first clock frame (normal):    {w * 1000:7.0f} ms   ratio {w / b:.2f}x "
        f"(goal <= {GOAL_RATIO}x)"
    )
    print(f"clockapp first clock frame (no cache):  {c * 1000:7.0f} ms   ratio {c / b:.2f}x")
    if args.runs > 1:
        print(
            f"normal start over {args.runs} runs: median ratio {statistics.median(ratios):.2f}x, "
            f"range {min(ratios):.2f}x-{max(ratios):.2f}x (goal <= {GOAL_RATIO}x)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
