"""A bust that unbalances the room: the cashier and the director are told the move to make.

The host's part is played through real widgets: the cashier busts a player at the desk (X, then
Enter), and the cashier's message strip and the director's window both say which table gives a
player to which, with each table's count, until Balance fixes it at the tables window.
"""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt

from clockapp.services.app import Services
from clockapp.services.seating import SeatingService
from clockapp.ui.bus import TournamentBus
from clockapp.ui.station.station import ClockStation
from tests.services.seating.test_seating import buy_ins
from tests.ui.cashier.waiting import settle_on, then_settle
from tests.ui.polling import settle, submit_and_wait

NOTICE = "Tables out of balance: move a player from table 1 (9) to table 2 (7)."


def bust_at_the_desk(qtbot, cashier_window, name: str) -> None:
    """Find `name` at the desk, press F6 for the bust, Enter to record it."""
    desk = cashier_window.desk
    desk.refresh()
    settle_on(qtbot, desk)
    desk.search.clear()
    qtbot.keyClicks(desk.search, name)
    then_settle(qtbot, desk.search, lambda: qtbot.keyClick(desk.search, Qt.Key.Key_Return))
    desk.table.setFocus()
    qtbot.keyClick(desk.table, Qt.Key.Key_F6)
    settle_on(qtbot, desk)  # the dialog opens once the room is read on the worker
    dialog = desk.dialog
    assert dialog is not None
    then_settle(qtbot, dialog.table, lambda: qtbot.keyClick(dialog.table, Qt.Key.Key_Return))


@pytest.mark.slow
def test_a_bust_that_unbalances_the_room_tells_the_cashier_and_the_director(
    qtbot,
    services: Services,
    bus: TournamentBus,
    tournament_id: int,
    station: ClockStation,
    cashier_window,
) -> None:
    services.seating = SeatingService(services.ctx, rng=random.Random(5))
    buy_ins(services, tournament_id, 17)
    services.seating.add_tables(tournament_id, 2, seat_count=9)
    submit_and_wait(qtbot, bus, lambda: services.seating.draw_seats(tournament_id))
    room = services.seating.room(tournament_id)
    assert [t.count for t in room.tables] == [9, 8]
    assert not station.director.balance_label.isVisibleTo(station.director)

    short = next(s.name for s in room.table(2).seats if s.registration_id is not None)
    bust_at_the_desk(qtbot, cashier_window, short)
    settle(qtbot, bus)

    message = cashier_window.message
    assert message.kind == "warning"
    assert "finished 17th" in message.text()
    assert message.text().endswith(NOTICE)
    director = station.director
    assert director.balance_label.isVisibleTo(director)
    assert director.balance_label.text() == NOTICE
    assert not director.grab().isNull()  # the notice paints

    # Balanced again: the director's notice goes.
    for table in services.seating.room(tournament_id).tables:
        seat = next(s.number for s in table.seats if s.registration_id is not None)
        services.seating.set_button(tournament_id, table.number, seat)
    submit_and_wait(qtbot, bus, lambda: services.seating.balance(tournament_id))
    assert not director.balance_label.isVisibleTo(director)


@pytest.mark.slow
def test_a_bust_that_keeps_the_room_in_balance_says_nothing_of_it(
    qtbot,
    services: Services,
    bus: TournamentBus,
    tournament_id: int,
    station: ClockStation,
    cashier_window,
) -> None:
    services.seating = SeatingService(services.ctx, rng=random.Random(5))
    buy_ins(services, tournament_id, 17)
    services.seating.add_tables(tournament_id, 2, seat_count=9)
    submit_and_wait(qtbot, bus, lambda: services.seating.draw_seats(tournament_id))
    room = services.seating.room(tournament_id)
    full = next(s.name for s in room.table(1).seats if s.registration_id is not None)
    bust_at_the_desk(qtbot, cashier_window, full)
    settle(qtbot, bus)
    assert cashier_window.message.kind == "info"
    assert "out of balance" not in cashier_window.message.text()
    assert not station.director.balance_label.isVisibleTo(station.director)
