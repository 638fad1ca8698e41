"""A buy-in and a clock pause with the director, the wall, the cashier and the tables open: the
SQL they cost, every window's refresh included.

Counted through SQLAlchemy's engine events on the SQLite file: every statement the cursor runs
(`before_cursor_execute`; SQLite's BEGIN is one), and as round trips those plus every COMMIT and
ROLLBACK. The counts do not depend on timing: the press, then everything it asked of the
station's worker and of the GUI thread, answered.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import pytest
from PySide6.QtCore import Qt
from sqlalchemy import event
from sqlalchemy.engine import Engine

from clockapp.core.clock import ClockStatus
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.services.players import PlayerDetails
from tests.ui.cashier.waiting import take_money, then_settle
from tests.ui.polling import settle

#: The goals: a buy-in with its seat, and a clock pause, all windows' refreshes included.
BUY_IN_STATEMENTS = 40
BUY_IN_ROUND_TRIPS = 30
PAUSE_STATEMENTS = 10
FIELD = 24  # bought in and seated before the windows open


@dataclass
class Count:
    statements: list[str] = field(default_factory=list)
    ends: int = 0  # COMMITs and ROLLBACKs

    @property
    def round_trips(self) -> int:
        return len(self.statements) + self.ends


@contextmanager
def counted(engine: Engine) -> Iterator[Count]:
    count = Count()

    def on_execute(_conn, _cursor, statement, *_args) -> None:  # type: ignore[no-untyped-def]
        count.statements.append(" ".join(statement.split())[:120])

    def on_end(_conn) -> None:  # type: ignore[no-untyped-def]
        count.ends += 1

    event.listen(engine, "before_cursor_execute", on_execute)
    event.listen(engine, "commit", on_end)
    event.listen(engine, "rollback", on_end)
    try:
        yield count
    finally:
        event.remove(engine, "before_cursor_execute", on_execute)
        event.remove(engine, "commit", on_end)
        event.remove(engine, "rollback", on_end)


@pytest.fixture
def room(qtbot, station, services, tournament_id):
    """The station with the cashier and the tables open on a seated field, the clock running."""
    rules = EntryRules(RegistrationRule(EntryPrice(2000, house_fee=500), 10_000))
    services.cashier.set_config(tournament_id, CashierConfig(rules))
    services.seating.add_tables(tournament_id, 4, seat_count=9)
    for n in range(FIELD):
        pid = services.players.create(PlayerDetails(f"Player {n:02d}")).value.id
        services.cashier.buy_in(tournament_id, pid, seat=True)
    for name in ("Walk-in Ann", "Walk-in Bob"):
        services.players.create(PlayerDetails(name))
    services.clock.start(tournament_id)
    station.bus.switch_tournament(tournament_id)
    cashier = station.windows.open_cashier()
    station.windows.open_tables()
    settle(qtbot, station.bus)
    return station, cashier


def find(qtbot, cashier, name: str) -> None:
    """Type the name in the desk's search, Enter: the player is selected."""
    desk = cashier.desk
    desk.search.clear()
    qtbot.keyClicks(desk.search, name)
    then_settle(qtbot, desk.search, lambda: qtbot.keyClick(desk.search, Qt.Key.Key_Return))


def sell(qtbot, cashier) -> None:
    """B, Enter on the amount: sold, seated, every window told and refreshed."""
    desk = cashier.desk
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F2))
    assert desk.dialog is not None, cashier.message.text()
    tendered = desk.dialog.tendered_edit
    take_money(qtbot, tendered)
    settle(qtbot, cashier.ctx.bus)
    assert desk.last_seat, cashier.message.text()


def count_buy_in(qtbot, room, engine: Engine) -> Count:
    station, cashier = room
    find(qtbot, cashier, "Walk-in Ann")
    sell(qtbot, cashier)  # the first sale warms what the windows keep
    find(qtbot, cashier, "Walk-in Bob")
    with counted(engine) as count:
        sell(qtbot, cashier)
    assert cashier.desk.last_receipt.registration.name == "Walk-in Bob"
    tables = station.windows["tables"]
    assert "Walk-in Bob" in {s.name for t in tables.context.room.tables for s in t.seats}
    return count


@pytest.mark.slow
def test_a_buy_in_with_every_window_open_costs_at_most_forty_statements(
    qtbot, room, engine: Engine
) -> None:
    count = count_buy_in(qtbot, room, engine)
    writes = [s for s in count.statements if s.startswith("BEGIN IMMEDIATE")]
    assert len(writes) == 1
    assert len(count.statements) <= BUY_IN_STATEMENTS, "\n".join(count.statements)


@pytest.mark.slow
def test_a_buy_in_with_every_window_open_costs_at_most_thirty_round_trips(
    qtbot, room, engine: Engine
) -> None:
    count = count_buy_in(qtbot, room, engine)
    assert count.round_trips <= BUY_IN_ROUND_TRIPS, "\n".join(count.statements)


@pytest.mark.slow
def test_a_pause_with_every_window_open_costs_at_most_ten_statements(
    qtbot, room, engine: Engine, services, tournament_id, fake_clock
) -> None:
    station, cashier = room
    find(qtbot, cashier, "Walk-in Ann")
    sell(qtbot, cashier)  # the cashier has an action to undo
    fake_clock.advance(minutes=2)  # past the level's start: no sound falls due with the press
    station.session.tick()
    settle(qtbot, station.bus)
    display = station.display
    assert station.session.current_view().status is ClockStatus.RUNNING
    with counted(engine) as count:
        station.controller.toggle_pause()  # what Space on the wall does
        settle(qtbot, station.bus)
    assert len(count.statements) <= PAUSE_STATEMENTS, "\n".join(count.statements)
    assert display.status_label.text() == "PAUSED"
    assert services.clock.state(tournament_id).running is False
    assert cashier.header.undo_button.isEnabled()  # the cashier's undo is still offered


def shown_room_is_the_room(qtbot, station, services, tournament_id) -> None:
    """Everything settled: the tables window shows the room as read afresh, every part of it."""
    settle(qtbot, station.bus)
    tables = station.windows["tables"]
    assert tables.context.room == services.seating.room(tournament_id)


@pytest.mark.slow
def test_a_move_a_bust_and_a_table_break_after_a_buy_in_refresh_the_tables_window(
    qtbot, room, services, tournament_id
) -> None:
    station, cashier = room
    find(qtbot, cashier, "Walk-in Ann")
    sell(qtbot, cashier)
    shown_room_is_the_room(qtbot, station, services, tournament_id)
    seating = services.seating
    view = seating.room(tournament_id)
    first = next(s for t in view.tables for s in t.seats if s.registration_id is not None)
    table, seat = next((t.number, s.number) for t in view.tables for s in t.seats if s.empty)
    assert first.registration_id is not None
    station.bus.submit(
        lambda: seating.move_player(tournament_id, first.registration_id, table, seat)
    )
    shown_room_is_the_room(qtbot, station, services, tournament_id)
    assert station.windows["tables"].context.room.tables[table - 1].seat(seat).name == first.name
    station.bus.submit(
        lambda: services.results.bust(tournament_id, first.registration_id, follow_seating=True)
    )
    shown_room_is_the_room(qtbot, station, services, tournament_id)
    shown = station.windows["tables"].context.room
    assert first.name not in {s.name for t in shown.tables for s in t.seats}
    assert len(shown.tables) == 4
    station.bus.submit(lambda: seating.break_tables(tournament_id))
    shown_room_is_the_room(qtbot, station, services, tournament_id)
    assert len(station.windows["tables"].context.room.tables) == 3
