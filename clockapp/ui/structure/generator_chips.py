"""The generator dialog's own chips, and leaving it (a mixin of `GeneratorDialog`).

"Edit chips…" edits the chips of the structure being made: the chip editor checks them against
that structure (`suggest_structure` with the dialog's inputs), not against the tournament's saved
structure, and nothing is stored until "Use this structure" saves the chips with the structure.
Closing the dialog over chips edited here asks first: use the structure with them, drop them, or
keep editing.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QDialog, QMessageBox

from clockapp.core.chips import ChipSet
from clockapp.core.generator import SuggestedStructure
from clockapp.core.structure import suggest_structure
from clockapp.services.changes import Change, Changes
from clockapp.ui.structure.widgets import ask_unsaved


class GeneratorChips:
    """The chips of the structure being made; mixed into `GeneratorDialog`."""

    # ---------------------------------------------------------------- chips
    @property
    def chip_set(self) -> ChipSet:
        """The chips of the structure being made (saved with it by "Use this structure")."""
        return self._chip_set

    def open_chip_editor(self) -> QDialog:
        """Edit the chips of the structure being made (checked against it, stored on Use)."""
        from clockapp.ui.structure.chips import ChipSetEditor

        dialog = ChipSetEditor(
            self._services, self._bus, self, chip_set=self._chip_set, check=self._check_chips
        )
        dialog.saved.connect(self._on_chip_editor_saved)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def _on_chips_button_clicked(self) -> None:
        self.open_chip_editor()

    def _check_chips(self, chips: ChipSet) -> SuggestedStructure:
        """The structure these chips would make; raises a DomainError when they cannot."""
        return suggest_structure(**{**self.inputs(), "chips": chips})

    def _on_chip_editor_saved(self, chips: ChipSet) -> None:
        self._chip_set = chips
        self._show_chips()
        self.recompute()

    # ---------------------------------------------------------------- leaving
    def may_leave(self) -> bool:
        """True when the dialog may close: no chips of its own, or the director chose to use the
        structure with them (Save) or to drop them (Discard)."""
        if self._chip_set == self._saved_chips:
            return True
        self._asking = True
        try:
            answer = ask_unsaved(
                self,
                "Use the suggested structure with the chips you edited?",
                "The chips you edited here are saved only with the suggested structure. Use it "
                "(Save), drop both (Discard), or keep editing.",
            )
        finally:
            self._asking = False
        if answer == QMessageBox.StandardButton.Save:
            self.use()
            return False  # use() has closed the dialog, or says why it could not
        return answer == QMessageBox.StandardButton.Discard

    def reject(self) -> None:
        # Close and Esc; the title bar's x comes here through closeEvent.
        if self._asking or self.may_leave():
            super().reject()

    def closeEvent(self, event: QCloseEvent) -> None:
        # The title bar's x (a spontaneous event) asks; the app closing the dialog does not.
        if event.spontaneous() and self.isVisible() and not self._asking and not self.may_leave():
            event.ignore()
            return
        self._asking = True  # QDialog.closeEvent calls reject(): nothing more to ask
        try:
            super().closeEvent(event)
        finally:
            self._asking = False

    def _on_bus_changed(self, changes: Changes) -> None:
        if changes.touches(Change.CHIPS):
            saved = self._services.structure.chip_set(self._bus.tournament_id)
            if self._chip_set == self._saved_chips:  # no chips of its own: follow the tournament
                self._chip_set = saved
            self._saved_chips = saved
            self._show_chips()
            self.recompute()
