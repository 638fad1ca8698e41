"""The director's clock commands, shared by the display and the director window.

Each command runs one service operation through the undo history (so it can be undone) and the
bus (so every window refreshes). A domain error is shown to the director, never raised into Qt.

Every command runs on the station's worker, in the order pressed: the clock presses (start,
pause, levels, minutes, hard end), undo and redo, and the settings (counts, sound, announcements).
The command returns once the press is queued, and the director's button for it (`show_busy_on`)
is busy until the press has answered; pressing the same key again meanwhile does nothing. An undo
waits its turn behind the presses before it, so it undoes the press made just before it even
while that press is still on its way.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from datetime import datetime
from typing import Any

from PySide6.QtCore import QObject, Signal

from clockapp.core.clock import ONE_MINUTE_MS, ClockStatus
from clockapp.errors import DomainError
from clockapp.i18n import gettext as _
from clockapp.services.changes import Outcome
from clockapp.services.clock import Seen
from clockapp.ui.actions import Action
from clockapp.ui.clock.session import ClockSession
from clockapp.ui.errors import report
from clockapp.ui.operations import Control
from clockapp.ui.undo import ClockOperation, UndoHistory


class ClockController(QObject):
    """Start, pause, levels, minutes, hard end, counts, mute: one method per command."""

    error_raised = Signal(str)  # a message for the director

    def __init__(
        self, session: ClockSession, history: UndoHistory, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._session = session
        self._history = history
        self._services = session.services
        self._buttons: dict[Hashable, Control] = {}
        session.error_raised.connect(self.error_raised)

    @property
    def history(self) -> UndoHistory:
        """The undo history."""
        return self._history

    # ---------------------------------------------------------------- undoable clock actions

    def show_busy_on(self, action: Action, control: Control) -> None:
        """Mark `control` busy while a press of `action` is on its way (the director's buttons)."""
        self._buttons[action] = control

    def _clock(self, text: str, operation: ClockOperation, key: Hashable) -> bool:
        """Queue the press on the worker; False if the same press (`key`: its action, or what
        it does) is still on its way."""
        seen = Seen(self._session.snapshot.state, self._session.current_view().index)
        return self._history.submit(
            text,
            operation,
            seen,
            on_failed=self._on_press_failed,
            key=key,
            control=self._buttons.get(key),
        )

    def _setting(
        self,
        operation: Callable[[], Outcome[Any]],
        key: Hashable,
        control: Control | None = None,
    ) -> bool:
        """Queue a setting's service call on the worker (not undone); False if the same one
        (`key`) is still on its way."""
        return self._session.bus.submit(
            operation, None, self._on_press_failed, key=key, control=control
        )

    def _on_press_failed(self, error: Exception) -> None:
        if isinstance(error, DomainError):
            self.error_raised.emit(str(error))
        else:
            report(error, None)

    def toggle_pause(self) -> bool:
        """Space: start the clock, or pause / resume it."""
        status = self._session.current_view().status
        text = {
            ClockStatus.NOT_STARTED: _("Start clock"),
            ClockStatus.RUNNING: _("Pause"),
        }.get(status, _("Resume"))
        return self._clock(text, self._services.clock.toggle_pause, Action.TOGGLE_PAUSE)

    def next_level(self) -> bool:
        """Go to the next level or break."""
        return self._clock(_("Next level"), self._services.clock.next_level, Action.NEXT_LEVEL)

    def previous_level(self) -> bool:
        """Go back one level or break."""
        return self._clock(
            _("Previous level"), self._services.clock.previous_level, Action.PREVIOUS_LEVEL
        )

    def jump(self, index: int) -> bool:
        """Go to item `index` (0-based) of the structure."""
        return self._clock(
            _("Jump to item {number}").format(number=index + 1),
            lambda tid, seen: self._services.clock.jump(tid, index, seen),
            "jump",
        )

    def add_minute(self) -> bool:
        """One more minute in this level."""
        return self._clock(
            _("Add a minute"),
            lambda tid, seen: self._services.clock.add_time(tid, ONE_MINUTE_MS, seen),
            Action.ADD_MINUTE,
        )

    def remove_minute(self) -> bool:
        """One minute less in this level."""
        return self._clock(
            _("Remove a minute"),
            lambda tid, seen: self._services.clock.add_time(tid, -ONE_MINUTE_MS, seen),
            Action.REMOVE_MINUTE,
        )

    def restart_level(self) -> bool:
        """This level again from its full time."""
        return self._clock(
            _("Restart level"), self._services.clock.restart_level, Action.RESTART_LEVEL
        )

    def set_hard_end(self, when: datetime | None) -> bool:
        """Stop play at `when` (aware time), or clear the hard end with None."""
        text = _("Clear hard end") if when is None else _("Set hard end")
        return self._clock(
            text,
            lambda tid, seen: self._services.clock.set_hard_end(tid, when, seen),
            "hard end",
        )

    def undo(self) -> bool:
        """Undo the last clock action (after the presses still on their way)."""
        return self._history.undo(
            on_failed=self._on_press_failed,
            key=Action.UNDO,
            control=self._buttons.get(Action.UNDO),
        )

    def redo(self) -> bool:
        """Redo the last undone clock action (after the presses still on their way)."""
        return self._history.redo(
            on_failed=self._on_press_failed,
            key=Action.REDO,
            control=self._buttons.get(Action.REDO),
        )

    # ---------------------------------------------------------------- settings (not undone)

    def set_field(self, entries: int, players_left: int, *, control: Control | None = None) -> bool:
        """Set the counts by hand until the cashier keeps them (`control`, the button that
        asked, is busy until they are kept)."""
        tid, clock = self._session.tournament_id, self._services.clock
        return self._setting(
            lambda: clock.set_field(tid, entries=entries, players_left=players_left),
            (self, "field"),
            control,
        )

    def toggle_mute(self) -> bool:
        """M: sound off or on (kept with the tournament)."""
        muted = not bool(self._session.snapshot.settings.muted)
        return self.set_muted(muted)

    def set_muted(self, muted: bool) -> bool:
        """Sound off (True) or on."""
        tid, clock = self._session.tournament_id, self._services.clock
        return self._setting(lambda: clock.set_muted(tid, muted), (self, "mute", muted))

    def toggle_announce(self) -> bool:
        """A: spoken announcements on or off."""
        return self.set_announce(not bool(self._session.snapshot.settings.announce))

    def set_announce(self, on: bool) -> bool:
        """Spoken announcements on (True) or off."""
        tid, clock = self._session.tournament_id, self._services.clock
        return self._setting(lambda: clock.set_announce(tid, on), (self, "announce", on))

    def handlers(self) -> dict[Action, Callable[[], object]]:
        """The clock actions every window binds (windows add their own, e.g. fullscreen)."""
        return {
            Action.TOGGLE_PAUSE: self.toggle_pause,
            Action.NEXT_LEVEL: self.next_level,
            Action.PREVIOUS_LEVEL: self.previous_level,
            Action.ADD_MINUTE: self.add_minute,
            Action.REMOVE_MINUTE: self.remove_minute,
            Action.RESTART_LEVEL: self.restart_level,
            Action.UNDO: self.undo,
            Action.REDO: self.redo,
            Action.TOGGLE_MUTE: self.toggle_mute,
            Action.TOGGLE_ANNOUNCE: self.toggle_announce,
        }
