"""Undo for clock actions: one QUndoStack, one command per director action.

A command's redo calls the service operation; its undo puts back the clock state from just before
(`services.clock.restore`). The clock stores absolute timestamps, so restoring the earlier state
undoes a pause, a level change or a minute exactly, however long ago it happened.

Every call says what this station saw (`services.clock.Seen`): a press applies to the clock the
director was looking at, and an undo only to the state its action left. When another station has
changed the clock since, the service refuses with what changed, and nothing is overwritten. So
the state before an action is the state seen, and no extra read is needed to record it.

The first redo happens before the command is pushed (`UndoHistory.run`), so a domain error
reaches the director and leaves the stack unchanged.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtGui import QUndoCommand, QUndoStack

from clockapp.core.clock import ClockState
from clockapp.core.registration import RegistrationMode
from clockapp.services.app import Services
from clockapp.services.changes import Outcome
from clockapp.services.clock import ClockChangedError, Seen
from clockapp.services.registration import RegistrationChange
from clockapp.ui.bus import TournamentBus

#: Takes the tournament id and what the station saw.
ClockOperation = Callable[[int, Seen], Outcome[ClockState]]


class ClockCommand(QUndoCommand):
    """One clock action: redo runs `operation`, undo restores the state from before it."""

    def __init__(
        self,
        text: str,
        services: Services,
        bus: TournamentBus,
        tournament_id: int,
        operation: ClockOperation,
        before: ClockState,
        after: ClockState,
    ) -> None:
        super().__init__(text)
        self._services = services
        self._bus = bus
        self._tournament_id = tournament_id
        self._operation = operation
        self._before = before
        self._after = after
        self._skip_next_redo = True  # `UndoHistory.run` did the first redo
        # Qt calls redo/undo from C++, where a Python exception cannot travel: keep it (the
        # app's refusal or anything unexpected) for UndoHistory to raise once the stack returns.
        self.error: Exception | None = None

    def redo(self) -> None:
        """Run the operation again (not the first time: `UndoHistory.run` already did)."""
        if self._skip_next_redo:
            self._skip_next_redo = False
            return
        tid, seen = self._tournament_id, Seen(self._before)
        try:
            self._after = self._bus.run(lambda: self._operation(tid, seen))
        except Exception as error:
            self._refused(error)

    def undo(self) -> None:
        """Put back the clock as it was before the operation."""
        tid, before, seen = self._tournament_id, self._before, Seen(self._after)
        try:
            self._bus.run(lambda: self._services.clock.restore(tid, before, seen))
        except Exception as error:
            self._refused(error)

    def _refused(self, error: Exception) -> None:
        self.error = error
        if isinstance(error, ClockChangedError):
            # Another station moved the clock since: this step no longer applies to it, so the
            # stack drops it (Qt removes a command made obsolete in its undo or redo).
            self.setObsolete(True)


class RegistrationCommand(QUndoCommand):
    """The director closing or reopening registration: undo puts back the choice it replaced."""

    def __init__(
        self,
        text: str,
        bus: TournamentBus,
        tournament_id: int,
        set_mode: Callable[[int, RegistrationMode], Outcome[RegistrationChange]],
        change: RegistrationChange,
    ) -> None:
        super().__init__(text)
        self._bus = bus
        self._tournament_id = tournament_id
        self._set_mode = set_mode
        self._before, self._after = change.before, change.mode
        self._skip_next_redo = True  # `UndoHistory.run_registration` did the first redo
        self.error: Exception | None = None  # see `ClockCommand.error`

    def redo(self) -> None:
        """Set the director's choice again (not the first time)."""
        if self._skip_next_redo:
            self._skip_next_redo = False
            return
        self._apply(self._after)

    def undo(self) -> None:
        """Put back the choice from before."""
        self._apply(self._before)

    def _apply(self, mode: RegistrationMode) -> None:
        tid = self._tournament_id
        try:
            self._bus.run(lambda: self._set_mode(tid, mode))
        except Exception as error:
            self.error = error


class UndoHistory(QObject):
    """The app's undo stack, with a helper that runs an operation and records it."""

    def __init__(self, services: Services, bus: TournamentBus, parent: QObject | None = None):
        super().__init__(parent)
        self._services = services
        self._bus = bus
        self.stack = QUndoStack(self)
        # A different tournament has a different clock: its history does not apply.
        bus.tournament_switched.connect(self._on_bus_tournament_switched)

    def run(self, text: str, operation: ClockOperation, seen: Seen) -> ClockState:
        """Run a clock operation for the bus's tournament, as pressed on `seen`; make it undoable.

        Raises the operation's error (nothing is recorded then). Returns the new state.
        """
        tid = self._bus.tournament_id
        after = self._bus.run(lambda: operation(tid, seen))
        self.stack.push(
            ClockCommand(text, self._services, self._bus, tid, operation, seen.state, after)
        )
        return after

    def run_registration(
        self, text: str, operation: Callable[[int], Outcome[RegistrationChange]]
    ) -> RegistrationChange:
        """Close or reopen registration for the bus's tournament; make it undoable.

        Raises the service's refusal (nothing is recorded then).
        """
        tid = self._bus.tournament_id
        set_mode = self._services.registration.set_mode
        change = self._bus.run(lambda: operation(tid))
        self.stack.push(RegistrationCommand(text, self._bus, tid, set_mode, change))
        return change

    def undo(self) -> None:
        """Undo the last action (nothing if there is none); raises the error it met."""
        command = self.stack.command(self.stack.index() - 1)
        self.stack.undo()
        self._raise_from(command)

    def redo(self) -> None:
        """Redo the last undone action (nothing if there is none); raises the error it met."""
        command = self.stack.command(self.stack.index())
        self.stack.redo()
        self._raise_from(command)

    @staticmethod
    def _raise_from(command: QUndoCommand | None) -> None:
        if isinstance(command, ClockCommand | RegistrationCommand) and command.error is not None:
            error, command.error = command.error, None
            raise error

    def _on_bus_tournament_switched(self, _tournament_id: int) -> None:
        self.stack.clear()
