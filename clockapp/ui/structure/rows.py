"""Row and cell operations of the structure editor (`StructureEditor.rows`).

Each operation builds the new structure with a pure function from `edits`, refusing up front what
would touch a played level, and hands it to `StructureSaving.apply`, which saves it as one
undoable step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from clockapp.core.structure import Structure, StructureError, edits
from clockapp.core.structure.cells import HEADERS, Column, row_name
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext

if TYPE_CHECKING:
    from clockapp.ui.structure.window import StructureEditor


class RowEdits:
    """Add, insert, duplicate, delete, move and edit the editor's rows."""

    def __init__(self, editor: StructureEditor) -> None:
        self._editor = editor

    # ---------------------------------------------------------------- cell edits
    def edit_cell(self, row: int, column: Column, value: object) -> None:
        """A value typed in a cell: saved as one step, or refused with a message."""
        editor = self._editor
        structure = editor.structure
        if structure is None:
            return
        try:
            edited = edits.edit_cell(structure, row, column, value)
        except StructureError as error:
            editor.show_error(str(error))
            return
        # `row_name` reads "Row 3, level 2": the step names the level, not the row.
        where = row_name(structure, row)
        level = where.partition(", ")[2] or where
        editor.saving.apply(
            edited, _("edit {row}: {column}").format(row=level, column=_(HEADERS[column]).lower())
        )

    def rename(self) -> None:
        """The name typed in the name field, once entered."""
        editor = self._editor
        if editor.leaving.asking:
            return  # the focus went to the "unsaved changes" question: wait for the answer
        structure = editor.structure
        if structure is None or editor.name_edit.text().strip() == structure.name:
            return
        try:
            edited = edits.renamed(structure, editor.name_edit.text())
        except StructureError as error:
            editor.show_error(str(error))
            editor.name_edit.setText(structure.name)
            return
        editor.saving.apply(edited, _("rename the structure"))

    # ---------------------------------------------------------------- row operations
    def _guarded(self, build: Callable[[Structure], tuple[Structure, list[int]]], text: str,
                 column: int | None = None) -> bool:  # fmt: skip
        editor = self._editor
        structure = editor.structure
        if structure is None:
            return False
        try:
            edited, rows = build(structure)
        except StructureError as error:
            editor.show_error(str(error))
            return False
        return editor.saving.apply(edited, text, rows, column)

    def _chip_values(self) -> tuple[int, ...]:
        chips = self._editor.chip_set
        return chips.values if chips is not None else ()

    def _insert_position(self) -> int:
        rows = self._editor.table.selected_rows()
        return rows[0] if rows else self._editor.model.rowCount()

    def add_level(self) -> bool:
        """Ctrl+N: a new level at the end, one step up from the last."""
        return self._guarded(
            lambda s: _one(edits.insert_level(s, len(s.levels), self._chip_values())),
            _("add a level"),
            Column.SMALL_BLIND,
        )

    def add_break(self) -> bool:
        """Ctrl+Shift+B: a 15-minute break at the end."""
        return self._guarded(
            lambda s: _one(edits.insert_break(s, len(s.levels))), _("add a break"), Column.MINUTES
        )

    def insert_level(self) -> bool:
        """Insert: a new level before the selected row (between its neighbours' blinds)."""
        current = self._editor.current_row

        def build(s: Structure) -> tuple[Structure, list[int]]:
            position = self._insert_position()
            edits.check_insert_position(s, position, current)
            return _one(edits.insert_level(s, position, self._chip_values()))

        return self._guarded(build, _("insert a level"), Column.SMALL_BLIND)

    def insert_break(self) -> bool:
        """Shift+Insert: a break before the selected row."""
        current = self._editor.current_row

        def build(s: Structure) -> tuple[Structure, list[int]]:
            position = self._insert_position()
            edits.check_insert_position(s, position, current)
            return _one(edits.insert_break(s, position))

        return self._guarded(build, _("insert a break"), Column.MINUTES)

    def duplicate(self) -> bool:
        """Ctrl+J: copy the selected rows right below them."""
        rows = self._editor.table.selected_rows()
        current = self._editor.current_row

        def build(s: Structure) -> tuple[Structure, list[int]]:
            if not rows:
                raise StructureError(_("Select the rows to duplicate first."))
            edits.check_insert_position(s, rows[-1] + 1, current)
            return edits.duplicate_rows(s, rows)

        return self._guarded(build, _("duplicate rows"))

    def delete_selected(self) -> bool:
        """Delete: remove the selected rows."""
        rows = self._editor.table.selected_rows()
        current = self._editor.current_row

        def build(s: Structure) -> tuple[Structure, list[int]]:
            if not rows:
                raise StructureError(_("Select the rows to delete first."))
            edits.check_rows_unlocked(s, rows, current)
            edited = edits.delete_rows(s, rows)
            return edited, [min(rows[0], len(edited.levels) - 1)]

        count = len(rows)
        return self._guarded(
            build, ngettext("delete {count} row", "delete {count} rows", count).format(count=count)
        )

    def _move(self, delta: int) -> bool:
        rows = self._editor.table.selected_rows()
        current = self._editor.current_row

        def build(s: Structure) -> tuple[Structure, list[int]]:
            if not rows:
                raise StructureError(_("Select the rows to move first."))
            edits.check_rows_unlocked(s, rows, current)
            edits.check_rows_unlocked(
                s, [r + delta for r in rows if 0 <= r + delta < len(s.levels)], current
            )
            return edits.move_rows(s, rows, delta)

        return self._guarded(build, _("move rows up") if delta < 0 else _("move rows down"))

    def move_up(self) -> bool:
        """Ctrl+Up: move the selected rows up one place."""
        return self._move(-1)

    def move_down(self) -> bool:
        """Ctrl+Down: move the selected rows down one place."""
        return self._move(1)

    def mark_planned_last(self) -> bool:
        """Mark the selected level as the one at which the planned time runs out."""
        rows = self._editor.table.selected_rows()
        return self._guarded(
            lambda s: (edits.with_planned_last(s, rows[0] if rows else None), rows),
            _("mark the planned last level"),
        )


def _one(result: tuple[Structure, int]) -> tuple[Structure, list[int]]:
    structure, row = result
    return structure, [row]
