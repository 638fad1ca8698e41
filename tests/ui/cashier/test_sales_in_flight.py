"""The desk's sales and busts run on the station's worker: a second press of the same sale on
the same player while the first is on its way sells nothing (never two buy-ins), the message bar
says the first is being recorded meanwhile, and the receipt is shown when it lands."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import Qt

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.ledger import RowKind
from clockapp.core.money.records import CashierConfig
from clockapp.services.players import PlayerDetails
from tests.ui.cashier.waiting import settle_on
from tests.ui.polling import settle

PRICE = EntryPrice(2000, house_fee=500)


@pytest.fixture
def desk(cashier_window, services, tournament_id, qtbot):
    services.cashier.set_config(
        tournament_id, CashierConfig(EntryRules(RegistrationRule(PRICE, 10_000)))
    )
    services.players.create(PlayerDetails("Ann Lee"))
    cashier_window.desk.refresh()
    settle_on(qtbot, cashier_window.desk)
    return cashier_window.desk


@pytest.fixture
def gate(bus) -> Iterator[threading.Event]:
    """The station's worker held busy (as by a slow database) until the test opens the gate."""
    opened = threading.Event()
    bus.worker.submit(lambda: opened.wait(10))
    yield opened
    opened.set()


@pytest.fixture
def hold(bus) -> Iterator[Callable[[], threading.Event]]:
    """Hold the station's worker busy from now on, until the gate returned is opened."""
    gates: list[threading.Event] = []

    def held() -> threading.Event:
        opened = threading.Event()
        gates.append(opened)
        bus.worker.submit(lambda: opened.wait(10))
        return opened

    yield held
    for opened in gates:
        opened.set()


def press_b(qtbot, desk) -> None:
    desk.search.clear()
    qtbot.keyClicks(desk.search, "ann")
    qtbot.keyClick(desk.search, Qt.Key.Key_Return)
    qtbot.keyClick(desk.table, Qt.Key.Key_F2)


def confirm(qtbot, desk) -> None:
    qtbot.keyClick(
        desk.dialog.tendered_edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier
    )


@pytest.mark.slow
def test_two_quick_buy_ins_of_one_player_sell_exactly_one(
    qtbot, cashier_window, desk, services, tournament_id, bus, hold
):
    press_b(qtbot, desk)
    settle_on(qtbot, desk)  # the field is read again, then the dialog opens
    gate = hold()
    confirm(qtbot, desk)
    assert "being recorded" in cashier_window.message.text()
    assert not services.cashier.ledger(tournament_id)  # still on its way
    # Pressed again before the first has landed: its read waits behind the sale, so it finds
    # Ann bought in and refuses before any money is taken; no second dialog opens.
    press_b(qtbot, desk)
    assert desk.dialog is None
    gate.set()
    settle(qtbot, bus)
    assert desk.dialog is None
    rows = services.cashier.ledger(tournament_id)
    assert [row.kind for row in rows] == [RowKind.BUY_IN]
    assert cashier_window.message.kind == "error"
    assert "Ann Lee" in cashier_window.message.text()
    assert desk.last_receipt is not None
    assert desk.last_receipt.registration.name == "Ann Lee"
    assert cashier_window.ctx.history.stack.count() == 1


@pytest.mark.slow
def test_a_press_while_the_database_is_slow_opens_its_dialog_when_the_read_answers(
    qtbot, cashier_window, desk, bus, gate
):
    press_b(qtbot, desk)
    assert desk.dialog is None  # the field is read on the worker, behind what holds it
    assert not desk.buttons["F2"].isEnabled()  # busy meanwhile
    gate.set()
    settle(qtbot, bus)
    assert desk.dialog is not None
    assert desk.buttons["F2"].isEnabled()
    desk.dialog.reject()


@pytest.mark.slow
def test_an_undo_pressed_while_the_sale_is_on_its_way_undoes_that_sale(
    qtbot, cashier_window, desk, services, tournament_id, bus, hold
):
    press_b(qtbot, desk)
    settle_on(qtbot, desk)
    gate = hold()
    confirm(qtbot, desk)
    assert cashier_window.undo()  # asked: it waits for the sale pressed before it
    assert not cashier_window.undo()  # pressed again meanwhile: asks nothing
    assert not services.cashier.ledger(tournament_id)
    gate.set()
    settle(qtbot, bus)
    rows = services.cashier.ledger(tournament_id)
    assert [row.kind for row in rows] == [RowKind.BUY_IN, RowKind.VOID]
    assert rows[0].voided_by == rows[1].id
    assert cashier_window.message.text().startswith("Undone: Buy-in Ann Lee")
    assert cashier_window.ctx.history.stack.index() == 0
    assert cashier_window.ctx.history.stack.canRedo()


@pytest.mark.slow
def test_an_import_shows_its_progress_while_the_worker_reads_and_saves(
    qtbot, cashier_window, services, bus, gate, tmp_path
):
    path = tmp_path / "players.csv"
    path.write_text("name,team\nCy Young,Reds\n", encoding="utf-8")
    page = cashier_window.players
    cashier_window.tabs.setCurrentWidget(page)
    assert page.import_csv(str(path))
    assert page.progress.isVisible()
    assert page.progress.format() == "Importing players.csv…"
    assert not page.import_button.isEnabled()  # busy: a second press asks nothing
    assert not page.import_csv(str(path))
    assert not services.players.list()
    gate.set()
    settle(qtbot, bus)
    assert not page.progress.isVisible()
    assert page.import_button.isEnabled()
    assert [p.name for p in services.players.list()] == ["Cy Young"]
    assert cashier_window.message.text().startswith("Imported players.csv: 1 new player")
