"""The tables window: the room as ovals, the move list, and the director's seating commands.

Every command is one service call on the station's worker through the bus (`services.seating`),
so the clock display and other stations refresh and the window never waits on the database; the
action that asked is busy until it answers, a second press meanwhile does nothing, and a refused
command shows its message in the banner and changes nothing. What the window shows is read on
the worker too (`read_tables`), once per change, and only the tables whose seats changed are
drawn again.
Hand moves (drag and drop, or the move dialog), balancing, table breaks and the final table go
on the window's undo stack. "Rules…" sets the
balance policy, break order and final table; "Rename / seats…" (a table's right-click menu)
changes a table.

The window is built from parts that each own one job and get what they use in their
constructor: `TablesContext` (services, bus, banner, the room last read), the commands that
follow play (`PlayCommands`), the seat commands (`SeatCommands`), the shootout
(`ShootoutCommands` over its `ShootoutPanel`), the seating rules (`RulesCommands`), the move
list (`MovesBox`) and the players waiting for a seat (`WaitingBox`). Each part's `ask_*`
attributes open its dialogs; tests replace them with plain functions.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from functools import partial

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction, QUndoStack
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QPushButton,
    QSplitter,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from clockapp.errors import DomainError
from clockapp.i18n import gettext as _
from clockapp.services.app import Services
from clockapp.services.changes import Change, Changes
from clockapp.services.seating import MoveInfo, RoomView, ShootoutView
from clockapp.ui.actions import TablesAction, create_action
from clockapp.ui.banner import MessageBanner
from clockapp.ui.bus import TournamentBus
from clockapp.ui.seating.context import TablesContext
from clockapp.ui.seating.moves import MovesBox
from clockapp.ui.seating.play import PlayCommands, room_status_text
from clockapp.ui.seating.room import RoomView as RoomGraphicsView
from clockapp.ui.seating.rules import RulesCommands
from clockapp.ui.seating.seats import SeatCommands
from clockapp.ui.seating.shootout import ShootoutCommands, ShootoutPanel
from clockapp.ui.seating.widgets import HandForHandBar, WaitingBox
from clockapp.ui.undo_step import move_on_worker

log = logging.getLogger(__name__)


def _said_by_the_step(_error: Exception) -> None:
    """A refused undo or redo: its step's `refused` has shown the message in the banner."""


REFRESH_FLAGS = (
    Change.SEATING | Change.ENTRIES | Change.PLAYERS | Change.TOURNAMENT | Change.PAYOUTS
)
__all__ = ["REFRESH_FLAGS", "TablesRead", "TablesWindow", "read_tables"]


@dataclass(frozen=True)
class TablesRead:
    """Everything the tables window shows, read in one go on the station's worker."""

    room: RoomView
    name: str
    created_at: datetime
    #: The moves on the display (the ovals mark where they go).
    pending: tuple[MoveInfo, ...]
    #: What the move list shows: the pending moves, or every move.
    moves: tuple[MoveInfo, ...]
    #: Hand-for-hand's offer while it is off (None: none), and who is out in its open hand.
    offer: str | None
    out: tuple[str, ...]
    shootout: ShootoutView | None


def read_tables(
    services: Services, tid: int, *, with_shootout: bool, all_moves: bool
) -> TablesRead:
    """Read what the tables window shows (off the GUI thread)."""
    seating = services.seating
    room = seating.room(tid)
    info = services.tournaments.get(tid)
    pending = seating.pending_moves(tid)
    hfh = room.hand_for_hand
    offer: str | None = None
    out: tuple[str, ...] = ()
    if hfh is None and room.tables and not room.shootout:
        offer = seating.hand_for_hand_offer(tid)
    elif hfh is not None:
        out = seating.open_hand_busts(tid)
    return TablesRead(
        room=room,
        name=info.name,
        created_at=info.created_at,
        pending=pending,
        moves=seating.moves(tid) if all_moves else pending,
        offer=offer,
        out=out,
        shootout=seating.shootout(tid) if with_shootout or room.shootout else None,
    )


