"""`run_app(argv)`: the desktop app's entry point (`clockapp [--db URL] [--demo] ...`).

Start-up is kept lean: the first clock frame needs Qt Widgets, the core clock and the start-up
cache of the last clock shown (`clockapp.ui.clock.cache`); the services and the database open
right after it, and sound, speech, the structure editor and other windows when first used.

`--screenshot out.png [--size 1920x1080]` renders the clock display of the current tournament (or
the demo, built in a throwaway database when the user's has none) offscreen to a PNG and exits, so
the display can be checked on a machine without a screen.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

    from clockapp.services.app import Services

APP_NAME = "clockapp"


def build_parser(epilog: str | None = None) -> argparse.ArgumentParser:
    """The command line of the desktop app; `epilog` lists the command-line tools (see __main__)."""
    parser = argparse.ArgumentParser(
        prog="clockapp",
        description="Run a live poker tournament: the blinds clock and more.",
        epilog=epilog,
        formatter_class=argparse.RawDescriptionHelpFormatter,
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


def run_app(argv: Sequence[str], epilog: str | None = None) -> int:
    """Start the desktop app (or render a screenshot); returns the exit code.

    `epilog` ends `--help`: `clockapp.__main__` passes the command-line tools' list, as ui and
    commands do not import each other.
    """
    args = build_parser(epilog).parse_args(list(argv))
    if (args.screenshot is not None or args.self_test) and not os.environ.get("QT_QPA_PLATFORM"):
        # A screenshot needs no screen: render offscreen even where no display exists.
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from clockapp import preflight

    if preflight.main() != 0:  # else Qt aborts, naming one missing system library at a time
        return 1

    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else APP_NAME])
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(APP_NAME)
    app.setApplicationDisplayName("clockapp")
    if args.self_test:
        return self_test(args.db)
    if args.screenshot is not None:
        return screenshot(args.db, args.screenshot, args.size, demo=args.demo)
    from clockapp.ui.errors import ErrorNet

    # From here on, any error in a window is a message and a log entry, never a dead app.
    net = ErrorNet(app)
    net.install()
    try:
        return Launcher(app, args).run()
    finally:
        net.uninstall()
        net.deleteLater()


def screenshot(db: str | None, path: Path, size: tuple[int, int], demo: bool = False) -> int:
    """`--screenshot`: the current tournament (or the demo already there) drawn to a PNG.

    Nothing is written to the database: with no tournament to draw (an empty database, or
    `--demo` where there is no demo yet) the demo is built in a throwaway database instead.
    """
    services = _open_services(db)
    if services is None:
        return 2
    found = services.demo.find_demo() if demo else services.tournaments.last_opened()
    if found is not None:
        return render_screenshot(services, found.id, path, size)
    services.ctx.engine.dispose()
    return _screenshot_of_a_fresh_demo(path, size)


def _screenshot_of_a_fresh_demo(path: Path, size: tuple[int, int]) -> int:
    import tempfile

    with tempfile.TemporaryDirectory(prefix="clockapp-demo-") as folder:
        services = _open_services(str(Path(folder) / "demo.db"))
        if services is None:
            return 2
        try:
            tournament_id = services.demo.create_demo().value.id
            return render_screenshot(services, tournament_id, path, size)
        finally:
            services.ctx.engine.dispose()


def _open_services(db: str | None, ask: bool = False) -> Services | None:
    """Open (and migrate) the database, or explain why not (None).

    A database that cannot be used (damaged, read-only, from a newer clockapp, in a folder that
    does not exist) is explained on stderr; with `ask` also in a dialog, which offers to restore
    the newest backup of a damaged file and then opens it.
    """
    from clockapp.services.app import open_services
    from clockapp.services.errors import DatabaseOpenError

    if db and "://" not in db:
        db = str(Path(db).expanduser())
    try:
        return open_services(db)
    except DatabaseOpenError as error:
        from clockapp.ui.database_error import command_line_message, offer_way_out

        print(command_line_message(error, db), file=sys.stderr)
        if ask and offer_way_out(error):
            return _open_services(db)
        return None
    except Exception as error:  # a bad URL, say: say so, do not crash
        print(f"clockapp: cannot open the database {db or ''}: {error}", file=sys.stderr)
        return None


def _choose(services: Services, demo: bool, ask: bool) -> int | None:
    from clockapp.core.errors import DomainError

    try:
        return choose_tournament(services, demo=demo, ask=ask)
    except DomainError as error:
        print(f"clockapp: {error}", file=sys.stderr)
        return None


class Launcher:
    """Starts the windows: the clock first (from the start-up cache), the database right after.

    With a cache of the last clock shown, the display is painted (by the one clock engine, from
    the cached facts) before SQLAlchemy and the migrations are even imported; the station's
    session on the database takes the display over one event later. Without one (the first
    start, `--demo`), the database opens first.
    """

    def __init__(self, app: QApplication, args: argparse.Namespace) -> None:
        from clockapp.paths import user_data_dir
        from clockapp.ui.clock.cache import cache_file
        from clockapp.ui.settings import UiSettings

        self.app = app
        self.args = args
        self.settings = UiSettings()
        self.cache = cache_file(user_data_dir(), args.db)
        self.display: Any = None
        self.station: Any = None
        self.code = 0
        fullscreen = True if args.fullscreen else False if args.windowed else None
        self.fullscreen: bool | None = fullscreen
        self.screen_index: int | None = args.screen - 1 if args.screen else None

    def run(self) -> int:
        """Show the clock and run the event loop."""
        if not self._show_cached_clock():
            if not self._open():
                return self.code
            if self.args.first_frame:
                self.station.display.first_frame_painted.connect(self._on_first_frame)
        self.app.aboutToQuit.connect(self._on_app_about_to_quit)
        return int(self.app.exec()) or self.code

    def _show_cached_clock(self) -> bool:
        if self.args.demo:
            return False
        from datetime import UTC, datetime

        from clockapp.ui.clock.cache import load_cache

        cached = load_cache(self.cache, self.args.db)
        if cached is None:
            return False
        from clockapp.ui.clock.display import ClockDisplay
        from clockapp.ui.clock.fullscreen import show_display
        from clockapp.ui.clock.session import ClockSession

        clock = ClockSession.before_open(cached, lambda: datetime.now(UTC), parent=self.app)
        self.display = ClockDisplay(clock)
        if self.args.first_frame:
            self.display.first_frame_painted.connect(self._on_first_frame)
        else:
            # Open the database once the clock is on the wall.
            self.display.first_frame_painted.connect(self._open_after_first_frame)
        show_display(self.display, self.settings, self.fullscreen, self.screen_index)
        clock.tick()
        self._cached_clock = clock
        return True

    def _open_after_first_frame(self) -> None:
        if not self._open():
            self.app.exit(self.code)
            return
        self._cached_clock.stop()

    def _set_icon(self) -> None:
        # The SVG icon loads Qt's SVG plugin: not before the first frame.
        from PySide6.QtGui import QIcon

        from clockapp.paths import resource_path

        icon = resource_path("icons", "clockapp.svg")
        if icon.exists():
            self.app.setWindowIcon(QIcon(str(icon)))

    def _open(self) -> bool:
        """Open the database and build the clock's windows around the (cached) display."""
        from clockapp.ui.errors import ErrorNet

        net = ErrorNet.of_app()
        if net is not None:
            net.start_logging()
        self._set_icon()
        services = _open_services(self.args.db, ask=True)
        if services is None:
            self.code = 2
            return False
        tournament_id = _choose(services, demo=self.args.demo, ask=True)
        if tournament_id is None:
            self.code = 0 if self.display is None else 2
            return False

        from PySide6.QtCore import QTimer

        from clockapp.ui.bus import TournamentBus
        from clockapp.ui.clock.station import ClockStation
        from clockapp.ui.optional import OptionalParts
        from clockapp.ui.sound import Sound

        bus = TournamentBus(services, tournament_id)
        parts = OptionalParts(self.app)  # sound and speech report to the director's window
        sound = Sound(parts=parts)
        cache: Path | None = self.cache
        if self.args.demo:
            # The start-up cache paints the tournament the next start reopens: not a demo that
            # is only being shown.
            last = services.tournaments.last_opened()
            cache = cache if last is not None and last.id == tournament_id else None
        self.station = ClockStation(
            services,
            bus,
            sound,
            self.settings,
            display=self.display,
            cache=cache,
            db=self.args.db,
            parts=parts,
        )
        self.station.show(fullscreen=self.fullscreen, screen_index=self.screen_index)
        if not self.args.first_frame:
            # QtMultimedia takes a moment to load: do it once the windows are up.
            QTimer.singleShot(1500, sound.preload)
        return True

    def _on_first_frame(self) -> None:
        # bench/bench_startup.py measures start-up to the first painted clock frame.
        print("first-frame", flush=True)
        if self.station is not None:
            self.station.director.allow_quit()  # the wall display refuses a close until then
        self.app.exit(0)

    def _on_app_about_to_quit(self) -> None:
        if self.station is not None:
            # Close the other windows properly (the rulings window waits for its odds thread).
            self.station.close_windows()


