"""`DirectorWindow`: the director's controls on the laptop while the clock shows on the wall.

Buttons and menus for every action of the registry, a toolbar that opens the other windows, the
seat moves on the wall with a Done button each, the structure as a table to jump to a level, the
counts kept by hand until the cashier takes money, the hard end time, sound switches, and the
screen the display goes to. Errors appear inline in red and in the status bar.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import shiboken6
from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QFont, QGuiApplication, QResizeEvent, QUndoStack
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMainWindow,
    QMenu,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clockapp.core.clock import ClockStatus, ClockView
from clockapp.i18n import gettext as _
from clockapp.ui.actions import Action
from clockapp.ui.clock.controller import ClockController
from clockapp.ui.clock.session import ClockSession
from clockapp.ui.director.boxes import FieldBox, RoomBox
from clockapp.ui.director.closing import QuitGuard, in_play_now
from clockapp.ui.director.final_counts import FinalCountsDialog, open_final_counts
from clockapp.ui.director.hard_end import FINAL_COUNTS, HardEndBox
from clockapp.ui.director.levels import LevelTableModel
from clockapp.ui.director.menus import install_menus
from clockapp.ui.director.mini_clock import MiniClock
from clockapp.ui.director.notices import NoticeBox
from clockapp.ui.director.registration import RegistrationAction
from clockapp.ui.director.reports import ReportsPanel
from clockapp.ui.display.moves import PendingMovesBox
from clockapp.ui.display.theme import WallTheme
from clockapp.ui.inks import ink_sheet
from clockapp.ui.screens import scrolling

if TYPE_CHECKING:
    from clockapp.ui.director.captains import CaptainsDialog
    from clockapp.ui.director.help import HelpOverlay
    from clockapp.ui.director.restore import RestoreDialog


class DirectorWindow(QMainWindow):
    """The director's main window."""

    screen_chosen = Signal(int)  # index into QGuiApplication.screens()
    move_done = Signal(int)  # a seat move's id: the player has moved
    all_moves_done = Signal()

    def __init__(
        self,
        session: ClockSession,
        controller: ClockController,
        look: WallTheme,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._session = session
        self._look = look  # the wall's palette: the mini clock and the help draw with it
        self._finished = False  # the tournament is over: no Resume, nobody left to count
        self._controller = controller
        self.actions_by_name: dict[Action, QAction] = {}
        self._help: HelpOverlay | None = None
        self.quit_guard = QuitGuard(self, lambda: in_play_now(session))
        self.quit_confirmed = self.quit_guard.allowed  # the wall display may close too
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
        session.balance_changed.connect(self.show_balance)
        self.show_balance(session.balance)
        self._on_session_snapshot_changed(session.snapshot)
        self._on_session_ticked(session.current_view())
        self.on_stack_index_changed()

    # ---------------------------------------------------------------- layout

    def _setup_ui(self) -> None:
        central = QWidget()
        self.setCentralWidget(central)
        columns = QHBoxLayout(central)
        # The controls scroll when the window is short (a 1366x768 laptop with a taskbar).
        controls = QWidget()
        controls.setObjectName("director_controls")
        left = QVBoxLayout(controls)
        left.setContentsMargins(0, 0, 0, 0)
        self.notices = NoticeBox()  # optional parts that are off (sound, speech, font)
        left.addWidget(self.notices)

        # The clock in small.
        self.mini_clock = MiniClock(self._look)
        left.addWidget(self.mini_clock)

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
            button.setToolTip(
                _("{description} ({shortcut})").format(
                    description=action.description, shortcut=action.shortcut_label()
                )
            )
            # Tab reaches it (a screen reader names it there), a click does not take the focus
            # from where the director's keys go; the window's shortcuts still win over a button.
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            buttons.addWidget(button, row, column, rows, cols)
            self.buttons[action] = button
        big = QFont(self.buttons[Action.TOGGLE_PAUSE].font())
        big.setPointSizeF(big.pointSizeF() * 1.4)
        big.setBold(True)
        self.buttons[Action.TOGGLE_PAUSE].setFont(big)
        self.buttons[Action.TOGGLE_PAUSE].setMinimumHeight(48)
        left.addLayout(buttons)

        # Counts kept by hand, beside the room's sound and screen.
        boxes = QHBoxLayout()
        self.field_box = FieldBox()
        self.room_box = RoomBox()
        boxes.addWidget(self.field_box, 1)
        boxes.addWidget(self.room_box, 1)
        left.addLayout(boxes)

        # Hard end.
        self.hard_end_box = HardEndBox(self._session.now)
        left.addWidget(self.hard_end_box)
        self.final_counts_action = QAction(_(FINAL_COUNTS), self)
        self.final_counts_action.setStatusTip(
            _("Rank the players still in by their chips (places and prizes at the cashier)")
        )
        self.final_counts_dialog: FinalCountsDialog | None = None
        self.restore_action = QAction(_("Restore from backup…"), self)
        self.restore_action.setObjectName("restore_action")
        self.restore_action.setStatusTip(_("Put back the database as it was at an earlier backup"))
        self.restore_dialog: RestoreDialog | None = None
        self.captains_action = QAction(_("Table captains…"), self)
        self.captains_action.setObjectName("captains_action")
        self.captains_action.setStatusTip(
            _("Let tables report busts, chip counts and calls from their captains' phones")
        )
        self.captains_dialog: CaptainsDialog | None = None
        # The web view's address, for the captains' codes (the station sets it: it owns the
        # web view); "" while the web view is off.
        self.web_url: Callable[[], str] = lambda: ""
        self.registration = RegistrationAction(
            self, self._session, self._controller.history, self.show_error
        )
        self.hide_display_action = QAction(_("Hide clock display"), self)
        self.hide_display_action.setObjectName("hide_display_action")
        self.hide_display_action.setStatusTip(_("Take the clock off the wall (D shows it again)"))

        self.error_label = QLabel("")
        self.error_label.setObjectName("error_label")
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet(ink_sheet("#ff5a4e", "font-weight: bold;"))
        left.addWidget(self.error_label)
        left.addStretch(1)
        self.controls_scroll = scrolling(controls)
        columns.addWidget(self.controls_scroll, 5)

        # The seat moves on the wall, then the structure.
        right = QVBoxLayout()
        columns.addLayout(right, 6)
        # The table captains' reports waiting for the director (hidden while none waits).
        self.reports_panel = ReportsPanel(
            self._session.services, self._session.bus, self._controller.history, self.show_error
        )
        right.addWidget(self.reports_panel)
        # An unbalanced room, said with the move to make, over the moves it will add to.
        self.balance_label = QLabel("")
        self.balance_label.setObjectName("balance_label")
        self.balance_label.setWordWrap(True)
        self.balance_label.setStyleSheet(
            "QLabel#balance_label { background: #3a2a00; border: 1px solid #ffb000;"
            " color: #ffd166; font-weight: bold; padding: 6px; }"
        )
        self.balance_label.hide()
        right.addWidget(self.balance_label)
        self.moves_box = PendingMovesBox(self.move_done.emit, self.all_moves_done.emit)
        right.addWidget(self.moves_box)
        self.levels_model = LevelTableModel(parent=self)
        self.levels_view = QTableView()
        self.levels_view.setAccessibleName(_("Levels"))
        self.levels_view.setModel(self.levels_model)
        self.levels_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.levels_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.levels_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.levels_view.verticalHeader().hide()
        self.levels_view.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents
        )
        self.levels_view.horizontalHeader().setStretchLastSection(True)
        self.jump_button = QPushButton(_("Jump to the selected level"))
        right.addWidget(QLabel(_("Structure (double-click a row to jump to it)")))
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
            c.show_busy_on(action, self.buttons[action])
        self.field_box.update_counts_button.clicked.connect(self._on_update_counts_clicked)
        self.hard_end_box.hard_end_chosen.connect(self._controller.set_hard_end)
        self.hard_end_box.final_counts_clicked.connect(self.open_final_counts)
        self.final_counts_action.triggered.connect(lambda _=False: self.open_final_counts())
        self.restore_action.triggered.connect(lambda _=False: self.open_restore())
        self.captains_action.triggered.connect(lambda _=False: self.open_captains())
        self.room_box.muted_toggled.connect(self._on_mute_toggled)
        self.room_box.announce_toggled.connect(self._on_announce_toggled)
        self.jump_button.clicked.connect(self._on_jump_clicked)
        self.levels_view.doubleClicked.connect(self._on_levels_double_clicked)
        self.room_box.screen_chosen.connect(self.screen_chosen)

    def show_balance(self, notice: str | None) -> None:
        """Say the move an unbalanced room needs (None: the room is in balance, nothing shows)."""
        self.balance_label.setText(notice or "")
        self.balance_label.setVisible(bool(notice))

    def install_menus(
        self, actions: dict[Action, QAction], language_menu: QMenu | None = None
    ) -> None:
        """Put the registry's actions (created for this window) into the menus and toolbar, and
        the station's `language_menu` under View."""
        self.actions_by_name = dict(actions)
        self.toolbar = install_menus(
            self,
            actions,
            submenus={"&View": (language_menu,)} if language_menu is not None else None,
            extras={
                "&View": (self.hide_display_action,),
                "&Tournament": (
                    self.registration.action,
                    self.final_counts_action,
                    self.captains_action,
                    self.restore_action,
                ),
            },
        )
        show = actions.get(Action.SHOW_DISPLAY)
        if show is not None:
            self.buttons[Action.SHOW_DISPLAY].clicked.connect(lambda _=False: show.trigger())
        self.on_stack_index_changed()

    # ---------------------------------------------------------------- state

    def open_final_counts(self) -> bool:
        """Tournament > Final chip counts…: rank the players still in by their chips (the
        dialog opens, as `final_counts_dialog`, once the field is read on the worker). False
        when nothing was asked (a read is still on its way)."""

        def opened(dialog: FinalCountsDialog) -> None:
            self.final_counts_dialog = dialog

        return open_final_counts(
            self,
            self._session.services,
            self._session.bus,
            on_error=self.show_error,
            on_done=lambda result: self.statusBar().showMessage(result.summary, 30_000),
            on_opened=opened,
        )

    def open_restore(self) -> RestoreDialog:
        """Tournament > Restore from backup…: the backups, newest first."""
        from clockapp.ui.director.restore import open_restore

        self.restore_dialog = open_restore(self, self._session.services, self._session.bus)
        return self.restore_dialog

    def open_captains(self) -> CaptainsDialog:
        """Tournament > Table captains…: reporting per table, and each table's QR code."""
        from clockapp.ui.director.captains import CaptainsDialog

        if self.captains_dialog is None:
            self.captains_dialog = CaptainsDialog(
                self._session.services, self._session.bus, lambda: self.web_url(), self
            )
        self.captains_dialog.show()
        self.captains_dialog.raise_()
        return self.captains_dialog

    def show_error(self, message: str) -> None:
        """Tell the director what went wrong, in red, until the next successful action."""
        self.error_label.setText(message)
        self.statusBar().showMessage(message, 10_000)

    def _on_session_snapshot_changed(self, snapshot: Any) -> None:
        self.error_label.setText("")
        self.setWindowTitle(_("clockapp — {name}").format(name=snapshot.tournament.name))
        self.levels_model.set_structure(snapshot.structure, getattr(snapshot, "chip_set", None))
        # Once the cashier takes money it counts the field; counts typed here would not show.
        stats = snapshot.stats
        final = snapshot.ending.final
        self._finished = final is not None
        self.field_box.show_counts(
            stats.entries,
            stats.players_left,
            bool(stats.prize_pool_cents),
            final.winner if final is not None else None,
        )
        self.room_box.show_sound(bool(snapshot.settings.muted), bool(snapshot.settings.announce))
        self.hard_end_box.show_hard_end(snapshot.state.hard_end)

    def _on_session_ticked(self, clock_view: ClockView) -> None:
        self.mini_clock.show_view(clock_view, self._session.snapshot.structure.levels)
        toggle = self.buttons[Action.TOGGLE_PAUSE]
        toggle.setText(
            _("Finished")
            if self._finished
            else {
                ClockStatus.NOT_STARTED: _("Start clock"),
                ClockStatus.RUNNING: _("Pause"),
            }.get(clock_view.status, _("Resume"))
        )
        toggle.setEnabled(not self._finished)
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
        undo_text = (
            _("Undo {action}").format(action=stack.undoText()) if stack.canUndo() else _("Undo")
        )
        redo_text = (
            _("Redo {action}").format(action=stack.redoText()) if stack.canRedo() else _("Redo")
        )
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
        if self._controller.set_field(
            self.field_box.entries_spin.value(),
            self.field_box.players_left_spin.value(),
            control=self.field_box.update_counts_button,
        ):
            self.error_label.setText("")

    def _on_mute_toggled(self, checked: bool) -> None:
        self._controller.set_muted(checked)

    def _on_announce_toggled(self, checked: bool) -> None:
        self._controller.set_announce(checked)

    def _on_jump_clicked(self) -> None:
        rows = self.levels_view.selectionModel().selectedRows()
        if not rows:
            self.show_error(_("Select a level in the table first."))
            return
        self._controller.jump(rows[0].row())

    def _on_levels_double_clicked(self, index: QModelIndex) -> None:
        self._controller.jump(index.row())

    # ---------------------------------------------------------------- help and quitting

    @property
    def help_overlay(self) -> HelpOverlay:
        """The keyboard help, over this window (built the first time it is asked for)."""
        if self._help is None:
            from clockapp.ui.director.help import HelpOverlay

            self._help = HelpOverlay(self._look, self)
            self._help.hide()
        return self._help

    def toggle_help(self) -> None:
        """?: show or hide the keyboard help over the director's window."""
        self.help_overlay.toggle()

    def help_visible(self) -> bool:
        """Whether the keyboard help is showing."""
        return self._help is not None and self._help.isVisible()

    def allow_quit(self) -> None:
        """Quitting is decided (or nothing is running): close without asking."""
        self.quit_guard.allow()

    def request_quit(self) -> bool:
        """True when the app may quit now; while a tournament runs the director is asked."""
        return self.quit_guard.request()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Keep the help covering the window."""
        super().resizeEvent(event)
        if self._help is not None:
            self._help.setGeometry(self.rect())

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closing the director window quits the app (the clock keeps its time in the DB).

        During a tournament a close (Alt+F4, the title bar's X) asks first, unless the app
        already decided to quit (`allow_quit`).
        """
        if not self.request_quit():
            event.ignore()
            return
        self.allow_quit()
        self.detach_history()
        QGuiApplication.instance().quit()  # type: ignore[union-attr]
        super().closeEvent(event)
