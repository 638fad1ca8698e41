"""The director's screen chooser names the screen the clock is on (a laptop and a projector).

The two screens need their own Qt platform, so the host's steps run in a child process
(`two_screens_probe.py`) under the offscreen platform with two screens (`two_screens.json`).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
ROOT = HERE.parents[2]


@pytest.mark.slow
def test_the_screen_chooser_names_the_clocks_screen() -> None:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": f"offscreen:configfile={HERE / 'two_screens.json'}",
        "PYTHONPATH": str(ROOT),
    }
    done = subprocess.run(
        [sys.executable, "-m", "tests.ui.clock.two_screens_probe"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    lines = [line for line in done.stdout.splitlines() if "=" in line]
    assert lines == [
        "display=Projector",  # --screen 2
        "chooser=2: Projector (1920x1080)",
        "display=Laptop",  # the host chose the laptop
        "chooser=1: Laptop (1366x768)",
        "display=Projector",  # started again: the screen it was on last
        "chooser=2: Projector (1920x1080)",
    ]