class TablesWindow(QMainWindow):
    """Seating for the bus's tournament (a non-modal window)."""

    def __init__(
        self, services: Services, bus: TournamentBus, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._services = services
        self._bus = bus
        self.undo_stack = QUndoStack(self)
        self.actions_by_name: dict[TablesAction, QAction] = {}
        self._reads = 0  # reads asked; an answer to an older one is dropped
        self._reading = False  # a read is on the worker
        self._wanted = False  # a change came while it was: read again when it answers
        self.setWindowTitle(_("Tables"))
        self._setup_ui()
        self._setup_actions()
        self._bus.changed.connect(self._on_bus_changed)
        self._bus.tournament_switched.connect(self._on_bus_tournament_switched)
        self._bus.connection_changed.connect(self._on_bus_connection_changed)
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
        # The window's own way out on screen (Ctrl+W too), beside the status where a narrow
        # window's toolbar cannot push it out of sight.
        self.close_button = QPushButton(_("Close"), central)
        self.close_button.setObjectName("close_tables")
        self.close_button.setToolTip(_("Close the tables window (Ctrl+W)"))
        self.close_button.clicked.connect(self.close)
        top = QHBoxLayout()
        top.addWidget(self.status_label, 1)
        top.addWidget(self.close_button)
        layout.addLayout(top)

        self.banner = MessageBanner(central)
        layout.addWidget(self.banner)
        self.context = TablesContext(self._services, self._bus, self.banner, self.actions_by_name)
        self.play = PlayCommands(self.context, self.reload, self, self.undo_stack)
        self.seats = SeatCommands(self.context, self.undo_stack, self)
        self.rules = RulesCommands(self.context, self)

        self.hfh_bar = HandForHandBar(central)
        self.hfh_bar.table_toggled.connect(self.play.finish_hand)
        self.hfh_bar.next_hand_clicked.connect(self.play.next_hand)
        self.hfh_bar.stop_clicked.connect(self.play.stop_hand_for_hand)
        self.hfh_bar.start_clicked.connect(self.play.toggle_hand_for_hand)
        layout.addWidget(self.hfh_bar)

        splitter = QSplitter(Qt.Orientation.Horizontal, central)
        self.room_view = RoomGraphicsView(splitter)
        self.room_view.move_requested.connect(self.seats.request_move)
        self.room_view.seat_menu_requested.connect(self._on_room_seat_menu_requested)
        self.room_view.table_menu_requested.connect(self._on_room_table_menu_requested)
        self.room_view.setMinimumWidth(500)
        side = QWidget(splitter)
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)

        side.setMinimumWidth(320)
        side.setMaximumWidth(560)
        self.waiting_box = WaitingBox(side)
        self.waiting_box.seat_requested.connect(self.seats.seat_waiting)
        side_layout.addWidget(self.waiting_box)
        self.shootout_panel = ShootoutPanel(side)
        side_layout.addWidget(self.shootout_panel, 1)
        self.shootout = ShootoutCommands(self.context, self.shootout_panel, self.room_view, self)

        self.moves = MovesBox(self.context, self.reload, side)
        side_layout.addWidget(self.moves, 1)

        splitter.addWidget(self.room_view)
        splitter.addWidget(side)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 0)
        splitter.setSizes([1100, 400])
        layout.addWidget(splitter, 1)
        self.setCentralWidget(central)

    def _reach_by_tab(self, action: QAction) -> None:
        """Let Tab reach `action`'s tool-bar button: several of the actions have no shortcut."""
        button = self.toolbar.widgetForAction(action)
        if button is not None:
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)

    def _setup_actions(self) -> None:
        self.toolbar = QToolBar(_("Seating"), self)
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.toolbar.setMovable(False)
        self.addToolBar(self.toolbar)
        on_toolbar: dict[TablesAction, Callable[[], object]] = {
            TablesAction.ADD_TABLES: self.seats.add_tables,
            TablesAction.DRAW: self.seats.draw_seats,
            TablesAction.BALANCE: self.play.balance,
            TablesAction.BREAK: self.play.break_tables,
            TablesAction.FINAL: self.play.form_final_table,
            TablesAction.HAND_FOR_HAND: self.play.toggle_hand_for_hand,
            TablesAction.MOVE: self.seats.move_player,
            TablesAction.SHOOTOUT: self.shootout.start_or_advance,
            TablesAction.RULES: self.rules.edit_rules,
        }
        # Keyboard only: Ctrl+wheel zooms with the mouse.
        keys_only: dict[TablesAction, Callable[[], object]] = {
            TablesAction.ZOOM_IN: lambda: self.room_view.zoom_by(1.25),
            TablesAction.ZOOM_OUT: lambda: self.room_view.zoom_by(0.8),
            TablesAction.ZOOM_FIT: self.room_view.zoom_fit,
        }
        for action, handler in (*on_toolbar.items(), *keys_only.items()):
            qaction = create_action(action, self, handler)
            self.addAction(qaction)
            if action in on_toolbar:
                self.toolbar.addAction(qaction)
            self.actions_by_name[action] = qaction
            if action in on_toolbar:
                self._reach_by_tab(qaction)
        self.actions_by_name[TablesAction.HAND_FOR_HAND].setCheckable(True)
        self.toolbar.addSeparator()
        # Not the stack's own actions: those would call the step's service here, on the GUI
        # thread. These run it on the worker; their text names the move they take back.
        for action, undo in ((TablesAction.UNDO, True), (TablesAction.REDO, False)):
            qaction = create_action(action, self, partial(self.move_history, undo=undo))
            self.addAction(qaction)
            self.toolbar.addAction(qaction)
            self.actions_by_name[action] = qaction
            self._reach_by_tab(qaction)
        stack = self.undo_stack
        for changed in (stack.canUndoChanged, stack.canRedoChanged):
            changed.connect(self._on_undo_stack_changed)
        for named in (stack.undoTextChanged, stack.redoTextChanged):
            named.connect(self._on_undo_stack_changed)
        self._on_undo_stack_changed()
        close = create_action(TablesAction.CLOSE, self, self.close)
        self.addAction(close)
        self.actions_by_name[TablesAction.CLOSE] = close

    # ---------------------------------------------------------------- undo
    def move_history(self, *, undo: bool) -> bool:
        """Undo (or redo) the last seating step on the station's worker, after the commands
        still on their way; the action is busy until it answers. False while one is pending."""
        action = TablesAction.UNDO if undo else TablesAction.REDO
        return move_on_worker(
            self._bus,
            self.undo_stack,
            undo=undo,
            key=(self, action),
            control=self.actions_by_name[action],
            on_failed=_said_by_the_step,
        )

    def _on_undo_stack_changed(self, *_args: object) -> None:
        stack = self.undo_stack
        for action, can, text, word in (
            (TablesAction.UNDO, stack.canUndo(), stack.undoText(), _("Undo {action}")),
            (TablesAction.REDO, stack.canRedo(), stack.redoText(), _("Redo {action}")),
        ):
            qaction = self.actions_by_name[action]
            bare = _("Undo") if action is TablesAction.UNDO else _("Redo")
            qaction.setText(word.format(action=text) if can and text else bare)
            if not self._bus.worker.is_pending((self, action)):  # busy until it answers
                qaction.setEnabled(can)

    # ---------------------------------------------------------------- reading
    @property
    def tournament_id(self) -> int:
        """The tournament shown."""
        return self._bus.tournament_id

    def reload(self) -> None:
        """Read the room and the moves again, on the station's worker; the window shows what it
        holds until the read answers. A reload asked while one is on its way is read when that
        one answers."""
        if self._reading:
            self._wanted = True
            return
        self._wanted = False
        self._reads += 1
        number, tid = self._reads, self.tournament_id
        services = self._services
        with_shootout = self.context.room is not None and self.shootout.wanted(self.context.room)
        all_moves = self.moves.shows_done

        def read() -> TablesRead:
            return read_tables(services, tid, with_shootout=with_shootout, all_moves=all_moves)

        def failed(error: Exception) -> None:
            if number == self._reads:
                self._reading = False
            if isinstance(error, DomainError):
                self.banner.show_message(str(error))
            else:  # the database is away: the window keeps what it shows, and says why
                log.warning("the tables could not be read: %s", error)
                self.banner.show_message(
                    _("The tables could not be read: {error}").format(error=error), "warning"
                )

        self._reading = True
        self._bus.refresh(read, lambda answer: self._on_read(number, tid, answer), failed)

    def _on_read(self, number: int, tid: int, answer: TablesRead) -> None:
        if number != self._reads:
            return  # a newer read was made here meanwhile, and shown
        self._reading = False
        if tid == self.tournament_id:
            self._show(answer)
        if self._wanted:
            self.reload()  # what changed while this read was on its way

    def _show(self, answer: TablesRead) -> None:
        room = answer.room
        self.context.room = room
        self.context.name = answer.name
        self.context.created_at = answer.created_at
        self.setWindowTitle(_("Tables: {tournament}").format(tournament=answer.name))
        moved_here = frozenset((m.to_seat.table, m.to_seat.number) for m in answer.pending)
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
                    status[table.number] = (
                        _("hand {hand}: finished") if done else _("hand {hand}: playing")
                    ).format(hand=hfh.hand)
        status.update(self.shootout.show(room, answer.shootout))
        self.room_view.set_tables(room.tables, moved_here=moved_here, short=short, status=status)
        self.status_label.setText(room_status_text(room))
        self.waiting_box.show_players(room.waiting)
        self.hfh_bar.show_state(hfh, [t.number for t in room.tables], answer.offer, answer.out)
        self.actions_by_name[TablesAction.HAND_FOR_HAND].setChecked(hfh is not None)
        self.moves.show_moves(answer.moves)

    # ---------------------------------------------------------------- menus
    def seat_menu(self, table: int, number: int) -> QMenu:
        """The right-click menu of a seat."""
        menu = QMenu(self)
        room = self.context.room
        if room is None:
            return menu
        if room.shootout:
            self.shootout.add_seat_actions(menu, table, number)
        else:
            self.seats.add_seat_actions(menu, table, number)
        menu.addSeparator()
        menu.addAction(_("Rename / seats…"), lambda: self.rules.edit_table(table))
        return menu

    def table_menu(self, number: int) -> QMenu:
        """The right-click menu of a table (outside its seats)."""
        menu = QMenu(self)
        menu.addAction(_("Rename / seats…"), lambda: self.rules.edit_table(number))
        return menu

    def _on_room_seat_menu_requested(self, table: int, seat: int, where: QPoint) -> None:
        menu = self.seat_menu(table, seat)
        if not menu.isEmpty():
            menu.exec(where)

    def _on_room_table_menu_requested(self, table: int, where: QPoint) -> None:
        self.table_menu(table).exec(where)

    # ---------------------------------------------------------------- the bus
    def _on_bus_changed(self, changes: Changes) -> None:
        if changes.tournament_id in (None, self.tournament_id) and changes.touches(REFRESH_FLAGS):
            self.reload()

    def _on_bus_tournament_switched(self, _tournament_id: int) -> None:
        self.undo_stack.clear()  # another tournament's room: these moves do not apply
        self.reload()

    def _on_bus_connection_changed(self, online: bool) -> None:
        if online:
            self.reload()  # a read that failed while the database was away
