"""Undo commands for the structure editor (orange-canvas-core's `document/commands.py` style).

Every change to a structure is one command that holds the structure before and after. `redo` saves
the after structure, `undo` the before one, each through one service call. The first `redo` happens
when the editor saves the change (so a refused change never reaches the stack); the command is then
pushed with `done=True`. When undoing or redoing is refused later (the level has been played since,
or another station changed the structure), the command makes itself obsolete and Qt drops it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QUndoCommand


class SaveCommand(QUndoCommand):
    """One saved change: `apply_after()` redoes it, `apply_before()` undoes it.

    Both callables return True when the service accepted the change, False when it was refused
    (the editor has told the director why).
    """

    def __init__(
        self,
        text: str,
        apply_after: Callable[[], bool],
        apply_before: Callable[[], bool],
        *,
        done: bool = True,
    ) -> None:
        super().__init__(text)
        self._apply_after = apply_after
        self._apply_before = apply_before
        self._skip_redo = done

    def redo(self) -> None:
        if self._skip_redo:
            self._skip_redo = False
            return
        if not self._apply_after():
            self.setObsolete(True)

    def undo(self) -> None:
        if not self._apply_before():
            self.setObsolete(True)


class CompoundCommand(QUndoCommand):
    """Several saved changes undone and redone as one step (parts undone in reverse order).

    The parts are plain Python objects held here (not Qt children), so nothing depends on who
    owns them. Like `SaveCommand`, the first redo is skipped: the parts were saved already. If a
    part is refused, the whole step is dropped.
    """

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.parts: list[SaveCommand] = []
        self._skip_redo = True

    def add(
        self, text: str, apply_after: Callable[[], bool], apply_before: Callable[[], bool]
    ) -> None:
        """Record one part that has just been saved."""
        self.parts.append(SaveCommand(text, apply_after, apply_before, done=False))

    def redo(self) -> None:
        if self._skip_redo:
            self._skip_redo = False
            return
        for part in self.parts:
            part.redo()
            if part.isObsolete():
                self.setObsolete(True)
                return

    def undo(self) -> None:
        for part in reversed(self.parts):
            part.undo()
            if part.isObsolete():
                self.setObsolete(True)
                return
