"""The director's showdown commands on the station: the card-picker dialog, the busts of the
last showdown into the busts (one key), the last showdown as a bad beat, the ranking.

Each command is one service call on the station's worker whose Outcome goes on the bus when it
answers; a refused one says why in a message box (the app's error net), and nothing changes.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QWidget

from clockapp.services.app import Services
from clockapp.services.showdown import ShowdownError
from clockapp.ui.bus import TournamentBus
from clockapp.ui.wall.beats import BeatsWindow
from clockapp.ui.wall.showdown_dialog import BEAT_KEY, BUSTS_KEY, ShowdownDialog


class ShowdownControls:
    """The Wall menu's showdown commands for the bus's tournament."""

    def __init__(self, services: Services, bus: TournamentBus, parent: QWidget) -> None:
        self._services = services
        self._bus = bus
        self._parent = parent
        self.dialog: ShowdownDialog | None = None
        self.beats_window: BeatsWindow | None = None

    def open_dialog(self) -> ShowdownDialog:
        """Ctrl+Shift+A: the card picker for an all-in showdown."""
        if self.dialog is None:
            self.dialog = ShowdownDialog(self._services, self._bus, self._parent)
        else:
            self.dialog.refresh_names()
        self.dialog.show()
        self.dialog.raise_()
        self.dialog.activateWindow()
        return self.dialog

    def _last(self) -> Callable[[], int]:
        """Which showdown a key means: the dialog's, or else (looked up on the worker, after
        everything pressed before) the one entered last."""
        services, tid = self._services, self._bus.tournament_id
        shown = self.dialog.showdown_id if self.dialog is not None else None

        def last() -> int:
            latest = shown if shown is not None else services.showdown.latest(tid)
            if latest is None:
                raise ShowdownError("No showdown yet: show one on the wall first (Ctrl+Shift+A).")
            return latest

        return last

    def record_busts(self) -> bool:
        """Ctrl+Shift+O: the last showdown's busts recorded, winners as busters.

        On the worker; False (nothing done) while the busts, from this key or the dialog's
        button, are still being recorded."""
        services, tid, last = self._services, self._bus.tournament_id, self._last()
        return self._bus.submit(
            lambda: services.showdown.confirm_busts(tid, last()),
            control=self.dialog.busts_button if self.dialog is not None else None,
            key=BUSTS_KEY,
            asker=self._parent,
        )

    def record_beat(self) -> bool:
        """Ctrl+Shift+V: keep the last showdown as a candidate for the night's worst beat, then
        the night's beats (when it answers)."""
        services, tid, last = self._services, self._bus.tournament_id, self._last()
        return self._bus.submit(
            lambda: services.showdown.record_beat(tid, last()),
            lambda _beat: self.open_beats(),
            control=self.dialog.beat_button if self.dialog is not None else None,
            key=BEAT_KEY,
            asker=self._parent,
        )

    def open_beats(self) -> BeatsWindow:
        """Ctrl+Shift+U: the night's bad beats, the least likely first."""
        if self.beats_window is None:
            self.beats_window = BeatsWindow(self._services, self._bus, self._parent)
        self.beats_window.refresh()
        self.beats_window.show()
        self.beats_window.raise_()
        return self.beats_window
