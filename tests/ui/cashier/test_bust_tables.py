"""The bust dialog with a full room: players by table, the ticked one in view, and "busted by"
offering the players still in play at the busted player's table (someone else on request)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.services.players import PlayerDetails
from clockapp.ui.cashier.bust_dialog import BustDialog
from tests.ui.cashier.waiting import settle_on
from tests.ui.polling import settle, submit_and_wait

PLAYERS = 27


@pytest.fixture
def room(services, bus, tournament_id, cashier_window, qtbot) -> dict[int, int]:
    """27 players bought in and drawn to three tables of nine: registration id -> table."""
    services.cashier.set_config(
        tournament_id, CashierConfig(EntryRules(RegistrationRule(EntryPrice(2_000), 10_000)))
    )
    for n in range(1, PLAYERS + 1):
        pid = services.players.create(PlayerDetails(f"Player {n:02d}")).value.id
        submit_and_wait(qtbot, bus, lambda pid=pid: services.cashier.buy_in(tournament_id, pid))
    submit_and_wait(qtbot, bus, lambda: services.seating.add_tables(tournament_id, 3, 9))
    submit_and_wait(qtbot, bus, lambda: services.seating.draw_seats(tournament_id))
    seats = services.seating.seating(tournament_id).seats
    settle_on(qtbot, cashier_window)
    return {rid: seat.table for rid, seat in seats.items()}


def open_bust(qtbot, cashier_window, name: str) -> BustDialog:
    """Bust `name` from the desk, as the cashier does: find the player, press F6."""
    desk = cashier_window.desk
    cashier_window.tabs.setCurrentWidget(desk)
    desk.refresh()
    settle_on(qtbot, desk)
    desk.search.clear()
    qtbot.keyClicks(desk.search, name)
    qtbot.keyClick(desk.search, Qt.Key.Key_Return)
    settle_on(qtbot, desk)
    qtbot.keyClick(desk.table, Qt.Key.Key_F6)
    settle_on(qtbot, desk)  # the room is read on the worker: the dialog opens with the answer
    dialog = desk.dialog
    assert isinstance(dialog, BustDialog), cashier_window.message.text()
    qtbot.waitExposed(dialog)
    return dialog


def shown_rows(dialog: BustDialog) -> list[str]:
    table = dialog.table
    return [table.item(r, 0).text() for r in range(table.rowCount()) if not table.isRowHidden(r)]


def offered(box: QComboBox) -> list[str]:
    return [box.itemText(i) for i in range(box.count()) if box.itemText(i)]  # no separator


def last_at_table(room: dict[int, int], table: int) -> int:
    return max(rid for rid, t in room.items() if t == table)


@pytest.mark.slow
def test_the_dialog_shows_the_busted_players_table_with_them_in_view(
    qtbot, cashier_window, services, tournament_id, room
) -> None:
    busted = last_at_table(room, 3)
    names = {r.id: r.name for r in services.cashier.registrations(tournament_id)}
    dialog = open_bust(qtbot, cashier_window, names[busted])
    assert dialog.table_box.currentText() == "Table 3"
    at_three = [rid for rid, t in room.items() if t == 3]
    assert sorted(shown_rows(dialog)) == sorted(names[rid] for rid in at_three)
    row = dialog.row_of(busted)
    item = dialog.table.item(row, 0)
    assert item.checkState() == Qt.CheckState.Checked
    viewport = dialog.table.viewport().rect()
    assert viewport.contains(dialog.table.visualItemRect(item)), "the ticked player is in view"
    # Every table, when the host asks for them.
    dialog.table_box.setCurrentIndex(dialog.table_box.findText("All tables"))
    assert len(shown_rows(dialog)) == PLAYERS
    assert viewport.contains(dialog.table.visualItemRect(item)), "still in view among them all"
    dialog.reject()


@pytest.mark.slow
def test_busted_by_offers_the_same_table_still_in_play_and_someone_else(
    qtbot, cashier_window, services, bus, tournament_id, room
) -> None:
    busted = last_at_table(room, 2)
    other = min(rid for rid, t in room.items() if t == 2 and rid != busted)
    names = {r.id: r.name for r in services.cashier.registrations(tournament_id)}
    dialog = open_bust(qtbot, cashier_window, names[busted])
    dialog.set_busted(other, chips=2_000)  # busted on the same hand
    box = dialog.busters_box(busted)
    expected = sorted(names[r] for r, t in room.items() if t == 2 and r not in (busted, other))
    choices = offered(box)
    assert choices[0] == "—"
    assert choices[-1] == "Someone else…"
    assert sorted(choices[1:-1]) == expected  # not the one busted on the same hand
    # Someone at another table: chosen through "Someone else…".
    stranger = last_at_table(room, 1)
    box.setCurrentIndex(box.findText("Someone else…"))
    assert box.findData(stranger) >= 0
    assert box.findData(other) < 0
    box.setCurrentIndex(box.findData(stranger))
    dialog.set_busted(busted, chips=5_000)
    assert dialog.ok_button.isEnabled(), dialog.error_label.text()
    dialog.ok_button.click()
    settle(qtbot, bus)
    reg = services.cashier.registration(tournament_id, busted)
    assert reg.busted_by_id == stranger
