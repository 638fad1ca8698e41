"""The tables window's commands that follow play: balancing, breaking tables, the final table,
hand-for-hand, and the status line that says what comes next.

`PlayCommands` is mixed into `TablesWindow`; like the other mixins it uses the window's services,
bus, banner, room and `ask_*` hooks (see `clockapp.ui.seating.host`). Each command is one service
call through the bus; a refused command shows its message in the banner and changes nothing.
Balancing may stop to ask where a table's button is (`NeedButton`): the window asks the director,
sets it, and balances again until the plan is complete or the director cancels.
"""

from __future__ import annotations

from functools import partial

from clockapp.services.seating import RoomView
from clockapp.ui.seating.host import TablesHost

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
    text += f"   {room.player_count} seated, {room.capacity} open seats."
    return text


class PlayCommands(TablesHost):
    """Balance, break, form the final table, and run hand-for-hand."""

    def balance(self) -> None:
        """Break what breaks and balance, asking for each button the plan needs."""
        tid = self.tournament_id
        seating = self._services.seating
        moved = 0
        summaries: list[str] = []
        for _ in range(MAX_QUESTIONS):
            result = self._run(lambda: seating.balance(tid))
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
                self.banner.show_message(" ".join(summaries), kind)
                return
            if result.moves:
                summaries.append(result.summary.replace(need.reason, "").strip())
            room = seating.room(tid)
            seat = self.ask_button(need, room.table(need.table))
            if seat is None:
                self.banner.show_message(
                    f"Balancing waits for the button at table {need.table}. {need.reason}",
                    "warning",
                )
                return
            if self._run(partial(seating.set_button, tid, need.table, seat)) is None:
                return
        self.banner.show_message("Balancing kept asking for buttons; balance again.", "warning")

    def break_tables(self) -> None:
        """Break the next table in the break order, when the players fit."""
        tid = self.tournament_id
        result = self._run(lambda: self._services.seating.break_tables(tid))
        if result is not None:
            self.banner.show_message(result.summary, "info")

    def form_final_table(self) -> None:
        """Ask the final table's size and redraw everyone there."""
        size = self.ask_final_size()
        if size is None:
            return
        tid = self.tournament_id
        result = self._run(lambda: self._services.seating.form_final_table(tid, size))
        if result is not None:
            self.banner.show_message(result.summary + " Draw for the button.", "info")

    # ---------------------------------------------------------------- hand-for-hand
    def toggle_hand_for_hand(self) -> None:
        """Start or stop hand-for-hand play."""
        if self.room is not None and self.room.hand_for_hand is not None:
            self.stop_hand_for_hand()
        else:
            tid = self.tournament_id
            self._run(lambda: self._services.seating.start_hand_for_hand(tid))
            self.reload()

    def stop_hand_for_hand(self) -> None:
        """End hand-for-hand play."""
        tid = self.tournament_id
        self._run(lambda: self._services.seating.stop_hand_for_hand(tid))
        self.reload()

    def next_hand(self) -> None:
        """Deal the next hand everywhere (every table must have finished)."""
        tid = self.tournament_id
        self._run(lambda: self._services.seating.next_hand(tid))

    def _on_hfh_table_toggled(self, table: int, finished: bool) -> None:
        tid = self.tournament_id
        if self._run(lambda: self._services.seating.finish_hand(tid, table, finished)) is None:
            self.reload()
