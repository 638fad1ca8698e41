"""The tables window never waits on the database: while another OS process holds SQLite's write
lock (the cashier on the same laptop, `clockapp backup`, a second station), balancing, breaking
a table, a hand move and saving the seating rules keep the event loop turning; the action shows
busy, a second press meanwhile does nothing, and the action is applied once when the lock is
released.

A real second OS process (multiprocessing, spawn) takes `BEGIN IMMEDIATE` on the tournament's
file and holds it.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable

import pytest
from PySide6.QtCore import QTimer
from sqlalchemy.engine import Engine

from clockapp.core.seating.balancing import BalancePolicy
from clockapp.core.seating.table_breaks import TableBreakRules
from clockapp.services.app import Services
from clockapp.ui.actions import TablesAction
from clockapp.ui.seating import TablesWindow
from clockapp.ui.seating.rules import SeatingRules
from tests.services.seating.test_seating import bust, field, place
from tests.ui.polling import settle
from tests.ui.seating.test_window import _no_modal_dialogs, open_window, seeded, suggested_break
from tests.write_lock import other_process_holding

__all__ = ["_no_modal_dialogs", "open_window", "seeded"]  # fixtures used here

pytestmark = pytest.mark.slow

#: How long the other process holds the lock.
HOLD_S = 2.0


def unbalanced(services: Services, tid: int) -> Callable[[TablesWindow], TablesAction]:
    """Eight players against four, buttons known: Balance moves two players."""
    services.seating.add_tables(tid, 2, seat_count=10)
    seats = place(services, tid, {1: [1, 2, 3, 4, 5, 6, 7, 8], 2: [1, 2, 3, 4, 5, 6]})
    bust(services, seats[(2, 5)], seats[(2, 6)])
    services.seating.set_button(tid, 1, 1)
    services.seating.set_button(tid, 2, 1)
    return lambda _window: TablesAction.BALANCE


def breakable(services: Services, tid: int) -> Callable[[TablesWindow], TablesAction]:
    """Twelve players at three tables of six: Break table breaks one."""
    services.seating.add_tables(tid, 3, seat_count=6)
    field(services, tid, 12)
    services.seating.draw_seats(tid)

    def answer(window: TablesWindow) -> TablesAction:
        window.play.ask_break = suggested_break  # OK on the suggested table
        return TablesAction.BREAK

    return answer


def to_move(services: Services, tid: int) -> Callable[[TablesWindow], TablesAction]:
    """Two players at one table: Move player… moves the first to seat 8."""
    services.seating.add_tables(tid, 1, seat_count=9)
    seats = place(services, tid, {1: [3, 4]})

    def answer(window: TablesWindow) -> TablesAction:
        window.seats.ask_move = lambda _rid: (seats[(1, 3)], 1, 8)
        return TablesAction.MOVE

    return answer


def rules_to_save(services: Services, tid: int) -> Callable[[TablesWindow], TablesAction]:
    """One table: Rules… saves a break order and a final table of nine."""
    services.seating.add_tables(tid, 2, seat_count=10)

    def answer(window: TablesWindow) -> TablesAction:
        window.rules.ask_rules = lambda: SeatingRules(BalancePolicy(), TableBreakRules((2,), 1, 9))
        return TablesAction.RULES

    return answer


def applied_once(services: Services, tid: int, action: TablesAction) -> None:
    seating = services.seating
    if action is TablesAction.BALANCE:
        assert len(seating.moves(tid)) == 2  # a second balance would find nothing to do anyway
        assert [t.count for t in seating.room(tid).tables] == [6, 6]
    elif action is TablesAction.BREAK:
        assert [t.number for t in seating.room(tid).tables] == [1, 2]  # one table, not two
    elif action is TablesAction.MOVE:
        (move,) = seating.moves(tid)
        assert (move.to_seat.table, move.to_seat.number) == (1, 8)
    else:
        assert seating.config(tid).rules.final_table_size == 9


@pytest.mark.parametrize(
    "setup",
    [unbalanced, breakable, to_move, rules_to_save],
    ids=["balance", "break table", "move", "rules"],
)
def test_a_press_during_another_process_write_lock_never_stalls_the_window(
    qtbot,
    seeded: Services,
    tournament_id: int,
    open_window,
    engine: Engine,
    setup: Callable[[Services, int], Callable[[TablesWindow], TablesAction]],
) -> None:
    prepare = setup(seeded, tournament_id)
    window = open_window()
    action = prepare(window)
    qaction = window.actions_by_name[action]
    bus = window.context.bus
    undo_steps = window.undo_stack.count()
    beats: list[float] = []
    heartbeat = QTimer()
    heartbeat.setInterval(25)
    heartbeat.timeout.connect(lambda: beats.append(time.monotonic()))

    with other_process_holding(engine.url.database, HOLD_S) as locker:
        heartbeat.start()
        locked_at = time.monotonic()
        qaction.trigger()  # during the lock
        pressed_in = time.monotonic() - locked_at
        busy = not qaction.isEnabled()
        qaction.trigger()  # pressed again while the first is on its way: nothing more
        qtbot.waitUntil(lambda: not locker.is_alive(), timeout=int(HOLD_S * 1000) + 10_000)
        settle(qtbot, bus)
        heartbeat.stop()

    gaps = [b - a for a, b in itertools.pairwise(beats)]
    assert pressed_in < 1.0, f"the press took {pressed_in:.2f} s"
    assert max(gaps) < 1.0, f"the event loop stalled {max(gaps):.2f} s"
    assert busy, "the action did not show it was busy"
    assert qaction.isEnabled()
    assert window.banner.kind != "error", window.banner.text()
    applied_once(seeded, tournament_id, action)
    # One press made one undoable step (moves, balancing and breaks can be undone; rules not).
    undoable = action in (TablesAction.MOVE, TablesAction.BALANCE, TablesAction.BREAK)
    assert window.undo_stack.count() == undo_steps + undoable
