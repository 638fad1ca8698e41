"""The payouts page's satellite, deal and fit dialogs read on the station's worker, and the deal
dialog works out its shares there: the GUI thread runs no SQL for them, and the keyboard still
does what the cashier expects while an answer is on its way (Enter never cancels the deal)."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QSpinBox

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.core.payouts import PayoutMode, PayoutStructure
from clockapp.services.players import PlayerDetails
from clockapp.ui.cashier.prize_dialogs import DealDialog
from clockapp.ui.cashier.prize_fit import FitDialog
from clockapp.ui.cashier.satellite_dialog import SatelliteDialog
from tests.ui.cashier.waiting import settle_on, then_settle
from tests.ui.gui_sql import at_another_station
from tests.ui.polling import poll


@pytest.fixture
def final_table(qtbot, services, tournament_id, bus, cashier_window):
    """Six players bought in at another station, three of them busted since; the payouts page
    shown. Returns the registration ids of the three still in."""

    def play() -> list[int]:
        services.cashier.set_config(
            tournament_id, CashierConfig(EntryRules(RegistrationRule(EntryPrice(2000), 10_000)))
        )
        regs = []
        for n in range(1, 7):
            player = services.players.create(PlayerDetails(f"Player {n:02d}")).value.id
            regs.append(services.cashier.buy_in(tournament_id, player).value.registration.id)
        for reg in reversed(regs[3:]):
            services.results.bust(tournament_id, reg, busted_by=regs[0])
        return regs[:3]

    in_play = at_another_station(play)
    poll(qtbot, bus)
    cashier_window.tabs.setCurrentWidget(cashier_window.payouts)
    settle_on(qtbot, cashier_window)
    return in_play


@pytest.mark.slow
def test_the_satellite_dialog_opens_without_sql_on_the_gui_thread(
    qtbot, cashier_window, final_table, gui_thread_sql
) -> None:
    page = cashier_window.payouts
    with gui_thread_sql.watching() as statements:
        then_settle(qtbot, page, page.satellite_button.click)
    assert isinstance(page.dialog, SatelliteDialog)
    assert not statements, gui_thread_sql.report()
    page.dialog.reject()


@pytest.mark.slow
def test_the_deal_is_read_and_worked_out_without_sql_on_the_gui_thread(
    qtbot, cashier_window, final_table, services, tournament_id, gui_thread_sql
) -> None:
    page = cashier_window.payouts
    with gui_thread_sql.watching() as statements:
        then_settle(qtbot, page, page.deal_button.click)
        dialog = page.dialog
        assert isinstance(dialog, DealDialog)
        for reg, chips in zip(final_table, (30_000, 20_000, 10_000), strict=True):
            dialog.set_stack(reg, chips)
        then_settle(qtbot, dialog, dialog.propose_button.click)
    assert dialog.proposal is not None, dialog.error_label.text()
    assert sum(dialog.proposal.result.amounts) == services.payouts.table(tournament_id).prize_pool
    assert not statements, gui_thread_sql.report()
    assert dialog.ok_button.isEnabled()
    focused = QApplication.focusWidget()
    assert focused is not None
    then_settle(qtbot, dialog, lambda: qtbot.keyClick(focused, Qt.Key.Key_Return))
    assert services.payouts.deal(tournament_id) is not None  # Enter recorded it


@pytest.mark.slow
def test_the_deal_dialog_opens_on_the_first_count_and_enter_there_does_not_cancel_it(
    qtbot, cashier_window, final_table
) -> None:
    page = cashier_window.payouts
    then_settle(qtbot, page, page.deal_button.click)
    dialog = page.dialog
    assert isinstance(dialog, DealDialog)
    focused = QApplication.focusWidget()
    assert isinstance(focused, QSpinBox), focused
    assert dialog.ok_button.isDefault()
    qtbot.keyClick(focused, Qt.Key.Key_Return)  # nothing counted yet: nothing to record
    assert page.dialog is dialog
    assert dialog.isVisible()
    dialog.reject()


@pytest.mark.slow
def test_enter_while_the_shares_are_worked_out_does_not_cancel_the_deal(
    qtbot, monkeypatch, cashier_window, final_table, services, tournament_id
) -> None:
    page = cashier_window.payouts
    then_settle(qtbot, page, page.deal_button.click)
    dialog = page.dialog
    for reg, chips in zip(final_table, (30_000, 20_000, 10_000), strict=True):
        dialog.set_stack(reg, chips)
    release = threading.Event()
    propose = services.payouts.propose_deal

    def hung(*args, **kwargs):  # the database does not answer until the test lets it
        release.wait(5)
        return propose(*args, **kwargs)

    monkeypatch.setattr(services.payouts, "propose_deal", hung)
    try:
        dialog.propose_button.setFocus()
        qtbot.keyClick(dialog.propose_button, Qt.Key.Key_Space)  # the cashier's own press
        assert not dialog.propose_button.isEnabled()  # busy: the shares are on their way
        focused = QApplication.focusWidget()
        assert focused is not None
        assert focused is not dialog.buttons.button(dialog.buttons.StandardButton.Cancel)
        qtbot.keyClick(focused, Qt.Key.Key_Return)
        assert page.dialog is dialog  # not cancelled
        release.set()
        settle_on(qtbot, page)
    finally:
        release.set()
    assert dialog.proposal is not None
    assert dialog.ok_button.isEnabled()
    assert services.payouts.deal(tournament_id) is None
    dialog.reject()


@pytest.mark.slow
def test_the_fit_offer_is_read_without_sql_on_the_gui_thread(
    qtbot, cashier_window, services, tournament_id, bus, gui_thread_sql
) -> None:
    """A locked table paying more places than entries: whether to renormalise it is asked on
    the worker, from the payouts page and before a prize is paid on the results page."""

    def lock() -> list[int]:
        rules = EntryRules(RegistrationRule(EntryPrice(2000), 10_000))
        custom = PayoutStructure(PayoutMode.PERCENTAGES, percentages=(5000, 3000, 2000)).lock(1)
        services.cashier.set_config(tournament_id, CashierConfig(rules, custom))
        regs = []
        for n in (1, 2):
            player = services.players.create(PlayerDetails(f"Player {n:02d}")).value.id
            regs.append(services.cashier.buy_in(tournament_id, player).value.registration.id)
        services.results.bust(tournament_id, regs[1], busted_by=regs[0])
        return regs

    regs = at_another_station(lock)
    poll(qtbot, bus)
    page = cashier_window.payouts
    cashier_window.tabs.setCurrentWidget(page)
    settle_on(qtbot, cashier_window)
    with gui_thread_sql.watching() as statements:
        then_settle(qtbot, page, page.fit_button.click)
    assert isinstance(page.dialog, FitDialog)
    assert not statements, gui_thread_sql.report()
    page.dialog.reject()
    results = cashier_window.results
    cashier_window.tabs.setCurrentWidget(results)
    settle_on(qtbot, cashier_window)
    results.select_player(regs[0])
    with gui_thread_sql.watching() as statements:
        then_settle(qtbot, results, results.pay_button.click)
    assert isinstance(results.dialog, FitDialog)
    assert not statements, gui_thread_sql.report()
    results.dialog.reject()
