"""`DirectorWindow`: the director's controls on the laptop while the clock shows on the wall.

Buttons and menus for every action of the registry, a toolbar that opens the other windows, the
seat moves on the wall with a Done button each, the structure as a table to jump to a level, the
counts kept by hand until the cashier takes money, the hard end time, sound switches, and the
screen the display goes to. Errors appear inline in red and in the status bar.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import shiboken6
from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QFont, QGuiApplication, QUndoStack
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMainWindow,
    QPushButton,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clockapp.core.clock import ClockStatus, ClockView
from clockapp.ui.actions import Action
from clockapp.ui.clock import texts, theme
from clockapp.ui.clock.controller import ClockController
from clockapp.ui.clock.final_counts import FinalCountsDialog, open_final_counts
from clockapp.ui.clock.hard_end import FINAL_COUNTS, HardEndBox
from clockapp.ui.clock.levels import LevelTableModel
from clockapp.ui.clock.menus import install_menus
from clockapp.ui.clock.moves import PendingMovesBox
from clockapp.ui.clock.notices import NoticeBox
from clockapp.ui.clock.session import ClockSession
from clockapp.ui.clock.widgets import FitLabel

if TYPE_CHECKING:
    from clockapp.ui.clock.restore import RestoreDialog


class DirectorWindow(QMainWindow):
    """The director's main window."""

    screen_chosen = Signal(int)  # index into QGuiApplication.screens()
    move_done = Signal(int)  # a seat move's id: the player has moved
    all_moves_done = Signal()

    def __init__(
        self,
        session: ClockSession,
        controller: ClockController,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._session = session
        self._controller = controller
        self.actions_by_name: dict[Action, QAction] = {}
        self.setWindowTitle("clockapp")
        self._setup_ui()
        controller.error_raised.connect(self.show_error)
        # The undo stack belongs to the station and may be deleted first (at interpreter exit the
        # order is arbitrary): forget it when it goes, and stop listening when the window closes.
        self._stack: QUndoStack | None = controller.history.stack
        self._stack.indexChanged.connect(self.on_stack_index_changed)
        self._stack.destroyed.connect(self._on_stack_destroyed)
        session.snapshot_changed.connect(self._on_session_snapshot_changed)
        session.ticked.connect(self._on_session_ticked)
        session.moves_changed.connect(self.moves_box.set_moves)
        self.moves_box.set_moves(session.moves)
        self._on_session_snapshot_changed(session.snapshot)
        self._on_session_ticked(session.current_view())
        self.on_stack_index_changed()

    # ---------------------------------------------------------------- layout

    def _setup_ui(self) -> None:
        central = QWidget()
        self.setCentralWidget(central)
        columns = QHBoxLayout(central)
        left = QVBoxLayout()
        columns.addLayout(left, 5)
        self.notices = NoticeBox()  # optional parts that are off (sound, speech, font)
        left.addWidget(self.notices)

        # The clock in small.
        clock_box = QGroupBox("Clock")
        clock_box.setObjectName("clock_box")
        clock_layout = QVBoxLayout(clock_box)
        self.level_label = FitLabel("", color=theme.TEXT, fill=0.6)
        self.countdown_label = FitLabel("", color=theme.TEXT, fill=0.8, template="00:00")
        self.blinds_label = FitLabel("", color=theme.BLINDS, fill=0.65)
        self.status_label = FitLabel("", color=theme.MUTED, fill=0.55)
        for widget, height in (
            (self.level_label, 30),
            (self.countdown_label, 84),
            (self.blinds_label, 36),
            (self.status_label, 26),
        ):
            widget.setFixedHeight(height)
            clock_layout.addWidget(widget)
        clock_box.setStyleSheet("QGroupBox#clock_box { background: #0b0e13; color: #8a94a6; }")
        left.addWidget(clock_box)

        # The buttons.
        buttons = QGridLayout()
        self.buttons: dict[Action, QPushButton] = {}
        layout = (
            (Action.TOGGLE_PAUSE, 0, 0, 1, 2),
            (Action.PREVIOUS_LEVEL, 1, 0, 1, 1),
            (Action.NEXT_LEVEL, 1, 1, 1, 1),
            (Action.REMOVE_MINUTE, 2, 0, 1, 1),
            (Action.ADD_MINUTE, 2, 1, 1, 1),
            (Action.RESTART_LEVEL, 3, 0, 1, 1),
            (Action.SHOW_DISPLAY, 3, 1, 1, 1),
            (Action.UNDO, 4, 0, 1, 1),
            (Action.REDO, 4, 1, 1, 1),
        )
        for action, row, column, rows, cols in layout:
            button = QPushButton(action.text)
            button.setObjectName(f"button_{action.name.lower()}")
            button.setToolTip(f"{action.description} ({action.shortcut_label()})")
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys go to the window's shortcuts
            buttons.addWidget(button, row, column, rows, cols)
            self.buttons[action] = button
        big = QFont(self.buttons[Action.TOGGLE_PAUSE].font())
        big.setPointSizeF(big.pointSizeF() * 1.4)
        big.setBold(True)
        self.buttons[Action.TOGGLE_PAUSE].setFont(big)
        self.buttons[Action.TOGGLE_PAUSE].setMinimumHeight(48)
        left.addLayout(buttons)

        # Counts, kept by hand until the cashier records entries.
        field_box = QGroupBox("Players")
        self.field_box = field_box
        field_form = QFormLayout(field_box)
        self.entries_spin = QSpinBox()
        self.entries_spin.setRange(0, 100_000)
        self.players_left_spin = QSpinBox()
        self.players_left_spin.setRange(0, 100_000)
        self.update_counts_button = QPushButton("Update counts")
        field_form.addRow("Entries", self.entries_spin)
        field_form.addRow("Players left", self.players_left_spin)
        field_form.addRow(self.update_counts_button)
        self.field_note = QLabel("")
        self.field_note.setObjectName("field_note")
        self.field_note.setWordWrap(True)
        field_form.addRow(self.field_note)
        left.addWidget(field_box)

        # Hard end.
        self.hard_end_box = HardEndBox(self._session.now)
        self.hard_end_check = self.hard_end_box.check  # the parts tests read, by their old names
        self.hard_end_edit = self.hard_end_box.edit
        self.hard_end_button = self.hard_end_box.set_button
        self.final_counts_button = self.hard_end_box.final_counts_button
        left.addWidget(self.hard_end_box)
        self.final_counts_action = QAction(FINAL_COUNTS, self)
        self.final_counts_action.setStatusTip(
            "Rank the players still in by their chips (places and prizes at the cashier)"
        )
        self.final_counts_dialog: FinalCountsDialog | None = None
        self.restore_action = QAction("Restore from backup…", self)
        self.restore_action.setObjectName("restore_action")
        self.restore_action.setStatusTip("Put back the database as it was at an earlier backup")
        self.restore_dialog: RestoreDialog | None = None

        # Sound and screen.
        options = QGroupBox("Room")
        options_form = QFormLayout(options)
        self.mute_check = QCheckBox("Mute sounds")
        self.announce_check = QCheckBox("Announce new blinds aloud")
        self.screen_combo = QComboBox()
        for i, screen in enumerate(QGuiApplication.screens()):
            geometry = screen.geometry()
            name = screen.name() or f"Screen {i + 1}"
            self.screen_combo.addItem(f"{i + 1}: {name} ({geometry.width()}x{geometry.height()})")
        options_form.addRow(self.mute_check)
        options_form.addRow(self.announce_check)
        options_form.addRow("Clock display on", self.screen_combo)
        left.addWidget(options)

        self.error_label = QLabel("")
        self.error_label.setObjectName("error_label")
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet("color: #ff5a4e; font-weight: bold;")
        left.addWidget(self.error_label)
        left.addStretch(1)

        # The seat moves on the wall, then the structure.
        right = QVBoxLayout()
        columns.addLayout(right, 6)
        self.moves_box = PendingMovesBox(self.move_done.emit, self.all_moves_done.emit)
        right.addWidget(self.moves_box)
        self.levels_model = LevelTableModel(parent=self)
        self.levels_view = QTableView()
        self.levels_view.setModel(self.levels_model)
        self.levels_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.levels_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.levels_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.levels_view.verticalHeader().hide()
        self.levels_view.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents
        )
        self.levels_view.horizontalHeader().setStretchLastSection(True)
        self.jump_button = QPushButton("Jump to the selected level")
        right.addWidget(QLabel("Structure (double-click a row to jump to it)"))
        right.addWidget(self.levels_view, 1)
        right.addWidget(self.jump_button)

        self.statusBar()
        self._connect()

    def _connect(self) -> None:
        c = self._controller
        clicks = {
            Action.TOGGLE_PAUSE: c.toggle_pause,
            Action.PREVIOUS_LEVEL: c.previous_level,
            Action.NEXT_LEVEL: c.next_level,
            Action.REMOVE_MINUTE: c.remove_minute,
            Action.ADD_MINUTE: c.add_minute,
            Action.RESTART_LEVEL: c.restart_level,
            Action.UNDO: c.undo,
            Action.REDO: c.redo,
        }
        for action, handler in clicks.items():
            self.buttons[action].clicked.connect(lambda _=False, h=handler: h())
        self.update_counts_button.clicked.connect(self._on_update_counts_clicked)
        self.hard_end_box.hard_end_chosen.connect(self._controller.set_hard_end)
        self.hard_end_box.final_counts_clicked.connect(self.open_final_counts)
        self.final_counts_action.triggered.connect(lambda _=False: self.open_final_counts())
        self.restore_action.triggered.connect(lambda _=False: self.open_restore())
        self.mute_check.toggled.connect(self._on_mute_toggled)
        self.announce_check.toggled.connect(self._on_announce_toggled)
        self.jump_button.clicked.connect(self._on_jump_clicked)
        self.levels_view.doubleClicked.connect(self._on_levels_double_clicked)
        self.screen_combo.activated.connect(self.screen_chosen)

    def install_menus(self, actions: dict[Action, QAction]) -> None:
        """Put the registry's actions (created for this window) into the menus and toolbar."""
        self.actions_by_name = dict(actions)
        self.toolbar = install_menus(
            self,
            actions,
            extras={"&Tournament": (self.final_counts_action, self.restore_action)},
        )
        show = actions.get(Action.SHOW_DISPLAY)
        if show is not None:
            self.buttons[Action.SHOW_DISPLAY].clicked.connect(lambda _=False: show.trigger())
        self.on_stack_index_changed()

    # ---------------------------------------------------------------- state

    def open_final_counts(self) -> FinalCountsDialog | None:
        """Tournament > Final chip counts…: rank the players still in by their chips."""
        self.final_counts_dialog = open_final_counts(
            self,
            self._session.services,
            self._session.bus,
            on_error=self.show_error,
            on_done=lambda result: self.statusBar().showMessage(result.summary, 30_000),
        )
        return self.final_counts_dialog

    def open_restore(self) -> RestoreDialog:
        """Tournament > Restore from backup…: the backups, newest first."""
        from clockapp.ui.clock.restore import open_restore

        self.restore_dialog = open_restore(self, self._session.services, self._session.bus)
        return self.restore_dialog

    def show_error(self, message: str) -> None:
        """Tell the director what went wrong, in red, until the next successful action."""
        self.error_label.setText(message)
        self.statusBar().showMessage(message, 10_000)

    def _on_session_snapshot_changed(self, snapshot: Any) -> None:
        self.error_label.setText("")
        self.setWindowTitle(f"clockapp — {snapshot.tournament.name}")
        self.levels_model.set_structure(snapshot.structure)
        for spin, value in (
            (self.entries_spin, snapshot.stats.entries),
            (self.players_left_spin, snapshot.stats.players_left),
        ):
            if not spin.hasFocus():
                spin.setValue(value)
        # Once the cashier takes money it counts the field; counts typed here would not show.
        by_cashier = bool(snapshot.stats.prize_pool_cents)
        for widget in (self.entries_spin, self.players_left_spin, self.update_counts_button):
            widget.setEnabled(not by_cashier)
        self.field_note.setText(
            "Counted by the cashier (Ctrl+K): entries, rebuys and busts." if by_cashier else ""
        )
        self.field_note.setVisible(by_cashier)
        for check, value in (
            (self.mute_check, bool(snapshot.settings.muted)),
            (self.announce_check, bool(snapshot.settings.announce)),
        ):
            check.blockSignals(True)
            check.setChecked(value)
            check.blockSignals(False)
        self.hard_end_box.show_hard_end(snapshot.state.hard_end)

    def _on_session_ticked(self, clock_view: ClockView) -> None:
        item = clock_view.item
        if clock_view.is_break:
            self.level_label.setText((item.label or "Break").upper())
            self.blinds_label.setText(
                "then " + texts.short_level(clock_view.next_level) if clock_view.next_level else ""
            )
        else:
            self.level_label.setText(f"LEVEL {clock_view.level_number}  ·  {item.game}")
            self.blinds_label.setText(texts.short_level(item))
        digits = texts.countdown(clock_view)
        self.countdown_label.setTemplate(texts.countdown_template(digits))
        self.countdown_label.setText(digits)
        status = {
            ClockStatus.NOT_STARTED: "Not started: press Space to start",
            ClockStatus.RUNNING: "Running",
            ClockStatus.PAUSED: "PAUSED",
            ClockStatus.STOPPED_BY_HARD_END: "Stopped by the hard end",
        }[clock_view.status]
        # Near or at a hard end, say when in local time (the engine's message gives no wall
        # time); in overtime the engine's message says how long it has run.
        hard_end = texts.hard_end_line(clock_view)
        if hard_end:
            status = hard_end
        elif clock_view.message and clock_view.in_overtime:
            status = clock_view.message
        self.status_label.setText(status)
        self.status_label.setColor(
            theme.PAUSED if clock_view.status is ClockStatus.PAUSED else theme.MUTED
        )
        self.countdown_label.setColor(
            theme.DIMMED if clock_view.status is not ClockStatus.RUNNING else theme.TEXT
        )
        toggle = self.buttons[Action.TOGGLE_PAUSE]
        toggle.setText(
            {
                ClockStatus.NOT_STARTED: "Start clock",
                ClockStatus.RUNNING: "Pause",
            }.get(clock_view.status, "Resume")
        )
        self.levels_model.set_current(clock_view.index)
        self.hard_end_box.show_stopped(clock_view.stopped_by_hard_end)

    def detach_history(self) -> None:
        """Stop following the undo stack (the station closes, or the stack is going away)."""
        stack, self._stack = self._stack, None
        if stack is not None and shiboken6.isValid(stack):
            with contextlib.suppress(RuntimeError, TypeError):  # already disconnected
                stack.indexChanged.disconnect(self.on_stack_index_changed)
                stack.destroyed.disconnect(self._on_stack_destroyed)

    def _on_stack_destroyed(self, _obj: object = None) -> None:
        self._stack = None

    def on_stack_index_changed(self, _index: int = 0) -> None:
        """Name the action Undo and Redo would take, and disable them when there is none."""
        stack = self._stack
        if stack is None or not shiboken6.isValid(stack) or not shiboken6.isValid(self):
            return  # the station is closing: there is nothing left to undo
        undo_text = f"Undo {stack.undoText()}" if stack.canUndo() else "Undo"
        redo_text = f"Redo {stack.redoText()}" if stack.canRedo() else "Redo"
        self.buttons[Action.UNDO].setEnabled(stack.canUndo())
        self.buttons[Action.UNDO].setText(undo_text)
        self.buttons[Action.REDO].setEnabled(stack.canRedo())
        self.buttons[Action.REDO].setText(redo_text)
        for action, text, enabled in (
            (Action.UNDO, undo_text, stack.canUndo()),
            (Action.REDO, redo_text, stack.canRedo()),
        ):
            qaction = self.actions_by_name.get(action)
            if qaction is not None:
                qaction.setText(text)
                qaction.setEnabled(enabled)

    # ---------------------------------------------------------------- slots

    def _on_update_counts_clicked(self) -> None:
        if self._controller.set_field(self.entries_spin.value(), self.players_left_spin.value()):
            self.error_label.setText("")

    def _on_mute_toggled(self, checked: bool) -> None:
        self._controller.set_muted(checked)

    def _on_announce_toggled(self, checked: bool) -> None:
        self._controller.set_announce(checked)

    def _on_jump_clicked(self) -> None:
        rows = self.levels_view.selectionModel().selectedRows()
        if not rows:
            self.show_error("Select a level in the table first.")
            return
        self._controller.jump(rows[0].row())

    def _on_levels_double_clicked(self, index: QModelIndex) -> None:
        self._controller.jump(index.row())

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closing the director window quits the app (the clock keeps its time in the DB)."""
        self.detach_history()
        QGuiApplication.instance().quit()  # type: ignore[union-attr]
        super().closeEvent(event)
