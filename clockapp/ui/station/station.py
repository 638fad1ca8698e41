"""`ClockStation`: the app's windows wired together for one tournament.

It builds the session (snapshot, ticks, sounds, pending seat moves), the undo history, the
controller, the display for the room and the director window, and binds the actions registry to
both windows, so a key does the same thing whichever window has focus. From there the director
opens the other windows (structure editor, cashier, tables, rulings): each is built on first use
with the same services and bus, opened once (asked again, it is raised), remembers its place, and
closes with the app. The tournament switcher lives here too: another tournament, or a new one, is
shown in every window through the bus. `clockapp.ui.shell.launcher` creates one station; tests
create one with a fake sound and a fake timer. Optional parts that are off (sound, speech, the
bundled font) are reported once in the director window's notice box, never on the wall.

The station owns one part per job and hands each what it needs: `windows` opens the other windows
(`StationWindows`, `clockapp.ui.station.windows`), `tournaments` switches tournaments
(`TournamentSwitching`, `clockapp.ui.station.switching`), `web` is the web view for phones
(`WebViewSwitch`, `clockapp.ui.director.web_view`); the display owns its `fullscreen`.

The station's `role` says what it shows: the director (both windows) or the display station
(`clockapp --station display`: the clock alone, fullscreen, locked by `DisplayLock` until the
director's PIN; re-locking hides every other window again). Lock display (Ctrl+L) locks the wall's
keys on either; the director sets the PIN in Tournament › Display PIN….
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Hashable
from datetime import timedelta
from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import QApplication, QMenu

from clockapp.core.stations import Role
from clockapp.errors import DomainError
from clockapp.i18n import gettext as _
from clockapp.services.app import Services
from clockapp.services.changes import Outcome
from clockapp.services.clock import ClockSnapshot
from clockapp.ui.actions import Action, install_actions
from clockapp.ui.bus import TournamentBus
from clockapp.ui.clock.autobackup import CLOSE_WAIT_MS, AutoBackup
from clockapp.ui.clock.cache import save_cache
from clockapp.ui.clock.controller import ClockController
from clockapp.ui.clock.session import ClockSession
from clockapp.ui.director.pin_dialog import PinDialog
from clockapp.ui.director.web_view import WebViewSwitch
from clockapp.ui.director.window import DirectorWindow
from clockapp.ui.display import theme
from clockapp.ui.display.fullscreen import show_display
from clockapp.ui.display.lock import DisplayLock
from clockapp.ui.display.theme import WallTheme
from clockapp.ui.display.window import ClockDisplay
from clockapp.ui.errors import WALL_DISPLAY, guard
from clockapp.ui.help_menu import HelpControls
from clockapp.ui.language import LanguageMenu
from clockapp.ui.offline import OfflineMark
from clockapp.ui.optional import OptionalParts, Part
from clockapp.ui.screens import ScreenFit, fit_to_screen
from clockapp.ui.settings import UiSettings
from clockapp.ui.sound import SoundPlayer
from clockapp.ui.station.handlers import station_handlers
from clockapp.ui.station.switching import TournamentSwitching
from clockapp.ui.station.tournament_file import TournamentFileControls
from clockapp.ui.station.windows import (
    GEOMETRY_KEYS,
    REMEMBERED,
    WINDOW_CASHIER,
    WINDOW_RULINGS,
    WINDOW_STRUCTURE,
    WINDOW_TABLES,
    StationWindows,
    structure_editor_class,
)
from clockapp.ui.undo import UndoHistory
from clockapp.ui.wall.controls import WallControls
from clockapp.ui.wall.estimate import install_estimate_line
from clockapp.ui.wall.host_events_dialog import HostEventsControls
from clockapp.ui.wall.house_controls import HouseControls
from clockapp.ui.wall.showdown_controls import ShowdownControls

__all__ = [
    "GEOMETRY_KEYS",
    "REMEMBERED",
    "WINDOW_CASHIER",
    "WINDOW_RULINGS",
    "WINDOW_STRUCTURE",
    "WINDOW_TABLES",
    "ClockStation",
    "structure_editor_class",
]

log = logging.getLogger(__name__)


#: The display station locks itself again when its keys have not been used for this long (a
#: director who walks away from the wall leaves it locked).
RELOCK_AFTER = timedelta(minutes=5)


T = TypeVar("T")


class ClockStation(QObject):
    """The session, controller, display and director window of one tournament."""

    def __init__(
        self,
        services: Services,
        bus: TournamentBus,
        sound: SoundPlayer,
        settings: UiSettings,
        timer: QTimer | None = None,
        display: ClockDisplay | None = None,
        cache: Path | None = None,
        db: str | None = None,
        parts: OptionalParts | None = None,
        parent: QObject | None = None,
        role: Role = Role.DIRECTOR,
    ) -> None:
        super().__init__(parent)
        self.role = role
        self.services = services
        self.bus = bus
        self.settings = settings
        # The app passes the same `OptionalParts` to its `Sound`, so its failures come here too.
        self.parts = parts if parts is not None else OptionalParts(self)
        self.session = ClockSession(
            services, bus, sound, timer=timer, parts=self.parts, parent=self
        )
        self.history = UndoHistory(services, bus, parent=self)
        self.controller = ClockController(self.session, self.history, parent=self)
        # The wall's palette, made once for the station: the display, the mini clock and the
        # help draw with it (a display painted from the start-up cache brings its own).
        self.look = display.look if display is not None else WallTheme(parent=self)
        if display is None:
            self.display = ClockDisplay(self.session, self.look)
        else:  # painted from the start-up cache: now show the real clock in it
            self.display = display
            display.set_session(self.session)
        self._cache, self._db = cache, db
        if cache is not None:
            self._save_cache(self.session.snapshot)
            self.session.snapshot_changed.connect(self._save_cache)
        self.director = DirectorWindow(self.session, self.controller, self.look)
        # A lost database shows on the director's window at once, discreetly on the wall.
        self.offline_marks = (
            OfflineMark(self.director, bus),
            OfflineMark(self.display, bus, discreet=True),
        )
        self.auto_backup = AutoBackup(services, self.session, parent=self)
        self.auto_backup.failed.connect(self.director.show_error)
        for message in self.parts.notices():
            self.director.notices.add(message)
        self.parts.unavailable.connect(self.director.notices.add)
        if theme.font_problems():
            self.parts.report(Part.FONT, "; ".join(theme.font_problems()))
        self._closed = False
        self._screen_followed = False  # the screen chooser follows the display's window
        self.web = WebViewSwitch(services, bus, self.display, self.director, settings, parent=self)
        self.director.web_url = lambda: self.web.control.url
        self.windows = StationWindows(services, bus, settings, self.director)
        self.tournaments = TournamentSwitching(services, bus, self.director)
        self.tournament_file = TournamentFileControls(
            services, bus, self.director, self.tournaments, lambda: self.session.snapshot
        )
        self.wall = WallControls(services, bus, self.director, sound, self.session.now)
        self.showdown = ShowdownControls(services, bus, self.director)
        self.estimate_line = install_estimate_line(self.director, services, bus)
        self.house = HouseControls(services, bus, self.director)  # look, rules, slides
        self.host_events = HostEventsControls(services, bus, self.session, self.director)
        self.help = HelpControls(settings, self.director, parent=self)  # About, updates...

        window_handlers = station_handlers(self)
        self.windows.shared_handlers = window_handlers
        # Team and league standings over the wall in breaks and at the end (ui/clock/standings).
        from clockapp.ui.display.standings import WallStandings

        self.wall_standings = WallStandings(services, bus, self.session, self.display)
        # Errors are never shown on the room's screen: the net shows them on the director's.
        self.display.setProperty(WALL_DISPLAY, True)
        self.display_actions = install_actions(self.display, window_handlers)
        self.director_actions = install_actions(self.director, window_handlers)
        self.language_menu = LanguageMenu(settings, self.director)
        self.director.install_menus(self.director_actions, self.language_menu)
        self.tournament_file.export_action = self.director_actions[Action.EXPORT_TOURNAMENT]
        self.tournament_file.import_action = self.director_actions[Action.IMPORT_TOURNAMENT]
        self.display_lock = DisplayLock(
            self.display,
            self.display_actions,
            services.stations,
            services.now,
            on_lock=self._on_display_locked,
            relock_after=RELOCK_AFTER if role is Role.DISPLAY else None,
            parent=self,
        )
        if role is Role.DISPLAY:
            self.display_lock.lock()  # before the display can take a single key
            self.session.ticked.connect(lambda _view: self.display_lock.check_idle())
        self.pin_dialog: PinDialog | None = None
        self.pin_action = QAction(_("Display PIN…"), self.director)
        self.pin_action.setObjectName("action_display_pin")
        self.pin_action.setStatusTip(_("Set or change the PIN that unlocks the clock display"))
        ask_pin = guard(self.director, self.ask_display_pin)
        self.pin_action.triggered.connect(lambda _checked=False: ask_pin())
        self._add_to_menu(_("&Tournament"), self.pin_action)  # the menu as it is titled
        self.director.hide_display_action.triggered.connect(lambda _=False: self.hide_display())
        self.display.allow_close(False)  # the room's clock: no stray Alt+F4 takes it away
        self.director.quit_confirmed.connect(self.display.allow_close)
        # Windows and dialogs fit the screen they open on (a 1366x768 laptop too).
        self.screen_fit = ScreenFit(self)
        self.screen_fit.attach()
        if structure_editor_class() is None:
            for actions in (self.display_actions, self.director_actions):
                actions[Action.STRUCTURE_EDITOR].setEnabled(False)
                actions[Action.STRUCTURE_EDITOR].setToolTip(
                    _("The structure editor is not built yet")
                )
        self._sync_check_actions()
        self.session.snapshot_changed.connect(lambda _s: self._sync_check_actions())
        self.director.screen_chosen.connect(self._on_director_screen_chosen)
        self.director.move_done.connect(self.acknowledge_move)
        self.director.all_moves_done.connect(self.acknowledge_all_moves)
        self.display.fullscreen.changed.connect(self._on_display_fullscreen_changed)

    # ---------------------------------------------------------------- windows

    def show(self, fullscreen: bool | None = None, screen_index: int | None = None) -> None:
        """Show the director window and the display (fullscreen on the chosen screen).

        A display station shows the display alone, locked.
        """
        if self.role is Role.DISPLAY:
            self.show_display(fullscreen=fullscreen, screen_index=screen_index)
            self.display_lock.lock()
            self.display.activateWindow()
            return
        if not self.settings.restore_geometry("director", self.director):
            self.director.resize(1100, 680)
        self.director.show()
        fit_to_screen(self.director)
        self.show_display(fullscreen=fullscreen, screen_index=screen_index)
        # A window of the app has the keys from the start (Esc, F, Space), before any click:
        # the wall when it covers a screen, else the director's window.
        (self.display if self.display.isFullScreen() else self.director).activateWindow()

    def show_display(self, fullscreen: bool | None = None, screen_index: int | None = None) -> None:
        """Show the clock for the room on its screen."""
        show_display(self.display, self.settings, fullscreen, screen_index)
        self.display.raise_()
        self._follow_display_screen()

    def _follow_display_screen(self) -> None:
        """The director's screen chooser names the screen the clock is on, wherever it goes."""
        room = self.director.room_box
        room.show_screen(self.display.screen())
        handle = self.display.windowHandle()
        if handle is not None and not self._screen_followed:
            handle.screenChanged.connect(room.show_screen)
            self._screen_followed = True

    def hide_display(self) -> None:
        """View > Hide clock display: take the clock off the wall (D shows it again)."""
        self.display.hide()

    def find_player(self) -> None:
        """Ctrl+F: the cashier, on its player search."""
        cashier = self.windows.open_cashier()
        focus = getattr(cashier, "focus_search", None)  # the window the cashier package built
        if callable(focus):
            focus()

    def toggle_help(self) -> None:
        """? or F1: the keyboard help on the director's window, whichever window had the key.

        The wall shows only what the room should see.
        """
        director = self.director
        if director.help_visible():
            director.help_overlay.hide()
            return
        if director.isMinimized():
            director.showNormal()
        director.show()
        director.toggle_help()
        director.raise_()
        director.activateWindow()

    def toggle_fullscreen(self) -> None:
        """F: the display fullscreen or windowed."""
        self.display.fullscreen.toggle()

    def leave_fullscreen(self) -> None:
        """Esc: close the help if it is open, else leave fullscreen."""
        if self.director.help_visible():
            self.director.help_overlay.hide()
        else:
            self.display.fullscreen.set(False)

    def ask_display_pin(self) -> PinDialog:
        """Tournament › Display PIN…: set the PIN, or change it (the current one asked first)."""
        stations = self.services.stations

        def save(new: str, current: str | None, answered: Callable[[str | None], None]) -> bool:
            def refused(error: Exception) -> None:
                if not isinstance(error, DomainError):
                    raise error  # the worker's net shows it
                answered(str(error))

            return self.bus.submit(
                lambda: stations.set_pin(new, current),
                lambda _value: answered(None),
                refused,
                control=dialog.ok_button(),
                asker=dialog,
            )

        dialog = PinDialog(stations.pin_is_set(), save, parent=self.director)
        self.pin_dialog = dialog
        dialog.open()
        return dialog

    def _on_display_locked(self) -> None:
        # The display station's wall shows the clock only: whatever its unlocked keys opened
        # (the director window, the cashier...) goes away with the keys.
        if self.role is not Role.DISPLAY:
            return
        self.windows.close_all()
        if self.director.help_visible():
            self.director.help_overlay.hide()
        self.director.hide()

    def _add_to_menu(self, title: str, qaction: QAction) -> None:
        for menu_action in self.director.menuBar().actions():
            menu = menu_action.menu()
            if menu_action.text() == title and isinstance(menu, QMenu):
                menu.addAction(qaction)

    # ---------------------------------------------------------------- seat moves

    def acknowledge_move(self, move_id: int) -> bool:
        """The player has moved: take the move off the display (on the station's worker)."""
        tid, seating = self.bus.tournament_id, self.services.seating
        return self._seating_call(
            lambda: seating.acknowledge_move(tid, move_id), ("acknowledge move", move_id)
        )

    def acknowledge_all_moves(self) -> bool:
        """Ctrl+Shift+M: every pending move is done (on the station's worker)."""
        if not self.session.moves:
            return False
        tid, seating = self.bus.tournament_id, self.services.seating
        return self._seating_call(lambda: seating.acknowledge_all(tid), "acknowledge all moves")

    def _seating_call(self, operation: Callable[[], Outcome[T]], what: Hashable) -> bool:
        """Queue a seating call; False while the same one (`what`) is still on its way."""
        return self.bus.submit(operation, None, self._on_seating_refused, key=(self, what))

    def _on_seating_refused(self, error: Exception) -> None:
        if not isinstance(error, DomainError):
            raise error  # the worker's net shows it
        self.director.show_error(str(error))

    def quit(self) -> None:
        """Save window placement and leave the app (the clock's time is in the database).

        While a tournament runs, the director is asked first (Ctrl+Q is close to Ctrl+W).
        """
        if not self.director.request_quit():
            return  # the director is asked; choosing Quit closes the director window
        self.save_settings()
        app = QApplication.instance()
        if app is not None:
            app.quit()

    def save_settings(self) -> None:
        """Remember where the windows were."""
        self.settings.save_geometry("director", self.director)
        if not self.display.isFullScreen():
            self.settings.save_geometry("display", self.display)
        self.windows.save_geometry()
        self.settings.sync()

    def close_windows(self) -> None:
        """Close the structure editor, cashier, tables and rulings windows (the app is quitting).

        Closing, not just dropping them, lets each finish its work: the rulings window waits for
        its odds thread and saves its place, the cashier dismisses an open dialog.
        """
        self.save_settings()
        self.windows.close_all()
        if not self.auto_backup.wait(CLOSE_WAIT_MS):  # a backup in progress finishes first
            log.warning("a backup was still being written when the app closed")

    def close(self) -> None:
        """Close every window of the station (once; closing again does nothing)."""
        if self._closed:
            return
        self._closed = True
        self.web.switch_off()
        self.close_windows()
        # The undo stack dies with this object; the director must stop listening to it first.
        self.director.detach_history()
        self.director.allow_quit()
        self.screen_fit.detach()
        for window in (self.display, self.director):
            window.close()

    # ---------------------------------------------------------------- slots

    def _sync_check_actions(self) -> None:
        snapshot = self.session.snapshot
        for actions in (self.display_actions, self.director_actions):
            for action, on in (
                (Action.TOGGLE_MUTE, bool(snapshot.settings.muted)),
                (Action.TOGGLE_ANNOUNCE, bool(snapshot.settings.announce)),
            ):
                qaction: QAction = actions[action]
                qaction.setCheckable(True)
                qaction.blockSignals(True)
                qaction.setChecked(on)
                qaction.blockSignals(False)

    def _on_director_screen_chosen(self, index: int) -> None:
        screens = QGuiApplication.screens()
        if not 0 <= index < len(screens):
            return
        self.settings.display_screen = screens[index].name() or None
        was_full = self.display.isFullScreen()
        if was_full:
            self.display.showNormal()
        self.display.fullscreen.show_on(screens[index], was_full)
        self._follow_display_screen()

    def _on_display_fullscreen_changed(self, on: bool) -> None:
        self.settings.display_fullscreen = on

    def _save_cache(self, snapshot: ClockSnapshot) -> None:
        if self._cache is None:
            return
        with contextlib.suppress(OSError):  # only a start-up speed-up: never worth an error
            save_cache(self._cache, snapshot, self._db)
