"""Open every window of a station as the host does and write where each one is.

Run by `test_laptop_windows.py` in a process of its own, on the offscreen screen it describes:
`python laptop_windows_probe.py OUT` writes OUT/windows.json, for each window the rectangle its
frame takes (the window manager's border and title bar included, `FRAME_MARGINS`) as left, top,
right, bottom, and its screen's available area as x, y, width, height.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from PySide6.QtCore import QElapsedTimer
from PySide6.QtWidgets import QApplication, QWidget


class Silent:
    """No sound."""

    muted = True

    def set_muted(self, muted: bool) -> None:
        """Ignored."""

    def play(self, cue: object) -> None:
        """Ignored."""

    def say(self, text: str) -> None:
        """Ignored."""


def settle(app: QApplication) -> None:
    """Let the windows read, lay out and be placed."""
    timer = QElapsedTimer()
    timer.start()
    while timer.elapsed() < 300:
        app.processEvents()


def main(out: Path) -> int:
    app = QApplication([])
    from clockapp.services.app import open_services
    from clockapp.ui.bus import TournamentBus
    from clockapp.ui.screens import FRAME_MARGINS
    from clockapp.ui.settings import UiSettings
    from clockapp.ui.station.station import ClockStation

    services = open_services(str(out / "night.db"))
    tid = services.demo.create_demo().value.id
    bus = TournamentBus(services, tid, poll_interval_ms=0)
    station = ClockStation(services, bus, Silent(), UiSettings(out / "ui.ini"))
    station.director.show()
    windows: dict[str, QWidget] = {"director": station.director}
    for key in ("cashier", "tables", "rulings", "charts", "leagues", "structure"):
        windows[key] = station.windows.open_window(key)
        settle(app)
    editor = windows["structure"]
    editor.open_generator()  # type: ignore[attr-defined]
    settle(app)  # it opens once what it starts from is read on the worker
    windows["generator"] = editor.generator_dialog  # type: ignore[attr-defined]
    left, top, right, bottom = FRAME_MARGINS
    seen = {}
    for name, window in windows.items():
        # Offscreen, the frame is a thin border: the room a real window manager's takes is
        # counted around the window's inside, as the windows are placed.
        inside = window.geometry()
        available = window.screen().availableGeometry()
        seen[name] = {
            "frame": [
                min(inside.left() - left, window.frameGeometry().left()),
                min(inside.top() - top, window.frameGeometry().top()),
                inside.left() + inside.width() + right,
                inside.top() + inside.height() + bottom,
            ],
            "available": [available.x(), available.y(), available.width(), available.height()],
        }
    (out / "windows.json").write_text(json.dumps(seen, indent=1), encoding="utf-8")
    windows["generator"].close()
    station.close()
    services.ctx.engine.dispose()
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
