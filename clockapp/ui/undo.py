"""Undo for clock actions: one QUndoStack, one command per director action.

A command's redo calls the service operation; its undo puts back the clock state from just before
(`services.clock.restore`). The clock stores absolute timestamps, so restoring the earlier state
undoes a pause, a level change or a minute exactly, however long ago it happened.

Every call says what this station saw (`services.clock.Seen`): a press applies to the clock the
director was looking at, and an undo only to the state its action left. When another station has
changed the clock since, the service refuses with what changed, and nothing is overwritten. So
the state before an action is the state seen, and no extra read is needed to record it.

Everything runs on the station's worker, in the order pressed: a press (`UndoHistory.submit`)
is pushed when it has answered, so a refused press never reaches the stack; an undo or a redo
(`undo`, `redo`) waits for the presses before it to answer, runs its service call there, and
moves the stack when that has answered (`undo_step.move_on_worker`). Presses made on the same
snapshot before it was read again (space, then the right arrow, quicker than a read) apply one
after another: each applies to the state the press before it left, since that is what the
director meant, and the worker runs them in the order they were pressed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Hashable

import shiboken6
from PySide6.QtCore import QObject
from PySide6.QtGui import QUndoStack

from clockapp.core.clock import ClockState, KeptStep, RegistrationStep
from clockapp.services.app import Services
from clockapp.services.changes import Outcome
from clockapp.services.clock import ClockChangedError, Seen
from clockapp.services.registration import RegistrationChange
from clockapp.ui.bus import TournamentBus
from clockapp.ui.operations import Control
from clockapp.ui.undo_step import UndoStep, move_on_worker

log = logging.getLogger(__name__)

#: Takes the tournament id and what the station saw.
ClockOperation = Callable[[int, Seen], Outcome[ClockState]]


class UndoHistory(QObject):
    """The app's undo stack, with a helper that runs an operation and records it."""

    def __init__(self, services: Services, bus: TournamentBus, parent: QObject | None = None):
        super().__init__(parent)
        self._services = services
        self._bus = bus
        self.stack = QUndoStack(self)
        # (state pressed on, state it left) of the last press applied on the worker: written
        # and read there only (an undo or a redo forgets it there too), or here once the worker
        # is idle (a switch).
        self._chained: tuple[ClockState, ClockState] | None = None
        # A different tournament has a different clock: its history does not apply.
        bus.tournament_switched.connect(self._on_bus_tournament_switched)
        self._load(bus.tournament_id)

    def _load(self, tid: int) -> None:
        """Put the tournament's kept clock actions on the stack, the undone ones to redo (read
        on the worker: it runs before any press asked after it, so they go under those)."""
        clock = self._services.clock
        self._bus.worker.submit(
            lambda: clock.undo_steps(tid),
            lambda steps: self._on_steps_read(tid, steps),
            self._on_steps_failed,
        )

    def _on_steps_read(self, tid: int, steps: tuple[KeptStep, ...]) -> None:
        if not shiboken6.isValid(self.stack):
            return  # the station closed while it was read
        if tid != self._bus.tournament_id or self.stack.count():
            return  # switched meanwhile, or presses already there: they are newer
        clock = self._services.clock
        undone: list[UndoStep] = []
        for step in steps:
            if isinstance(step, RegistrationStep):
                command = self._registration_step(tid, step)
                self.stack.push(command)
                if step.undone:
                    undone.append(command)
                continue
            before, after, name = step.before, step.after, step.name

            def redo_work(
                before: ClockState = before, after: ClockState = after, name: str = name
            ) -> Outcome[ClockState]:
                self._chained = None  # the state it puts back is not one a press left
                return clock.restore(tid, after, Seen(before, step=name, redoing=True))

            def undo_work(
                before: ClockState = before, after: ClockState = after
            ) -> Outcome[ClockState]:
                self._chained = None
                return clock.restore(tid, before, Seen(after), undoing=True)

            command = UndoStep(name, redo_work, undo_work, obsolete_on=(ClockChangedError,))
            self.stack.push(command)
            if step.undone:
                undone.append(command)
        # The undone steps go on the stack as done, then the stack steps back over them without
        # running their work: the clock is already where their undo left it, and the Redo
        # offers them.
        for command in undone:
            command.skip = True
        self.stack.setIndex(self.stack.count() - len(undone))

    def _registration_step(self, tid: int, step: RegistrationStep) -> UndoStep:
        """A kept registration choice as a step the stack can undo and redo (on the worker)."""
        set_mode = self._services.registration.set_mode
        before, after, name = step.before, step.after, step.name
        return UndoStep(
            name,
            lambda: set_mode(tid, after, step=name, redoing=True),
            lambda: set_mode(tid, before, undoing=True),
        )

    @staticmethod
    def _on_steps_failed(error: Exception) -> None:
        # Without the history the app still works: the presses from now on are undoable.
        log.warning("the clock's undo history could not be read: %s", error)

    def submit(
        self,
        text: str,
        operation: ClockOperation,
        seen: Seen,
        *,
        on_failed: Callable[[Exception], object],
        key: Hashable | None = None,
        control: Control | None = None,
    ) -> bool:
        """Run a clock operation on the station's worker, as pressed on `seen`; make it
        undoable when it answers. `on_failed` hears a refusal (nothing is recorded then).

        Returns False when the press was not queued (one for `key` is still pending).
        """
        tid, bus = self._bus.tournament_id, self._bus

        def work() -> Outcome[tuple[ClockState, ClockState]]:
            applied = Seen(seen.state, seen.index, step=text)
            chained = self._chained
            if chained is not None and chained[0] is seen.state:
                applied = Seen(chained[1], step=text)  # pressed before the last was read back
            outcome = operation(tid, applied)
            self._chained = (seen.state, outcome.value)
            return Outcome((applied.state, outcome.value), outcome.changes)

        def done(states: tuple[ClockState, ClockState]) -> None:
            self._push(text, operation, tid, *states)

        return bus.submit(work, done, on_failed, key=key, control=control)

    def _push(
        self, text: str, operation: ClockOperation, tid: int, before: ClockState, after: ClockState
    ) -> None:
        bus, clock = self._bus, self._services.clock
        if tid != bus.tournament_id:
            return  # switched while it ran: that history was cleared
        # (before, after): a redo applies to the state the undo left, an undo to the state the
        # redo left, so each says what it saw and the service refuses if another station moved
        # the clock since (then the step no longer applies: it is dropped).
        states = [before, after]

        # Both run on the worker, in the order asked: the state a redo left is kept there, by
        # the redo itself, before the undo after it reads it.
        def redo_work() -> Outcome[ClockState]:
            self._chained = None
            outcome = operation(tid, Seen(states[0], step=text, redoing=True))
            states[1] = outcome.value
            return outcome

        def undo_work() -> Outcome[ClockState]:
            self._chained = None
            return clock.restore(tid, states[0], Seen(states[1]), undoing=True)

        self.stack.push(UndoStep(text, redo_work, undo_work, obsolete_on=(ClockChangedError,)))

    def submit_registration(
        self,
        text: str,
        operation: Callable[[int, str], Outcome[RegistrationChange]],
        *,
        on_failed: Callable[[Exception], object],
        control: Control | None = None,
    ) -> bool:
        """Close or reopen registration for the bus's tournament on the station's worker; make
        it undoable when it answers (kept with the clock's presses as `text`, so the Undo offers
        it after a restart too). `on_failed` hears a refusal (nothing is recorded then).

        Returns False when one is still on its way (`control` is busy meanwhile).
        """
        tid, bus = self._bus.tournament_id, self._bus

        def done(change: RegistrationChange) -> None:
            if tid == bus.tournament_id:  # switched while it ran: that history was cleared
                kept = RegistrationStep(text, change.before, change.mode)
                self.stack.push(self._registration_step(tid, kept))

        key = (self, "registration")
        return bus.submit(lambda: operation(tid, text), done, on_failed, key=key, control=control)

    def undo(
        self,
        *,
        on_failed: Callable[[Exception], object],
        key: Hashable | None = None,
        control: Control | None = None,
    ) -> bool:
        """Undo the last action on the worker, after the presses still on their way (nothing if
        there is none). `on_failed` hears a refusal; False while an undo (for `key`) is still
        pending."""
        return move_on_worker(
            self._bus,
            self.stack,
            undo=True,
            key=key if key is not None else (self, "undo"),
            control=control,
            on_failed=on_failed,
        )

    def redo(
        self,
        *,
        on_failed: Callable[[Exception], object],
        key: Hashable | None = None,
        control: Control | None = None,
    ) -> bool:
        """Redo the last undone action (as `undo`)."""
        return move_on_worker(
            self._bus,
            self.stack,
            undo=False,
            key=key if key is not None else (self, "redo"),
            control=control,
            on_failed=on_failed,
        )

    def _on_bus_tournament_switched(self, tournament_id: int) -> None:
        self._chained = None
        self.stack.clear()
        self._load(tournament_id)
