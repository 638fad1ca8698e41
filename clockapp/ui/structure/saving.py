"""Saving a structure as one undoable step (`StructureEditor.saving`).

`apply` saves a new structure through `services.structure.replace` via the bus; the command it
pushes holds the structure before and after, and its undo and redo save them again, but only while
the saved structure is still the one the command left (so an undo never overwrites another
station's edit, and a played level stays as it was).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from clockapp.core.chips import ChipSet
from clockapp.core.errors import DomainError
from clockapp.core.money.handout import PlannedStacks
from clockapp.core.structure import Structure, StructureError
from clockapp.services.app import Services
from clockapp.services.changes import Outcome
from clockapp.ui.bus import TournamentBus
from clockapp.ui.undo_step import UndoStep

if TYPE_CHECKING:
    from clockapp.ui.structure.window import StructureEditor


class StructureSaving:
    """Save, undo and redo the editor's structure."""

    def __init__(self, editor: StructureEditor, services: Services, bus: TournamentBus) -> None:
        self._editor = editor
        self._services = services
        self._bus = bus

    @property
    def tournament_id(self) -> int:
        """The tournament edited: always the bus's."""
        return self._bus.tournament_id

    # ---------------------------------------------------------------- saving
    def apply(
        self,
        structure: Structure,
        text: str,
        rows: list[int] | None = None,
        column: int | None = None,
    ) -> bool:
        """Save `structure` as one undoable step; False (and a message) when it is refused."""
        before = self._editor.structure
        if before is None or structure == before:
            return True
        tid = self.tournament_id
        return self.save_step(
            lambda: self._services.structure.replace(tid, structure), text, rows, column
        )

    def save_step(
        self,
        operation: Callable[[], Outcome[Structure]],
        text: str,
        rows: list[int] | None = None,
        column: int | None = None,
        *,
        parent: UndoStep | None = None,
    ) -> bool:
        """Run a service operation that replaces the structure and record it for undo.

        The command goes on the undo stack, or under `parent` when it is part of a compound step
        (the caller pushes the parent).
        """
        before = self._editor.structure
        assert before is not None
        try:
            saved = self._bus.run(operation)
        except DomainError as error:
            self._editor.show_error(str(error))
            self._editor.reload()
            return False
        self._after_save(saved, rows, column)
        self._editor.show_status(f"Saved: {text}.")

        def redo() -> bool:
            return self._swap(before, saved, f"redo “{text}”")

        def undo() -> bool:
            return self._swap(saved, before, f"undo “{text}”")

        if parent is None:
            self._editor.undo_stack.push(UndoStep(text, redo, undo))
        else:
            parent.add(text, redo, undo)
        return True

    def _after_save(
        self, saved: Structure, rows: list[int] | None = None, column: int | None = None
    ) -> None:
        editor = self._editor
        editor.banner.hide_message()
        if editor.structure != saved:
            editor.reload()
        if rows:
            editor.table.select_rows(rows, column)
        editor.update_actions()

    def _swap(self, expected: Structure, target: Structure, what: str) -> bool:
        """Undo or redo: save `target` if the saved structure is still `expected`."""
        tid = self.tournament_id
        try:
            current = self._services.structure.get(tid)
            if current != expected:
                raise StructureError(
                    f"Cannot {what}: the structure was changed since (on another station?)."
                )
            saved = self._bus.run(lambda: self._services.structure.replace(tid, target))
        except DomainError as error:
            message = str(error)
            if not message.startswith("Cannot"):
                message = f"Cannot {what}: {message}"
            self._editor.show_error(message)
            self._editor.reload()
            return False
        self._after_save(saved)
        self._editor.show_status(f"Done: {what}.")
        return True

    def use_suggested(
        self,
        structure: Structure,
        starting_stack: int | None = None,
        chips: ChipSet | None = None,
        stacks: PlannedStacks | None = None,
    ) -> bool:
        """Apply a generated structure and, if they differ, its starting stack and the chips it
        was made for, with the stacks it checked against the chips owned (which the cashier
        hands out): one undo step."""
        tid = self.tournament_id
        old_stack = self._services.structure.settings(tid).starting_stack
        step = UndoStep("use the suggested structure")
        old_chips = self._services.structure.chip_set(tid)
        if chips is not None and chips != old_chips:
            if not self._save_with_chips(structure, chips, old_chips, step, stacks):
                return False  # nothing saved, nothing to undo
        elif (self._editor.structure != structure or stacks is not None) and not self.save_step(
            lambda: self._services.structure.replace(tid, structure, stacks=stacks),
            "use the suggested structure",
            parent=step,
        ):
            return False  # nothing saved, nothing to undo
        if starting_stack is not None and starting_stack != old_stack:
            self._set_stack(old_stack, starting_stack, step)
        if step.parts:
            self._editor.undo_stack.push(step)
        return True

    def _save_with_chips(
        self,
        structure: Structure,
        chips: ChipSet,
        old_chips: ChipSet,
        parent: UndoStep,
        stacks: PlannedStacks | None = None,
    ) -> bool:
        """Save a structure with the chips it was made for (one transaction); undo puts both
        back, while the saved structure is still the one this step left."""
        tid = self.tournament_id
        before = self._editor.structure
        assert before is not None
        text = "use the suggested structure and its chips"
        try:
            saved = self._bus.run(
                lambda: self._services.structure.replace(
                    tid, structure, text, chips=chips, stacks=stacks
                )
            )
        except DomainError as error:
            self._editor.show_error(str(error))
            self._editor.reload()
            return False
        self._after_save(saved)
        self._editor.show_status(f"Saved: {text}.")

        def swap(expected: Structure, target: Structure, target_chips: ChipSet, what: str) -> bool:
            try:
                if self._services.structure.get(tid) != expected:
                    raise StructureError(
                        f"Cannot {what}: the structure was changed since (on another station?)."
                    )
                done = self._bus.run(
                    lambda: self._services.structure.replace(tid, target, what, chips=target_chips)
                )
            except DomainError as error:
                self._editor.show_error(str(error))
                self._editor.reload()
                return False
            self._after_save(done)
            return True

        parent.add(
            text,
            lambda: swap(before, saved, chips, f"redo “{text}”"),
            lambda: swap(saved, before, old_chips, f"undo “{text}”"),
        )
        return True

    def _set_stack(self, old: int, new: int, parent: UndoStep) -> bool:
        tid = self.tournament_id

        def save(stack: int) -> bool:
            try:
                self._bus.run(
                    lambda: self._services.structure.update_settings(tid, starting_stack=stack)
                )
            except DomainError as error:
                self._editor.show_error(str(error))
                return False
            return True

        if not save(new):
            return False
        parent.add(f"starting stack T{new:,}", lambda: save(new), lambda: save(old))
        self._editor.show_status(f"Saved: the suggested structure, starting stack T{new:,}.")
        return True
