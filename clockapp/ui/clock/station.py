"""`ClockStation`: the clock's windows wired together for one tournament.

It builds the session (snapshot, ticks, sounds), the undo history, the controller, the display for
the room and the director window, and binds the actions registry to both windows, so a key does
the same thing whichever window has focus. `clockapp.ui.app` creates one; tests create one with a
fake sound and a fake timer.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import QApplication, QWidget

from clockapp.services.app import Services
from clockapp.ui.actions import Action, install_actions
from clockapp.ui.bus import TournamentBus
from clockapp.ui.clock.cache import save_cache
from clockapp.ui.clock.controller import ClockController
from clockapp.ui.clock.director import DirectorWindow
from clockapp.ui.clock.display import ClockDisplay, show_display
from clockapp.ui.clock.session import ClockSession
from clockapp.ui.settings import UiSettings
from clockapp.ui.sound import SoundPlayer
from clockapp.ui.undo import UndoHistory


def structure_editor_class() -> type | None:
    """The structure editor, imported on first use; None while it does not exist."""
    try:
        from clockapp.ui.structure import StructureEditor
    except ImportError:
        return None
    return StructureEditor  # type: ignore[no-any-return]


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
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.services = services
        self.bus = bus
        self.settings = settings
        self.session = ClockSession(services, bus, sound, timer=timer, parent=self)
        self.history = UndoHistory(services, bus, parent=self)
        self.controller = ClockController(self.session, self.history, parent=self)
        if display is None:
            self.display = ClockDisplay(self.session)
        else:  # painted from the start-up cache: now show the real clock in it
            self.display = display
            display.set_session(self.session)
        self._cache, self._db = cache, db
        if cache is not None:
            self._save_cache(self.session.snapshot)
            self.session.snapshot_changed.connect(self._save_cache)
        self.director = DirectorWindow(self.session, self.controller)
        self.structure_editor: QWidget | None = None

        window_handlers: dict[Action, Callable[[], object]] = {
            **self.controller.handlers(),
            Action.TOGGLE_FULLSCREEN: self.toggle_fullscreen,
            Action.LEAVE_FULLSCREEN: self.leave_fullscreen,
            Action.SHOW_DISPLAY: self.show_display,
            Action.HELP: self.display.toggle_help,
            Action.STRUCTURE_EDITOR: self.open_structure_editor,
            Action.QUIT: self.quit,
        }
        self.display_actions = install_actions(self.display, window_handlers)
        self.director_actions = install_actions(self.director, window_handlers)
        self.director.install_menus(self.director_actions)
        if structure_editor_class() is None:
            for actions in (self.display_actions, self.director_actions):
                actions[Action.STRUCTURE_EDITOR].setEnabled(False)
                actions[Action.STRUCTURE_EDITOR].setToolTip("The structure editor is not built yet")
        self._sync_check_actions()
        self.session.snapshot_changed.connect(lambda _s: self._sync_check_actions())
        self.director.screen_chosen.connect(self._on_director_screen_chosen)
        self.display.fullscreen_changed.connect(self._on_display_fullscreen_changed)

    # ---------------------------------------------------------------- windows

    def show(self, fullscreen: bool | None = None, screen_index: int | None = None) -> None:
        """Show the director window and the display (fullscreen on the chosen screen)."""
        if not self.settings.restore_geometry("director", self.director):
            self.director.resize(1100, 720)
        self.director.show()
        self.show_display(fullscreen=fullscreen, screen_index=screen_index)

    def show_display(self, fullscreen: bool | None = None, screen_index: int | None = None) -> None:
        """Show the clock for the room on its screen."""
        show_display(self.display, self.settings, fullscreen, screen_index)
        self.display.raise_()

    def toggle_fullscreen(self) -> None:
        """F: the display fullscreen or windowed."""
        self.display.toggle_fullscreen()

    def leave_fullscreen(self) -> None:
        """Esc: close the help if it is open, else leave fullscreen."""
        if self.display.help_visible():
            self.display.help_overlay.hide()
        else:
            self.display.set_fullscreen(False)

    def open_structure_editor(self) -> None:
        """E: the structure editor (built by its own package)."""
        editor_class = structure_editor_class()
        if editor_class is None:
            self.director.show_error("The structure editor is not available in this version.")
            return
        if self.structure_editor is None:
            self.structure_editor = editor_class(self.services, self.bus)
        self.structure_editor.show()
        self.structure_editor.raise_()
        self.structure_editor.activateWindow()

    def quit(self) -> None:
        """Save window placement and leave the app (the clock's time is in the database)."""
        self.save_settings()
        app = QApplication.instance()
        if app is not None:
            app.quit()

    def save_settings(self) -> None:
        """Remember where the windows were."""
        self.settings.save_geometry("director", self.director)
        if not self.display.isFullScreen():
            self.settings.save_geometry("display", self.display)
        self.settings.sync()

    def close(self) -> None:
        """Close every window of the station."""
        self.save_settings()
        # The undo stack dies with this object; the director must stop listening to it first.
        self.history.stack.indexChanged.disconnect(self.director.on_stack_index_changed)
        for window in (self.structure_editor, self.display, self.director):
            if window is not None:
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
        self.display.show_on(screens[index], was_full)

    def _on_display_fullscreen_changed(self, on: bool) -> None:
        self.settings.display_fullscreen = on

    def _save_cache(self, snapshot: object) -> None:
        if self._cache is None:
            return
        with contextlib.suppress(OSError):  # only a start-up speed-up: never worth an error
            save_cache(self._cache, snapshot, self._db)
