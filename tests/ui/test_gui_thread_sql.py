"""No SQL on the GUI thread when a window opens or refreshes after another station's change.

Each window is opened the way the director opens it (the station's `windows`), the station's
worker is let settle, then another station makes a change (a service call here, which the bus
reads from the change feed as it would a commit from another machine) and every window
refreshes. `gui_thread_sql` records every statement run on the main thread meanwhile, with the
window code that asked for it: there must be none. The station itself (bus, session, director,
wall) is built before the event loop runs, as the app's start-up builds it, so only what comes
after is counted.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from clockapp.core.chips import ChipSet
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.services.players import PlayerDetails
from clockapp.ui.station.windows import (
    WINDOW_CASHIER,
    WINDOW_CHARTS,
    WINDOW_LEAGUES,
    WINDOW_RULINGS,
    WINDOW_STRUCTURE,
    WINDOW_TABLES,
    WINDOW_TEAM_EVENT,
)
from tests.ui.cashier.waiting import take_money, then_settle
from tests.ui.gui_sql import at_another_station
from tests.ui.polling import poll, settle

WINDOWS = (
    WINDOW_STRUCTURE,
    WINDOW_CASHIER,
    WINDOW_TABLES,
    WINDOW_RULINGS,
    WINDOW_LEAGUES,
    WINDOW_TEAM_EVENT,
    WINDOW_CHARTS,
)


@pytest.fixture
def room(qtbot, station, services, tournament_id):
    """The station on a seated field with the clock running, nothing but the clock open."""
    rules = EntryRules(RegistrationRule(EntryPrice(2000, house_fee=500), 10_000))
    services.cashier.set_config(tournament_id, CashierConfig(rules))
    services.seating.add_tables(tournament_id, 2, seat_count=9)
    for n in range(6):
        pid = services.players.create(PlayerDetails(f"Player {n:02d}")).value.id
        services.cashier.buy_in(tournament_id, pid, seat=True)
    services.players.create(PlayerDetails("Walk-in Ann"))
    services.clock.start(tournament_id)
    station.bus.switch_tournament(tournament_id)
    settle(qtbot, station.bus)
    return station


def another_station_sells(qtbot, room, services, tournament_id, name: str) -> None:
    """A buy-in with its seat made at another station, read from the feed here."""
    pid = at_another_station(lambda: services.players.create(PlayerDetails(name)).value.id)
    at_another_station(lambda: services.cashier.buy_in(tournament_id, pid, seat=True))
    poll(qtbot, room.bus)


@pytest.mark.parametrize("key", WINDOWS)
def test_a_window_opens_and_refreshes_without_sql_on_the_gui_thread(
    qtbot, room, services, tournament_id, gui_thread_sql, key
) -> None:
    with gui_thread_sql.watching() as opened:
        window = room.windows.open_window(key)
        settle(qtbot, room.bus)
    assert window.isVisible()
    assert not opened, gui_thread_sql.report()
    with gui_thread_sql.watching() as refreshed:
        another_station_sells(qtbot, room, services, tournament_id, "Other Bob")
    assert not refreshed, gui_thread_sql.report()


def test_the_director_and_the_wall_refresh_without_sql_on_the_gui_thread(
    qtbot, room, services, tournament_id, gui_thread_sql
) -> None:
    with gui_thread_sql.watching() as refreshed:
        another_station_sells(qtbot, room, services, tournament_id, "Other Bob")
        at_another_station(lambda: services.clock.pause(tournament_id))
        poll(qtbot, room.bus)
    assert room.display.status_label.text() == "PAUSED"
    assert not refreshed, gui_thread_sql.report()


@pytest.fixture
def sold_at_the_desk(qtbot, room):
    """The cashier open, Walk-in Ann just sold at its desk: her receipt is the last sale."""
    cashier = room.windows.open_cashier()
    settle(qtbot, room.bus)
    desk = cashier.desk
    qtbot.keyClicks(desk.search, "Walk-in Ann")
    then_settle(qtbot, desk.search, lambda: qtbot.keyClick(desk.search, Qt.Key.Key_Return))
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F2))
    assert desk.dialog is not None, cashier.message.text()
    take_money(qtbot, desk.dialog.tendered_edit)
    settle(qtbot, room.bus)
    assert desk.last_receipt is not None, cashier.message.text()
    return cashier


def test_a_sale_voided_at_another_station_is_struck_through_without_sql_on_the_gui_thread(
    qtbot, room, sold_at_the_desk, services, tournament_id, gui_thread_sql
) -> None:
    last_sale = sold_at_the_desk.desk.last
    assert "Walk-in Ann" in last_sale.label.text()
    row = last_sale.receipt.rows[0].id
    with gui_thread_sql.watching() as refreshed:
        at_another_station(lambda: services.cashier.void(tournament_id, row, "wrong player"))
        poll(qtbot, room.bus)
    assert "Voided" in last_sale.label.text()
    assert not last_sale.receipt_button.isEnabled()
    assert not refreshed, gui_thread_sql.report()


def test_new_chips_set_at_another_station_reach_the_cashier_without_sql_on_the_gui_thread(
    qtbot, room, sold_at_the_desk, services, tournament_id, gui_thread_sql
) -> None:
    ctx = sold_at_the_desk.ctx
    chips = ChipSet.standard((5, 25, 100, 500))
    with gui_thread_sql.watching() as refreshed:
        at_another_station(lambda: services.structure.set_chip_set(tournament_id, chips))
        poll(qtbot, room.bus)
        held = ctx.chip_set()
    assert held == services.structure.chip_set(tournament_id)
    assert not refreshed, gui_thread_sql.report()


@pytest.mark.parametrize(
    ("name", "key"),
    [("Walk-in Ann", Qt.Key.Key_F2), ("Player 03", Qt.Key.Key_F6)],
    ids=["buy-in", "bust"],
)
def test_a_desk_key_reads_the_field_without_sql_on_the_gui_thread(
    qtbot, room, gui_thread_sql, name, key
) -> None:
    """The press reads the field again (another station may have sold or busted since), and
    what its dialog needs, on the worker; the dialog opens when that read answers."""
    cashier = room.windows.open_cashier()
    settle(qtbot, room.bus)
    desk = cashier.desk
    qtbot.keyClicks(desk.search, name)
    then_settle(qtbot, desk.search, lambda: qtbot.keyClick(desk.search, Qt.Key.Key_Return))
    assert desk.selected().player.name == name
    with gui_thread_sql.watching() as pressed:
        then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, key))
    assert desk.dialog is not None, cashier.message.text()
    assert not pressed, gui_thread_sql.report()
    desk.dialog.reject()


def test_the_ledger_refreshes_its_selected_row_without_sql_on_the_gui_thread(
    qtbot, room, services, tournament_id, gui_thread_sql
) -> None:
    """Whether the selected row can be voided or refunded is asked again on every refresh:
    on the worker, as the rows are."""
    cashier = room.windows.open_cashier()
    page = cashier.ledger
    cashier.tabs.setCurrentWidget(page)
    settle(qtbot, room.bus)
    with gui_thread_sql.watching() as selected:
        page.select_row_id(page.model.row_at(0).id)
        settle(qtbot, room.bus)
    assert page.void_button.isEnabled()
    assert not selected, gui_thread_sql.report()
    with gui_thread_sql.watching() as refreshed:
        another_station_sells(qtbot, room, services, tournament_id, "Other Bob")
    assert page.model.rowCount() == 7
    assert page.void_button.isEnabled()
    assert not refreshed, gui_thread_sql.report()
