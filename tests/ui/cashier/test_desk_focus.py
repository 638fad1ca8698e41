"""The cashier desk: where the keyboard goes after every action, refusal or dialog.

The cashier types without looking: after anything done at the desk (a sale, a refusal, a
cancelled dialog, an undo) the next key must land in one predictable place, the search box, with
its text selected so a new name replaces the old one. Keys are sent to whatever widget of the
window has the focus, as a keyboard would.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RebuyRule, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.services.players import PlayerDetails
from clockapp.ui.actions import CashierAction
from clockapp.ui.cashier.dialogs import AddPlayerDialog
from clockapp.ui.cashier.entry_dialog import EntryDialog
from tests.ui.cashier.waiting import settle_on, then_settle

PRICE = EntryPrice(2000, house_fee=500)
STACK = 10_000
NAMES = ("Alice Smith", "Alice Trent", "Rupert Bell", "Bob Marley")


@pytest.fixture
def desk(cashier_window, services, tournament_id, qtbot):
    rules = EntryRules(
        RegistrationRule(PRICE, STACK), rebuy=RebuyRule(EntryPrice(2000), STACK, last_level=4)
    )
    services.cashier.set_config(tournament_id, CashierConfig(rules))
    for name in NAMES:
        services.players.create(PlayerDetails(name))
    cashier_window.desk.refresh()
    settle_on(qtbot, cashier_window.desk)
    cashier_window.focus_search()
    return cashier_window.desk


def focused(window: QWidget) -> QWidget:
    widget = window.focusWidget()
    assert widget is not None
    return widget


def type_text(qtbot, window: QWidget, text: str) -> None:
    """Type as a keyboard does: each key to the widget that has the focus then; what the
    letters searched for has answered when this returns (the search runs on the worker)."""
    for char in text:
        qtbot.keyClick(focused(window), char)
    settle_on(qtbot, window)


def press(
    qtbot,
    window: QWidget,
    key: Qt.Key,
    modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
) -> None:
    """`key` on what has the focus; what it confirmed (a sale) has landed when this returns."""
    widget = focused(window)
    then_settle(qtbot, widget, lambda: qtbot.keyClick(widget, key, modifier))


def assert_back_in_search(window, desk, text: str) -> None:
    assert focused(window) is desk.search, type(focused(window)).__name__
    assert desk.search.text() == text
    assert desk.search.selectedText() == text  # the next name typed replaces it


def player_names(services) -> list[str]:
    return sorted(p.name for p in services.players.list())


@pytest.mark.slow
def test_after_a_refusal_the_next_name_replaces_the_old_search(
    qtbot, cashier_window, desk, services
):
    """'AliceTrent': a refused R left the focus on the list, the next name was appended to the
    old search, and Enter, Enter created a junk player."""
    type_text(qtbot, cashier_window, "Alice")
    press(qtbot, cashier_window, Qt.Key.Key_Return)
    press(qtbot, cashier_window, Qt.Key.Key_F3)  # a rebuy for someone who has not bought in
    assert cashier_window.message.kind == "error"
    assert_back_in_search(cashier_window, desk, "Alice")
    type_text(qtbot, cashier_window, "Trent")
    assert desk.search.text() == "Trent"
    assert desk.selected().player.name == "Alice Trent"
    press(qtbot, cashier_window, Qt.Key.Key_Return)
    press(qtbot, cashier_window, Qt.Key.Key_Return)
    assert isinstance(desk.dialog, EntryDialog)  # Alice Trent's buy-in, not a new player
    assert "Alice Trent" in desk.dialog.windowTitle()
    desk.dialog.reject()
    assert player_names(services) == sorted(NAMES)


def test_a_letter_typed_on_the_list_starts_a_new_name(qtbot, cashier_window, desk, services):
    type_text(qtbot, cashier_window, "Alice")
    press(qtbot, cashier_window, Qt.Key.Key_Return)  # the list has the focus now
    type_text(qtbot, cashier_window, "Trent")  # T is no command: a new name begins
    assert desk.search.text() == "Trent"
    assert desk.selected().player.name == "Alice Trent"


@pytest.mark.slow
def test_enter_twice_on_an_unknown_name_creates_nobody(qtbot, cashier_window, desk, services):
    type_text(qtbot, cashier_window, "Nobody Known")
    press(qtbot, cashier_window, Qt.Key.Key_Return)
    assert isinstance(desk.dialog, AddPlayerDialog)
    press(qtbot, desk.dialog, Qt.Key.Key_Return)  # a second Enter is no confirmation
    assert player_names(services) == sorted(NAMES)
    assert isinstance(desk.dialog, AddPlayerDialog)
    then_settle(qtbot, desk, desk.dialog.ok_button.click)  # the explicit confirmation
    assert "Nobody Known" in player_names(services)
    assert desk.selected().player.name == "Nobody Known"
    assert_back_in_search(cashier_window, desk, "Nobody Known")


DESK_KEYS = {"F2": Qt.Key.Key_F2, "F3": Qt.Key.Key_F3, "F4": Qt.Key.Key_F4}
DESK_KEYS |= {"F5": Qt.Key.Key_F5, "F6": Qt.Key.Key_F6}


@pytest.mark.slow
@pytest.mark.parametrize("key", list(DESK_KEYS))
def test_every_desk_key_ends_in_the_search(qtbot, cashier_window, desk, key):
    """Refused (nobody has bought in but for F2) or cancelled, each command key ends the same."""
    type_text(qtbot, cashier_window, "Rupert")
    press(qtbot, cashier_window, Qt.Key.Key_Return)
    press(qtbot, cashier_window, DESK_KEYS[key])
    if desk.dialog is not None:
        desk.dialog.reject()
    assert_back_in_search(cashier_window, desk, "Rupert")


@pytest.mark.slow
@pytest.mark.parametrize("key", list(DESK_KEYS))
def test_every_desk_button_ends_in_the_search(qtbot, cashier_window, desk, key):
    type_text(qtbot, cashier_window, "Bob")
    press(qtbot, cashier_window, Qt.Key.Key_Return)
    button = desk.buttons[key]
    then_settle(qtbot, button, lambda: qtbot.mouseClick(button, Qt.MouseButton.LeftButton))
    if desk.dialog is not None:
        desk.dialog.reject()
    assert_back_in_search(cashier_window, desk, "Bob")


@pytest.mark.slow
def test_after_a_sale_and_its_undo_the_search_has_the_keys(
    qtbot, cashier_window, desk, services, tournament_id
):
    """'R selected Rupert': after a sale the next letter must go to the search every time,
    not to the list sometimes and the search other times."""
    type_text(qtbot, cashier_window, "Alice T")
    press(qtbot, cashier_window, Qt.Key.Key_Return)
    cashier_window.actions_by_name[CashierAction.RECEIPT].trigger()  # nothing sold yet: refused
    assert_back_in_search(cashier_window, desk, "Alice T")
    press(qtbot, cashier_window, Qt.Key.Key_Return)
    press(qtbot, cashier_window, Qt.Key.Key_Return)  # Enter on the list: the buy-in
    press(qtbot, desk.dialog.tendered_edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert desk.dialog is None
    assert_back_in_search(cashier_window, desk, "Alice T")
    assert "paid" in cashier_window.message.text()  # the sale has landed
    # Keys reach the window's shortcuts only while it is the active window: the dialog that
    # closed may have left none active (the cashier clicks back on the window first).
    cashier_window.activateWindow()
    qtbot.waitUntil(cashier_window.isActiveWindow)
    then_settle(
        qtbot,
        cashier_window,
        lambda: qtbot.keyClick(
            focused(cashier_window), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier
        ),
    )
    assert "Undone" in cashier_window.message.text()
    assert_back_in_search(cashier_window, desk, "Alice T")
    then_settle(qtbot, cashier_window, cashier_window.undo)  # nothing left: refused, same place
    assert cashier_window.message.kind == "error"
    assert_back_in_search(cashier_window, desk, "Alice T")


def test_a_cancelled_new_player_goes_back_to_the_search(qtbot, cashier_window, desk):
    type_text(qtbot, cashier_window, "Someone New")
    cashier_window.actions_by_name[CashierAction.NEW_PLAYER].trigger()
    assert isinstance(desk.dialog, AddPlayerDialog)
    press(qtbot, desk.dialog, Qt.Key.Key_Escape)
    assert desk.dialog is None
    assert_back_in_search(cashier_window, desk, "Someone New")
