"""The command line of the desktop app and `run_app(argv)`, its entry point.

`clockapp [--db URL] [--demo] ...` parses here; `run_app` sets up Qt and the error net, then
hands over to the `Launcher` (`clockapp.ui.shell.launcher`), or renders a screenshot or runs the
self-test (`clockapp.ui.shell.offscreen`) and exits.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import cast

from clockapp import __version__
from clockapp.core.look import BUILT_IN, LookError, theme_named

APP_NAME = "clockapp"


def build_parser(epilog: str | None = None) -> argparse.ArgumentParser:
    """The command line of the desktop app; `epilog` lists the command-line tools (see __main__)."""
    parser = argparse.ArgumentParser(
        prog="clockapp",
        description="Run a live poker tournament: the blinds clock and more.",
        epilog=epilog,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument(
        "--db",
        metavar="URL",
        help="database: a SQLAlchemy URL or a SQLite file path (default: your user data folder)",
    )
    parser.add_argument("--demo", action="store_true", help="open a ready sample tournament")
    parser.add_argument(
        "--station",
        default="director",
        metavar="ROLE",
        help="what this machine does: director (everything, the default), cashier (players, "
        "money and seating) or display (the clock alone, fullscreen, locked by the director's PIN)",
    )
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
        "--wall",
        metavar="KIND",
        help="with --screenshot: show a demo of this wall moment over the clock (showdown, "
        "chip_race, ...); nothing is written",
    )
    parser.add_argument(
        "--theme",
        type=parse_theme,
        metavar="NAME",
        help=f"draw the screenshot in this theme ({', '.join(p.name for p in BUILT_IN)})",
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
        "--language",
        metavar="CODE",
        help="speak this language (de, fr, es, nl, pt_BR; the station's choice or the system's "
        "when left out)",
    )
    parser.add_argument(
        "--self-test",
        action="store_true",
        help="check the installation (resources, database, drawing the clock) and exit",
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


def parse_theme(text: str) -> str:
    """A built-in theme's name, or a clear error naming them.

    >>> parse_theme("day")
    'day'
    """
    try:
        return theme_named(text.strip().lower()).name
    except LookError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def run_app(argv: Sequence[str], epilog: str | None = None) -> int:
    """Start the desktop app (or render a screenshot); returns the exit code.

    `epilog` ends `--help`: `clockapp.__main__` passes the command-line tools' list, as ui and
    commands do not import each other.
    """
    args = build_parser(epilog).parse_args(list(argv))
    from clockapp.core.stations import parse_role

    # A bad role is one line and exit status 2 (`run_guarded` says a DomainError so).
    args.station = parse_role(args.station)
    if (args.screenshot is not None or args.self_test) and not os.environ.get("QT_QPA_PLATFORM"):
        # A screenshot needs no screen: render offscreen even where no display exists.
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from clockapp import preflight

    if preflight.main() != 0:  # else Qt aborts, naming one missing system library at a time
        return 1
    return _start(args)


def _start(args: argparse.Namespace) -> int:
    """Set up Qt and the error net, then the launcher (or the screenshot, the self-test)."""
    from PySide6.QtWidgets import QApplication

    from clockapp.ui.collector import GuiCollector
    from clockapp.ui.shell.offscreen import screenshot, self_test

    existing = QApplication.instance()
    app = cast(QApplication, existing or QApplication([sys.argv[0] if sys.argv else APP_NAME]))
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(APP_NAME)
    app.setApplicationDisplayName("clockapp")
    # Qt objects are freed on the GUI thread only, whatever thread allocates.
    GuiCollector(app).start()
    from clockapp.ui.language import apply_language
    from clockapp.ui.settings import UiSettings

    # Before the first window: every window built from here on speaks the station's language.
    apply_language(app, args.language or UiSettings().language)
    if args.self_test:
        return self_test(args.db)
    if args.screenshot is not None:
        return screenshot(
            args.db, args.screenshot, args.size, demo=args.demo, wall=args.wall, theme=args.theme
        )
    from clockapp.ui.errors import ErrorNet
    from clockapp.ui.shell.launcher import Launcher

    # From here on, any error in a window is a message and a log entry, never a dead app.
    net = ErrorNet(app)
    net.install()
    try:
        return Launcher(app, args).run()
    finally:
        net.uninstall()
        net.deleteLater()
