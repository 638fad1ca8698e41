"""`UndoStep`: the app's one undo command (orange-canvas-core's `document/commands.py` style).

Every undoable action in every window is one `UndoStep`: the action is done first (one service
call through the bus, so a refused action never reaches the stack), then pushed already done.
`redo_work` does it again and `undo_work` reverses it, each one service call.

Qt calls `redo` and `undo` from C++, where a Python exception cannot travel: a call that raises
leaves its error in `error` for whoever moved the stack (the window shows it, or its history
raises it), and `on_refused`, when given, hears it at once. A call refused for one of the
`obsolete_on` reasons, or returning False, makes the step obsolete: Qt drops it, so the stack
never offers a step that no longer applies (another station changed what it would put back).

`skip` passes over the next redo or undo once: a step is pushed already done, and a history
that runs the work itself before moving the stack (so the stack moves only on success) sets it.
`move_on_worker` is that history for the station's windows: the step's work runs on the station's
worker (the GUI thread never waits on the database), after every action asked before it, and the
stack moves when it has answered; a refusal leaves the stack where it was, or drops the step when
the refusal makes it obsolete (`fail`).
`add` makes a step of several saved changes, redone in order and undone in reverse; a part
refused drops the whole step. `check` says why the undo would be refused now ("" when it can
be done), and `known` keeps the last answer with the revision it was asked at.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from traceback import format_tb
from typing import Any

from PySide6.QtGui import QUndoCommand, QUndoStack

from clockapp.errors import DomainError
from clockapp.services.changes import Outcome
from clockapp.ui.bus import TournamentBus
from clockapp.ui.operations import Control

Work = Callable[[], object]


def _nothing() -> None:
    return None


class UndoStep(QUndoCommand):
    """One undoable action (see the module docstring)."""

    def __init__(
        self,
        text: str,
        redo_work: Work = _nothing,
        undo_work: Work = _nothing,
        *,
        obsolete_on: tuple[type[Exception], ...] = (),
        on_refused: Callable[[Exception], None] | None = None,
        check: Callable[[], str] | None = None,
        skip: bool = True,
    ) -> None:
        super().__init__(text)
        self.redo_work = redo_work
        self.undo_work = undo_work
        self.check = check
        self.known: tuple[object, str] | None = None  # (where the stations stood, refusal)
        self.skip = skip
        self.error: Exception | None = None
        self.parts: list[UndoStep] = []
        self._obsolete_on = obsolete_on
        self._on_refused = on_refused

    def add(self, text: str, redo_work: Work, undo_work: Work) -> None:
        """One more part, just saved, of a step made of several."""
        self.parts.append(
            UndoStep(text, redo_work, undo_work, obsolete_on=self._obsolete_on, skip=False)
        )

    def take_error(self) -> Exception | None:
        """The error the last redo or undo met (None if none), cleared."""
        error, self.error = self.error, None
        return error

    def redo(self) -> None:
        """Do the action again (not the first time: it was done before the push)."""
        if self.skip:
            self.skip = False
            return
        if self.parts:
            self._run_parts(self.parts, redo=True)
        else:
            self._run(self.redo_work)

    def undo(self) -> None:
        """Reverse the action."""
        if self.skip:
            self.skip = False
            return
        if self.parts:
            self._run_parts(list(reversed(self.parts)), redo=False)
        else:
            self._run(self.undo_work)

    def _run_parts(self, parts: list[UndoStep], *, redo: bool) -> None:
        for part in parts:
            if redo:
                part.redo()
            else:
                part.undo()
            if part.isObsolete():
                self.error = part.take_error()
                self.setObsolete(True)
                return

    def _run(self, work: Work) -> None:
        done, error = _call(work)
        if error is not None:
            self.fail(error)
        elif done is False:
            self.setObsolete(True)

    def fail(self, error: Exception) -> None:
        """Take the error the step's redo or undo met (wherever its work ran): kept in `error`,
        heard by `on_refused`; one of the `obsolete_on` reasons makes the step obsolete."""
        self.error = error
        if isinstance(error, self._obsolete_on):
            self.setObsolete(True)
        if self._on_refused is not None:
            self._on_refused(error)


def _call(work: Work) -> tuple[object, Exception | None]:
    """Run `work`; its result, or the error it raised.

    The error comes back without its frames (see below), so keeping it in the step holds no
    frame that holds the step.
    """
    try:
        return work(), None
    except Exception as error:
        # Keep the trace as text (a note the log prints) and drop the frames: Qt called the
        # step from C++, and frames kept alive across that call (the caller's, holding the
        # stack and the step) must not outlive the stack that deletes the step.
        if not isinstance(error, DomainError):
            error.add_note("Raised in an undo step:\n" + "".join(format_tb(error.__traceback__)))
        return None, error.with_traceback(None)


def move_on_worker(
    bus: TournamentBus,
    stack: QUndoStack,
    *,
    undo: bool,
    key: Hashable,
    control: Control | None = None,
    on_failed: Callable[[Exception], object] | None = None,
    on_answered: Callable[[], object] | None = None,
) -> bool:
    """Undo (or redo) the stack's step on the station's worker, then move the stack.

    The step's work must return the `Outcome` of its one service call: the bus publishes it
    when it answers. An action still on its way is answered first (its step is on the stack
    only then), so an undo takes back the action pressed just before it. `control` is busy
    until the answer; while an undo (or redo) for `key` is pending another one does nothing:
    returns False. A refusal goes to `on_failed` (or the app's error net); the stack stays where
    it was, unless the refusal made the step obsolete: then it is dropped. `on_answered` is
    heard once it is over, whichever way (also when there was nothing to move), after the stack
    moved and after `on_failed`: a window that shows the move as busy ends it there.
    """
    worker = bus.worker
    if worker.is_pending(key):
        return False
    answered = on_answered if on_answered is not None else _nothing

    def failed_before(error: Exception) -> None:
        try:
            if on_failed is None:
                raise error  # the worker's net shows it
            on_failed(error)
        finally:
            answered()

    if worker.busy:
        # Wait for the answers before it: the command an action still on its way pushes when
        # it answers is the one this undo means.
        return worker.submit(
            _nothing,
            lambda _none: _move_now(bus, stack, undo, key, control, on_failed, answered),
            failed_before,
            key=key,
            control=control,
        )
    _move_now(bus, stack, undo, key, control, on_failed, answered)
    return True


def _move_now(
    bus: TournamentBus,
    stack: QUndoStack,
    undo: bool,
    key: Hashable,
    control: Control | None,
    on_failed: Callable[[Exception], object] | None,
    answered: Callable[[], object],
) -> None:
    def at() -> QUndoCommand | None:
        return stack.command(stack.index() - 1 if undo else stack.index())

    command = at()
    if not isinstance(command, UndoStep):
        answered()
        return  # nothing to undo (or redo): the action was disabled, a key pressed anyway
    reverse = command.undo_work if undo else command.redo_work

    def work() -> Outcome[Any]:
        outcome = reverse()
        if not isinstance(outcome, Outcome):
            raise TypeError(f"the work of {command.text()!r} returned {outcome!r}, not an Outcome")
        return outcome

    def move() -> None:
        if undo:
            stack.undo()
        else:
            stack.redo()

    def done(_value: object) -> None:
        try:
            if at() is not command:
                return  # the stack was cleared meanwhile (another tournament)
            command.skip = True  # its work is done: the stack only moves
            move()
        finally:
            answered()

    def failed(error: Exception) -> None:
        try:
            if at() is command:
                command.fail(error)
                if command.isObsolete():
                    move()  # Qt drops an obsolete step when it moves over it
            if on_failed is not None:
                on_failed(error)
            else:
                raise error  # the worker's net shows it
        finally:
            answered()

    if not bus.submit(work, done, failed, key=key, control=control):
        answered()  # refused (the control is busy): nothing will answer
