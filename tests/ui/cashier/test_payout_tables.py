"""At the cashier: pick a published payout table; a table paying more places than
there are entries is shown renormalised, confirmed by the director, and then the winner is paid."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.ledger import RowKind
from clockapp.core.money.records import CashierConfig
from clockapp.core.payouts import PayoutMode, PayoutStructure
from clockapp.services.players import PlayerDetails
from clockapp.ui.cashier.prize_fit import FitDialog
from tests.ui.cashier.waiting import settle_on, then_settle
from tests.ui.polling import poll

RULES = EntryRules(RegistrationRule(EntryPrice(2000), 10_000))


def _buy_in(services, tournament_id, count: int) -> list[int]:
    regs = []
    for n in range(1, count + 1):
        player = services.players.create(PlayerDetails(f"Player {n:02d}")).value.id
        regs.append(services.cashier.buy_in(tournament_id, player).value.registration.id)
    return regs


@pytest.fixture
def twenty(qtbot, services, tournament_id, bus, cashier_window):
    services.cashier.set_config(tournament_id, CashierConfig(RULES))
    regs = _buy_in(services, tournament_id, 20)
    poll(qtbot, bus)
    return regs


@pytest.mark.slow
def test_the_home_game_table_is_the_default_and_the_host_can_pick_another(
    qtbot, cashier_window, twenty, services, tournament_id
):
    page = cashier_window.payouts
    cashier_window.tabs.setCurrentWidget(page)
    settle_on(qtbot, cashier_window)
    assert [line.amount for line in page.model.rows()] == [16_800, 10_400, 7_200, 5_600]
    assert "BARGE" in page.shape_label.text()
    then_settle(qtbot, page, page.edit_button.click)  # the field is read on the worker first
    dialog = page.dialog
    assert "BARGE" in dialog.table_combo.currentText()
    assert "BARGE Unified Payout Schedule" in dialog.source_label.text()
    assert not dialog.share_edit.isEnabled()  # the share of the field is the curve's setting
    dialog.set_table("vegaspoker247-over-5")
    assert "vegaspoker247.com" in dialog.source_label.text()
    assert [line.amount for line in dialog.model.rows()] == [20_000, 12_000, 8_000]
    then_settle(qtbot, page, lambda: qtbot.keyClick(dialog.percent_edit, Qt.Key.Key_Return))
    assert services.payouts.table(tournament_id).structure.table == "vegaspoker247-over-5"
    assert [line.amount for line in page.model.rows()] == [20_000, 12_000, 8_000]


@pytest.mark.slow
def test_too_many_places_are_refitted_and_said_without_a_confirmation(
    qtbot, cashier_window, services, tournament_id, bus
):
    custom = PayoutStructure(PayoutMode.PERCENTAGES, percentages=(5000, 3000, 2000))
    services.cashier.set_config(tournament_id, CashierConfig(RULES, custom))
    _buy_in(services, tournament_id, 2)
    bus.poll()
    payouts = cashier_window.payouts
    cashier_window.tabs.setCurrentWidget(payouts)
    settle_on(qtbot, cashier_window)
    assert "Refitted to the field: 2 entries pay 2 of the 3 places" in payouts.problem_label.text()
    assert not payouts.fit_button.isVisibleTo(payouts)
    assert [line.amount for line in payouts.model.rows()] == [2500, 1500]


@pytest.mark.slow
def test_too_many_places_are_shown_before_and_after_then_the_winner_is_paid(
    qtbot, cashier_window, services, tournament_id, bus
):
    """A table locked as typed is not refitted: the director confirms a refit."""
    custom = PayoutStructure(PayoutMode.PERCENTAGES, percentages=(5000, 3000, 2000))
    services.cashier.set_config(tournament_id, CashierConfig(RULES, custom))
    services.payouts.lock(tournament_id)
    winner, second = _buy_in(services, tournament_id, 2)
    services.results.bust(tournament_id, second, busted_by=winner)
    poll(qtbot, bus)
    payouts = cashier_window.payouts
    cashier_window.tabs.setCurrentWidget(payouts)
    settle_on(qtbot, cashier_window)
    assert "pays 3 places but there are only 2 entries" in payouts.problem_label.text()
    assert payouts.fit_button.isVisibleTo(payouts)

    results = cashier_window.results
    cashier_window.tabs.setCurrentWidget(results)
    settle_on(qtbot, cashier_window)
    results.select_player(winner)
    ledger = services.cashier.ledger(tournament_id)
    results.pay_button.click()
    settle_on(qtbot, results)
    dialog = results.dialog
    assert isinstance(dialog, FitDialog)
    assert dialog.cells() == [
        ("1st", "50%", "62.5%", "$25.00"),
        ("2nd", "30%", "37.5%", "$15.00"),
        ("3rd", "20%", "—", "not paid"),
    ]
    assert services.cashier.ledger(tournament_id) == ledger  # nothing until confirmed
    then_settle(qtbot, results, lambda: qtbot.keyClick(dialog.table, Qt.Key.Key_Return))
    assert services.payouts.table(tournament_id).structure.percentages == (6250, 3750)
    pay = results.dialog
    assert pay is not dialog
    # The amount owed is filled in.
    then_settle(qtbot, results, lambda: qtbot.keyClick(pay.amount_edit, Qt.Key.Key_Return))
    last = services.cashier.ledger(tournament_id)[-1]
    assert (last.kind, last.amount) == (RowKind.PAYOUT, 2500)
    cashier_window.tabs.setCurrentWidget(payouts)
    settle_on(qtbot, cashier_window)
    assert not payouts.fit_button.isVisibleTo(payouts)
    assert payouts.problem_label.text() == ""


@pytest.mark.slow
def test_the_renormalised_table_can_be_declined(
    qtbot, cashier_window, services, tournament_id, bus
):
    custom = PayoutStructure(PayoutMode.PERCENTAGES, percentages=(5000, 3000, 2000)).lock(1)
    services.cashier.set_config(tournament_id, CashierConfig(RULES, custom))  # locked as typed
    _buy_in(services, tournament_id, 2)
    poll(qtbot, bus)
    page = cashier_window.payouts
    cashier_window.tabs.setCurrentWidget(page)
    settle_on(qtbot, cashier_window)
    assert "LOCKED as typed" in page.shape_label.text()
    then_settle(qtbot, page, page.fit_button.click)  # whether it pays too many: on the worker
    page.dialog.reject()
    assert services.payouts.table(tournament_id).structure == custom
