"""Closing the structure editor with an edit still open: ask, never save or drop it silently.

A cell being typed in, or a structure name typed but not yet entered, is an edit the director has
not finished. Closing the window (the title bar's ×, Esc, Ctrl+W) used to save it on the way out,
because Qt commits an open cell editor when it loses the focus. Now the editor asks: Save (the
edit is saved as if Enter had been pressed, and the window closes once the save answered, unless
the value is refused),
Discard (the window closes and nothing is saved) or Keep editing (the default: nothing happens,
the cell stays open).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from clockapp.core.structure.cells import row_name
from clockapp.i18n import gettext as _
from clockapp.ui.structure.widgets import ask_unsaved

if TYPE_CHECKING:
    from clockapp.ui.structure.window import StructureEditor

Button = QMessageBox.StandardButton
_HORIZONTAL = Qt.Orientation.Horizontal


class LeaveGuard:
    """Ask before the editor closes over an unfinished edit (`StructureEditor.leaving`).

    The editor's `closeEvent` and `reject` ask `may_leave`; `asking` is True while the question
    is open (the name field's editingFinished, fired as the focus moves to it, then waits).
    """

    def __init__(self, editor: StructureEditor) -> None:
        self._editor = editor
        self.asking = False

    def pending_edit(self) -> str | None:
        """The unfinished edit in words ("Row 1, level 1: small blind"), or None."""
        editor = self._editor
        structure = editor.structure
        if structure is None:
            return None
        index = editor.table.editing_index()
        if index is not None:
            header = editor.model.headerData(index.column(), _HORIZONTAL)
            return _("{row}: {column}").format(
                row=row_name(structure, index.row()), column=str(header).lower()
            )
        if editor.name_edit.text().strip() != structure.name and editor.name_edit.isModified():
            return _("the structure's name")
        return None

    def may_leave(self) -> bool:
        """True when the window may close: nothing is open, or the director chose Save/Discard."""
        what = self.pending_edit()
        if what is None:
            return True
        editor = self._editor
        self.asking = True
        try:
            with editor.table.holding_editor():
                answer = ask_unsaved(
                    editor,
                    _("Save your change to {what}?").format(what=what),
                    _("You are in the middle of an edit. Save it, discard it, or keep editing."),
                )
        finally:
            self.asking = False
        if answer == Button.Save:
            before = editor.undo_stack.index()
            if editor.table.editing_index() is not None:
                editor.table.commit_editor()
            else:
                editor.rows.rename()
            if editor.saving.pending:
                # The save is on the station's worker: close when it answers, unless it is
                # refused (its message stays in the banner, so it can be read).
                editor.saving.close_when_saved = True
                return False
            # A refused value leaves its message in the banner: stay, so it can be read.
            return editor.undo_stack.index() != before or not editor.banner.isVisible()
        if answer == Button.Discard:
            editor.table.discard_editor()
            structure = editor.structure
            if structure is not None:
                editor.name_edit.setText(structure.name)
                editor.name_edit.setModified(False)
            return True
        editor.table.resume_editor()
        return False
