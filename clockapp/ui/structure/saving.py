"""Saving a structure as one undoable step (`StructureEditor.saving`).

`apply` saves a new structure through `services.structure.replace` on the station's worker: a
save replaces the whole structure, so while one is on its way the editor takes no other edit
(the table and the editing actions are busy, the footer says "Saving…"), and a second edit
cannot overwrite the first. The editor shows the structure the save answered with; the command
it pushes holds the structure before and after, and its undo and redo save them again, but only
while the saved structure is still the one the command left (so an undo never overwrites another
station's edit, and a played level stays as it was).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from clockapp.core.chips import ChipSet
from clockapp.core.money.handout import PlannedStacks
from clockapp.core.structure import Structure
from clockapp.errors import DomainError
from clockapp.formats import chips as format_chips
from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.services.app import Services
from clockapp.services.changes import Change, Changes, Outcome
from clockapp.ui.bus import TournamentBus
from clockapp.ui.errors import report
from clockapp.ui.undo_step import UndoStep, move_on_worker

if TYPE_CHECKING:
    from clockapp.ui.structure.window import StructureEditor

T = TypeVar("T")

#: What the footer says while a save is on the worker.
SAVING = N_("Saving…")
#: What an edit made while a save is on its way is told.
STILL_SAVING = N_("The last change is still being saved: try again once it is saved.")
#: The refusals that make an undo step no longer apply (the structure was changed since, a
#: level was played, it can no longer be saved as it was): the step is dropped.
OBSOLETE_ON: tuple[type[Exception], ...] = (DomainError,)


@dataclass(frozen=True)
class _Suggested:
    """What saving a suggested structure found and left (read and written on the worker)."""

    saved: Structure
    old_stack: int
    old_chips: ChipSet
    with_chips: bool


class StructureSaving:
    """Save, undo and redo the editor's structure."""

    def __init__(self, editor: StructureEditor, services: Services, bus: TournamentBus) -> None:
        self._editor = editor
        self._services = services
        self._bus = bus
        self._saving = False
        self._had_focus = False
        #: Close the editor once the pending save answered (Save on the way out), not if refused.
        self.close_when_saved = False

    @property
    def tournament_id(self) -> int:
        """The tournament edited: always the bus's."""
        return self._bus.tournament_id

    @property
    def pending(self) -> bool:
        """Whether a save is on its way (the editor takes no edit meanwhile)."""
        return self._saving

    # ---------------------------------------------------------------- saving
    def apply(
        self,
        structure: Structure,
        text: str,
        rows: list[int] | None = None,
        column: int | None = None,
    ) -> bool:
        """Save `structure` as one undoable step on the worker; False (and a message) when it
        cannot be asked now (a save is on its way). A refusal is shown when the save answers."""
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
        refused: Callable[[str], str] | None = None,
    ) -> bool:
        """Run a service operation that replaces the structure on the worker and record it for
        undo when it answers.

        Returns False when it was not asked (a save is still on its way: said on the banner).
        A refusal is shown on the banner when it answers, worded by `refused` when given.
        """
        before = self._editor.structure
        assert before is not None

        def done(saved: Structure) -> None:
            self._saved(saved, _("Saved: {action}.").format(action=text), rows, column)

            tid, structures = self.tournament_id, self._services.structure

            def redo() -> Outcome[Structure]:
                return structures.replace(tid, saved, f"redo “{text}”", expected=before)

            def undo() -> Outcome[Structure]:
                return structures.replace(tid, before, f"undo “{text}”", expected=saved)

            self._editor.undo_stack.push(UndoStep(text, redo, undo, obsolete_on=OBSOLETE_ON))

        return self._submit(operation, done, refused)

    def _submit(
        self,
        operation: Callable[[], Outcome[T]],
        on_done: Callable[[T], object],
        refused: Callable[[str], str] | None = None,
    ) -> bool:
        editor = self._editor
        if self._saving:
            editor.show_error(_(STILL_SAVING))
            return False

        def done(value: T) -> None:
            self._end()
            on_done(value)
            if self.close_when_saved:
                self.close_when_saved = False
                editor.close()

        def failed(error: Exception) -> None:
            self._end()
            self.close_when_saved = False
            self._refused(error, refused)

        self._had_focus = editor.table.hasFocus()
        if not self._bus.submit(operation, done, failed, control=editor.table, key=self):
            editor.show_error(_(STILL_SAVING))
            return False
        self._saving = True
        editor.show_status(_(SAVING))
        editor.update_actions()
        return True

    def _end(self) -> None:
        self._saving = False
        editor = self._editor
        if editor.status_label.text() == _(SAVING):
            editor.show_status("")
        if self._had_focus:
            editor.table.setFocus()
        editor.update_actions()

    def _refused(self, error: Exception, refused: Callable[[str], str] | None = None) -> None:
        if not isinstance(error, DomainError):
            report(error, self._editor)
            if refused is not None:
                refused(_("It was not saved."))
            return
        message = str(error)
        self._editor.show_error(refused(message) if refused is not None else message)
        self._editor.reload()

    def _saved(
        self,
        saved: Structure,
        status: str,
        rows: list[int] | None = None,
        column: int | None = None,
    ) -> None:
        self._after_save(saved, rows, column)
        self._editor.show_status(status)

    def _after_save(
        self, saved: Structure, rows: list[int] | None = None, column: int | None = None
    ) -> None:
        editor = self._editor
        editor.banner.hide_message()
        if editor.structure != saved:
            editor.show_saved(saved)
        if rows:
            editor.table.select_rows(rows, column)
        editor.update_actions()

    def undo(self) -> bool:
        """Ctrl+Z: undo the last saved step on the worker (see `_move`)."""
        return self._move(undo=True)

    def redo(self) -> bool:
        """Ctrl+Shift+Z: redo the last undone step on the worker (see `_move`)."""
        return self._move(undo=False)

    def _move(self, *, undo: bool) -> bool:
        """Save the structure before (or after) the step again on the worker, then move the
        stack: the editor is busy as for a save meanwhile, a second press is refused, and a
        refusal leaves the stack where it was (or drops a step that no longer applies: the
        structure was changed since). False when nothing was asked."""
        editor = self._editor
        stack = editor.undo_stack
        if self._saving:
            editor.show_error(_(STILL_SAVING))
            return False
        if not (stack.canUndo() if undo else stack.canRedo()):
            return False
        text = stack.undoText() if undo else stack.redoText()
        what = (_("undo “{action}”") if undo else _("redo “{action}”")).format(action=text)
        refusals: list[Exception] = []

        def failed(error: Exception) -> None:
            refusals.append(error)
            if not isinstance(error, DomainError):
                report(error, editor)
                return
            message = str(error)
            if not message.startswith("Cannot"):
                message = _("Cannot {action}: {reason}").format(action=what, reason=message)
            editor.show_error(message)
            editor.reload()

        def answered() -> None:
            self._end()
            if not refusals:
                editor.banner.hide_message()
                editor.show_status(_("Done: {action}.").format(action=what))

        self._had_focus = editor.table.hasFocus()
        self._saving = True  # before: a move with nothing to do answers at once
        editor.show_status(_(SAVING))
        editor.update_actions()
        if not move_on_worker(
            self._bus,
            stack,
            undo=undo,
            key=self,
            control=editor.table,
            on_failed=failed,
            on_answered=answered,
        ):
            self._end()
            editor.show_error(_(STILL_SAVING))
            return False
        return True

    def use_suggested(
        self,
        structure: Structure,
        starting_stack: int | None = None,
        chips: ChipSet | None = None,
        stacks: PlannedStacks | None = None,
        answered: Callable[[str | None], object] | None = None,
    ) -> bool:
        """Apply a generated structure and, if they differ, its starting stack and the chips it
        was made for, with the stacks it checked against the chips owned (which the cashier hands
        out), on the worker: one service call, one undo step. False when a save is still on its
        way.

        `answered` hears how it ended: None once saved, or the refusal shown on the banner."""
        told = answered if answered is not None else _ignore
        tid = self.tournament_id
        before = self._editor.structure
        assert before is not None
        structures = self._services.structure

        def work() -> Outcome[_Suggested]:
            old_stack = structures.settings(tid).starting_stack
            old_chips = structures.chip_set(tid)
            with_chips = chips is not None and chips != old_chips
            new_stack = starting_stack if starting_stack != old_stack else None
            if with_chips:
                text = _("use the suggested structure and its chips")
            elif structures.get(tid) != structure or stacks is not None or new_stack is not None:
                text = _("use the suggested structure")
            else:
                return Outcome(
                    _Suggested(structure, old_stack, old_chips, False), self._unchanged(tid)
                )
            outcome = structures.replace(
                tid,
                structure,
                text,
                chips=chips if with_chips else None,
                stacks=stacks,
                starting_stack=new_stack,
            )
            return Outcome(
                _Suggested(outcome.value, old_stack, old_chips, with_chips), outcome.changes
            )

        def done(value: _Suggested) -> None:
            new_stack = starting_stack if starting_stack != value.old_stack else None
            if value.saved == before and not value.with_chips and new_stack is None:
                told(None)
                return
            self._editor.undo_stack.push(self._suggested_step(before, value, chips, new_stack))
            if value.with_chips:
                status = _("Saved: use the suggested structure and its chips.")
            elif new_stack is not None:
                status = _("Saved: the suggested structure, starting stack T{chips}.").format(
                    chips=format_chips(new_stack)
                )
            else:
                status = _("Saved: use the suggested structure.")
            self._saved(value.saved, status)
            told(None)

        def refused(message: str) -> str:
            told(message)
            return message

        return self._submit(work, done, refused)

    def _unchanged(self, tid: int) -> Changes:
        return Changes(tournament_id=tid, what=Change.NONE, revision=0)

    def _suggested_step(
        self, before: Structure, value: _Suggested, chips: ChipSet | None, new_stack: int | None
    ) -> UndoStep:
        """Undo puts the structure back, with its chips and starting stack when the suggestion
        changed them, in one service call, while the saved structure is still the one this
        step left."""
        tid = self.tournament_id
        structures = self._services.structure
        text = _("use the suggested structure")
        saved, old_chips, old_stack = value.saved, value.old_chips, value.old_stack
        with_chips = value.with_chips

        def redo() -> Outcome[Structure]:
            return structures.replace(
                tid,
                saved,
                f"redo “{text}”",
                chips=chips if with_chips else None,
                starting_stack=new_stack,
                expected=before,
            )

        def undo() -> Outcome[Structure]:
            return structures.replace(
                tid,
                before,
                f"undo “{text}”",
                chips=old_chips if with_chips else None,
                starting_stack=old_stack if new_stack is not None else None,
                expected=saved,
            )

        return UndoStep(text, redo, undo, obsolete_on=OBSOLETE_ON)


def _ignore(_problem: str | None) -> None:
    return None
