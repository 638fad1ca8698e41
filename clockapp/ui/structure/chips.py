"""The chip set editor: denominations, their colors, and how many of each the host owns.

The dialog edits a draft (`chip_model`) and saves it with `services.structure.set_chip_set` only
on Save. The draft is checked as the director types: a missing value, a chip listed twice or a chip
the structure still needs shows a message, and Save says why it cannot save. Cancel drops the draft
on purpose; closing the window (x or Esc) over a changed draft asks Save, Discard or Keep editing.

Opened from the structure generator, the dialog edits the chips of the structure being made, not
the tournament's: `check` validates the draft against that structure (the saved structure may
still need a chip the new one does not), and Save hands the chips back through `saved` without
storing them; the generator stores them with the structure it suggests.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from PySide6.QtCore import QSize, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clockapp.core.chips import ChipError, ChipSet
from clockapp.errors import DomainError
from clockapp.formats import chips as format_chips
from clockapp.i18n import N_, ngettext
from clockapp.i18n import gettext as _
from clockapp.services.app import Services
from clockapp.ui.actions import StructureAction, create_action
from clockapp.ui.banner import MessageBanner
from clockapp.ui.bus import TournamentBus
from clockapp.ui.errors import report
from clockapp.ui.structure.chip_model import (
    CHIP,
    VALUE,
    ChipDelegate,
    ChipDraft,
    ChipTableModel,
    build_chip_set,
    next_value,
    standard_draft,
)
from clockapp.ui.structure.widgets import ask_unsaved

__all__ = ["ChipSetEditor"]

#: Save pressed again while the last save has not answered.
STILL_SAVING = N_("The chips are still being saved.")


class ChipSetEditor(QDialog):
    """Edit the tournament's chips; Save stores them, Cancel forgets the draft."""

    saved = Signal(object)  # ChipSet

    def __init__(
        self,
        services: Services,
        bus: TournamentBus,
        parent: QWidget | None = None,
        *,
        chip_set: ChipSet | None = None,
        check: Callable[[ChipSet], object] | None = None,
    ) -> None:
        super().__init__(parent)
        self._services = services
        self._bus = bus
        self._check = check
        if chip_set is None:
            chip_set = services.structure.chip_set(bus.tournament_id)
        drafts = [
            ChipDraft.of(d, None if chip_set.owned is None else chip_set.owned[i])
            for i, d in enumerate(chip_set.denominations)
        ]
        self._loaded = list(drafts)
        self._asking = False
        self.model = ChipTableModel(drafts, self)
        self.model.drafts_changed.connect(self._on_model_drafts_changed)
        self.setWindowTitle(_("Chips"))
        self._setup_ui()
        self._on_model_drafts_changed()
        self.resize(560, 480)

    def _setup_ui(self) -> None:
        layout = QVBoxLayout(self)
        layout.setSpacing(10)
        intro = QLabel(
            _(
                "The chips this tournament plays with. Fill in <b>Owned</b> to have the structure "
                "generator check you have enough; leave it empty if you have not counted."
            )
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)

        self.table = QTableView(self)
        self.table.setModel(self.model)
        self.table.setItemDelegate(ChipDelegate(self.table))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
            | QAbstractItemView.EditTrigger.SelectedClicked
        )
        self.table.setTabKeyNavigation(True)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(
            max(30, self.table.fontMetrics().height() + 14)
        )
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(CHIP, QHeaderView.ResizeMode.Fixed)
        self.table.setColumnWidth(CHIP, 110)
        self.table.setAccessibleName(_("Chips"))
        self.table.setIconSize(QSize(24, 24))
        layout.addWidget(self.table, 1)

        buttons = QHBoxLayout()
        self.add_button = QPushButton(_("&Add chip"))
        self.add_button.setToolTip(_("Add a denomination (Insert)"))
        self.add_button.clicked.connect(self.add_chip)
        self.remove_button = QPushButton(_("&Remove"))
        self.remove_button.setToolTip(_("Remove the selected denomination (Delete)"))
        self.remove_button.clicked.connect(self.remove_chip)
        self.standard_button = QPushButton(_("Standard &colors"))
        self.standard_button.setToolTip(
            _(
                "Give every chip its standard casino color (1 white, 5 red, 25 green, 100 black, "
                "500 purple, 1,000 orange, 5,000 grey; others blue, yellow ...)"
            )
        )
        self.standard_button.clicked.connect(self.use_standard_colors)
        for button in (self.add_button, self.remove_button, self.standard_button):
            button.setAutoDefault(False)
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout.addLayout(buttons)

        self.total_label = QLabel(self)
        layout.addWidget(self.total_label)
        self.banner = MessageBanner(self)
        layout.addWidget(self.banner)

        self.button_box = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        self.button_box.accepted.connect(self.save)
        # Cancel drops the draft on purpose; x and Esc ask first (`reject`).
        self.button_box.rejected.connect(self.discard)
        layout.addWidget(self.button_box)

        for action, slot in (
            (StructureAction.ADD_CHIP, self.add_chip),
            (StructureAction.REMOVE_CHIP, self.remove_chip),
        ):
            self.table.addAction(create_action(action, self.table, slot))

    # ---------------------------------------------------------------- operations
    def add_chip(self) -> int:
        """Add a denomination (the next standard value, in its color) and edit its value."""
        drafts = self.model.drafts
        values = [d.value for d in drafts if d.value is not None]
        draft = standard_draft(next_value(values), {d.color for d in drafts})
        if any(d.owned is not None for d in drafts):
            draft = replace(draft, owned=0)
        row = self.model.add(draft)
        self.table.setCurrentIndex(self.model.index(row, VALUE))
        self.table.setFocus()
        return row

    def remove_chip(self) -> None:
        """Remove the selected denomination."""
        index = self.table.currentIndex()
        if index.isValid():
            self.model.remove(index.row())

    def use_standard_colors(self) -> None:
        """Give every chip its standard color (custom colors for the others, blue first)."""
        used: set[str] = set()
        drafts = []
        for draft in self.model.drafts:
            if draft.value is None:
                drafts.append(draft)
                continue
            fresh = standard_draft(draft.value, used)
            used.add(fresh.color)
            drafts.append(replace(draft, color=fresh.color, hex=fresh.hex))
        self.model.set_drafts(drafts)

    def chip_set(self) -> ChipSet:
        """The chip set as drafted (raises ChipError when it is not valid)."""
        return build_chip_set(self.model.drafts)

    def save(self) -> bool:
        """Save the chip set; a refusal (a blind the new chips cannot pay) keeps the dialog open.

        The generator's chips are only checked, and handed back at once. The tournament's are
        saved on the worker: Save is busy meanwhile, and the dialog closes when the save
        answers. True when the chips were handed back or their save was asked.
        """
        try:
            chips = self.chip_set()
            if self._check is not None:
                self._check(chips)  # the structure being made, not the saved one
        except DomainError as error:
            self.banner.show_message(str(error), "error")
            return False
        drafts = self.model.drafts
        if self._check is not None:
            self._saved(chips, drafts)
            return True
        tid, structure = self._bus.tournament_id, self._services.structure
        if not self._bus.submit(
            lambda: structure.set_chip_set(tid, chips),
            lambda saved: self._saved(saved, drafts),
            self._on_save_refused,
            control=self.button_box,
            key=(self, "save"),
            asker=self,
        ):
            self.banner.show_message(_(STILL_SAVING), "info")
            return False
        return True

    def _saved(self, chips: ChipSet, drafts: list[ChipDraft]) -> None:
        self._loaded = drafts
        self.saved.emit(chips)
        self.accept()

    def _on_save_refused(self, error: Exception) -> None:
        if not isinstance(error, DomainError):
            report(error, self)
            return
        self.banner.show_message(str(error), "error")

    # ---------------------------------------------------------------- leaving
    def is_changed(self) -> bool:
        """Whether the draft differs from the chips the dialog opened with (or last saved)."""
        return self.model.drafts != self._loaded

    def discard(self) -> None:
        """Cancel: close and forget the draft."""
        self._loaded = self.model.drafts
        super().reject()

    def may_leave(self) -> bool:
        """True when the dialog may close: no changes, or the director chose Save or Discard."""
        # An open cell goes into the draft first (it is only a draft), so it counts as a change.
        self.table.setFocus()
        if not self.is_changed():
            return True
        self._asking = True
        try:
            answer = ask_unsaved(
                self,
                _("Save your changes to the chips?"),
                _(
                    "You changed the chips but did not save them. Save them, discard them, or keep "
                    "editing."
                ),
            )
        finally:
            self._asking = False
        if answer == QMessageBox.StandardButton.Save:
            # The tournament's chips close the dialog when their save answers: stay open.
            return self.save() and self._check is not None
        if answer == QMessageBox.StandardButton.Discard:
            self._loaded = self.model.drafts
            return True
        return False

    def reject(self) -> None:
        if self._asking:  # closing: already answered
            super().reject()
            return
        if not self.may_leave():
            return
        if self.isVisible():  # Save has already closed it
            super().reject()

    def closeEvent(self, event: QCloseEvent) -> None:
        # The title bar's x (a spontaneous event) asks; the app closing the dialog does not.
        asks = event.spontaneous() and self.isVisible()
        if self._asking or (asks and not self.may_leave()):
            event.ignore()
            return
        self._asking = True  # QDialog.closeEvent calls reject(): nothing more to ask
        try:
            super().closeEvent(event)
        finally:
            self._asking = False

    # ---------------------------------------------------------------- feedback
    def _on_model_drafts_changed(self) -> None:
        drafts = self.model.drafts
        self.remove_button.setEnabled(len(drafts) > 1)
        try:
            chips = self.chip_set()
        except ChipError as error:
            self.banner.show_message(str(error), "warning")
            self.total_label.clear()
            return
        self.banner.hide_message()
        if chips.owned is None:
            self.total_label.setText(
                ngettext(
                    "{count} denomination; owned chips not counted.",
                    "{count} denominations; owned chips not counted.",
                    len(chips.values),
                ).format(count=len(chips.values))
            )
            return
        count = sum(chips.owned)
        worth = sum(v * n for v, n in zip(chips.values, chips.owned, strict=True))
        self.total_label.setText(
            ngettext(
                "You own {count} chip worth T{worth} in all.",
                "You own {count} chips worth T{worth} in all.",
                count,
            ).format(count=format_chips(count), worth=format_chips(worth))
        )
