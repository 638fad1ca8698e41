"""At the cashier: make the tournament a satellite (N seats, a seat's value, the cash left
over), see what the pool pays as it is typed, undo it, and turn the payout table back on."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.core.satellite import Satellite, SatelliteLeftover
from clockapp.services.players import PlayerDetails
from tests.ui.cashier.waiting import then_settle
from tests.ui.polling import poll, settle

RULES = EntryRules(RegistrationRule(EntryPrice(10_000), 10_000))


@pytest.mark.slow
def test_the_director_sets_a_satellite_and_the_page_says_seats(
    qtbot, cashier_window, services, tournament_id, bus
):
    services.cashier.set_config(tournament_id, CashierConfig(RULES))
    for n in range(10):
        pid = services.players.create(PlayerDetails(f"Player {n:02d}")).value.id
        services.cashier.buy_in(tournament_id, pid)
    poll(qtbot, bus)
    page = cashier_window.payouts
    cashier_window.tabs.setCurrentWidget(page)
    settle(qtbot, bus)  # the page reads on the station's worker
    page.satellite_button.click()
    settle(qtbot, bus)  # the satellite set now is read on the station's worker
    dialog = page.dialog
    assert not dialog.seats_spin.isEnabled()
    dialog.on_box.setChecked(True)
    dialog.seats_spin.setValue(4)
    qtbot.keyClicks(dialog.value_edit, "300")
    assert dialog.error_label.text() == "Say what the satellite's seats are seats in."
    assert not dialog.ok_button.isEnabled()
    qtbot.keyClicks(dialog.description_edit, "Main event")
    assert "$1,200.00): $200.00 missing" in dialog.preview_label.text()
    dialog.seats_spin.setValue(3)
    assert dialog.preview_label.text() == (
        "As it stands ($1,000.00): 3 seats of $300.00, $100.00 to the first player out "
        "without a seat."
    )
    dialog.leftover_combo.setCurrentIndex(
        dialog.leftover_combo.findData(SatelliteLeftover.SEAT_WINNERS.value)
    )
    assert dialog.preview_label.text().endswith("$100.00 shared by the seat winners.")
    then_settle(qtbot, page, lambda: qtbot.keyClick(dialog.description_edit, Qt.Key.Key_Return))
    assert services.bounties.view(tournament_id).satellite == Satellite(
        3, 30_000, "Main event", SatelliteLeftover.SEAT_WINNERS
    )
    assert page.shape_label.text() == "satellite: 3 seats · Main event · 7 to a seat"
    assert page.money_label.text() == "7 players to a seat"
    assert [line.amount for line in page.model.rows()] == [33_334, 33_333, 33_333]

    then_settle(qtbot, page, lambda: cashier_window.ctx.history.undo())
    assert services.bounties.view(tournament_id).satellite is None
    assert page.money_label.text() == "7 players to the money"
    assert "paid" in page.shape_label.text()
