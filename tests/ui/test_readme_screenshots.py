"""`resources/screenshots/make_screenshots.py` renders every README screenshot it owns."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "resources" / "screenshots" / "make_screenshots.py"
#: Drawn by another script (a browser renders the web view).
ELSEWHERE = {"web-phone.png"}


def readme_screenshots() -> set[str]:
    """The screenshots the README shows."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return set(re.findall(r"resources/screenshots/([\w-]+\.png)", text)) - ELSEWHERE


@pytest.mark.slow
def test_the_script_renders_every_readme_screenshot(tmp_path: Path) -> None:
    # A process of its own: the script makes its own QApplication and demo database.
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, str(SCRIPT), str(tmp_path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    written = {p.name for p in tmp_path.glob("*.png")}
    assert readme_screenshots() <= written, readme_screenshots() - written
    # Each window at the size asked for, not squeezed into the offscreen platform's small screen.
    for name, size in {"wall-chip-race.png": (1920, 1080), "director.png": (1280, 800)}.items():
        image = QImage(str(tmp_path / name))
        assert (image.width(), image.height()) == size, name
