"""The cashier window never waits on the database: while another OS process holds SQLite's write
lock (the director's laptop, `clockapp backup`, a second station), each of the cashier's actions
pressed returns at once, the event loop keeps turning, the control that asked shows busy, a
second press of the same thing asks nothing, and the action lands once when the lock is released
(or is refused in words), never twice.

A real second OS process (multiprocessing, spawn) takes `BEGIN IMMEDIATE` on the tournament's
file and holds it until the test releases it (or, on code that waits on the GUI thread, until its
own hold ends, so such code fails the test instead of hanging it).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QWidget
from sqlalchemy.engine import Engine

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.ledger import RowKind
from clockapp.core.money.records import CashierConfig
from clockapp.core.registration import RegistrationStatus
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails
from clockapp.ui.cashier.window import CashierWindow
from tests.ui.cashier.waiting import settle_on, then_settle
from tests.ui.polling import poll, settle
from tests.write_lock import other_process_holding

pytestmark = pytest.mark.slow

#: How long the other process holds the lock at most (the test releases it sooner).
HOLD_S = 3.0
#: Heartbeats that must fire while the press is pending, before the lock is released.
BEATS = 8

PRICE = EntryPrice(2000, house_fee=500)


@dataclass(frozen=True)
class Press:
    """One cashier action: what the cashier does, the control that shows busy, and how many
    times the database says it was applied."""

    press: Callable[[], object]
    control: Callable[[], QWidget]
    applied: Callable[[], int]


def _rows(services: Services, tid: int, kind: RowKind) -> int:
    return sum(1 for row in services.cashier.ledger(tid) if row.kind is kind)


def _field(services: Services, tid: int, count: int) -> list[int]:
    services.cashier.set_config(tid, CashierConfig(EntryRules(RegistrationRule(PRICE, 10_000))))
    regs = []
    for n in range(1, count + 1):
        player = services.players.create(PlayerDetails(f"Player {n:02d}")).value.id
        regs.append(services.cashier.buy_in(tid, player, tendered=2500).value.registration.id)
    return regs


def _reason(qtbot, window: CashierWindow, page) -> None:
    dialog = page.dialog
    assert dialog is not None, window.message.text()
    qtbot.keyClicks(dialog.reason_edit, "wrong player")
    qtbot.keyClick(dialog.reason_edit, Qt.Key.Key_Return)


def void(qtbot, window: CashierWindow, services: Services, tid: int, tmp_path) -> Press:
    _field(services, tid, 1)
    page = window.ledger
    window.tabs.setCurrentWidget(page)
    settle_on(qtbot, window)

    def press() -> None:
        page.select_row_id(services.cashier.ledger(tid)[0].id)
        if page.start_void():  # asked of the service first, on the worker (reads are not locked)
            qtbot.waitUntil(lambda: page.dialog is not None, timeout=5_000)
            _reason(qtbot, window, page)

    return Press(press, lambda: page.void_button, lambda: _rows(services, tid, RowKind.VOID))


def refund(qtbot, window: CashierWindow, services: Services, tid: int, tmp_path) -> Press:
    _field(services, tid, 1)
    page = window.ledger
    window.tabs.setCurrentWidget(page)
    settle_on(qtbot, window)

    def press() -> None:
        page.select_row_id(services.cashier.ledger(tid)[0].id)
        if page.start_refund():  # asked of the service first, on the worker (reads are not locked)
            qtbot.waitUntil(lambda: page.dialog is not None, timeout=5_000)
            _reason(qtbot, window, page)

    return Press(press, lambda: page.refund_button, lambda: _rows(services, tid, RowKind.REFUND))


def count_drawer(qtbot, window: CashierWindow, services: Services, tid: int, tmp_path) -> Press:
    _field(services, tid, 1)
    page = window.drawer
    window.tabs.setCurrentWidget(page)
    settle_on(qtbot, window)

    def press() -> None:
        if not page.count_button.isEnabled():  # busy with the first press: it asks nothing
            assert not page.start_count()
            return
        assert page.start_count()
        qtbot.waitUntil(lambda: page.dialog is not None)  # the expected cash read first
        dialog = page.dialog
        assert dialog is not None
        qtbot.keyClicks(dialog.counted_edit, "25")
        qtbot.keyClick(dialog.counted_edit, Qt.Key.Key_Return)

    return Press(press, lambda: page.count_button, lambda: len(services.cashier.drawer_counts(tid)))


def pay_prize(qtbot, window: CashierWindow, services: Services, tid: int, tmp_path) -> Press:
    regs = _field(services, tid, 10)
    for reg in reversed(regs[2:]):
        services.results.bust(tid, reg, busted_by=regs[0])
    page = window.results
    window.tabs.setCurrentWidget(page)
    settle_on(qtbot, window)
    third = regs[2]

    def press() -> None:
        page.select_player(third)
        busy = not page.pay_button.isEnabled()
        qtbot.mouseClick(page.pay_button, Qt.MouseButton.LeftButton)
        if not busy:
            qtbot.waitUntil(lambda: page.dialog is not None)  # what is owed is read first
        dialog = page.dialog
        if dialog is None:  # the button is busy with the first press: it asks nothing
            assert window.message.text() == "Paying Player 03…"
            return
        qtbot.keyClick(dialog.amount_edit, Qt.Key.Key_Return)  # the amount owed

    return Press(press, lambda: page.pay_button, lambda: _rows(services, tid, RowKind.PAYOUT))


def undo_a_sale(qtbot, window: CashierWindow, services: Services, tid: int, tmp_path) -> Press:
    services.cashier.set_config(tid, CashierConfig(EntryRules(RegistrationRule(PRICE, 10_000))))
    services.players.create(PlayerDetails("Ann Lee"))
    desk = window.desk
    desk.refresh()
    settle_on(qtbot, desk)
    desk.search.clear()
    qtbot.keyClicks(desk.search, "ann")
    qtbot.keyClick(desk.search, Qt.Key.Key_Return)
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F2))
    qtbot.keyClick(
        desk.dialog.tendered_edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier
    )
    settle(qtbot, window.ctx.bus)
    assert _rows(services, tid, RowKind.BUY_IN) == 1
    return Press(
        window.undo, lambda: window.header.undo_button, lambda: _rows(services, tid, RowKind.VOID)
    )


def import_players(qtbot, window: CashierWindow, services: Services, tid: int, tmp_path) -> Press:
    path = tmp_path / "players.csv"
    path.write_text("name,team\nCy Young,Reds\nDee Dee,Blues\n", encoding="utf-8")
    page = window.players
    window.tabs.setCurrentWidget(page)
    settle_on(qtbot, window)

    def applied() -> int:
        return sum(1 for p in services.players.list() if p.name == "Cy Young")

    return Press(lambda: page.import_csv(str(path)), lambda: page.import_button, applied)


def check_in(qtbot, window: CashierWindow, services: Services, tid: int, tmp_path) -> Press:
    player = services.players.create(PlayerDetails("Ed Newcomer")).value.id
    services.cashier.pre_register(tid, [player])
    page = window.field
    window.tabs.setCurrentWidget(page)
    settle_on(qtbot, window)
    page.refresh()
    settle_on(qtbot, page)

    def press() -> None:
        page.select_registration(page.model.rows()[0].id)
        page.check_in()

    def applied() -> int:
        reg = services.cashier.registration_of(tid, player)
        return int(reg is not None and reg.status is RegistrationStatus.CHECKED_IN)

    return Press(press, lambda: page.check_in_button, applied)


ACTIONS = {
    "void": void,
    "refund": refund,
    "count the drawer": count_drawer,
    "pay a prize": pay_prize,
    "undo a sale": undo_a_sale,
    "import players": import_players,
    "check in": check_in,
}


@pytest.fixture
def heartbeat() -> Iterator[list[float]]:
    """A timer that notes every time it fires (it fires only while the event loop turns)."""
    beats: list[float] = []
    timer = QTimer()
    timer.setInterval(25)
    timer.timeout.connect(lambda: beats.append(time.monotonic()))
    timer.start()
    yield beats
    timer.stop()


@pytest.mark.parametrize("action", ACTIONS)
def test_a_press_during_the_lock_waits_off_the_gui_thread_and_lands_once(
    qtbot, cashier_window, services, tournament_id, bus, engine: Engine, tmp_path, action, heartbeat
) -> None:
    window, tid = cashier_window, tournament_id
    asked = ACTIONS[action](qtbot, window, services, tid, tmp_path)
    poll(qtbot, bus)
    assert asked.applied() == 0

    with other_process_holding(engine.url.database, HOLD_S) as locker:
        started = time.monotonic()
        asked.press()
        pressed_in = time.monotonic() - started
        assert pressed_in < 1.0, f"the press held the window {pressed_in:.2f} s"
        assert not asked.control().isEnabled(), "the control that asked does not show busy"
        asked.press()  # pressed again while the first is on its way: asks nothing
        beats = len(heartbeat)
        qtbot.waitUntil(lambda: len(heartbeat) >= beats + BEATS, timeout=2_000)
        assert locker.is_alive(), "the lock was gone before the window was seen turning"
        assert asked.applied() == 0  # still waiting for the lock
    settle(qtbot, bus)
    if window.message.kind == "error":  # refused in words: nothing written
        assert asked.applied() == 0, window.message.text()
    else:  # applied once, never twice
        assert asked.applied() == 1, window.message.text()
    pages = (window.ledger, window.drawer, window.results, window.players, window.field)
    for dialog in (window.dialog, *(page.dialog for page in pages)):
        assert dialog is None or not dialog.isVisible()
