"""CPU used by the fullscreen clock display at 1920x1080 while the clock runs.

Opens a demo tournament (clock running) in a temporary database, shows the `ClockDisplay` at
1920x1080 (fullscreen on a 1920x1080 offscreen screen, or sized so where the screen differs), with
the tournament bus polling the database every second as in the app, lets it run for `--seconds`
(default 60) after a short warm-up, and prints the process CPU time divided by the wall time.
Goal: under 2% of one core.

Run: `.venv/bin/python bench/bench_display_cpu.py [--seconds 60]`.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

GOAL_PERCENT = 2.0
WARM_UP_S = 2.0


def main(argv: list[str]) -> int:
    """Run the display and print its CPU share."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    args = parser.parse_args(argv)

    folder = tempfile.mkdtemp(prefix="clockapp-bench-")
    os.environ["CLOCKAPP_DATA_DIR"] = folder
    if not os.environ.get("QT_QPA_PLATFORM"):
        # A 1920x1080 offscreen screen, so "fullscreen" means 1920x1080.
        config = Path(folder) / "screen.json"
        config.write_text(
            json.dumps(
                {"screens": [{"name": "bench", "x": 0, "y": 0, "width": 1920, "height": 1080}]}
            )
        )
        os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={config}"

    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    from clockapp.services.app import open_services
    from clockapp.ui.bus import TournamentBus
    from clockapp.ui.clock.session import ClockSession
    from clockapp.ui.display.theme import WallTheme
    from clockapp.ui.display.window import ClockDisplay

    app = QApplication.instance() or QApplication([])

    class Silent:
        muted = True

        def set_muted(self, muted: bool) -> None:
            pass

        def play(self, cue: object) -> None:
            pass

        def say(self, text: str) -> None:
            pass

    services = open_services(str(Path(folder) / "bench.db"))
    tournament = services.demo.create_demo().value
    bus = TournamentBus(services, tournament.id)
    session = ClockSession(services, bus, Silent())
    display = ClockDisplay(session, WallTheme())
    display.showFullScreen()
    app.processEvents()
    if (display.width(), display.height()) != (1920, 1080):
        display.showNormal()
        display.resize(1920, 1080)
        display.show()

    ticks = []
    session.ticked.connect(lambda _view: ticks.append(time.perf_counter()))

    def run_for(seconds: float) -> None:
        loop = QEventLoop()
        QTimer.singleShot(int(seconds * 1000), loop.quit)
        loop.exec()

    run_for(WARM_UP_S)
    ticks.clear()
    cpu0, wall0 = time.process_time(), time.perf_counter()
    run_for(args.seconds)
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    percent = 100 * cpu / wall
    size = f"{display.width()}x{display.height()}"
    mode = "fullscreen" if display.isFullScreen() else "window"
    print(f"display {size} ({mode}, platform {app.platformName()}), clock running, bus polling 1/s")
    print(f"wall {wall:.1f} s, CPU {cpu * 1000:.0f} ms, repaint ticks {len(ticks)}")
    print(f"CPU share: {percent:.2f}% of one core (goal < {GOAL_PERCENT}%)")
    display.close()
    services.ctx.engine.dispose()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
