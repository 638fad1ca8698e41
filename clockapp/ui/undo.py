"""Undo for clock actions: one QUndoStack, one command per director action.

A command's redo calls the service operation; its undo puts back the clock state saved just before
(`services.clock.restore`). The clock stores absolute timestamps, so restoring the earlier state
undoes a pause, a level change or a minute exactly, however long ago it happened.

The first redo happens before the command is pushed (`UndoHistory.run`), so a domain error
reaches the director and leaves the stack unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QUndoCommand, QUndoStack

from clockapp.services.app import Services
from clockapp.services.changes import Outcome
from clockapp.ui.bus import TournamentBus

ClockOperation = Callable[[int], Outcome[Any]]  # takes the tournament id


class ClockCommand(QUndoCommand):
    """One clock action: redo runs `operation`, undo restores the state from before it."""

    def __init__(
        self,
        text: str,
        services: Services,
        bus: TournamentBus,
        tournament_id: int,
        operation: ClockOperation,
        before: Any,
        already_done: bool,
    ) -> None:
        super().__init__(text)
        self._services = services
        self._bus = bus
        self._tournament_id = tournament_id
        self._operation = operation
        self._before = before
        self._skip_next_redo = already_done
        # Qt calls redo/undo from C++, where a Python exception cannot travel: keep it (the
        # app's refusal or anything unexpected) for UndoHistory to raise once the stack returns.
        self.error: Exception | None = None

    def redo(self) -> None:
        """Run the operation again (not the first time: `UndoHistory.run` already did)."""
        if self._skip_next_redo:
            self._skip_next_redo = False
            return
        tid = self._tournament_id
        try:
            self._before = self._services.clock.snapshot(tid).state
            self._bus.run(lambda: self._operation(tid))
        except Exception as error:
            self.error = error

    def undo(self) -> None:
        """Put back the clock as it was before the operation."""
        tid = self._tournament_id
        before = self._before
        try:
            self._bus.run(lambda: self._services.clock.restore(tid, before))
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

    def run(self, text: str, operation: ClockOperation) -> Any:
        """Run a clock operation for the bus's tournament and make it undoable.

        Raises the operation's DomainError (nothing is recorded then). Returns its value.
        """
        tid = self._bus.tournament_id
        before = self._services.clock.snapshot(tid).state
        value = self._bus.run(lambda: operation(tid))
        self.stack.push(
            ClockCommand(text, self._services, self._bus, tid, operation, before, already_done=True)
        )
        return value

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
        if isinstance(command, ClockCommand) and command.error is not None:
            error, command.error = command.error, None
            raise error

    def _on_bus_tournament_switched(self, _tournament_id: int) -> None:
        self.stack.clear()
