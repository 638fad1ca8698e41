"""`resources/screenshots/make_screenshots.py` renders every README screenshot it owns, and
every one it promises (`SHOTS`) is a picture, not a blank grab."""

from __future__ import annotations

import importlib.util
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
ELSEWHERE = {"web-phone.png", "captain-phone.png"}


def promised() -> tuple[str, ...]:
    """The screenshots the script says it writes (`SHOTS`), read without running it."""
    spec = importlib.util.spec_from_file_location("make_screenshots", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return tuple(module.SHOTS)


def colours(image: QImage) -> int:
    """How many colours a grid of 40x40 points across `image` shows."""
    step_x, step_y = max(1, image.width() // 40), max(1, image.height() // 40)
    return len(
        {
            image.pixel(x, y)
            for y in range(0, image.height(), step_y)
            for x in range(0, image.width(), step_x)
        }
    )


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
    assert set(promised()) <= written, set(promised()) - written
    assert readme_screenshots() <= set(promised())
    for name in promised():
        image = QImage(str(tmp_path / name))
        assert not image.isNull(), name
        # A window that painted nothing (or only its background) grabs as one or two colours.
        assert colours(image) >= 8, name
    # Each window at the size asked for, not squeezed into the offscreen platform's small screen.
    for name, size in {"wall-chip-race.png": (1920, 1080), "director.png": (1280, 800)}.items():
        image = QImage(str(tmp_path / name))
        assert (image.width(), image.height()) == size, name
