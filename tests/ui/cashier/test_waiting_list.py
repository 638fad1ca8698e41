"""At the cashier: a player (pre-registered or not) joins the waiting list of a full field from
the players page, a second press says why it is refused, undo takes them off; a player leaves
the list from the page, and undo puts them back at their place; a player withdrawn from the
tournament's list leaves the waiting list too, and undo puts them back on both."""

from __future__ import annotations

import pytest

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.core.registration import RegistrationStatus
from clockapp.services.players import PlayerDetails
from tests.ui.cashier.waiting import then_settle
from tests.ui.polling import poll, settle


@pytest.mark.slow
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


def _tonight(page, player_id: int) -> str:
    row = page.model.row_of_player(player_id)
    assert row is not None
    return page.model.index(row, page.model.column_of("Tonight")).data()


@pytest.mark.slow
def test_a_pre_registered_player_waits_then_leaves_the_list_from_the_players_page(
    qtbot, cashier_window, services, tournament_id, bus
):
    ann, bo, cy = (services.players.create(PlayerDetails(n)).value.id for n in ("Ann", "Bo", "Cy"))
    services.cashier.pre_register(tournament_id, [bo, cy])
    rule = RegistrationRule(EntryPrice(2000), 10_000, max_entrants=2)
    services.cashier.set_config(tournament_id, CashierConfig(EntryRules(rule)))
    services.cashier.buy_in(tournament_id, ann)
    poll(qtbot, bus)
    page = cashier_window.players
    cashier_window.tabs.setCurrentWidget(page)
    settle(qtbot, bus)
    # A seat is free: nobody need wait for it, and nothing is written.
    page.select_player(bo)
    then_settle(qtbot, page, lambda: page.waiting_button.click())
    assert "The field is not full (1 of 2 entrants): sell Bo the buy-in" in (
        cashier_window.message.text()
    )
    assert services.waiting.view(tournament_id).waiters == ()
    di = services.players.create(PlayerDetails("Di")).value.id
    services.cashier.buy_in(tournament_id, di)
    poll(qtbot, bus)
    settle(qtbot, bus)
    # Full: the pre-registered players join the list from the page, in one press each.
    for pid in (bo, cy):
        page.select_player(pid)
        then_settle(qtbot, page, lambda: page.waiting_button.click())
    assert [w.name for w in services.waiting.view(tournament_id).waiters] == ["Bo", "Cy"]
    assert _tonight(page, bo) == "pre-registered · waiting, number 1"
    assert _tonight(page, cy) == "pre-registered · waiting, number 2"
    # Bo goes home: off the list, Cy is first; undo puts Bo back at his place.
    page.select_player(bo)
    then_settle(qtbot, page, lambda: page.leave_waiting_button.click())
    assert "Bo is off the waiting list." in cashier_window.message.text()
    assert [w.name for w in services.waiting.view(tournament_id).waiters] == ["Cy"]
    assert _tonight(page, bo) == "pre-registered"
    assert _tonight(page, cy) == "pre-registered · waiting, number 1"
    then_settle(qtbot, page, lambda: page.leave_waiting_button.click())
    assert "Bo is not on the waiting list." in cashier_window.message.text()
    then_settle(qtbot, page, lambda: cashier_window.ctx.history.undo())
    assert [w.name for w in services.waiting.view(tournament_id).waiters] == ["Bo", "Cy"]
    assert _tonight(page, bo) == "pre-registered · waiting, number 1"


@pytest.mark.slow
def test_withdrawing_a_waiting_player_takes_him_off_the_waiting_list_until_undone(
    qtbot, cashier_window, services, tournament_id, bus
):
    ann, bo, cy, di = (
        services.players.create(PlayerDetails(n)).value.id for n in ("Ann", "Bo", "Cy", "Di")
    )
    services.cashier.pre_register(tournament_id, [bo])
    rule = RegistrationRule(EntryPrice(2000), 10_000, max_entrants=1)
    services.cashier.set_config(tournament_id, CashierConfig(EntryRules(rule)))
    services.cashier.buy_in(tournament_id, ann)
    for pid in (cy, bo, di):
        services.waiting.join(tournament_id, pid)
    poll(qtbot, bus)
    field = cashier_window.field
    cashier_window.tabs.setCurrentWidget(field)
    settle(qtbot, bus)
    reg = services.cashier.registration_of(tournament_id, bo)
    assert reg is not None
    field.select_registration(reg.id)

    then_settle(qtbot, field, field.withdraw_button.click)

    assert [w.name for w in services.waiting.view(tournament_id).waiters] == ["Cy", "Di"]
    assert "Bo withdrawn from the list and the waiting list (was number 2)." in (
        cashier_window.message.text()
    )
    then_settle(qtbot, field, lambda: cashier_window.ctx.history.undo())
    back = services.cashier.registration_of(tournament_id, bo)
    assert back is not None
    assert back.status is RegistrationStatus.PRE_REGISTERED
    assert [w.name for w in services.waiting.view(tournament_id).waiters] == ["Cy", "Bo", "Di"]
    then_settle(qtbot, field, lambda: cashier_window.ctx.history.redo())
    assert [w.name for w in services.waiting.view(tournament_id).waiters] == ["Cy", "Di"]
    then_settle(qtbot, field, lambda: cashier_window.ctx.history.undo())
    assert [w.name for w in services.waiting.view(tournament_id).waiters] == ["Cy", "Bo", "Di"]
