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
