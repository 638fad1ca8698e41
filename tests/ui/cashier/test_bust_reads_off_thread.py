"""The bust dialog reads the room and the bounty format on the station's worker: F6 (or the
busts page's button) shows busy until the read answers, then the dialog opens on the
busted player's table; the GUI thread never waits on the database for it."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import Qt

from clockapp.core.bounties import BountyFormat, BountyRules
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails
from clockapp.ui.bus import TournamentBus
from clockapp.ui.cashier.bust_dialog import BustDialog
from tests.ui.cashier.waiting import settle_on
from tests.ui.polling import settle, submit_and_wait

#: The reads the bust dialog could make of the room and of the bounty format.
ROOM_READS = (("seating", "seating"), ("seating", "seated"), ("seating", "room"))
FORMAT_READS = (("bounties", "view"), ("bounties", "rules"))


@pytest.fixture
def seated(services: Services, bus: TournamentBus, tournament_id: int, cashier_window, qtbot):
    """Twelve players bought in (progressive knockouts) and drawn to two tables of six."""
    price = EntryPrice(2_000, bounty=1_000)
    services.cashier.set_config(
        tournament_id, CashierConfig(EntryRules(RegistrationRule(price, 10_000)))
    )
    submit_and_wait(
        qtbot,
        bus,
        lambda: services.bounties.set_rules(tournament_id, BountyRules(BountyFormat.PROGRESSIVE)),
    )
    for n in range(1, 13):
        pid = services.players.create(PlayerDetails(f"Player {n:02d}")).value.id
        submit_and_wait(qtbot, bus, lambda pid=pid: services.cashier.buy_in(tournament_id, pid))
    submit_and_wait(qtbot, bus, lambda: services.seating.add_tables(tournament_id, 2, 6))
    submit_and_wait(qtbot, bus, lambda: services.seating.draw_seats(tournament_id))
    settle_on(qtbot, cashier_window)
    return services.seating.seating(tournament_id).seats


def record_threads(
    monkeypatch: pytest.MonkeyPatch, services: Services, reads: tuple[tuple[str, str], ...]
) -> list[str]:
    """Wrap each read so that it notes the thread it runs on (a read the code does not have
    is left alone)."""
    called_on: list[str] = []
    for part_name, name in reads:
        part = getattr(services, part_name)
        method = getattr(part, name, None)
        if method is None:
            continue

        def recorded(*args: Any, method: Callable[..., Any] = method, **kwargs: Any) -> Any:
            called_on.append(threading.current_thread().name)
            return method(*args, **kwargs)

        monkeypatch.setattr(part, name, recorded)
    return called_on


def find(qtbot, cashier_window, name: str):
    desk = cashier_window.desk
    cashier_window.tabs.setCurrentWidget(desk)
    settle_on(qtbot, desk)
    desk.search.clear()
    qtbot.keyClicks(desk.search, name)
    qtbot.keyClick(desk.search, Qt.Key.Key_Return)
    settle_on(qtbot, desk)
    return desk


@pytest.mark.slow
def test_f6_reads_the_room_and_the_format_off_the_gui_thread(
    qtbot, monkeypatch, cashier_window, services, tournament_id, seated
) -> None:
    names = {r.id: r.name for r in services.cashier.registrations(tournament_id)}
    busted = max(seated)
    desk = find(qtbot, cashier_window, names[busted])
    called_on = record_threads(monkeypatch, services, ROOM_READS + FORMAT_READS)
    qtbot.keyClick(desk.table, Qt.Key.Key_F6)
    settle_on(qtbot, desk)
    dialog = desk.dialog
    assert isinstance(dialog, BustDialog), cashier_window.message.text()
    assert called_on, "the room was read"
    assert threading.main_thread().name not in called_on
    # What it read is what it shows: the busted player's table, the buster asked for.
    assert dialog.table_box.currentText() == f"Table {seated[busted].table}"
    assert "Progressive knockouts" in dialog.error_label.text()
    dialog.reject()


@pytest.mark.slow
def test_f6_shows_busy_until_the_room_is_read_then_opens_the_dialog(
    qtbot, monkeypatch, cashier_window, services, tournament_id, seated
) -> None:
    names = {r.id: r.name for r in services.cashier.registrations(tournament_id)}
    busted = min(seated)
    desk = find(qtbot, cashier_window, names[busted])
    release = threading.Event()
    waited: list[str] = []
    seating = services.seating

    def hung(name: str) -> Callable[..., Any]:
        method = getattr(seating, name)

        def read(*args: Any) -> Any:  # the database does not answer until the test lets it
            waited.append(threading.current_thread().name)
            release.wait(5)  # bounded: a read made on the GUI thread must not hang the run
            return method(*args)

        return read

    for name in ("seating", "seated"):
        if hasattr(seating, name):
            monkeypatch.setattr(seating, name, hung(name))
    button = desk.buttons["F6"]
    try:
        qtbot.keyClick(desk.table, Qt.Key.Key_F6)
        assert desk.dialog is None  # not yet: the room is being read
        assert not button.isEnabled()  # busy meanwhile
        qtbot.keyClick(desk.search, Qt.Key.Key_F6)  # pressed again: asks nothing more
        qtbot.waitUntil(lambda: bool(waited))
        release.set()
        qtbot.waitUntil(lambda: desk.dialog is not None)
    finally:
        release.set()
    settle_on(qtbot, desk)
    assert waited == ["clockapp-station"]
    assert button.isEnabled()
    dialog = desk.dialog
    assert isinstance(dialog, BustDialog)
    assert dialog.table_box.currentText() == f"Table {seated[busted].table}"
    dialog.reject()
    qtbot.waitUntil(lambda: desk.dialog is None)


@pytest.mark.slow
def test_the_busts_page_reads_the_room_off_the_gui_thread(
    qtbot, monkeypatch, cashier_window, services, bus, seated
) -> None:
    page = cashier_window.busts
    cashier_window.tabs.setCurrentWidget(page)
    settle(qtbot, bus)
    called_on = record_threads(monkeypatch, services, ROOM_READS + FORMAT_READS)
    page.bust_button.click()
    settle_on(qtbot, page)
    dialog = page.dialog
    assert isinstance(dialog, BustDialog), cashier_window.message.text()
    assert called_on
    assert threading.main_thread().name not in called_on
    assert dialog.table_box.count() == 3  # every table, then tables 1 and 2
    dialog.reject()
