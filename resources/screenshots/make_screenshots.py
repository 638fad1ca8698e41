"""Render the README's screenshots from the demo tournament.

Run `python resources/screenshots/make_screenshots.py [OUT]`.

Each window is shown offscreen on a fresh demo database, filled as a director would fill it,
and grabbed to a PNG: the clock display at 1080p and 720p, the director window with the help
overlay closed, the cashier, tables, rulings and charts windows, the structure editor and its
generator.
Run it with QT_QPA_PLATFORM=offscreen on a machine without a screen.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

from PySide6.QtWidgets import QApplication, QWidget

#: Every screenshot the script writes (the README shows them).
SHOTS = (
    "clock-1080p.png",
    "clock-720p.png",
    "showdown-1080p.png",
    "wall-chip-race.png",
    "clock-themed-1080p.png",
    "director.png",
    "cashier.png",
    "tables.png",
    "rulings.png",
    "charts.png",
    "structure-editor.png",
    "structure-generator.png",
)

#: The moment every screenshot shows, in UTC (the times of day read as UTC too): a render
#: depends on the code alone, so one made before a change and one made after can be compared.
SHOWN_AT = datetime(2026, 3, 6, 21, 14, 0, tzinfo=UTC)

#: The offscreen platform's one screen is 800x800 by default, and windows keep inside their
#: screen: a screen larger than the largest grab lets each window take the size asked for.
SCREEN = {"name": "Main screen", "x": 0, "y": 0, "width": 2560, "height": 1440, "logicalDpi": 96}


def use_a_large_offscreen_screen(folder: Path) -> None:
    """Draw offscreen (unless another platform is asked for) on a screen of `SCREEN`'s size,
    described in a file in `folder` (read when the application starts)."""
    if os.environ.get("QT_QPA_PLATFORM", "offscreen") != "offscreen":
        return
    config = folder / "screens.json"
    config.write_text(json.dumps({"screens": [SCREEN]}), encoding="utf-8")
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={config}"


class Silent:
    """No sound while grabbing."""

    muted = True

    def set_muted(self, muted: bool) -> None:
        """Ignored."""

    def play(self, cue: object) -> None:
        """Ignored."""

    def say(self, text: str) -> None:
        """Ignored."""


def grab(widget: QWidget, path: Path, size: tuple[int, int]) -> None:
    """Show `widget` at `size`, let it lay out and paint, and save it."""
    widget.resize(*size)
    widget.show()
    # Long enough for the window to be activated and focused (the focused table then shows its
    # current cell) and for what it asked of the worker to answer.
    settled_at = time.monotonic() + 0.3
    while time.monotonic() < settled_at:
        QApplication.processEvents()
    widget.grab().save(str(path), "PNG")
    print(f"wrote {path}")


def main(argv: list[str]) -> int:
    """Write every screenshot into the folder given (default: this folder)."""
    out = Path(argv[0]) if argv else Path(__file__).parent
    out.mkdir(parents=True, exist_ok=True)
    os.environ["TZ"] = "UTC"
    time.tzset()
    started = time.time() - 1  # file times are coarser than the clock
    with tempfile.TemporaryDirectory(prefix="clockapp-screens-") as screens:
        use_a_large_offscreen_screen(Path(screens))
        app = QApplication.instance() or QApplication([])
    app.setApplicationName("clockapp-screenshots")

    from clockapp.services.app import open_services
    from clockapp.ui.bus import TournamentBus
    from clockapp.ui.settings import UiSettings
    from clockapp.ui.shell.offscreen import render_screenshot
    from clockapp.ui.station.station import ClockStation

    with tempfile.TemporaryDirectory() as folder:
        os.environ["CLOCKAPP_DATA_DIR"] = folder
        services = open_services(str(Path(folder) / "demo.db"), now=lambda: SHOWN_AT)
        tid = services.demo.create_demo().value.id
        render_screenshot(services, tid, out / "clock-1080p.png", (1920, 1080))
        render_screenshot(services, tid, out / "clock-720p.png", (1280, 720))
        # The wall's moments, from their demo payloads (as `clockapp --screenshot --wall KIND`).
        render_screenshot(services, tid, out / "showdown-1080p.png", (1920, 1080), "showdown")
        render_screenshot(services, tid, out / "wall-chip-race.png", (1920, 1080), "chip_race")
        render_screenshot(services, tid, out / "clock-themed-1080p.png", (1920, 1080), theme="felt")

        bus = TournamentBus(services, tid, poll_interval_ms=0)
        station = ClockStation(services, bus, Silent(), UiSettings(Path(folder) / "ui.ini"))
        station.display.resize(1280, 720)
        grab(station.director, out / "director.png", (1280, 800))

        cashier = station.windows.open_cashier()
        grab(cashier, out / "cashier.png", (1280, 800))
        tables = station.windows.open_tables()
        # Fitted once shown at its size, then grabbed again: the first fit is to the window's
        # size before it was shown.
        grab(tables, out / "tables.png", (1440, 860))
        tables.room_view.zoom_fit()  # type: ignore[attr-defined]
        grab(tables, out / "tables.png", (1440, 860))

        # A dispute at table 3: names and the button come from the seating.
        rulings = station.windows.open_rulings()
        rulings.at_table.choose_table(3)  # type: ignore[attr-defined]
        rulings.add_player()  # type: ignore[attr-defined]
        dispute = rulings.dispute()  # type: ignore[attr-defined]
        hands = (("As", "Ad"), ("Kh", "Qh"), ("Tc", "Td"))
        bets = (4_000, 1_000, 4_000)
        players = tuple(
            replace(p, cards=c, bet=b) for p, c, b in zip(dispute.players, hands, bets, strict=True)
        )
        board = ("2s", "Ah", "Ac", "Th", "Jh")
        rulings.set_dispute(replace(dispute, board=board, players=players, dead=600))  # type: ignore[attr-defined]
        rulings.focus_target(-1)  # type: ignore[attr-defined]  # the board, as after a ruling
        grab(rulings, out / "rulings.png", (1680, 1000))

        charts = station.windows.open_charts()
        bus.worker.wait_idle(10)  # the charts are read on the station's worker; grab paints them
        grab(charts, out / "charts.png", (1280, 720))

        editor = station.windows.open_structure_editor()
        if editor is not None:
            bus.worker.wait_idle(10)  # the structure is read on the worker; grab shows it
            grab(editor, out / "structure-editor.png", (1280, 800))
            assert editor.open_generator()  # type: ignore[attr-defined]
            # It opens once what it starts from has been read on the worker.
            bus.worker.wait_idle(10)
            deadline = time.monotonic() + 10
            while editor.generator_dialog is None and time.monotonic() < deadline:  # type: ignore[attr-defined]
                QApplication.processEvents()
            generator = editor.generator_dialog  # type: ignore[attr-defined]
            grab(generator, out / "structure-generator.png", (1100, 760))
            generator.close()
        station.close()
        services.ctx.engine.dispose()
    # Written by this run, not left from an earlier one.
    missing = [n for n in SHOTS if not (out / n).is_file() or (out / n).stat().st_mtime < started]
    if missing:
        print(f"not written: {', '.join(missing)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
