"""Start-up to the first painted clock frame, against a bare PySide6 window showing one label.

Both are started as fresh subprocesses in the same run, alternately, several times; each prints a
line once its window has painted, and the time from spawning the process to that line is taken.
Medians are printed with their ratio (goal: clockapp at most 2x the bare window), and how many
modules each had loaded at its first frame (all of them, and clockapp's own; no goal: a figure to
watch, as what the first frame imports is what it waits for).

clockapp is measured twice: a normal start (the database exists and the last clock shown is in the
start-up cache, so the clock is painted before the database layer loads), and a cold start with
no cache (the database is opened and migrated before the first frame).

The first frame is the one clock engine's view (`clockapp.core.clock`, drawn by a `ClockSession`)
of the facts in the start-up cache: the core is imported, the services, SQLAlchemy and the
migrations are not (they load right after the first frame). The cold start is printed for
information: it opens the database first, so it has no goal of its own here.

Run: `.venv/bin/python bench/bench_startup.py [--repeats 7] [--runs 3]` (offscreen unless
QT_QPA_PLATFORM is set). Each repeat starts the bare window and then the app; the goal is judged
on the median, over all runs, of each such pair's ratio (the machine's speed drifts, within a pair
least), in wall time and in CPU time to the first frame (the 'cpu' line each prints before it).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from goals import exit_code, verdict

GOAL_RATIO = 2.0

BARE = r"""
import sys
import time
from PySide6.QtWidgets import QApplication, QLabel

class Label(QLabel):
    def paintEvent(self, event):
        super().paintEvent(event)
        if not getattr(self, "_done", False):
            self._done = True
            print(f"cpu {time.process_time():.4f}", flush=True)
            print(f"modules {len(sys.modules)} 0", flush=True)
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
    return start_once(command, env).elapsed


@dataclass(frozen=True)
class Start:
    """One start: seconds to its first frame, the CPU seconds (user and system) it had used
    then, and the modules loaded by then (all, and clockapp's own): its lines before the frame."""

    elapsed: float
    cpu: float
    modules: int
    ours: int


def start_once(command: list[str], env: dict[str, str]) -> Start:
    """Spawn `command` and read its lines up to 'first-frame'."""
    start = time.perf_counter()
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True
    )
    assert process.stdout is not None
    cpu = float("nan")
    modules = ours = -1
    for line in process.stdout:
        if line.startswith("cpu "):
            cpu = float(line.split()[1])
        elif line.startswith("modules "):
            modules, ours = (int(n) for n in line.split()[1:3])
        elif line.strip() == "first-frame":
            elapsed = time.perf_counter() - start
            break
    else:
        process.wait()
        raise RuntimeError(f"{command[:3]} exited ({process.returncode}) without painting")
    process.wait()
    if cpu != cpu:  # NaN: no 'cpu' line came before the frame
        raise RuntimeError(f"{command[:3]} did not say its CPU time before its first frame")
    if modules < 0:
        raise RuntimeError(f"{command[:3]} did not say its modules before its first frame")
    return Start(elapsed, cpu, modules, ours)


@dataclass
class Run:
    """One run's starts, in seconds: each repeat starts the bare window, then the app."""

    bare: list[float] = field(default_factory=list)
    normal: list[float] = field(default_factory=list)
    cold: list[float] = field(default_factory=list)
    bare_cpu: list[float] = field(default_factory=list)
    normal_cpu: list[float] = field(default_factory=list)
    bare_modules: int = 0
    normal_modules: int = 0
    normal_ours: int = 0

    def paired(self, cpu: bool = False) -> list[float]:
        """Each repeat's ratio of the app's start to the bare window's started just before it:
        the machine's speed drifts (other work, its clock), less so within one pair."""
        app, bare = (self.normal_cpu, self.bare_cpu) if cpu else (self.normal, self.bare)
        return [a / b for a, b in zip(app, bare, strict=True)]


def measure(repeats: int) -> Run:
    """One run: `repeats` starts of the bare window, the normal start and the start without
    cache, alternately."""
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
        run = Run()
        for _ in range(repeats):
            bare = start_once([python, "-c", BARE], env)
            run.bare.append(bare.elapsed)
            run.bare_cpu.append(bare.cpu)
            normal = start_once(app, env)
            run.normal.append(normal.elapsed)
            run.normal_cpu.append(normal.cpu)
            run.bare_modules = bare.modules
            run.normal_modules, run.normal_ours = normal.modules, normal.ours
            saved = [(c, c.read_bytes()) for c in caches]
            for c in caches:
                c.unlink()
            run.cold.append(time_to_first_frame(app, env))
            for c, data in saved:  # the cold run wrote a fresh cache; put the old one back
                c.write_bytes(data)
    return run


def main(argv: list[str]) -> int:
    """Measure and print the medians, each run's ratio and the paired ratios over all runs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7, help="starts of each kind per run")
    parser.add_argument(
        "--runs", type=int, default=3, help="independent runs (the machine's load varies)"
    )
    args = parser.parse_args(argv)
    runs = []
    for number in range(1, args.runs + 1):
        run = measure(args.repeats)
        runs.append(run)
        b, w = statistics.median(run.bare), statistics.median(run.normal)
        print(f"run {number}: bare {b * 1000:.0f} ms, normal {w * 1000:.0f} ms, {w / b:.2f}x")
    b, w, c, bc, wc = (
        statistics.median(getattr(run, name))
        for name in ("bare", "normal", "cold", "bare_cpu", "normal_cpu")
    )
    print(f"last run, {args.repeats} starts of each (medians):")
    print(f"bare PySide6 window, one label:         {b * 1000:7.0f} ms")
    print(f"clockapp first clock frame (normal):    {w * 1000:7.0f} ms   ratio {w / b:.2f}x")
    print(f"clockapp first clock frame (no cache):  {c * 1000:7.0f} ms   ratio {c / b:.2f}x")
    print(f"CPU time to the first frame: bare {bc * 1000:.0f} ms, clockapp {wc * 1000:.0f} ms")
    last = runs[-1]
    print(
        f"modules loaded at the first frame: bare {last.bare_modules}, clockapp "
        f"{last.normal_modules} ({last.normal_ours} of them clockapp's own; no goal)"
    )
    met = []
    for label, cpu in (("wall time", False), ("CPU time", True)):
        pairs = sorted(ratio for run in runs for ratio in run.paired(cpu))
        median = statistics.median(pairs)
        low, high = pairs[len(pairs) // 4], pairs[(3 * len(pairs)) // 4]
        met.append(median <= GOAL_RATIO)
        print(
            f"normal start over {len(pairs)} paired starts, {label}: median ratio {median:.2f}x "
            f"(middle half {low:.2f}x-{high:.2f}x; goal <= {GOAL_RATIO}x: {verdict(met[-1])})"
        )
    return exit_code(met)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
