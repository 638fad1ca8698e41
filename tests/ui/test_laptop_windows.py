"""A host's laptop: the tables and rulings windows close by key and by mouse like the others,
and every window opens with its frame, title bar included, inside a 1366x768 screen.

Where the windows open is checked in a process of its own (`laptop_windows_probe.py`), on an
offscreen screen the size of a laptop's: the test session's offscreen screen is 800 px wide, too
narrow for the rulings window, so a window could not be inside it even when placed right.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QToolBar, QWidget

from clockapp.ui.station.station import ClockStation

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
PROBE = HERE / "laptop_windows_probe.py"


def close_control(window: QWidget) -> QWidget:
    """The visible control that closes `window`: a button or a toolbar entry named Close."""
    for button in window.findChildren(QAbstractButton):
        if button.text().replace("&", "") == "Close" and button.isVisible():
            return button
    for toolbar in window.findChildren(QToolBar):
        for action in toolbar.actions():
            if action.text().replace("&", "") == "Close":
                widget = toolbar.widgetForAction(action)
                if widget is not None and widget.isVisible():
                    return widget
    raise AssertionError(f"{window.windowTitle()} shows no Close")


@pytest.mark.slow
@pytest.mark.parametrize("key", ["tables", "rulings"])
def test_the_window_closes_by_ctrl_w_and_by_its_close_button(
    qtbot, station: ClockStation, key: str
) -> None:
    window = station.windows.open_window(key)
    qtbot.waitExposed(window)
    with qtbot.waitActive(window):
        window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)
    assert not window.isVisible()
    # Asked again it comes back (the same window), and its Close button closes it too.
    assert station.windows.open_window(key) is window
    qtbot.waitExposed(window)
    qtbot.mouseClick(close_control(window), Qt.MouseButton.LeftButton)
    assert not window.isVisible()


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_every_window_opens_with_its_frame_inside_the_screen(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    width, height = size
    screens = tmp_path / "screens.json"
    screen = {"name": "Laptop", "x": 0, "y": 0, "width": width, "height": height}
    screens.write_text(json.dumps({"screens": [{**screen, "logicalDpi": 96}]}), encoding="utf-8")
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": f"offscreen:configfile={screens}",
        "PYTHONPATH": str(ROOT),
        "CLOCKAPP_DATA_DIR": str(tmp_path),
    }
    done = subprocess.run(
        [sys.executable, str(PROBE), str(tmp_path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads((tmp_path / "windows.json").read_text(encoding="utf-8"))
    assert set(seen) >= {"director", "cashier", "tables", "rulings", "structure", "generator"}
    for name, place in seen.items():
        left, top, right, bottom = place["frame"]
        x, y, w, h = place["available"]
        assert [x, y, w, h] == [0, 0, *size], name
        # The frame the window manager draws, title bar included, is on the screen.
        assert left >= x, (name, place)
        assert top >= y, (name, place)
        assert right <= x + w, (name, place)
        assert bottom <= y + h, (name, place)
