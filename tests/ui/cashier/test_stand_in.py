"""At the cashier: a teammate out of the tournament stands in for a player who leaves, chosen
on the players page; anyone else is refused in words with nothing written."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.services.players import PlayerDetails
from tests.ui.cashier.waiting import then_settle
from tests.ui.polling import poll, settle


@pytest.mark.slow
def test_a_teammate_stands_in_from_the_players_page(
    qtbot, cashier_window, services, tournament_id, bus, gui_thread_sql
):
    rules = EntryRules(RegistrationRule(EntryPrice(2000), 10_000))
    services.cashier.set_config(tournament_id, CashierConfig(rules))
    ann, cy, di = (
        services.players.create(PlayerDetails(name, team=team)).value.id
        for name, team in (("Ann", "Reds"), ("Cy", "Blues"), ("Di", "Reds"))
    )
    regs = {
        pid: services.cashier.buy_in(tournament_id, pid).value.registration.id for pid in (ann, cy)
    }
    poll(qtbot, bus)
    page = cashier_window.players
    cashier_window.tabs.setCurrentWidget(page)
    settle(qtbot, bus)  # the page reads on the station's worker

    page.select_player(di)
    with gui_thread_sql.watching() as statements:  # who is in play: read on the worker
        then_settle(qtbot, page, page.stand_in_button.click)
    assert not statements, gui_thread_sql.report()
    dialog = page.dialog
    assert [dialog.leaving_combo.itemText(i) for i in range(dialog.leaving_combo.count())] == [
        "Ann",
        "Cy",
    ]
    dialog.leaving_combo.setCurrentIndex(dialog.leaving_combo.findData(regs[cy]))
    revision = services.tournaments.revision()
    then_settle(qtbot, page, lambda: qtbot.keyClick(dialog.leaving_combo, Qt.Key.Key_Return))
    assert "Di is not on Cy's team (Blues)" in cashier_window.message.text()
    assert services.tournaments.revision() == revision

    then_settle(qtbot, page, page.stand_in_button.click)
    dialog = page.dialog
    dialog.leaving_combo.setCurrentIndex(dialog.leaving_combo.findData(regs[ann]))
    then_settle(qtbot, page, lambda: qtbot.keyClick(dialog.leaving_combo, Qt.Key.Key_Return))
    assert "Di stands in for Ann." in cashier_window.message.text()
    assert [s.teammate for s in services.stand_ins.stand_ins(tournament_id)] == ["Di"]
