"""The tables window: the room as ovals, the move list, and the director's seating commands.

Every command is one service call through the bus (`services.seating`), so the clock display and
other stations refresh; a refused command shows its message in the banner and changes nothing.
Balancing may stop to ask where a table's button is (`NeedButton`): the window asks the director
(`ask_button`), sets it, and balances again until the plan is complete or the director cancels.
Hand moves (drag and drop, or the move dialog) go on the window's undo stack. "Rules…" sets the
balance policy, break order and final table; "Rename / seats…" (a table's right-click menu)
changes a table.

The `ask_*` attributes open the dialogs; tests replace them with plain functions.

Balancing, breaking, the final table and hand-for-hand are `PlayCommands`
(`clockapp.ui.seating.play`); the seat, shootout, rules and move-list commands are the other mixins.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence, QUndoStack
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDialog,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QPushButton,
    QSplitter,
    QTableView,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from clockapp.core.errors import DomainError
from clockapp.core.seating.balancing import NeedButton
from clockapp.services.app import Services
from clockapp.services.changes import Change, Changes
from clockapp.services.seating import RoomView, TableInfo
from clockapp.ui.banner import MessageBanner
from clockapp.ui.bus import TournamentBus
from clockapp.ui.seating.dialogs import (
    AddTablesDialog,
    ButtonDialog,
    FinalTableDialog,
    MoveDialog,
    ShootoutChoice,
)
from clockapp.ui.seating.model import WHY_COLUMN, MoveListModel
from clockapp.ui.seating.moves import MoveListCommands
from clockapp.ui.seating.play import MAX_QUESTIONS, PlayCommands, room_status_text
from clockapp.ui.seating.room import RoomView as RoomGraphicsView
from clockapp.ui.seating.rules import RulesCommands, SeatingRules
from clockapp.ui.seating.seats import SeatCommands
from clockapp.ui.seating.shootout import ShootoutCommands, ShootoutPanel
from clockapp.ui.seating.widgets import HandForHandBar
from clockapp.ui.ticks import guarded

REFRESH_FLAGS = (
    Change.SEATING | Change.ENTRIES | Change.PLAYERS | Change.TOURNAMENT | Change.PAYOUTS
)
#: The window's keys, for the clock's help overlay: (keys, what they do). Keep in step with
#: `_setup_actions`.
TABLES_KEYS: tuple[tuple[str, str], ...] = (
    ("Ctrl+D", "draw seats"),
    ("Ctrl+B", "balance the tables"),
    ("Ctrl+M", "move a player"),
    ("drag a name", "move a player to an empty seat"),
    ("Ctrl+H", "hand-for-hand on or off"),
    ("Ctrl+Z", "undo a move by hand"),
    ("Ctrl+Shift+Z", "redo"),
    ("Ctrl++ / Ctrl+-", "zoom in / out"),
    ("Ctrl+0", "show all tables"),
)

__all__ = ["MAX_QUESTIONS", "REFRESH_FLAGS", "TABLES_KEYS", "TablesWindow"]


class TablesWindow(
    SeatCommands, PlayCommands, ShootoutCommands, RulesCommands, MoveListCommands, QMainWindow
):
    """Seating for the bus's tournament (a non-modal window)."""

    def __init__(
        self, services: Services, bus: TournamentBus, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._services = services
        self._bus = bus
        self.room: RoomView | None = None
        self.undo_stack = QUndoStack(self)
        self.move_model = MoveListModel(self)
        self.action_by_key: dict[str, QAction] = {}
        # Dialog hooks: each returns the director's answer, or None for Cancel.
        self.ask_tables: Callable[[], tuple[int, int] | None] = self._ask_tables
        self.ask_button: Callable[[NeedButton, TableInfo], int | None] = self._ask_button
        self.ask_move: Callable[[int | None], tuple[int, int, int] | None] = self._ask_move
        self.ask_final_size: Callable[[], int | None] = self._ask_final_size
        self.ask_pdf_path: Callable[[], Path | None] = self._ask_pdf_path
        self.ask_shootout: Callable[[], ShootoutChoice | None] = self._ask_shootout
        self.ask_chips = self._ask_chips  # (title, note, [(id, name)]) -> {id: chips} | None
        self.ask_rules: Callable[[], SeatingRules | None] = self._ask_rules
        self.ask_table: Callable[[TableInfo], tuple[str, int] | None] = self._ask_table
        # Repaints the shootout's time left each second; the time comes from the services.
        self.shootout_timer = QTimer(self)
        self.shootout_timer.setInterval(1000)
        self.shootout_timer.timeout.connect(
            guarded("the shootout clock", self._on_shootout_timer_timeout)
        )
        self.setWindowTitle("Tables")
        self._setup_ui()
        self._setup_actions()
        self._bus.changed.connect(self._on_bus_changed)
        self._bus.tournament_switched.connect(self._on_bus_tournament_switched)
        self.reload()
        self.resize(1500, 900)

    # ---------------------------------------------------------------- layout
    def _setup_ui(self) -> None:
        central = QWidget(self)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(10, 6, 10, 8)
        layout.setSpacing(6)

        self.status_label = QLabel(central)
        self.status_label.setTextFormat(Qt.TextFormat.PlainText)
        font = self.status_label.font()
        font.setPointSizeF(font.pointSizeF() * 1.15)
        font.setBold(True)
        self.status_label.setFont(font)
        layout.addWidget(self.status_label)

        self.banner = MessageBanner(central)
        layout.addWidget(self.banner)

        self.hfh_bar = HandForHandBar(central)
        self.hfh_bar.table_toggled.connect(self._on_hfh_table_toggled)
        self.hfh_bar.next_hand_clicked.connect(self.next_hand)
        self.hfh_bar.stop_clicked.connect(self.stop_hand_for_hand)
        self.hfh_bar.start_clicked.connect(self.toggle_hand_for_hand)
        layout.addWidget(self.hfh_bar)

        splitter = QSplitter(Qt.Orientation.Horizontal, central)
        self.room_view = RoomGraphicsView(splitter)
        self.room_view.move_requested.connect(self._on_room_move_requested)
        self.room_view.seat_menu_requested.connect(self._on_room_seat_menu_requested)
        self.room_view.table_menu_requested.connect(self._on_room_table_menu_requested)
        self.room_view.setMinimumWidth(500)
        side = QWidget(splitter)
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)

        side.setMinimumWidth(320)
        side.setMaximumWidth(560)
        waiting_box = QGroupBox("Waiting for a seat", side)
        self.waiting_box = waiting_box
        waiting_layout = QVBoxLayout(waiting_box)
        self.waiting_list = QListWidget(waiting_box)
        self.waiting_list.setMaximumHeight(140)
        self.waiting_list.itemDoubleClicked.connect(self._on_waiting_item_double_clicked)
        self.seat_one_button = QPushButton("Draw a seat for the selected player", waiting_box)
        self.seat_one_button.clicked.connect(self.seat_selected)
        waiting_layout.addWidget(self.waiting_list)
        waiting_layout.addWidget(self.seat_one_button)
        side_layout.addWidget(waiting_box)
        self.shootout_panel = ShootoutPanel(side)
        side_layout.addWidget(self.shootout_panel, 1)

        moves_box = QGroupBox("Moves", side)
        moves_layout = QVBoxLayout(moves_box)
        self.move_table = QTableView(moves_box)
        self.move_table.setModel(self.move_model)
        self.move_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.move_table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.move_table.verticalHeader().hide()
        self.move_table.setWordWrap(False)
        header = self.move_table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        # Names are elided in a column the director can widen; the reason takes what is left
        # (the line under the list shows it whole).
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        header.resizeSection(0, 130)
        header.setSectionResizeMode(WHY_COLUMN, QHeaderView.ResizeMode.Stretch)
        self.move_table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.move_table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.move_table.selectionModel().currentRowChanged.connect(self._on_move_current_changed)
        moves_layout.addWidget(self.move_table, 1)
        self.move_detail = QLabel(moves_box)
        self.move_detail.setWordWrap(True)
        self.move_detail.setTextFormat(Qt.TextFormat.PlainText)
        self.move_detail.setMinimumHeight(self.move_detail.fontMetrics().height() * 3)
        self.move_detail.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        moves_layout.addWidget(self.move_detail)
        self.show_done = QCheckBox("Show moves already made", moves_box)
        self.show_done.toggled.connect(self._reload_moves)
        moves_layout.addWidget(self.show_done)
        buttons = QHBoxLayout()
        self.acknowledge_button = QPushButton("&Moved", moves_box)
        self.acknowledge_button.setToolTip(
            "The selected players have moved: take them off the display"
        )
        self.acknowledge_button.clicked.connect(self.acknowledge_selected)
        self.acknowledge_all_button = QPushButton("All moved", moves_box)
        self.acknowledge_all_button.clicked.connect(self.acknowledge_all)
        self.print_button = QPushButton("&Print…", moves_box)
        self.print_button.clicked.connect(self.print_moves)
        self.pdf_button = QPushButton("Save PDF…", moves_box)
        self.pdf_button.clicked.connect(self._on_pdf_button_clicked)
        for button in (
            self.acknowledge_button,
            self.acknowledge_all_button,
            self.print_button,
            self.pdf_button,
        ):
            buttons.addWidget(button)
        moves_layout.addLayout(buttons)
        side_layout.addWidget(moves_box, 1)

        splitter.addWidget(self.room_view)
        splitter.addWidget(side)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 0)
        splitter.setSizes([1100, 400])
        layout.addWidget(splitter, 1)
        self.setCentralWidget(central)

    def _setup_actions(self) -> None:
        self.toolbar = QToolBar("Seating", self)
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.toolbar.setMovable(False)
        self.addToolBar(self.toolbar)
        specs: list[tuple[str, str, str, Callable[[], Any]]] = [
            ("add_tables", "Add tables…", "", self.add_tables),
            ("draw", "Draw seats", "Ctrl+D", self.draw_seats),
            ("balance", "Balance", "Ctrl+B", self.balance),
            ("break", "Break table", "", self.break_tables),
            ("final", "Final table…", "", self.form_final_table),
            ("hand_for_hand", "Hand-for-hand", "Ctrl+H", self.toggle_hand_for_hand),
            ("move", "Move player…", "Ctrl+M", self.move_player),
            ("shootout", "Shootout…", "", self.shootout),
            ("rules", "Rules…", "", self.edit_rules),
        ]
        for key, text, shortcut, handler in specs:
            action = QAction(text, self)
            if shortcut:
                action.setShortcut(QKeySequence(shortcut))
            action.triggered.connect(lambda _checked=False, h=handler: h())
            self.addAction(action)
            self.toolbar.addAction(action)
            self.action_by_key[key] = action
        self.action_by_key["hand_for_hand"].setCheckable(True)
        for key, text, keys, handler in (
            (
                "zoom_in",
                "Zoom in",
                QKeySequence.StandardKey.ZoomIn,
                lambda: self.room_view.zoom_by(1.25),
            ),
            (
                "zoom_out",
                "Zoom out",
                QKeySequence.StandardKey.ZoomOut,
                lambda: self.room_view.zoom_by(0.8),
            ),
            ("zoom_fit", "Show all tables", QKeySequence("Ctrl+0"), self.room_view.zoom_fit),
        ):
            action = QAction(text, self)
            action.setShortcut(keys)
            action.triggered.connect(lambda _checked=False, h=handler: h())
            self.addAction(action)  # keyboard only: Ctrl+wheel zooms with the mouse
            self.action_by_key[key] = action
        self.toolbar.addSeparator()
        undo = self.undo_stack.createUndoAction(self, "Undo")
        undo.setShortcut(QKeySequence.StandardKey.Undo)
        redo = self.undo_stack.createRedoAction(self, "Redo")
        redo.setShortcut(QKeySequence.StandardKey.Redo)
        for key, action in (("undo", undo), ("redo", redo)):
            self.addAction(action)
            self.toolbar.addAction(action)
            self.action_by_key[key] = action

    # ---------------------------------------------------------------- reading
    @property
    def tournament_id(self) -> int:
        """The tournament shown."""
        return self._bus.tournament_id

    def reload(self) -> None:
        """Read the room and the moves again."""
        tid = self.tournament_id
        try:
            room = self._services.seating.room(tid)
            name = self._services.tournaments.get(tid).name
        except DomainError as error:
            self.banner.show_message(str(error))
            return
        self.room = room
        self.setWindowTitle(f"Tables: {name}")
        pending = self._services.seating.pending_moves(tid)
        moved_here = frozenset((m.to_seat.table, m.to_seat.number) for m in pending)
        counts = [t.count for t in room.tables]
        short = frozenset(
            t.number
            for t in room.tables
            if room.out_of_balance and not room.shootout and t.count == min(counts)
        )
        hfh = room.hand_for_hand
        status: dict[int, str] = {}
        if hfh is not None:
            for table in room.tables:
                if table.number in hfh.tables:
                    done = table.number in hfh.finished
                    status[table.number] = f"hand {hfh.hand}: {'finished' if done else 'playing'}"
        status.update(self._reload_shootout())
        self.room_view.set_tables(room.tables, moved_here=moved_here, short=short, status=status)
        text = room_status_text(room)
        self.status_label.setText(text)
        self.waiting_list.clear()
        for player in room.waiting:
            item = QListWidgetItem(player.name)
            item.setData(Qt.ItemDataRole.UserRole, player.registration_id)
            self.waiting_list.addItem(item)
        self.seat_one_button.setEnabled(bool(room.waiting))
        self.waiting_box.setVisible(bool(room.waiting))
        offer: str | None = None
        out: tuple[str, ...] = ()
        if hfh is None and room.tables and not room.shootout:
            offer = self._services.seating.hand_for_hand_offer(tid)
        elif hfh is not None:
            out = self._services.seating.open_hand_busts(tid)
        self.hfh_bar.show_state(hfh, [t.number for t in room.tables], offer, out)
        self.action_by_key["hand_for_hand"].setChecked(hfh is not None)
        self._reload_moves()

    # ---------------------------------------------------------------- dialogs
    def _ask_tables(self) -> tuple[int, int] | None:
        dialog = AddTablesDialog(self)
        return dialog.value() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def _ask_button(self, need: NeedButton, table: TableInfo) -> int | None:
        dialog = ButtonDialog(need, table, self)
        return dialog.value() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def _ask_move(self, registration_id: int | None) -> tuple[int, int, int] | None:
        if self.room is None:
            return None
        dialog = MoveDialog(self.room, registration_id, self)
        return dialog.value() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def _ask_final_size(self) -> int | None:
        if self.room is None:
            return None
        dialog = FinalTableDialog(self.room, self)
        return dialog.value() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def _on_room_table_menu_requested(self, table: int, where: QPoint) -> None:
        self.table_menu(table).exec(where)

    # ---------------------------------------------------------------- the bus
    def _on_bus_changed(self, changes: Changes) -> None:
        if changes.tournament_id in (None, self.tournament_id) and changes.touches(REFRESH_FLAGS):
            self.reload()

    def _on_bus_tournament_switched(self, _tournament_id: int) -> None:
        self.undo_stack.clear()  # another tournament's room: these moves do not apply
        self.reload()
