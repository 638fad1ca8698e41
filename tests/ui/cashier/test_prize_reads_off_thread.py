"""The busts page's undo and the Bounties dialog read what they show on the station's
worker: the GUI thread never waits on the database for them, and what the cashier sees once the
read answers is what it was."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from clockapp.core.bounties import BountyFormat, BountyRules
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails
from clockapp.ui.bus import TournamentBus
from clockapp.ui.cashier.bounty_dialog import BountyDialog
from clockapp.ui.cashier.dialogs import ReasonDialog
from tests.ui.cashier.waiting import settle_on
from tests.ui.polling import settle, submit_and_wait


@pytest.fixture
def field(services: Services, bus: TournamentBus, tournament_id: int, cashier_window, qtbot):
    """Three players bought in (progressive knockouts), the second of them busted."""
    price = EntryPrice(2_000, bounty=1_000)
    services.cashier.set_config(
        tournament_id, CashierConfig(EntryRules(RegistrationRule(price, 10_000)))
    )
    rules = BountyRules(BountyFormat.PROGRESSIVE)
    submit_and_wait(qtbot, bus, lambda: services.bounties.set_rules(tournament_id, rules))
    regs = []
    for n in range(1, 4):
        pid = services.players.create(PlayerDetails(f"Player {n:02d}")).value.id
        regs.append(
            submit_and_wait(qtbot, bus, lambda pid=pid: services.cashier.buy_in(tournament_id, pid))
        )
    busted, buster = regs[1].registration.id, regs[0].registration.id
    submit_and_wait(
        qtbot, bus, lambda: services.results.bust(tournament_id, busted, busted_by=buster)
    )
    settle_on(qtbot, cashier_window)
    return [r.registration.id for r in regs]


def record_threads(monkeypatch: pytest.MonkeyPatch, part: object, name: str) -> list[str]:
    """Wrap a service's method so that it notes the thread it runs on."""
    called_on: list[str] = []
    method = getattr(part, name)

    def recorded(*args: Any, **kwargs: Any) -> Any:
        called_on.append(threading.current_thread().name)
        return method(*args, **kwargs)

    monkeypatch.setattr(part, name, recorded)
    return called_on


def shown(kind: type) -> Callable[[], Any]:
    def find() -> Any:
        return next(
            (w for w in QApplication.topLevelWidgets() if isinstance(w, kind) and w.isVisible()),
            None,
        )

    return find


@pytest.mark.slow
def test_the_busts_page_asks_about_the_undo_off_the_gui_thread(
    qtbot, monkeypatch, cashier_window, services, bus, field
) -> None:
    page = cashier_window.busts
    cashier_window.tabs.setCurrentWidget(page)
    settle(qtbot, bus)
    called_on = record_threads(monkeypatch, services.corrections, "undo_bust_refusal")
    page.view.selectRow(0)
    settle_on(qtbot, page)
    assert page.undo_button.isEnabled()  # a standing bust: offered
    page.undo_button.click()
    settle_on(qtbot, page)
    assert isinstance(page.dialog, ReasonDialog), cashier_window.message.text()
    assert called_on, "the undo was asked about"
    assert threading.main_thread().name not in called_on
    page.dialog.reject()


@pytest.mark.slow
def test_the_bounty_dialog_reads_the_bounties_off_the_gui_thread(
    qtbot, monkeypatch, cashier_window, services, bus, field
) -> None:
    called_on = record_threads(monkeypatch, services.bounties, "view")
    qtbot.mouseClick(cashier_window.header.bounties_button, Qt.MouseButton.LeftButton)
    settle(qtbot, bus)
    qtbot.waitUntil(lambda: shown(BountyDialog)() is not None)
    dialog = shown(BountyDialog)()
    assert called_on, "the bounties were read"
    assert threading.main_thread().name not in called_on
    # What it read is what it shows: progressive knockouts.
    assert dialog.format_box.currentData() == BountyFormat.PROGRESSIVE
    dialog.reject()