def choose_tournament(services: Services, demo: bool, ask: bool) -> int | None:
    """The tournament to show: the demo, the last one opened, or (asking) a new one.

    The demo is shown without becoming the tournament the app reopens (unless the database has
    no other), and the one already there is reused. Without `ask`, an empty database gives None.
    """
    if demo:
        return services.demo.open_demo().value.id
    last = services.tournaments.last_opened()
    if last is not None:
        return int(last.id)
    if not ask:
        return None
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
        return services.demo.open_demo().value.id
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


def self_test(db: str | None = None) -> int:
    """Check what a packaged app needs: resources, a database, and drawing the clock.

    With `db` (`--db`), that database must open and its current tournament is drawn (nothing
    is written to it); without, a throwaway database with the demo is used.
    """
    import tempfile

    from clockapp.paths import resource_path
    from clockapp.ui.clock import theme
    from clockapp.ui.sound import Cue

    failures: list[str] = []
    needed = [resource_path("icons", "clockapp.svg")]
    needed += [resource_path("sounds", f"{cue.value}.wav") for cue in Cue]
    needed += [resource_path("fonts", name) for name in theme.FONT_FILES]
    failures += [f"missing resource {path}" for path in needed if not path.exists()]
    if theme.font_family() == theme.FALLBACK_FAMILY:
        failures.append("the bundled font did not load")
    with tempfile.TemporaryDirectory() as folder:
        image = Path(folder) / "clock.png"
        if db is not None:
            failures += _self_test_database(db, image)
        else:
            services = _open_services(str(Path(folder) / "self-test.db"))
            if services is None:
                failures.append("cannot open a database")
            else:
                tournament_id = services.demo.create_demo().value.id
                if render_screenshot(services, tournament_id, image, (1280, 720)) != 0:
                    failures.append("cannot draw the clock")
                services.ctx.engine.dispose()
    for failure in failures:
        print(f"self-test: {failure}", file=sys.stderr)
    print("self-test: ok" if not failures else "self-test: FAILED")
    return 0 if not failures else 1


def _self_test_database(db: str, image: Path) -> list[str]:
    """`--self-test --db`: the given database opens and its tournament (or the demo) draws."""
    code = screenshot(db, image, (1280, 720))
    if code == 2:
        return [f"cannot open the database {db}"]
    return [] if code == 0 else ["cannot draw the clock"]


class _SilentSound:
    """A screenshot makes no noise and claims no sound events."""

    muted = True

    def set_muted(self, muted: bool) -> None:
        """Ignored."""

    def play(self, cue: object) -> None:
        """Ignored."""

    def say(self, text: str) -> None:
        """Ignored."""
