"""The seat commands of the tables window: add tables, draw seats, hand moves, a seat's menu.

Each command is one service call on the station's worker (`TablesContext.submit`). Hand moves
(drag and drop, or the move dialog) go on the window's undo stack when they answer
(`push_move`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QDialog, QMenu, QWidget

from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext
from clockapp.services.changes import Outcome
from clockapp.services.seating import MoveInfo
from clockapp.ui.actions import TablesAction
from clockapp.ui.operations import Control
from clockapp.ui.seating.commands import push_move
from clockapp.ui.seating.context import TablesContext
from clockapp.ui.seating.dialogs import AddTablesDialog, MoveDialog


class SeatCommands:
    """Tables, draws, hand moves and the commands of a seat's right-click menu.

    The `ask_*` attributes open the dialogs, each returning the answer or None for Cancel; tests
    replace them with plain functions.
    """

    def __init__(self, context: TablesContext, undo_stack: QUndoStack, parent: QWidget) -> None:
        self._context = context
        self._undo_stack = undo_stack
        self._parent = parent
        self.ask_tables: Callable[[], tuple[int, int] | None] = self._ask_tables
        self.ask_move: Callable[[int | None], tuple[int, int, int] | None] = self._ask_move

    def _refused(self, message: str) -> None:
        self._context.banner.show_message(message, "error")

    # ---------------------------------------------------------------- the room
    def add_tables(self) -> None:
        """Ask how many tables, and add them."""
        answer = self.ask_tables()
        if answer is None:
            return
        count, seats = answer
        tid = self._context.tid
        seating = self._context.services.seating

        def added(numbers: tuple[int, ...]) -> None:
            self._context.banner.show_message(
                ngettext("Added table {tables}.", "Added tables {tables}.", len(numbers)).format(
                    tables=", ".join(map(str, numbers))
                ),
                "info",
            )

        self._context.submit(
            lambda: seating.add_tables(tid, count, seats),
            added,
            key=TablesAction.ADD_TABLES,
            action=TablesAction.ADD_TABLES,
        )

    def draw_seats(self) -> None:
        """Draw seats for everyone waiting."""
        tid = self._context.tid
        seating = self._context.services.seating
        self._context.submit(
            lambda: seating.draw_seats(tid),
            lambda drawn: self._context.banner.show_message(
                ngettext(
                    "Drew a seat for {count} player.", "Drew seats for {count} players.", len(drawn)
                ).format(count=len(drawn)),
                "info",
            ),
            key=TablesAction.DRAW,
            action=TablesAction.DRAW,
        )

    def seat_waiting(self, registration_id: int) -> None:
        """Draw a seat for a player waiting for one."""
        tid = self._context.tid
        seating = self._context.services.seating
        self._context.submit(
            lambda: seating.seat_new_entry(tid, registration_id),
            lambda seat: self._context.banner.show_message(
                _("{name}: {reason}.").format(name=seat.name, reason=seat.reason), "info"
            ),
            key=("seat", registration_id),
        )

    def move_player(self, registration_id: int | None = None) -> None:
        """Ask who moves where (the keyboard way to drag), and move."""
        answer = self.ask_move(registration_id)
        if answer is not None:
            self.request_move(*answer, control=self._context.actions.get(TablesAction.MOVE))

    def request_move(
        self, registration_id: int, table: int, seat: int, *, control: Control | None = None
    ) -> bool:
        """Move a player by hand, undoably (on the worker; the banner says when it is made);
        `control` is busy meanwhile.

        False when nothing was asked: a move of this player is still on its way."""
        return push_move(
            self._undo_stack,
            self._context.services,
            self._context.bus,
            self._context.tid,
            registration_id,
            table,
            seat,
            self._refused,
            self._on_moved,
            on_failed=self._context.failed,
            control=control,
        )

    def _on_moved(self, move: MoveInfo) -> None:
        self._context.banner.show_message(
            _("{name}: {announcement}.").format(name=move.name, announcement=move.announcement),
            "info",
        )

    def _call(self, key: Hashable, operation: Callable[[], Outcome[Any]]) -> None:
        self._context.submit(operation, key=key)

    def add_seat_actions(self, menu: QMenu, table: int, number: int) -> None:
        """Add a seat's commands outside a shootout to its right-click menu."""
        room = self._context.room
        if room is None:
            return
        info = room.table(table)
        seat = info.seat(number)
        tid = self._context.tid
        seating = self._context.services.seating
        rid = seat.registration_id
        at = ("seat", table, number)  # one call at a time for a seat
        if rid is not None:
            menu.addAction(_("Move…"), lambda: self.move_player(rid))
            if seat.fixed:
                menu.addAction(
                    _("Free the seat"),
                    lambda: self._call(at, lambda: seating.set_fixed(tid, rid, False)),
                )
            else:
                menu.addAction(
                    _("Fix the seat"),
                    lambda: self._call(at, lambda: seating.set_fixed(tid, rid, True)),
                )
            menu.addAction(
                _("Button here"),
                lambda: self._call(at, lambda: seating.set_button(tid, table, number)),
            )
        elif seat.closed:
            menu.addAction(
                _("Open the seat"),
                lambda: self._call(at, lambda: seating.open_seat(tid, table, number)),
            )
        else:
            menu.addAction(
                _("Close the seat"),
                lambda: self._call(at, lambda: seating.close_seat(tid, table, number)),
            )
            for waiting in room.waiting:

                def seat_here(waiting_id: int = waiting.registration_id) -> None:
                    self._call(at, lambda: seating.seat_player(tid, waiting_id, table, number))

                menu.addAction(_("Seat {name} here").format(name=waiting.name), seat_here)
        if info.button is not None:
            menu.addAction(
                _("Button unknown"),
                lambda: self._call(at, lambda: seating.set_button(tid, table, None)),
            )

    def _ask_tables(self) -> tuple[int, int] | None:
        dialog = AddTablesDialog(self._parent)
        return dialog.value() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def _ask_move(self, registration_id: int | None) -> tuple[int, int, int] | None:
        if self._context.room is None:
            return None
        dialog = MoveDialog(self._context.room, registration_id, self._parent)
        return dialog.value() if dialog.exec() == QDialog.DialogCode.Accepted else None
