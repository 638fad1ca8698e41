"""The director's showdown commands on the station: the card-picker dialog, the busts of the
last showdown into the eliminations (one key), the last showdown as a bad beat, the ranking.

Each command is one service call whose Outcome goes on the bus; a refused one says why in a
message box (the app's error net), and nothing changes.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from clockapp.services.app import Services
from clockapp.services.showdown import ShowdownError
from clockapp.ui.bus import TournamentBus
from clockapp.ui.wall.beats import BeatsWindow
from clockapp.ui.wall.showdown_dialog import ShowdownDialog


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

    def _last(self) -> int:
        if self.dialog is not None and self.dialog.showdown_id is not None:
            return self.dialog.showdown_id
        latest = self._services.showdown.latest(self._bus.tournament_id)
        if latest is None:
            raise ShowdownError("No showdown yet: show one on the wall first (Ctrl+Shift+A).")
        return latest

    def record_busts(self) -> None:
        """Ctrl+Shift+O: the last showdown's busts into the eliminations, winners as busters."""
        outcome = self._services.showdown.confirm_busts(self._bus.tournament_id, self._last())
        self._bus.publish(outcome.changes)

    def record_beat(self) -> None:
        """Ctrl+Shift+V: keep the last showdown as a candidate for the night's worst beat."""
        outcome = self._services.showdown.record_beat(self._bus.tournament_id, self._last())
        self._bus.publish(outcome.changes)
        self.open_beats()

    def open_beats(self) -> BeatsWindow:
        """Ctrl+Shift+U: the night's bad beats, the least likely first."""
        if self.beats_window is None:
            self.beats_window = BeatsWindow(self._services, self._bus, self._parent)
        self.beats_window.refresh()
        self.beats_window.show()
        self.beats_window.raise_()
        return self.beats_window
