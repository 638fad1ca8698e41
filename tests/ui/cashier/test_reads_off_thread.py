"""The cashier window reads what it shows on the station's worker: a read that waits on the
database (a hung server, another process's write lock) never stops the GUI thread, and the page
shows the new data once the read answers."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import QTimer

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.services.players import PlayerDetails
from tests.ui.polling import settle


@pytest.fixture
def field_page(qtbot, cashier_window, services, tournament_id, bus):
    services.cashier.set_config(
        tournament_id, CashierConfig(EntryRules(RegistrationRule(EntryPrice(2000), 10_000)))
    )
    cashier_window.tabs.setCurrentWidget(cashier_window.field)
    settle(qtbot, bus)
    return cashier_window.field


@pytest.mark.slow
def test_a_refresh_that_waits_on_the_database_leaves_the_window_running(
    qtbot, monkeypatch, cashier_window, field_page, services, tournament_id, bus
) -> None:
    player = services.players.create(PlayerDetails("Ann Lee")).value.id
    assert field_page.counts.text().startswith("0 registered")
    entered, returned, release = threading.Event(), threading.Event(), threading.Event()
    read_on: list[str] = []
    registrations = services.cashier.registrations

    def hung_read(tid: int):  # the database does not answer until the test lets it
        read_on.append(threading.current_thread().name)
        entered.set()
        release.wait(5)  # bounded: a read made on the GUI thread must not hang the run
        returned.set()
        return registrations(tid)

    monkeypatch.setattr(services.cashier, "registrations", hung_read)
    ticks = []

    def tick() -> None:  # the event loop turns while the read waits
        if entered.is_set() and not returned.is_set():
            ticks.append(1)

    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(tick)
    timer.start()
    try:
        # A sale answered by the worker: every part of the window reads again.
        assert bus.submit(lambda: services.cashier.buy_in(tournament_id, player))
        qtbot.waitUntil(lambda: len(ticks) >= 5, timeout=10_000)
        assert field_page.counts.text().startswith("0 registered")  # the read is still waiting
        assert threading.main_thread().name not in read_on
        release.set()
        settle(qtbot, bus)
    finally:
        release.set()
        timer.stop()
    assert field_page.counts.text().startswith("1 registered · 0 not arrived yet · 1 bought in")
    assert field_page.model.rowCount() == 1
    assert "1 entry" in cashier_window.header.pool_label.text()


@pytest.mark.slow
def test_a_dialog_opens_when_its_read_answers_and_a_second_press_asks_nothing(
    qtbot, monkeypatch, cashier_window, field_page, services, bus
) -> None:
    page = cashier_window.drawer
    cashier_window.tabs.setCurrentWidget(page)
    settle(qtbot, bus)
    release = threading.Event()
    read_on: list[str] = []
    drawer = services.cashier.drawer

    def hung_read(tid: int):
        read_on.append(threading.current_thread().name)
        release.wait(5)
        return drawer(tid)

    monkeypatch.setattr(services.cashier, "drawer", hung_read)
    try:
        assert page.start_count()
        assert not page.count_button.isEnabled()  # busy while the expected cash is read
        assert page.dialog is None
        assert not page.start_count()  # pressed again meanwhile: asks nothing
        qtbot.waitUntil(lambda: len(read_on) == 1)
        assert threading.main_thread().name not in read_on
        release.set()
        qtbot.waitUntil(lambda: page.dialog is not None)
    finally:
        release.set()
    settle(qtbot, bus)
    assert len(read_on) == 1
    assert page.count_button.isEnabled()
    dialog = page.dialog
    assert dialog is not None
    dialog.reject()  # never left open
    qtbot.waitUntil(lambda: page.dialog is None)
