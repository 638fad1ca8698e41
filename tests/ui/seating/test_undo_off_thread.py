"""The tables window's Undo and Redo run their service call on the station's worker: one that
waits on the database leaves the event loop turning, the action is busy meanwhile and a second
press does nothing more, and the room shows the result once it answers."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from clockapp.core.seating import Seat
from clockapp.services.app import Services
from clockapp.ui.actions import TablesAction
from clockapp.ui.bus import TournamentBus
from tests.services.seating.test_seating import place
from tests.ui.hung import Beat, answered_once, hang
from tests.ui.polling import settle
from tests.ui.seating.test_window import (
    _no_modal_dialogs,
    names_in_ovals,
    open_window,
    seeded,
    suggested_break,
)

__all__ = ["_no_modal_dialogs", "open_window", "seeded"]  # fixtures used here


@pytest.fixture
def beat() -> Iterator[Beat]:
    the_beat = Beat()
    yield the_beat
    the_beat.stop()


@pytest.mark.slow
def test_undoing_a_move_that_waits_on_the_database_leaves_the_window_running(
    qtbot, seeded: Services, tournament_id: int, open_window, bus: TournamentBus, monkeypatch, beat
) -> None:
    seeded.seating.add_tables(tournament_id, 1, seat_count=9)
    seats = place(seeded, tournament_id, {1: [3, 4]})
    window = open_window()
    window.seats.request_move(seats[(1, 3)], 1, 8)
    settle(qtbot, bus)
    assert names_in_ovals(window)[1][8] == "P01"
    undo = window.actions_by_name[TablesAction.UNDO]
    assert undo.text().startswith("Undo Move P01")
    hung = hang(monkeypatch, seeded.seating, "undo_move")
    with answered_once(hung, qtbot, bus):
        undo.trigger()
        hung.waiting(qtbot, beat)
        assert not undo.isEnabled()  # busy while it is on its way
        assert not window.move_history(undo=True)  # a second press: nothing more
        assert window.undo_stack.index() == 1
        assert names_in_ovals(window)[1][8] == "P01"  # shown as it was until it answers
    assert seeded.seating.room(tournament_id).seat_of(seats[(1, 3)]) == Seat(1, 3)
    assert names_in_ovals(window)[1][3] == "P01"
    assert window.undo_stack.index() == 0
    assert not undo.isEnabled()  # nothing left to undo
    assert window.actions_by_name[TablesAction.REDO].isEnabled()

    # The redo waits too; the move it makes again is the one a later undo takes back.
    redo = window.actions_by_name[TablesAction.REDO]
    hung_redo = hang(monkeypatch, seeded.seating, "move_player")
    with answered_once(hung_redo, qtbot, bus, beat):
        redo.trigger()
        hung_redo.waiting(qtbot, beat)
        assert not redo.isEnabled()
        redo.trigger()  # disabled: nothing
    assert names_in_ovals(window)[1][8] == "P01"
    hung.release.clear()
    hung.release.set()
    undo.trigger()
    settle(qtbot, bus)
    assert seeded.seating.room(tournament_id).seat_of(seats[(1, 3)]) == Seat(1, 3)


@pytest.mark.slow
def test_undoing_a_table_break_that_waits_on_the_database_leaves_the_window_running(
    qtbot, seeded: Services, tournament_id: int, open_window, bus: TournamentBus, monkeypatch, beat
) -> None:
    seeded.seating.add_tables(tournament_id, 3, seat_count=6)
    place(seeded, tournament_id, {1: [1, 2, 3], 2: [1, 2, 3], 3: [1, 2, 3]})
    window = open_window()
    before = names_in_ovals(window)
    window.play.ask_break = suggested_break
    window.actions_by_name[TablesAction.BREAK].trigger()
    settle(qtbot, bus)
    assert len(window.room_view.items_by_table) == 2
    hung = hang(monkeypatch, seeded.seating, "undo_actions")
    with answered_once(hung, qtbot, bus, beat):
        window.actions_by_name[TablesAction.UNDO].trigger()
        hung.waiting(qtbot, beat)
        window.actions_by_name[TablesAction.UNDO].trigger()  # busy: nothing
        assert len(window.room_view.items_by_table) == 2
    assert names_in_ovals(window) == before
    assert window.undo_stack.index() == 0
