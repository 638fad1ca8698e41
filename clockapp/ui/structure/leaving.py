"""Closing the structure editor with an edit still open: ask, never save or drop it silently.

A cell being typed in, or a structure name typed but not yet entered, is an edit the director has
not finished. Closing the window (the title bar's ×, Esc, Ctrl+W) used to save it on the way out,
because Qt commits an open cell editor when it loses the focus. Now the editor asks: Save (the
edit is saved as if Enter had been pressed, and the window closes unless the value is refused),
Discard (the window closes and nothing is saved) or Keep editing (the default: nothing happens,
the cell stays open).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QMessageBox

from clockapp.core.structure_cells import row_name
from clockapp.ui.structure.widgets import ask_unsaved

Button = QMessageBox.StandardButton
_HORIZONTAL = Qt.Orientation.Horizontal


class LeavingGuard:
    """Ask before the editor closes over an unfinished edit; mixed into `StructureEditor`."""

    _asking_to_leave = False

    def pending_edit(self) -> str | None:
        """The unfinished edit in words ("Row 1, level 1: small blind"), or None."""
        structure = self._structure
        if structure is None:
            return None
        index = self.table.editing_index()
        if index is not None:
            header = self.model.headerData(index.column(), _HORIZONTAL)
            return f"{row_name(structure, index.row())}: {str(header).lower()}"
        if self.name_edit.text().strip() != structure.name and self.name_edit.isModified():
            return "the structure's name"
        return None

    def may_leave(self) -> bool:
        """True when the window may close: nothing is open, or the director chose Save/Discard."""
        what = self.pending_edit()
        if what is None:
            return True
        self._asking_to_leave = True
        try:
            with self.table.holding_editor():
                answer = ask_unsaved(
                    self,
                    f"Save your change to {what}?",
                    "You are in the middle of an edit. Save it, discard it, or keep editing.",
                )
        finally:
            self._asking_to_leave = False
        if answer == Button.Save:
            before = self.undo_stack.index()
            if self.table.editing_index() is not None:
                self.table.commit_editor()
            else:
                self._on_name_edit_finished()
            # A refused value leaves its message in the banner: stay, so it can be read.
            return self.undo_stack.index() != before or not self.banner.isVisible()
        if answer == Button.Discard:
            self.table.discard_editor()
            if self._structure is not None:
                self.name_edit.setText(self._structure.name)
                self.name_edit.setModified(False)
            return True
        self.table.resume_editor()
        return False

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._asking_to_leave or not self.may_leave():
            event.ignore()
            return
        self._asking_to_leave = True  # QDialog.closeEvent calls reject(): already answered
        try:
            super().closeEvent(event)
        finally:
            self._asking_to_leave = False

    def reject(self) -> None:
        # Esc: the same question as the title bar's x and Ctrl+W.
        if self._asking_to_leave:
            super().reject()
            return
        if self.may_leave():
            super().reject()
