"""Search as you type runs on the station's worker, and a key never acts on a stale list.

Every letter typed on the desk or the Players page asks the worker for the players matching the
text; the GUI thread never waits on the database for it (`gui_thread_sql`). A key pressed while
that search is on its way (Enter, Down, F2) waits for the answer for the text typed, then acts on
that list: with a slow database (the search held until the test releases it), typing fast and
pressing Enter still picks the player named, and the offer to add a new player comes only once
the search has found nobody.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.services.players import PlayerDetails
from clockapp.ui.cashier.dialogs import AddPlayerDialog
from clockapp.ui.cashier.entry_dialog import EntryDialog
from tests.ui.cashier.waiting import settle_on

NAMES = ("Alice Smith", "Alice Trent", "Rupert Bell", "Bob Marley")


@pytest.fixture
def desk(cashier_window, services, tournament_id, qtbot):
    rules = EntryRules(RegistrationRule(EntryPrice(2000, house_fee=500), 10_000))
    services.cashier.set_config(tournament_id, CashierConfig(rules))
    for name in NAMES:
        services.players.create(PlayerDetails(name))
    cashier_window.desk.refresh()
    settle_on(qtbot, cashier_window.desk)
    cashier_window.focus_search()
    return cashier_window.desk


@pytest.fixture
def slow_search(services, monkeypatch) -> Iterator[threading.Event]:
    """The player search held on the worker (a slow database) until the gate is opened; a
    search on the GUI thread is not held (the test would hang), `gui_thread_sql` counts it."""
    gate = threading.Event()
    search: Callable[..., Any] = services.players.search

    def held(*args: Any, **kwargs: Any) -> Any:
        if threading.current_thread() is not threading.main_thread():
            gate.wait(10)
        return search(*args, **kwargs)

    monkeypatch.setattr(services.players, "search", held)
    yield gate
    gate.set()


def focused(window: QWidget) -> QWidget:
    widget = window.focusWidget()
    assert widget is not None
    return widget


def type_fast(qtbot, window: QWidget, keys: str) -> None:
    """Each key to the widget that has the focus then, without waiting for anything."""
    for char in keys:
        qtbot.keyClick(focused(window), char)


@pytest.mark.slow
def test_typing_on_the_desk_searches_off_the_gui_thread(
    qtbot, cashier_window, desk, gui_thread_sql
) -> None:
    with gui_thread_sql.watching() as typed:
        type_fast(qtbot, cashier_window, "alice t")
        settle_on(qtbot, desk)
    assert [row.player.name for row in desk.model.rows()] == ["Alice Trent"]
    assert not typed, gui_thread_sql.report()


def test_typing_on_the_players_page_searches_off_the_gui_thread(
    qtbot, cashier_window, desk, gui_thread_sql
) -> None:
    page = cashier_window.players
    cashier_window.tabs.setCurrentWidget(page)
    settle_on(qtbot, page)
    with gui_thread_sql.watching() as typed:
        qtbot.keyClicks(page.search, "alice")
        settle_on(qtbot, page)
    assert sorted(row.player.name for row in page.model.rows()) == ["Alice Smith", "Alice Trent"]
    assert page.selected() is not None
    assert not typed, gui_thread_sql.report()


@pytest.mark.slow
def test_enter_and_f2_typed_fast_act_on_the_player_named(
    qtbot, cashier_window, desk, slow_search, gui_thread_sql
) -> None:
    """The list still shows every player (the search for "alice t" is held): Enter and F2 wait
    for it, then sell to Alice Trent, not to whoever was first in the old list."""
    with gui_thread_sql.watching() as typed:
        type_fast(qtbot, cashier_window, "alice t")
        qtbot.keyClick(focused(cashier_window), Qt.Key.Key_Return)
        qtbot.keyClick(focused(cashier_window), Qt.Key.Key_F2)
        assert desk.dialog is None  # nothing acted on the list typed before
        assert not desk.buttons["F2"].isEnabled()  # the key waits, and shows it
        slow_search.set()
        settle_on(qtbot, desk)
    assert isinstance(desk.dialog, EntryDialog), cashier_window.message.text()
    assert "Alice Trent" in desk.dialog.windowTitle()
    desk.dialog.reject()
    assert not typed, gui_thread_sql.report()


@pytest.mark.slow
def test_down_typed_fast_moves_through_the_list_typed(
    qtbot, cashier_window, desk, slow_search
) -> None:
    type_fast(qtbot, cashier_window, "alice")
    qtbot.keyClick(desk.search, Qt.Key.Key_Down)
    slow_search.set()
    settle_on(qtbot, desk)
    names = [row.player.name for row in desk.model.rows()]
    assert sorted(names) == ["Alice Smith", "Alice Trent"]
    assert desk.selected().player.name == names[1]


@pytest.mark.slow
def test_a_new_name_is_offered_only_once_the_search_found_nobody(
    qtbot, cashier_window, desk, slow_search
) -> None:
    type_fast(qtbot, cashier_window, "Yann Newman")
    qtbot.keyClick(desk.search, Qt.Key.Key_Return)
    assert desk.dialog is None  # the search has not answered: maybe Yann is known
    assert not desk.add_button.isVisibleTo(desk)
    slow_search.set()
    settle_on(qtbot, desk)
    assert isinstance(desk.dialog, AddPlayerDialog)
    assert desk.dialog.name_edit.text() == "Yann Newman"
    desk.dialog.reject()


@pytest.mark.slow
def test_a_name_that_exists_is_never_offered_as_new(
    qtbot, cashier_window, desk, slow_search
) -> None:
    """ "alice trentx" found nobody; the x rubbed out while the search is slow, Enter picks Alice
    Trent once the search answers, never the offer to add "alice trent" again."""
    slow_search.set()
    type_fast(qtbot, cashier_window, "alice trentx")
    settle_on(qtbot, desk)
    assert desk.model.rowCount() == 0
    assert desk.add_button.isVisibleTo(desk)
    slow_search.clear()
    qtbot.keyClick(desk.search, Qt.Key.Key_Backspace)
    qtbot.keyClick(desk.search, Qt.Key.Key_Return)
    assert desk.dialog is None
    assert not desk.add_button.isVisibleTo(desk)
    slow_search.set()
    settle_on(qtbot, desk)
    assert desk.dialog is None
    assert desk.selected().player.name == "Alice Trent"
    assert focused(cashier_window) is desk.table
