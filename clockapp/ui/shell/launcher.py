"""The `Launcher`: opens the database and the station's windows, and the tournament to show.

The station's role (`--station`) says which windows: the director gets the clock display and the
director window (and every other window from there); a cashier the cashier desk and the tables
window only; a display station the clock display alone, fullscreen and locked until the
director's PIN is entered. Every row the station writes carries its name ("cashier@laptop2").

Start-up is kept lean: the first clock frame needs Qt Widgets, the core clock and the start-up
cache of the last clock shown (`clockapp.ui.clock.cache`); the services and the database open
right after it, and sound, speech, the structure editor and other windows when first used.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from clockapp.i18n import gettext as _

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

    from clockapp.services.app import Services


def open_station_services(
    db: str | None, ask: bool = False, station: str = "director", wait: bool = False
) -> Services | None:
    """Open (and migrate) the database, or explain why not (None).

    A database that cannot be used (damaged, read-only, from a newer clockapp, in a folder that
    does not exist) is explained on stderr; with `ask` also in a dialog, which offers to restore
    the newest backup of a damaged file and then opens it. With `wait`, a server that does not
    answer is raised (`DatabaseServerDownError`) for the caller to wait for it.
    """
    from clockapp.services.app import open_services
    from clockapp.services.errors import DatabaseOpenError, DatabaseServerDownError

    if db and "://" not in db:
        db = str(Path(db).expanduser())
    try:
        return open_services(db, station=station)
    except DatabaseOpenError as error:
        if wait and isinstance(error, DatabaseServerDownError):
            raise
        from clockapp.ui.database_error import command_line_message, offer_way_out

        print(command_line_message(error, db), file=sys.stderr)
        if ask and offer_way_out(error):
            return open_station_services(db, station=station)
        return None
    except Exception as error:  # a bad URL, say: say so, do not crash
        print(
            _("clockapp: cannot open the database {db}: {error}").format(db=db or "", error=error),
            file=sys.stderr,
        )
        return None


def choose_or_report(services: Services, demo: bool, ask: bool) -> int | None:
    """The tournament to open (`choose_tournament`), or None with the reason on stderr."""
    from clockapp.errors import DomainError

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
        #: Retrying a server that did not answer at start-up (a display station), or None.
        self.waiting: Any = None
        self.code = 0
        fullscreen = True if args.fullscreen else False if args.windowed else None
        self.fullscreen: bool | None = fullscreen
        self.screen_index: int | None = args.screen - 1 if args.screen else None
        from clockapp.core.stations import Role

        self.role = Role(getattr(args, "station", Role.DIRECTOR))
        if self.role is Role.DISPLAY and fullscreen is None:
            self.fullscreen = True  # the wall: fullscreen unless --windowed says otherwise

    def run(self) -> int:
        """Show the clock and run the event loop."""
        if not self._show_cached_clock():
            if not self._open():
                return self.code
            if self.args.first_frame and self.station is not None:
                self.station.display.first_frame_painted.connect(self._on_first_frame)
            self._freeze_soon()
        self.app.aboutToQuit.connect(self._on_app_about_to_quit)
        return int(self.app.exec()) or self.code

    def _show_cached_clock(self) -> bool:
        from clockapp.core.stations import Role

        if self.args.demo or self.role is Role.CASHIER:
            return False
        from datetime import UTC, datetime

        from clockapp.ui.clock.cache import load_cache

        cached = load_cache(self.cache, self.args.db)
        if cached is None:
            return False
        from clockapp.ui.clock.session import ClockSession
        from clockapp.ui.display.fullscreen import show_display
        from clockapp.ui.display.theme import WallTheme
        from clockapp.ui.display.window import ClockDisplay

        clock = ClockSession.before_open(cached, lambda: datetime.now(UTC), parent=self.app)
        self.display = ClockDisplay(clock, WallTheme(parent=self.app))
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
        if self.station is not None:  # not while waiting for the server (it stops it then)
            self._cached_clock.stop()
        self._freeze_soon()

    def _freeze_soon(self) -> None:
        # A second after the windows are up: never in the way of the first frame.
        from PySide6.QtCore import QTimer

        QTimer.singleShot(1000, freeze_startup_heap)

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
        import socket

        from clockapp.core.stations import Role, station_name

        name = station_name(self.role, socket.gethostname())
        if self.role is Role.DISPLAY:
            from clockapp.services.errors import DatabaseServerDownError

            try:
                services = open_station_services(self.args.db, ask=True, station=name, wait=True)
            except DatabaseServerDownError as error:
                print(
                    _("clockapp: {error}; trying again every few seconds").format(error=error),
                    file=sys.stderr,
                )
                self._wait_for_server(error, name)
                return True
        else:
            services = open_station_services(self.args.db, ask=True, station=name)
        if services is None:
            self.code = 2
            return False
        return self._build(services)

    def _wait_for_server(self, error: Exception, name: str) -> None:
        """The wall's server does not answer: say so, and open the station once it does."""
        from clockapp.services.app import open_services
        from clockapp.ui.shell.waiting import ServerWait

        db = self.args.db
        self.waiting = ServerWait(
            lambda: open_services(db, station=name), self.display, parent=self.app
        )
        self.waiting.opened.connect(self._on_waiting_opened)
        self.waiting.failed.connect(self._on_waiting_failed)
        self.waiting.start(error, fullscreen=bool(self.fullscreen))

    def _on_waiting_opened(self, services: Services) -> None:
        if not self._build(services):
            self.app.exit(self.code)
            return
        cached = getattr(self, "_cached_clock", None)
        if cached is not None:
            cached.stop()

    def _on_waiting_failed(self, error: Exception) -> None:
        print(_("clockapp: cannot open the database: {error}").format(error=error), file=sys.stderr)
        self.code = 2
        self.app.exit(self.code)

    def _build(self, services: Services) -> bool:
        """Build the station's windows over the opened `services` (False: nothing to show)."""
        from clockapp.core.stations import Role

        director = self.role is Role.DIRECTOR
        tournament_id = choose_or_report(services, demo=self.args.demo, ask=director)
        if tournament_id is None:
            if not director:  # only the director creates tournaments
                print(
                    _("clockapp: there is no tournament yet: the director creates one first"),
                    file=sys.stderr,
                )
            self.code = 0 if self.display is None and director else 2
            return False

        from PySide6.QtCore import QTimer

        from clockapp.ui.bus import TournamentBus
        from clockapp.ui.optional import OptionalParts
        from clockapp.ui.sound import Sound
        from clockapp.ui.station.station import ClockStation

        bus = TournamentBus(services, tournament_id)
        self.app.aboutToQuit.connect(bus.stop)  # the PostgreSQL listener lets go of its server
        if self.role is Role.CASHIER:
            from clockapp.ui.cashier.station import CashierStation

            self.station = CashierStation(services, bus, self.settings)
            self.station.show()
            return True
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
            role=self.role,
        )
        self.station.show(fullscreen=self.fullscreen, screen_index=self.screen_index)
        if not self.args.first_frame:
            # QtMultimedia takes a moment to load: do it once the windows are up.
            QTimer.singleShot(1500, sound.preload)
        return True

    def _on_first_frame(self) -> None:
        # bench/bench_startup.py measures start-up to the first painted clock frame: the CPU
        # time used and the modules loaded to get here, then the line it times.
        print(f"cpu {time.process_time():.4f}", flush=True)
        ours = sum(1 for name in sys.modules if name.split(".")[0] == "clockapp")
        print(f"modules {len(sys.modules)} {ours}", flush=True)
        print("first-frame", flush=True)
        if self.station is not None:
            self.station.director.allow_quit()  # the wall display refuses a close until then
        self.app.exit(0)

    def _on_app_about_to_quit(self) -> None:
        if self.station is not None:
            # Close the other windows properly (the rulings window waits for its odds thread).
            self.station.close_windows()


