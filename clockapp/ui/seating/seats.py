"""The seat commands of the tables window: add tables, draw seats, hand moves, the seat menu.

`SeatCommands` is mixed into `TablesWindow`; it uses the window's services, bus, banner, room
view, undo stack and `ask_*` hooks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QListWidgetItem, QMenu

from clockapp.core.errors import DomainError
from clockapp.services.changes import Outcome
from clockapp.services.seating import MoveInfo
from clockapp.ui.seating.commands import push_move
from clockapp.ui.seating.host import TablesHost

T = TypeVar("T")


class SeatCommands(TablesHost):
    """Tables, draws, hand moves and the right-click menu of a seat."""

    # ---------------------------------------------------------------- running commands
    def _run(self, operation: Callable[[], Outcome[T]]) -> T | None:
        """One service call through the bus; a refusal goes to the banner (returns None)."""
        try:
            return self._bus.run(operation)
        except DomainError as error:
            self.banner.show_message(str(error))
            return None

    def _refused(self, message: str) -> None:
        self.banner.show_message(message)

    # ---------------------------------------------------------------- the room
    def add_tables(self) -> None:
        """Ask how many tables, and add them."""
        answer = self.ask_tables()
        if answer is None:
            return
        count, seats = answer
        tid = self.tournament_id
        added = self._run(lambda: self._services.seating.add_tables(tid, count, seats))
        if added is not None:
            self.banner.show_message(
                f"Added table{'s' if len(added) > 1 else ''} {', '.join(map(str, added))}.",
                "info",
            )

    def draw_seats(self) -> None:
        """Draw seats for everyone waiting."""
        tid = self.tournament_id
        drawn = self._run(lambda: self._services.seating.draw_seats(tid))
        if drawn is not None:
            self.banner.show_message(f"Drew seats for {len(drawn)} players.", "info")

    def seat_selected(self) -> None:
        """Draw a seat for the waiting player selected in the list."""
        item = self.waiting_list.currentItem() or self.waiting_list.item(0)
        if item is not None:
            self._seat_waiting(int(item.data(Qt.ItemDataRole.UserRole)))

    def _on_waiting_item_double_clicked(self, item: QListWidgetItem) -> None:
        self._seat_waiting(int(item.data(Qt.ItemDataRole.UserRole)))

    def _seat_waiting(self, registration_id: int) -> None:
        tid = self.tournament_id
        seat = self._run(lambda: self._services.seating.seat_new_entry(tid, registration_id))
        if seat is not None:
            self.banner.show_message(f"{seat.name}: {seat.reason}.", "info")

    def move_player(self, registration_id: int | None = None) -> None:
        """Ask who moves where (the keyboard way to drag), and move."""
        answer = self.ask_move(registration_id)
        if answer is not None:
            self.request_move(*answer)

    def request_move(self, registration_id: int, table: int, seat: int) -> MoveInfo | None:
        """Move a player by hand, undoably."""
        try:
            move = push_move(
                self.undo_stack,
                self._services,
                self._bus,
                self.tournament_id,
                registration_id,
                table,
                seat,
                self._refused,
            )
        except DomainError as error:
            self.banner.show_message(str(error))
            return None
        self.banner.show_message(f"{move.name}: {move.announcement}.", "info")
        return move

    def _on_room_move_requested(self, registration_id: int, table: int, seat: int) -> None:
        self.request_move(registration_id, table, seat)

    def _on_room_seat_menu_requested(self, table: int, seat: int, where: QPoint) -> None:
        menu = self.seat_menu(table, seat)
        if not menu.isEmpty():
            menu.exec(where)

    def seat_menu(self, table: int, number: int) -> QMenu:
        """The right-click menu of a seat."""
        menu = QMenu(self)
        if self.room is None:
            return menu
        info = self.room.table(table)
        seat = info.seat(number)
        tid = self.tournament_id
        seating = self._services.seating
        rid = seat.registration_id
        if self.room.shootout:
            if rid is not None:
                menu.addAction("Out of the shootout", lambda: self.shootout_out(rid))
                time_up = menu.addAction(
                    "Time is up at this table…", lambda: self.shootout_time_up(table)
                )
                view = self.shootout_panel.view
                deadline = None if view is None else view.deadline
                if deadline is None or self._services.now() < deadline:
                    # The service refuses a time-out before the round's limit; say so here.
                    time_up.setEnabled(False)
                    menu.setToolTipsVisible(True)
                    time_up.setToolTip(
                        "This round has no time limit: the table plays down."
                        if deadline is None
                        else "Not yet: the round's time limit has not passed."
                    )
            menu.addSeparator()
            menu.addAction("Rename / seats…", lambda: self.edit_table(table))
            return menu
        if rid is not None:
            menu.addAction("Move…", lambda: self.move_player(rid))
            if seat.fixed:
                menu.addAction(
                    "Free the seat", lambda: self._run(lambda: seating.set_fixed(tid, rid, False))
                )
            else:
                menu.addAction(
                    "Fix the seat", lambda: self._run(lambda: seating.set_fixed(tid, rid, True))
                )
            menu.addAction(
                "Button here", lambda: self._run(lambda: seating.set_button(tid, table, number))
            )
        elif seat.closed:
            menu.addAction(
                "Open the seat", lambda: self._run(lambda: seating.open_seat(tid, table, number))
            )
        else:
            menu.addAction(
                "Close the seat", lambda: self._run(lambda: seating.close_seat(tid, table, number))
            )
            for waiting in self.room.waiting:

                def seat_here(waiting_id: int = waiting.registration_id) -> None:
                    self._run(lambda: seating.seat_player(tid, waiting_id, table, number))

                menu.addAction(f"Seat {waiting.name} here", seat_here)
        if info.button is not None:
            menu.addAction(
                "Button unknown", lambda: self._run(lambda: seating.set_button(tid, table, None))
            )
        menu.addSeparator()
        menu.addAction("Rename / seats…", lambda: self.edit_table(table))
        return menu
