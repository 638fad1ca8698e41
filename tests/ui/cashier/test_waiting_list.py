"""At the cashier: a player joins the waiting list of a full field from the players page, a
second press says why it is refused, and undo takes them off."""

from __future__ import annotations

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.services.players import PlayerDetails
from tests.ui.cashier.waiting import then_settle
from tests.ui.polling import poll, settle


def test_a_player_joins_the_waiting_list_at_the_cashier(
    qtbot, cashier_window, services, tournament_id, bus
):
    rule = RegistrationRule(EntryPrice(2000), 10_000, max_entrants=1)
    services.cashier.set_config(tournament_id, CashierConfig(EntryRules(rule)))
    ann, bo = (services.players.create(PlayerDetails(n)).value.id for n in ("Ann", "Bo"))
    services.cashier.buy_in(tournament_id, ann)
    poll(qtbot, bus)
    page = cashier_window.players
    cashier_window.tabs.setCurrentWidget(page)
    settle(qtbot, bus)  # the page reads on the station's worker
    page.select_player(bo)
    then_settle(qtbot, page, lambda: page.waiting_button.click())
    assert [w.name for w in services.waiting.view(tournament_id).waiters] == ["Bo"]
    assert "Bo is number 1 on the waiting list." in cashier_window.message.text()
    then_settle(qtbot, page, lambda: page.waiting_button.click())
    assert "on the waiting list already (number 1)" in cashier_window.message.text()
    then_settle(qtbot, page, lambda: cashier_window.ctx.history.undo())
    assert services.waiting.view(tournament_id).waiters == ()
