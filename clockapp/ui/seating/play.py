"""The tables window's commands that follow play: balancing, breaking tables, the final table,
hand-for-hand, and the status line that says what comes next.

Each command is one service call on the station's worker (`TablesContext.submit`); its action is
busy until it answers, and a refused command shows its message in the banner and changes
nothing. Balancing may stop to ask where a table's button is (`NeedButton`): when its call
answers, `ask_button` asks the director, the answer is set, and balancing runs again until the
plan is complete or the director cancels.

What a balancing, a break or the final table moved goes on the window's undo stack as one step
(`push_actions`), the button questions of one balancing included, so Undo puts everyone back.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QDialog, QWidget

from clockapp.core.seating.balancing import NeedButton
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext
from clockapp.services.changes import Outcome
from clockapp.services.seating import BalanceResult, RoomView, TableInfo
from clockapp.ui.actions import TablesAction
from clockapp.ui.seating.commands import push_actions
from clockapp.ui.seating.context import TablesContext
from clockapp.ui.seating.dialogs import (
    BreakChoice,
    BreakTableDialog,
    ButtonDialog,
    FinalTableDialog,
)

#: How many button questions one balancing may ask before the window gives up (one per table is
#: the most a plan needs; this only stops a loop if the answers never stick).
MAX_QUESTIONS = 50


def room_status_text(room: RoomView) -> str:
    """The status line over the room: where play stands and what breaks or forms next."""
    text = room.status
    if room.busts_until_table_break is not None and len(room.tables) > 1:
        until = room.busts_until_table_break
        if len(room.tables) == 2 and room.final_table is not None:
            host, size = room.final_table
            text += "   " + ngettext(
                "The final table ({size} seats at table {table}) forms after {count} more bust.",
                "The final table ({size} seats at table {table}) forms after {count} more busts.",
                until,
            ).format(size=size, table=host, count=until)
        elif room.table_break_costs:
            tables = ", ".join(
                ngettext("Table {table} ({count} move)", "Table {table} ({count} moves)", m).format(
                    table=n, count=m
                )
                for n, m in room.table_break_costs
            )
            text += "   " + _("Can break now: {tables}.").format(tables=tables)
        else:
            text += "   " + ngettext(
                "Next table breaks after {count} more bust.",
                "Next table breaks after {count} more busts.",
                until,
            ).format(count=until)
    if room.shootout:
        text = _("Shootout: tables play down to the players who go on, no balancing.")
    free = room.free_seats
    text += "   " + ngettext(
        "{seated} seated, {count} open seat.", "{seated} seated, {count} open seats.", free
    ).format(seated=room.player_count, count=free)
    return text


class PlayCommands:
    """Balance, break, form the final table, and run hand-for-hand.

    `reload` reads the room again (a refused hand-for-hand toggle puts its check back); what
    balancing, breaking and the final table move goes on `undo_stack`. The `ask_*` attributes
    open the dialogs, each returning the answer or None for Cancel; tests replace them with
    plain functions.
    """

    def __init__(
        self,
        context: TablesContext,
        reload: Callable[[], None],
        parent: QWidget,
        undo_stack: QUndoStack,
    ) -> None:
        self._context = context
        self._reload = reload
        self._parent = parent
        self._undo_stack = undo_stack
        self.ask_button: Callable[[NeedButton, TableInfo], int | None] = self._ask_button
        self.ask_final_size: Callable[[], int | None] = self._ask_final_size
        self.ask_break: Callable[[RoomView], BreakChoice | None] = self._ask_break

    def balance(self) -> None:
        """Break what breaks and balance, asking for each button the plan needs."""
        self._balance(0, (), MAX_QUESTIONS, ())

    def _balance(
        self,
        moved: int,
        summaries: tuple[str, ...],
        questions_left: int,
        actions: tuple[int, ...],
    ) -> None:
        """One balancing call on the worker; its answer asks for a button and goes on, or says
        what was done. The action stays busy for each call, so a second press waits for none.
        `actions` are what the calls before this one did: one undo step takes them all back."""
        tid = self._context.tid
        if questions_left <= 0:
            self._push(tid, actions, _("Balance"))
            self._context.banner.show_message(
                _("Balancing kept asking for buttons; balance again."), "warning"
            )
            return
        seating = self._context.services.seating

        def work() -> Outcome[tuple[BalanceResult, TableInfo | None]]:
            outcome = seating.balance(tid)
            need = outcome.value.need_button
            # The table as balancing left it, for the question (read with the call, not after).
            table = seating.room(tid).table(need.table) if need is not None else None
            return Outcome((outcome.value, table), outcome.changes)

        def done(answer: tuple[BalanceResult, TableInfo | None]) -> None:
            result, table = answer
            total = moved + len(result.moves)
            need = result.need_button
            done_so_far = actions if result.action is None else (*actions, result.action)
            if need is None or table is None:
                self._push(tid, done_so_far, _("Balance"))
                text = result.summary
                if total and total != len(result.moves):
                    text = _("{count} moves in all.").format(count=total) + " " + text
                # Tables kept up for late entries are news the director should not miss.
                kind = "warning" if result.warnings or result.held else "info"
                self._context.banner.show_message(" ".join((*summaries, text)), kind)
                return
            said = summaries
            if result.moves:
                said = (*summaries, result.summary.replace(need.reason, "").strip())
            seat = self.ask_button(need, table)
            if seat is None:
                self._push(tid, done_so_far, _("Balance"))
                self._context.banner.show_message(
                    _("Balancing waits for the button at table {table}. {reason}").format(
                        table=need.table, reason=need.reason
                    ),
                    "warning",
                )
                return
            self._context.submit(
                partial(seating.set_button, tid, need.table, seat),
                lambda _info: self._balance(total, said, questions_left - 1, done_so_far),
                key=TablesAction.BALANCE,
                action=TablesAction.BALANCE,
                on_refused=partial(self._push, tid, done_so_far, _("Balance")),
            )

        self._context.submit(
            work,
            done,
            key=TablesAction.BALANCE,
            action=TablesAction.BALANCE,
            on_refused=partial(self._push, tid, actions, _("Balance")),
        )

    def _push(self, tid: int, actions: tuple[int, ...], text: str) -> None:
        """Put what the calls of one command moved on the undo stack, as one step."""
        push_actions(
            self._undo_stack,
            self._context.services,
            self._context.bus,
            tid,
            actions,
            text,
            self._refused,
        )

    def _refused(self, message: str) -> None:
        self._context.banner.show_message(message, "error")

    def _pushed(self, tid: int, text: str, result: BalanceResult) -> BalanceResult:
        if result.action is not None:
            self._push(tid, (result.action,), text)
        return result

    def break_tables(self) -> None:
        """Break a table once the players fit at one fewer: the director confirms which (the
        next in the break order is chosen already) and says where the buttons are at the tables
        that receive its players. With nothing that can break, the service says why."""
        tid = self._context.tid
        seating = self._context.services.seating
        room = self._context.room
        if self._context.bus.worker.is_pending(TablesAction.BREAK):
            return  # a break is on its way: nothing more is asked
        table: int | None = None
        buttons: dict[int, int] = {}
        if room is not None and room.table_break_costs:
            choice = self.ask_break(room)
            if choice is None:
                return
            table, buttons = choice.table, dict(choice.buttons)
        self._context.submit(
            lambda: seating.break_tables(tid, table, buttons),
            lambda result: self._context.banner.show_message(
                self._pushed(tid, _("Break tables"), result).summary, "info"
            ),
            key=TablesAction.BREAK,
            action=TablesAction.BREAK,
        )

    def form_final_table(self) -> None:
        """Ask the final table's size and redraw everyone there."""
        size = self.ask_final_size()
        if size is None:
            return
        tid = self._context.tid
        seating = self._context.services.seating
        self._context.submit(
            lambda: seating.form_final_table(tid, size),
            lambda result: self._context.banner.show_message(
                self._pushed(tid, _("Final table"), result).summary
                + " "
                + _("Draw for the button."),
                "info",
            ),
            key=TablesAction.FINAL,
            action=TablesAction.FINAL,
        )

    # ---------------------------------------------------------------- hand-for-hand
    def toggle_hand_for_hand(self) -> None:
        """Start or stop hand-for-hand play."""
        if self._context.room is not None and self._context.room.hand_for_hand is not None:
            self.stop_hand_for_hand()
        else:
            tid = self._context.tid
            seating = self._context.services.seating
            self._context.submit(
                lambda: seating.start_hand_for_hand(tid),
                key=TablesAction.HAND_FOR_HAND,
                action=TablesAction.HAND_FOR_HAND,
                on_refused=self._reload,
            )

    def stop_hand_for_hand(self) -> None:
        """End hand-for-hand play."""
        tid = self._context.tid
        seating = self._context.services.seating
        self._context.submit(
            lambda: seating.stop_hand_for_hand(tid),
            key=TablesAction.HAND_FOR_HAND,
            action=TablesAction.HAND_FOR_HAND,
            on_refused=self._reload,
        )

    def next_hand(self) -> None:
        """Deal the next hand everywhere (every table must have finished)."""
        tid = self._context.tid
        seating = self._context.services.seating
        self._context.submit(lambda: seating.next_hand(tid), key="next hand")

    def finish_hand(self, table: int, finished: bool) -> None:
        """Mark a table's hand finished (or playing again)."""
        tid = self._context.tid
        seating = self._context.services.seating
        self._context.submit(
            lambda: seating.finish_hand(tid, table, finished),
            key=("finish hand", table),
            on_refused=self._reload,
        )

    def _ask_button(self, need: NeedButton, table: TableInfo) -> int | None:
        dialog = ButtonDialog(need, table, self._parent)
        return dialog.value() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def _ask_break(self, room: RoomView) -> BreakChoice | None:
        dialog = BreakTableDialog(room, self._parent)
        return dialog.value() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def _ask_final_size(self) -> int | None:
        if self._context.room is None:
            return None
        dialog = FinalTableDialog(self._context.room, self._parent)
        return dialog.value() if dialog.exec() == QDialog.DialogCode.Accepted else None
