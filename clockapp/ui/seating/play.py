"""The tables window's commands that follow play: balancing, breaking tables, the final table,
hand-for-hand, and the status line that says what comes next.

Each command is one service call through the bus (`TablesContext.run`); a refused command shows
its message in the banner and changes nothing. Balancing may stop to ask where a table's button
is (`NeedButton`): `ask_button` asks the director, the answer is set, and balancing runs again
until the plan is complete or the director cancels.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtWidgets import QDialog, QWidget

from clockapp.core.seating.balancing import NeedButton
from clockapp.services.seating import RoomView, TableInfo
from clockapp.ui.seating.context import TablesContext
from clockapp.ui.seating.dialogs import ButtonDialog, FinalTableDialog

#: How many button questions one balancing may ask before the window gives up (one per table is
#: the most a plan needs; this only stops a loop if the answers never stick).
MAX_QUESTIONS = 50


def room_status_text(room: RoomView) -> str:
    """The status line over the room: where play stands and what breaks or forms next."""
    text = room.status
    if room.busts_until_break is not None and len(room.tables) > 1:
        until = room.busts_until_break
        busts = f"{until} more bust{'s' if until != 1 else ''}"
        if len(room.tables) == 2 and room.final_table is not None:
            host, size = room.final_table
            text += f"   The final table ({size} seats at table {host}) forms after {busts}."
        elif room.break_costs:
            text += (
                "   Can break now: "
                + ", ".join(
                    f"Table {n} ({m} move{'s' if m != 1 else ''})" for n, m in room.break_costs
                )
                + "."
            )
        else:
            text += f"   Next table breaks after {busts}."
    if room.shootout:
        text = "Shootout: tables play down to the players who go on, no balancing."
    free = room.free_seats
    text += f"   {room.player_count} seated, {free} open seat{'s' if free != 1 else ''}."
    return text


class PlayCommands:
    """Balance, break, form the final table, and run hand-for-hand.

    `reload` reads the room again (a refused hand-for-hand toggle puts its check back). The
    `ask_*` attributes open the dialogs, each returning the answer or None for Cancel; tests
    replace them with plain functions.
    """

    def __init__(self, context: TablesContext, reload: Callable[[], None], parent: QWidget) -> None:
        self._context = context
        self._reload = reload
        self._parent = parent
        self.ask_button: Callable[[NeedButton, TableInfo], int | None] = self._ask_button
        self.ask_final_size: Callable[[], int | None] = self._ask_final_size

    def balance(self) -> None:
        """Break what breaks and balance, asking for each button the plan needs."""
        tid = self._context.tid
        seating = self._context.services.seating
        moved = 0
        summaries: list[str] = []
        for _ in range(MAX_QUESTIONS):
            result = self._context.run(lambda: seating.balance(tid))
            if result is None:
                return
            moved += len(result.moves)
            need = result.need_button
            if need is None:
                text = result.summary
                if moved and moved != len(result.moves):
                    text = f"{moved} moves in all. " + text
                summaries.append(text)
                kind = "warning" if result.warnings else "info"
                self._context.banner.show_message(" ".join(summaries), kind)
                return
            if result.moves:
                summaries.append(result.summary.replace(need.reason, "").strip())
            room = seating.room(tid)
            seat = self.ask_button(need, room.table(need.table))
            if seat is None:
                self._context.banner.show_message(
                    f"Balancing waits for the button at table {need.table}. {need.reason}",
                    "warning",
                )
                return
            if self._context.run(partial(seating.set_button, tid, need.table, seat)) is None:
                return
        self._context.banner.show_message(
            "Balancing kept asking for buttons; balance again.", "warning"
        )

    def break_tables(self) -> None:
        """Break the next table in the break order, when the players fit."""
        tid = self._context.tid
        result = self._context.run(lambda: self._context.services.seating.break_tables(tid))
        if result is not None:
            self._context.banner.show_message(result.summary, "info")

    def form_final_table(self) -> None:
        """Ask the final table's size and redraw everyone there."""
        size = self.ask_final_size()
        if size is None:
            return
        tid = self._context.tid
        result = self._context.run(
            lambda: self._context.services.seating.form_final_table(tid, size)
        )
        if result is not None:
            self._context.banner.show_message(result.summary + " Draw for the button.", "info")

    # ---------------------------------------------------------------- hand-for-hand
    def toggle_hand_for_hand(self) -> None:
        """Start or stop hand-for-hand play."""
        if self._context.room is not None and self._context.room.hand_for_hand is not None:
            self.stop_hand_for_hand()
        else:
            tid = self._context.tid
            self._context.run(lambda: self._context.services.seating.start_hand_for_hand(tid))
            self._reload()

    def stop_hand_for_hand(self) -> None:
        """End hand-for-hand play."""
        tid = self._context.tid
        self._context.run(lambda: self._context.services.seating.stop_hand_for_hand(tid))
        self._reload()

    def next_hand(self) -> None:
        """Deal the next hand everywhere (every table must have finished)."""
        tid = self._context.tid
        self._context.run(lambda: self._context.services.seating.next_hand(tid))

    def finish_hand(self, table: int, finished: bool) -> None:
        """Mark a table's hand finished (or playing again)."""
        tid = self._context.tid
        if (
            self._context.run(
                lambda: self._context.services.seating.finish_hand(tid, table, finished)
            )
            is None
        ):
            self._reload()

    def _ask_button(self, need: NeedButton, table: TableInfo) -> int | None:
        dialog = ButtonDialog(need, table, self._parent)
        return dialog.value() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def _ask_final_size(self) -> int | None:
        if self._context.room is None:
            return None
        dialog = FinalTableDialog(self._context.room, self._parent)
        return dialog.value() if dialog.exec() == QDialog.DialogCode.Accepted else None