def freeze_startup_heap() -> None:
    """Put what start-up built out of the garbage collector's way, once the windows are up.

    Start-up leaves over 100,000 objects that live as long as the app (modules, SQLAlchemy's
    mappers and compiled statements, Qt's wrappers). A full collection walks every one of them,
    and a busy refresh that builds a few thousand rows (the tables window's room, the cashier's
    pages) triggers one every few refreshes: that walk was the tail of those refreshes. Frozen,
    they are skipped (`gc.freeze`); what the tournament builds afterwards is collected as usual.
    """
    gc.collect()
    gc.freeze()


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
    from PySide6.QtWidgets import QMessageBox

    from clockapp.ui.clock.new_tournament import NewTournamentDialog

    box = QMessageBox()
    box.setWindowTitle("clockapp")
    box.setText(_("There is no tournament yet."))
    box.setInformativeText(_("Create one now, or open a sample tournament to try everything."))
    create = box.addButton(_("Create a tournament…"), QMessageBox.ButtonRole.AcceptRole)
    demo = box.addButton(_("Open the demo"), QMessageBox.ButtonRole.ActionRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.exec()
    clicked = box.clickedButton()
    if clicked is demo:
        return services.demo.open_demo().value.id
    if clicked is create:
        dialog = NewTournamentDialog(services.tournaments, services.now().astimezone().date())
        dialog.exec()
        return dialog.created_id
    return None
