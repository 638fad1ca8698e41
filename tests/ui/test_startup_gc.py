"""The cyclic garbage collector sleeps through start-up and is back on from the first frame.

Start-up builds tens of thousands of objects that stay (modules, classes, Qt's Python enums); the
collector's passes over them before the first clock frame were ~40 and found next to nothing.
The real start (`clockapp --db X --first-frame`) runs in a fresh interpreter that counts them.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

COUNT_COLLECTIONS = """
import gc, sys
from clockapp.ui import app
from clockapp.ui.shell import launcher

passes = []
gc.callbacks.append(lambda phase, info: passes.append(info) if phase == "start" else None)
run_app, painted = app.run_app, launcher.Launcher._on_first_frame

def counted_run_app(*args, **kwargs):
    passes.clear()  # count from the app's start (this script's own imports aside)
    return run_app(*args, **kwargs)

def on_first_frame(self):
    print("before the first frame:", len(passes), gc.isenabled(), flush=True)
    painted(self)
    print("after it:", gc.isenabled(), flush=True)

app.run_app, launcher.Launcher._on_first_frame = counted_run_app, on_first_frame
from clockapp.__main__ import main
sys.exit(main(sys.argv[1:]))
"""


def _run(code: str, args: list[str], data: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", CLOCKAPP_DATA_DIR=str(data))
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_no_collection_runs_before_the_first_frame_and_the_collector_is_back_after(
    tmp_path: Path,
) -> None:
    db = str(tmp_path / "app.db")
    demo = _run(COUNT_COLLECTIONS, ["--db", db, "--demo", "--first-frame", "--windowed"], tmp_path)
    assert demo.returncode == 0, demo.stderr
    assert list(tmp_path.glob("last-clock-*.json")), "no start-up cache was written"
    # The demo opens the database before its first frame: the collector runs for that.
    assert "before the first frame:" in demo.stdout

    start = _run(COUNT_COLLECTIONS, ["--db", db, "--first-frame", "--windowed"], tmp_path)
    assert start.returncode == 0, start.stderr
    lines = start.stdout.splitlines()
    assert "before the first frame: 0 False" in lines
    assert "after it: True" in lines
    assert "first-frame" in lines
