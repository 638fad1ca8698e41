"""The structure editor window: levels and breaks, templates and presets, import and export.

Every change is one saved step: the editor builds the new structure (`edits`), saves it with
`services.structure.replace` through the bus, and only then shows it. A refused change (a small
blind above the big blind, a blind the chips cannot pay, a level already played) shows a banner that
names the row and the problem, and the table stays on the saved structure. Each saved step goes on
the editor's own undo stack, whose commands save the structure before or after again.

The editor follows the bus: another station's edit, a chip set change or the clock moving on
(which freezes more rows) refresh it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QHideEvent, QShowEvent, QUndoStack
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenuBar,
    QSplitter,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from clockapp.core.chips import ChipSet
from clockapp.core.clock import ClockState, view
from clockapp.core.structure import Structure, cells
from clockapp.errors import DomainError
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext
from clockapp.services.app import Services
from clockapp.services.changes import Change, Changes
from clockapp.services.clock import ClockSnapshot
from clockapp.ui.actions import StructureAction
from clockapp.ui.banner import MessageBanner
from clockapp.ui.bus import LatestRead, TournamentBus
from clockapp.ui.exports import export_file_name
from clockapp.ui.settings import UiSettings
from clockapp.ui.structure.actions import install_editor_actions
from clockapp.ui.structure.files import StructureFiles
from clockapp.ui.structure.leaving import LeaveGuard
from clockapp.ui.structure.library import LibraryPanel
from clockapp.ui.structure.model import KIND_ROLE, StructureTableModel
from clockapp.ui.structure.rows import RowEdits
from clockapp.ui.structure.saving import StructureSaving
from clockapp.ui.structure.table import StructureTableView
from clockapp.ui.ticks import guarded

if TYPE_CHECKING:
    from clockapp.ui.structure.generator import GeneratorDialog, GeneratorStart

GEOMETRY_KEY = "structure_editor"
REFRESH_FLAGS = Change.STRUCTURE | Change.CLOCK | Change.CHIPS | Change.TOURNAMENT


@dataclass(frozen=True)
class _EditorRead:
    """What the editor shows, read on the worker."""

    snapshot: ClockSnapshot
    templates: tuple[tuple[int, str], ...]
    presets: tuple[tuple[str, str], ...]


class StructureEditor(QDialog):
    """The structure editor for the bus's tournament (a non-modal window).

    Composed of parts that each own one job: `saving` (every change as one undoable saved step),
    `rows` (row and cell edits), `files` (presets, templates, import and export) and `leaving`
    (the question before closing over an unfinished edit).
    """

    def __init__(
        self, services: Services, bus: TournamentBus, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._services = services
        self._bus = bus
        self._structure: Structure | None = None
        self._chip_set: ChipSet | None = None
        self.generator_dialog: GeneratorDialog | None = None  # the last one opened (Ctrl+G)
        self._state: ClockState | None = None
        self._tournament_name = ""
        self._tournament_day: date | None = None  # when it was created, in local time
        self.undo_stack = QUndoStack(self)
        self.model = StructureTableModel(self)
        self.editor_actions: dict[StructureAction, QAction] = {}
        self._geometry_restored = False
        self.saving = StructureSaving(self, services, bus)
        self.rows = RowEdits(self)
        self.files = StructureFiles(self, services, bus)
        self.leaving = LeaveGuard(self)
        self.setWindowTitle(_("Structure"))
        self.setWindowFlags(
            Qt.WindowType.Window
            | Qt.WindowType.WindowMinMaxButtonsHint
            | Qt.WindowType.WindowCloseButtonHint
        )
        self.setSizeGripEnabled(True)
        self._setup_ui()
        self._setup_actions()
        self.model.edit_requested.connect(self.rows.edit_cell)
        self._bus.changed.connect(self._on_bus_changed)
        self._bus.tournament_switched.connect(self._on_bus_tournament_switched)
        self.undo_stack.indexChanged.connect(self._on_undo_stack_index_changed)
        # The clock moves on by itself; this timer only re-reads where it is, to freeze rows.
        self.clock_timer = QTimer(self)
        self.clock_timer.setInterval(1000)
        self.clock_timer.timeout.connect(guarded("the structure clock", self.refresh_clock))
        # What the editor shows is read on the station's worker (on this thread only while a
        # change made here is published): a save that waits on the database never freezes it.
        self._reads = LatestRead(bus, self._read, self._show_read, self._on_read_failed)
        self.reload()
        self.resize(1180, 700)
        self.table.setFocus()

    # ---------------------------------------------------------------- layout
    def _setup_ui(self) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 6, 12, 10)
        layout.setSpacing(8)
        self.menu_bar = QMenuBar(self)
        layout.setMenuBar(self.menu_bar)

        self.toolbar = QToolBar(self)
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        layout.addWidget(self.toolbar)

        header = QHBoxLayout()
        name_label = QLabel(_("&Name"))
        self.name_edit = QLineEdit(self)
        self.name_edit.setMaxLength(120)
        self.name_edit.setMinimumWidth(260)
        self.name_edit.setAccessibleName(_("Structure name"))
        self.name_edit.editingFinished.connect(self.rows.rename)
        name_label.setBuddy(self.name_edit)
        self.summary_label = QLabel(self)
        self.summary_label.setTextFormat(Qt.TextFormat.PlainText)
        header.addWidget(name_label)
        header.addWidget(self.name_edit)
        header.addSpacing(12)
        header.addWidget(self.summary_label, 1)
        layout.addLayout(header)

        self.banner = MessageBanner(self)
        layout.addWidget(self.banner)

        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.table = StructureTableView(splitter)
        self.table.setModel(self.model)
        self.table.edit_refused.connect(self._on_table_edit_refused)
        self.library = LibraryPanel(splitter)
        self.library.setMinimumWidth(220)
        self.library.load_requested.connect(self.files.load_entry)
        self.library.delete_requested.connect(self.files.delete_entry)
        self.library.save_requested.connect(self.files.save_template)
        splitter.addWidget(self.table)
        splitter.addWidget(self.library)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 0)
        splitter.setSizes([900, 250])
        layout.addWidget(splitter, 1)

        footer = QHBoxLayout()
        self.clock_label = QLabel(self)
        self.status_label = QLabel(self)
        self.status_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        footer.addWidget(self.clock_label, 1)
        footer.addWidget(self.status_label)
        layout.addLayout(footer)

    def _setup_actions(self) -> None:
        rows, files = self.rows, self.files
        self.editor_actions = install_editor_actions(
            self,
            {
                StructureAction.ADD_LEVEL: rows.add_level,
                StructureAction.ADD_BREAK: rows.add_break,
                StructureAction.INSERT_LEVEL: rows.insert_level,
                StructureAction.INSERT_BREAK: rows.insert_break,
                StructureAction.DUPLICATE: rows.duplicate,
                StructureAction.DELETE: rows.delete_selected,
                StructureAction.MOVE_UP: rows.move_up,
                StructureAction.MOVE_DOWN: rows.move_down,
                StructureAction.PLANNED_LAST: rows.mark_planned_last,
                StructureAction.UNDO: self.saving.undo,
                StructureAction.REDO: self.saving.redo,
                StructureAction.CHIPS: self.open_chip_editor,
                StructureAction.SUGGEST: self.open_generator,
                StructureAction.IMPORT: files.import_file,
                StructureAction.EXPORT: files.export_file,
                StructureAction.SAVE_TEMPLATE: files.save_template,
                StructureAction.CLOSE: self.close,
            },
        )
        # Bound methods, not lambdas: Qt drops them when the window goes, before its children.
        self.table.selectionModel().selectionChanged.connect(self._on_table_selection_changed)
        self.table.selectionModel().currentChanged.connect(self._on_table_selection_changed)

    # ---------------------------------------------------------------- reading
    @property
    def tournament_id(self) -> int:
        """The tournament edited: always the bus's."""
        return self._bus.tournament_id

    def export_name(self, what: str, suffix: str) -> str:
        """The file name an export of `what` suggests: the tournament's name and date first (as
        last read; the structure's name before the first read)."""
        if not self._tournament_name and self._structure is not None:
            return export_file_name(self._structure.name, None, what, suffix)
        return export_file_name(self._tournament_name, self._tournament_day, what, suffix)

    @property
    def structure(self) -> Structure | None:
        """The saved structure shown."""
        return self._structure

    @property
    def chip_set(self) -> ChipSet | None:
        """The tournament's chips."""
        return self._chip_set

    @property
    def current_row(self) -> int | None:
        """The row the clock is on (None before it starts)."""
        return self.model.current_row

    def reload(self) -> None:
        """Read the structure, chips, clock and library again (on the worker) and show them."""
        self._reads.ask()

    def _read(self) -> _EditorRead:
        structures = self._services.structure
        return _EditorRead(
            self._services.clock.snapshot(self.tournament_id),
            tuple((t.id, t.name) for t in structures.templates()),
            tuple((key, self.files.preset_name(key)) for key in structures.presets()),
        )

    def _show_read(self, read: _EditorRead) -> None:
        snapshot = read.snapshot
        self._chip_set = snapshot.chip_set
        self._state = snapshot.state
        self._tournament_name = snapshot.tournament.name
        self._tournament_day = snapshot.tournament.created_at.astimezone().date()
        self.setWindowTitle(
            _("Structure — {tournament}").format(tournament=snapshot.tournament.name)
        )
        self.show_saved(snapshot.structure)
        self.library.set_entries(read.presets, read.templates)

    def _on_read_failed(self, error: Exception) -> None:
        self.show_error(_("The structure could not be read: {error}").format(error=error))

    def show_saved(self, structure: Structure) -> None:
        """Show a structure just saved or read (no database read)."""
        self._structure = structure
        self.model.set_structure(structure, self._chip_set)
        if not self.name_edit.hasFocus():
            self.name_edit.setText(structure.name)
        self.refresh_clock()
        self._update_summary()

    def reload_library(self) -> None:
        """List the presets and the saved templates again (on the worker)."""
        self._reads.ask()

    def refresh_clock(self) -> None:
        """Mark the row the clock is on now; rows before it are frozen."""
        current = None
        if self._state is not None and self._structure is not None and self._state.started:
            try:
                current = view(self._state, self._structure, self._services.now()).index
            except DomainError:
                current = None
        self.model.set_current_row(current)
        if current is None:
            self.clock_label.setText(_("Clock not started: every row can be edited."))
        else:
            assert self._structure is not None
            name = cells.row_name(self._structure, current)
            where = name.partition(", ")[2] or name
            self.clock_label.setText(
                (
                    _("▶ The clock is on {row}. Rows above it are played and frozen.")
                    if current > 0
                    else _("▶ The clock is on {row}.")
                ).format(row=where)
            )
        self.update_actions()

    def _update_summary(self) -> None:
        structure = self._structure
        if structure is None:
            self.summary_label.clear()
            return
        levels = structure.level_count
        breaks = len(structure.levels) - levels
        total = sum(item.minutes for item in structure.levels)
        parts = [
            ngettext("{count} level", "{count} levels", levels).format(count=levels),
            ngettext("{count} break", "{count} breaks", breaks).format(count=breaks),
            _("{time} in all").format(time=cells.format_hours(total)),
        ]
        planned = structure.planned_last_level
        if planned is not None:
            index = structure.index_of_level(planned)
            ends = cells.start_minutes(structure)[index] + structure.levels[index].minutes
            parts.append(
                _("planned end after level {level} ({time})").format(
                    level=planned, time=cells.format_hours(ends)
                )
            )
        self.summary_label.setText(" · ".join(parts))

    def _on_table_edit_refused(self, row: int) -> None:
        structure = self._structure
        if structure is None or not self.model.is_frozen(row):
            return  # a read-only column (level number, start time): nothing to say
        self.show_error(
            _("{row} has already been played: it is frozen while the clock runs.").format(
                row=cells.row_name(structure, row)
            )
        )

    def _on_undo_stack_index_changed(self, _index: int) -> None:
        self.update_actions()

    def _on_table_selection_changed(self, *_args: object) -> None:
        self.update_actions()

    def update_actions(self) -> None:
        """Enable what applies to the selection and the undo stack."""
        if not hasattr(self, "table") or not self.editor_actions:
            return
        saving = self.saving.pending  # a save is on its way: no other edit until it answers
        for name, action in self.editor_actions.items():
            action.setEnabled(not saving or name is StructureAction.CLOSE)
        self.name_edit.setReadOnly(saving)
        self.library.setEnabled(not saving)
        if saving:
            return
        rows = self.table.selected_rows()
        has_rows = bool(rows)
        count = self.model.rowCount()
        self.editor_actions[StructureAction.DUPLICATE].setEnabled(has_rows)
        self.editor_actions[StructureAction.DELETE].setEnabled(has_rows)
        self.editor_actions[StructureAction.MOVE_UP].setEnabled(has_rows and rows[0] > 0)
        self.editor_actions[StructureAction.MOVE_DOWN].setEnabled(has_rows and rows[-1] < count - 1)
        self.editor_actions[StructureAction.PLANNED_LAST].setEnabled(
            len(rows) == 1 and self.model.index(rows[0], 0).data(KIND_ROLE) == "level"
        )
        self.editor_actions[StructureAction.UNDO].setEnabled(self.undo_stack.canUndo())
        self.editor_actions[StructureAction.REDO].setEnabled(self.undo_stack.canRedo())
        undo_text = self.undo_stack.undoText()
        redo_text = self.undo_stack.redoText()
        self.editor_actions[StructureAction.UNDO].setToolTip(
            _("Undo {action} (Ctrl+Z)").format(action=undo_text) if undo_text else _("Undo")
        )
        self.editor_actions[StructureAction.REDO].setToolTip(
            _("Redo {action} (Ctrl+Shift+Z)").format(action=redo_text) if redo_text else _("Redo")
        )

    # ---------------------------------------------------------------- messages
    def show_error(self, message: str) -> None:
        """Tell the director what was refused (the banner above the table)."""
        self.banner.show_message(message, "error")

    def show_status(self, message: str) -> None:
        """A short note in the footer (what was just done)."""
        self.status_label.setText(message)

    # ---------------------------------------------------------------- other windows
    def open_chip_editor(self) -> QDialog:
        """Ctrl+Shift+K: the chip set editor (window-modal)."""
        from clockapp.ui.structure.chips import ChipSetEditor

        # The chips as last read (before the first read answers, the dialog reads them).
        dialog = ChipSetEditor(self._services, self._bus, self, chip_set=self._chip_set)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def open_generator(self) -> bool:
        """Ctrl+G: the "suggest a structure" dialog, as `generator_dialog` once what it starts
        from is read on the worker; its choice is applied here (undoable). False when nothing
        was asked (a read is still on its way)."""
        from clockapp.ui.structure.generator import GeneratorDialog, read_generator_start

        services, tid = self._services, self.tournament_id

        def opened(start: GeneratorStart) -> None:
            dialog = GeneratorDialog(
                self._services,
                self._bus,
                start,
                self,
                on_use=lambda s, stack, chips, stacks, answered: self.saving.use_suggested(
                    s, stack, chips, stacks, answered
                ),
            )
            dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            dialog.open()
            self.generator_dialog = dialog

        return self._bus.worker.submit(
            lambda: read_generator_start(services, tid),
            opened,
            key=(self, "generator"),
            asker=self,
        )

    # ---------------------------------------------------------------- bus
    def _on_bus_changed(self, changes: Changes) -> None:
        if changes.tournament_id not in (None, self.tournament_id):
            return
        if changes.touches(REFRESH_FLAGS):
            self.reload()

    def _on_bus_tournament_switched(self, _tournament_id: int) -> None:
        # Another tournament's structure: this one's undo steps no longer apply.
        self.undo_stack.clear()
        self.banner.hide_message()

    # ---------------------------------------------------------------- window
    def closeEvent(self, event: QCloseEvent) -> None:
        """The title bar's x and Ctrl+W: ask first over an unfinished edit."""
        leaving = self.leaving
        if leaving.asking or not leaving.may_leave():
            event.ignore()
            return
        leaving.asking = True  # QDialog.closeEvent calls reject(): already answered
        try:
            super().closeEvent(event)
        finally:
            leaving.asking = False

    def reject(self) -> None:
        """Esc: the same question as the title bar's x and Ctrl+W."""
        if self.leaving.asking or self.leaving.may_leave():
            super().reject()

    def showEvent(self, event: QShowEvent) -> None:
        if not self._geometry_restored:
            self._geometry_restored = True
            UiSettings().restore_geometry(GEOMETRY_KEY, self)
        super().showEvent(event)
        self.clock_timer.start()
        self.refresh_clock()

    def hideEvent(self, event: QHideEvent) -> None:
        # Closing (the button, Esc or Ctrl+W) hides the window: keep its place for next time.
        self.clock_timer.stop()
        settings = UiSettings()
        settings.save_geometry(GEOMETRY_KEY, self)
        settings.sync()
        super().hideEvent(event)
