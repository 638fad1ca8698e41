"""The generator dialog's own chips, and the question before leaving it (`GeneratorDialog.chips`).

"Edit chips…" edits the chips of the structure being made: the chip editor checks them against
that structure (`suggest_structure` with the dialog's inputs), not against the tournament's saved
structure, and nothing is stored until "Use this structure" saves the chips with the structure.
Closing the dialog over chips edited here asks first: use the structure with them, drop them, or
keep editing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QMessageBox

from clockapp.core.chips import ChipSet
from clockapp.core.generator import SuggestedStructure
from clockapp.core.structure import suggest_structure
from clockapp.formats import chips as format_chips
from clockapp.i18n import gettext as _
from clockapp.services.app import Services
from clockapp.services.changes import Change, Changes
from clockapp.ui.bus import LatestRead, TournamentBus
from clockapp.ui.errors import report
from clockapp.ui.structure.widgets import ask_unsaved

if TYPE_CHECKING:
    from clockapp.ui.structure.generator import GeneratorDialog


class OwnChips:
    """The chips of the structure being made, and the tournament's saved ones."""

    def __init__(
        self, dialog: GeneratorDialog, services: Services, bus: TournamentBus, chips: ChipSet
    ) -> None:
        self._dialog = dialog
        self._services = services
        self._bus = bus
        self.chip_set = chips  # the chips of the structure being made
        self.saved = chips  # the tournament's
        self.asking = False  # True while the "use them?" question is open
        # The tournament's chips, read again on the worker when another station changes them.
        self._reads = LatestRead(
            bus,
            lambda: services.structure.chip_set(bus.tournament_id),
            self._on_read,
            self._on_read_failed,
        )

    def describe(self) -> str:
        """The chips as coloured dots and values (rich text for the dialog's label)."""
        parts = [
            f'<span style="color:{d.hex}; font-size:large;">●</span>&nbsp;T{format_chips(d.value)}'
            for d in self.chip_set.denominations
        ]
        return " &nbsp; ".join(parts)

    def open_editor(self) -> QDialog:
        """Edit the chips of the structure being made (checked against it, stored on Use)."""
        from clockapp.ui.structure.chips import ChipSetEditor

        dialog = ChipSetEditor(
            self._services, self._bus, self._dialog, chip_set=self.chip_set, check=self._check
        )
        dialog.saved.connect(self.on_saved)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def _check(self, chips: ChipSet) -> SuggestedStructure:
        """The structure these chips would make; raises a DomainError when they cannot."""
        return suggest_structure(**{**self._dialog.inputs(), "chips": chips})

    def on_saved(self, chips: ChipSet) -> None:
        """The chip editor's Save: the structure being made uses these chips."""
        self.chip_set = chips
        self._dialog.chips_changed()

    def may_leave(self) -> bool:
        """True when the dialog may close: no chips of its own, or the director chose to use the
        structure with them (Save) or to drop them (Discard)."""
        if self.chip_set == self.saved:
            return True
        self.asking = True
        try:
            answer = ask_unsaved(
                self._dialog,
                _("Use the suggested structure with the chips you edited?"),
                _(
                    "The chips you edited here are saved only with the suggested structure. Use it "
                    "(Save), drop both (Discard), or keep editing."
                ),
            )
        finally:
            self.asking = False
        if answer == QMessageBox.StandardButton.Save:
            self._dialog.use()
            return False  # use() has closed the dialog, or says why it could not
        return answer == QMessageBox.StandardButton.Discard

    def follow(self, changes: Changes) -> None:
        """Another station changed the tournament's chips: follow them unless edited here."""
        if changes.touches(Change.CHIPS):
            self._reads.ask()

    def _on_read(self, saved: ChipSet) -> None:
        if not shiboken6.isValid(self._dialog):
            return  # the dialog was closed while the chips were read
        if self.chip_set == self.saved:  # no chips of its own: follow the tournament
            self.chip_set = saved
        self.saved = saved
        self._dialog.chips_changed()

    def _on_read_failed(self, error: Exception) -> None:
        if shiboken6.isValid(self._dialog):
            report(error, self._dialog)
