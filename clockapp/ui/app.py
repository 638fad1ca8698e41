"""`run_app(argv)`: the desktop app's entry point (`clockapp [--db URL] [--demo] ...`).

Start-up is kept lean: the first clock frame needs Qt Widgets, the services and the core clock;
sound, speech, the structure editor and other windows are imported when first used.

`--screenshot out.png [--size 1920x1080]` renders the clock display of the current tournament (or
the demo one in an empty database) offscreen to a PNG and exits, so the display can be checked on a
machine without a screen.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

    from clockapp.services.app import Services

APP_NAME = "clockapp"


def build_parser() -> argparse.ArgumentParser:
    """The command line of the desktop app."""
    parser = argparse.ArgumentParser(
        prog="clockapp", description="Run a live poker tournament: the blinds clock and more."
    )
    parser.add_argument(
        "--db",
        metavar="URL",
        help="database: a SQLAlchemy URL or a SQLite file path (default: your user data folder)",
    )
    parser.add_argument("--demo", action="store_true", help="open a ready sample tournament")
    parser.add_argument(
        "--screenshot",
        metavar="PNG",
        type=Path,
        help="render the clock display to this PNG file offscreen and exit",
    )
    parser.add_argument(
        "--size",
        default="1920x1080",
        type=parse_size,
        help="screenshot size, WIDTHxHEIGHT (default 1920x1080)",
    )
    parser.add_argument(
        "--fullscreen", action="store_true", help="show the clock display fullscreen"
    )
    parser.add_argument(
        "--windowed", action="store_true", help="show the clock display in a window"
    )
    parser.add_argument(
        "--screen", type=int, metavar="N", help="put the clock display on screen N (1, 2, ...)"
    )
    parser.add_argument(
        "--first-frame",
        action="store_true",
        help=argparse.SUPPRESS,  # for bench/bench_startup.py: exit after the first painted frame
    )
    return parser


def parse_size(text: str) -> tuple[int, int]:
    """`1920x1080` -> (1920, 1080).

    >>> parse_size("1280x720")
    (1280, 720)
    """
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size {text!r} must look like 1920x1080") from None
    if not (320 <= width <= 16_384 and 240 <= height <= 16_384):
        raise argparse.ArgumentTypeError(f"size {text!r} is out of range")
    return width, height


def run_app(argv: Sequence[str]) -> int:
    """Start the desktop app (or render a screenshot); returns the exit code."""
    args = build_parser().parse_args(list(argv))
    if args.screenshot is not None and not os.environ.get("QT_QPA_PLATFORM"):
        # A screenshot needs no screen: render offscreen even where no display exists.
        os.environ["QT_QPA_PLATFORM"] = "offscreen"

    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else APP_NAME])
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(APP_NAME)
    app.setApplicationDisplayName("clockapp")

    from clockapp.core.errors import DomainError
    from clockapp.services.app import open_services

    if args.db and "://" not in args.db:
        Path(args.db).expanduser().parent.mkdir(parents=True, exist_ok=True)
    try:
        services = open_services(args.db)
    except Exception as error:  # a bad URL or an unreachable server: say so, do not crash
        print(f"clockapp: cannot open the database {args.db or ''}: {error}", file=sys.stderr)
        return 2

    try:
        tournament_id = choose_tournament(services, demo=args.demo, ask=args.screenshot is None)
    except DomainError as error:
        print(f"clockapp: {error}", file=sys.stderr)
        return 2
    if tournament_id is None:
        return 0

    if args.screenshot is not None:
        return render_screenshot(services, tournament_id, args.screenshot, args.size)

    return run_windows(app, services, tournament_id, args)


def choose_tournament(services: Services, demo: bool, ask: bool) -> int | None:
    """The tournament to show: the demo, the last one opened, or (asking) a new one."""
    svc = services
    if demo:
        return svc.demo.create_demo().value.id
    last = svc.tournaments.last_opened()
    if last is not None:
        return int(last.id)
    if not ask:
        return svc.demo.create_demo().value.id
    return ask_for_tournament(services)


def ask_for_tournament(services: Services) -> int | None:
    """An empty database: offer to create a tournament or to open the demo."""
    from PySide6.QtWidgets import QInputDialog, QMessageBox

    box = QMessageBox()
    box.setWindowTitle("clockapp")
    box.setText("There is no tournament yet.")
    box.setInformativeText("Create one now, or open a sample tournament to try everything.")
    create = box.addButton("Create a tournament…", QMessageBox.ButtonRole.AcceptRole)
    demo = box.addButton("Open the demo", QMessageBox.ButtonRole.ActionRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.exec()
    clicked = box.clickedButton()
    if clicked is demo:
        return services.demo.create_demo().value.id
    if clicked is create:
        name, ok = QInputDialog.getText(None, "New tournament", "Tournament name:")
        if ok and name.strip():
            return services.tournaments.create(name).value.id
    return None


def render_screenshot(
    services: Services, tournament_id: int, path: Path, size: tuple[int, int]
) -> int:
    """Draw the clock display at `size` and save it as a PNG."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from clockapp.ui.bus import TournamentBus
    from clockapp.ui.clock.display import ClockDisplay
    from clockapp.ui.clock.session import ClockSession

    bus = TournamentBus(services, tournament_id, poll_interval_ms=0)
    session = ClockSession(services, bus, _SilentSound(), claim_sounds=False)
    display = ClockDisplay(session)
    display.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen)
    display.resize(*size)
    display.show()
    display.resize(*size)
    session.tick()
    # Let the proportional margins set in resizeEvent take effect before drawing.
    QApplication.processEvents()
    display.layout().activate()
    image = display.grab().toImage()
    display.close()
    path.parent.mkdir(parents=True, exist_ok=True)
    if not image.save(str(path), "PNG"):
        print(f"clockapp: cannot write {path}", file=sys.stderr)
        return 1
    print(f"wrote {path} ({image.width()}x{image.height()})")
    return 0


class _SilentSound:
    """A screenshot makes no noise and claims no sound events."""

    muted = True

    def set_muted(self, muted: bool) -> None:
        """Ignored."""

    def play(self, cue: object) -> None:
        """Ignored."""

    def say(self, text: str) -> None:
        """Ignored."""


def run_windows(
    app: QApplication, services: Services, tournament_id: int, args: argparse.Namespace
) -> int:
    """Open the director window and the clock display, then run the event loop."""
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QIcon

    from clockapp.paths import resource_path
    from clockapp.ui.bus import TournamentBus
    from clockapp.ui.clock.station import ClockStation
    from clockapp.ui.settings import UiSettings
    from clockapp.ui.sound import Sound

    icon = resource_path("icons", "clockapp.svg")
    if icon.exists():
        app.setWindowIcon(QIcon(str(icon)))
    bus = TournamentBus(services, tournament_id)
    station = ClockStation(services, bus, Sound(), UiSettings())
    fullscreen = True if args.fullscreen else False if args.windowed else None
    screen_index = args.screen - 1 if args.screen else None
    station.show(fullscreen=fullscreen, screen_index=screen_index)
    if args.first_frame:
        # The bench measures start-up to the first painted frame: paint, then leave.
        station.display.repaint()
        print("first-frame", flush=True)
        QTimer.singleShot(0, app.quit)
    app.aboutToQuit.connect(station.save_settings)
    code = app.exec()
    return int(code)
