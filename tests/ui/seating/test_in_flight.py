"""A tables command on its way to the database (the station's worker held busy, as by a slow
database) is not doubled by a second press: two drags of the same player make one move and one
undo step; a second Break table while the first is pending breaks nothing more."""

from __future__ import annotations

import threading

import pytest

from clockapp.services.app import Services
from clockapp.ui.actions import TablesAction
from clockapp.ui.bus import TournamentBus
from tests.services.seating.test_seating import field, place
from tests.ui.polling import settle
from tests.ui.seating.test_window import (
    _no_modal_dialogs,
    drag,
    open_window,
    seeded,
    suggested_break,
)

__all__ = ["_no_modal_dialogs", "open_window", "seeded"]  # fixtures used here


@pytest.mark.slow
def test_two_drags_of_one_player_make_one_move(
    qtbot, seeded: Services, tournament_id: int, open_window, bus: TournamentBus
) -> None:
    seeded.seating.add_tables(tournament_id, 1, seat_count=9)
    seats = place(seeded, tournament_id, {1: [3, 4]})
    window = open_window()
    opened = threading.Event()
    bus.worker.submit(lambda: opened.wait(10))
    drag(qtbot, window, (1, 3), (1, 8))
    drag(qtbot, window, (1, 3), (1, 7))  # the window still shows him at seat 3
    assert seeded.seating.moves(tournament_id) == ()  # still on its way
    opened.set()
    settle(qtbot, bus)
    (move,) = seeded.seating.moves(tournament_id)
    assert (move.to_seat.table, move.to_seat.number) == (1, 8)
    assert seeded.seating.room(tournament_id).seat_of(seats[(1, 3)]).number == 8  # type: ignore[union-attr]
    assert window.undo_stack.count() == 1
    assert window.banner.text().startswith("P01:")


@pytest.mark.slow
def test_a_second_break_while_the_first_is_pending_breaks_nothing_more(
    qtbot, seeded: Services, tournament_id: int, open_window, bus: TournamentBus
) -> None:
    seeded.seating.add_tables(tournament_id, 3, seat_count=6)
    field(seeded, tournament_id, 10)
    seeded.seating.draw_seats(tournament_id)
    window = open_window()
    action = window.actions_by_name[TablesAction.BREAK]
    window.play.ask_break = suggested_break
    opened = threading.Event()
    bus.worker.submit(lambda: opened.wait(10))
    action.trigger()
    assert not action.isEnabled()  # busy while it is on its way
    assert bus.worker.is_pending(TablesAction.BREAK)
    window.play.break_tables()  # the command again (a key, a menu): nothing more is asked
    opened.set()
    settle(qtbot, bus)
    assert action.isEnabled()
    assert [t.number for t in seeded.seating.room(tournament_id).tables] == [1, 2]
    assert len(window.room_view.items_by_table) == 2
