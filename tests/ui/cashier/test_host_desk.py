"""The host's night at the desk, played through the real widgets, key by key.

Adding a player and selling him the buy-in are two things: adding says so, and money is taken
only by a deliberate key (Ctrl+Enter, or the labelled button) on a confirmation that is on screen.
Messages never move what is under the pointer, and a name typed is a name wherever the focus is:
letters are never commands. Keys go to whatever widget of the window has the focus, as a
keyboard's would.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QWidget

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RebuyRule, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.services.players import PlayerDetails
from clockapp.ui.cashier.dialogs import AddPlayerDialog
from clockapp.ui.cashier.entry_dialog import EntryDialog
from tests.ui.cashier.waiting import settle_on, then_settle

PRICE = EntryPrice(2000)  # the $20 buy-in
STACK = 10_000
NAMES = ("Alice Smith", "Rupert Bell")
CTRL = Qt.KeyboardModifier.ControlModifier
NONE = Qt.KeyboardModifier.NoModifier
SIZES = ((1366, 768), (1920, 1080))


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
    """Where a key goes: the open dialog's focus (it is modal), else the window's."""
    dialog = window.desk.dialog  # type: ignore[attr-defined]
    widget = dialog.focusWidget() if dialog is not None else window.focusWidget()
    assert widget is not None
    return widget


def type_text(qtbot, window: QWidget, text: str) -> None:
    """Type as a keyboard does: each key to the widget that has the focus then."""
    for char in text:
        qtbot.keyClick(focused(window), char)


def press(qtbot, window: QWidget, key: Qt.Key, modifier: Qt.KeyboardModifier = NONE) -> None:
    """`key` on what has the focus; what it confirmed has landed when this returns."""
    widget = focused(window)
    then_settle(qtbot, widget, lambda: qtbot.keyClick(widget, key, modifier))


def bought_in(services, tournament_id: int, name: str) -> bool:
    (player,) = [p for p in services.players.list() if p.name == name]
    reg = services.cashier.registration_of(tournament_id, player.id)
    return reg is not None and reg.bought_in


def open_buy_in(qtbot, window, desk, name: str) -> EntryDialog:
    type_text(qtbot, window, name)
    press(qtbot, window, Qt.Key.Key_Return)  # the player chosen: the list has the focus
    press(qtbot, window, Qt.Key.Key_Return)  # Enter on the list opens the buy-in
    dialog = desk.dialog
    assert isinstance(dialog, EntryDialog), window.message.text()
    qtbot.waitExposed(dialog)
    return dialog


# ------------------------------------------------------------------ adding is not registering
@pytest.mark.slow
def test_adding_a_player_says_he_is_added_not_registered(
    qtbot, cashier_window, desk, services, tournament_id
):
    type_text(qtbot, cashier_window, "Eve Torres")
    press(qtbot, cashier_window, Qt.Key.Key_Return)
    dialog = desk.dialog
    assert isinstance(dialog, AddPlayerDialog)
    assert "no buy-in" in dialog.ok_button.text()
    then_settle(qtbot, desk, dialog.ok_button.click)
    said = cashier_window.message.text()
    assert "Eve Torres added" in said
    assert "Not registered, no buy-in taken" in said
    assert "buy-in (F2" in said  # the next step, and a separate one
    assert cashier_window.message.kind == "info"
    assert desk.selected().player.name == "Eve Torres"
    assert "not registered" in desk.selected_label.text()
    assert not bought_in(services, tournament_id, "Eve Torres")
    assert desk.dialog is None  # no confirmation of money was opened by adding


@pytest.mark.slow
def test_enter_presses_never_take_money_ctrl_enter_does(
    qtbot, cashier_window, desk, services, tournament_id
):
    """Enter, Enter, Enter after adding a player: the buy-in opens, and waits."""
    type_text(qtbot, cashier_window, "Eve Torres")
    press(qtbot, cashier_window, Qt.Key.Key_Return)  # nobody of that name: add him?
    press(qtbot, cashier_window, Qt.Key.Key_Return)  # Enter on the name moves on
    press(qtbot, cashier_window, Qt.Key.Key_Return)  # Enter on the nickname adds him
    assert desk.dialog is None
    dialog = open_buy_in(qtbot, cashier_window, desk, "Eve Torres")
    assert not dialog.ok_button.isDefault()
    for _ in range(3):
        press(qtbot, cashier_window, Qt.Key.Key_Return)
        assert desk.dialog is dialog
        assert not bought_in(services, tournament_id, "Eve Torres")
    assert "Ctrl+Enter" in dialog.error_label.text()
    qtbot.keyClick(dialog.ok_button, Qt.Key.Key_Return)  # even on the button itself
    assert desk.dialog is dialog
    assert not bought_in(services, tournament_id, "Eve Torres")
    press(qtbot, cashier_window, Qt.Key.Key_Return, CTRL)  # the deliberate key
    assert desk.dialog is None
    assert bought_in(services, tournament_id, "Eve Torres")


@pytest.mark.slow
def test_the_labelled_button_takes_the_money(qtbot, cashier_window, desk, services, tournament_id):
    dialog = open_buy_in(qtbot, cashier_window, desk, "Rupert")
    assert "Confirm buy-in" in dialog.ok_button.text()
    then_settle(qtbot, desk, lambda: qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton))
    assert bought_in(services, tournament_id, "Rupert Bell")


def _hide(dialog: QWidget, _window: QWidget) -> None:
    dialog.hide()


def _minimize(dialog: QWidget, _window: QWidget) -> None:
    dialog.showMinimized()


def _off_screen(dialog: QWidget, _window: QWidget) -> None:
    dialog.move(40_000, 40_000)


def _window_minimized(_dialog: QWidget, window: QWidget) -> None:
    window.showMinimized()


@pytest.mark.slow
@pytest.mark.parametrize(
    "unseen",
    [_hide, _minimize, _off_screen, _window_minimized],
    ids=["hidden", "minimized", "off-screen", "window-minimized"],
)
def test_a_confirmation_not_on_screen_is_never_accepted(
    qtbot,
    cashier_window,
    desk,
    services,
    tournament_id,
    unseen: Callable[[QWidget, QWidget], None],
):
    dialog = open_buy_in(qtbot, cashier_window, desk, "Alice")
    unseen(dialog, cashier_window)
    QApplication.processEvents()
    then_settle(qtbot, desk, dialog.ok_button.click)
    assert not bought_in(services, tournament_id, "Alice Smith")
    then_settle(qtbot, desk, dialog.accept)
    then_settle(qtbot, desk, lambda: qtbot.keyClick(dialog.tendered_edit, Qt.Key.Key_Return, CTRL))
    assert not bought_in(services, tournament_id, "Alice Smith")
    assert desk.dialog is dialog  # still waiting to be seen
    assert not dialog.on_screen()
    dialog.reject()
    assert desk.dialog is None


# ------------------------------------------------------------------ messages and letters
@pytest.mark.slow
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_message_never_moves_the_search_box(qtbot, cashier_window, desk, width, height):
    cashier_window.resize(width, height)
    QApplication.processEvents()

    def where() -> tuple[QPoint, QPoint]:
        QApplication.processEvents()
        return desk.search.mapToGlobal(QPoint(0, 0)), desk.table.mapToGlobal(QPoint(0, 0))

    before = where()
    cashier_window.message.show_error("Rupert Bell has not bought in yet: F2 for the buy-in.")
    assert where() == before
    cashier_window.message.show_info(" ".join(["A long message that wraps."] * 30))
    assert where() == before
    cashier_window.message.hide_message()
    assert where() == before


@pytest.mark.slow
@pytest.mark.parametrize("name", ["Eve Torres", "Rex Baxter", "Bea Axe"])
def test_a_name_typed_on_the_list_goes_to_the_search(qtbot, cashier_window, desk, services, name):
    """'Eve Torres' became 've Torres': E on the list ran the re-entry. Letters are text."""
    type_text(qtbot, cashier_window, "Alice")
    press(qtbot, cashier_window, Qt.Key.Key_Return)
    assert focused(cashier_window) is desk.table  # where a stray click leaves the focus too
    type_text(qtbot, cashier_window, name)
    assert desk.search.text() == name
    assert desk.dialog is None
    assert cashier_window.message.kind != "error", cashier_window.message.text()
    assert sorted(p.name for p in services.players.list()) == sorted(NAMES)


@pytest.mark.slow
def test_the_commands_are_function_keys_from_the_search_or_the_list(
    qtbot, cashier_window, desk, services, tournament_id
):
    type_text(qtbot, cashier_window, "Rupert")
    press(qtbot, cashier_window, Qt.Key.Key_Return)  # to the list
    press(qtbot, cashier_window, Qt.Key.Key_F3)  # a rebuy before the buy-in
    assert desk.dialog is None
    assert "press F2 for the buy-in" in cashier_window.message.text()
    assert focused(cashier_window) is desk.search
    press(qtbot, cashier_window, Qt.Key.Key_F2)  # from the search box
    dialog = desk.dialog
    assert isinstance(dialog, EntryDialog)
    assert "Rupert Bell" in dialog.windowTitle()
    then_settle(qtbot, desk, dialog.ok_button.click)
    assert bought_in(services, tournament_id, "Rupert Bell")


@pytest.mark.slow
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_desk_and_its_confirmation_render(qtbot, cashier_window, desk, tmp_path, width, height):
    cashier_window.resize(width, height)
    cashier_window.message.show_info("Eve Torres added as a new player. Not registered.")
    QApplication.processEvents()
    assert cashier_window.grab().save(str(tmp_path / f"desk-{width}.png"))
    dialog = open_buy_in(qtbot, cashier_window, desk, "Alice")
    press(qtbot, cashier_window, Qt.Key.Key_Return)
    assert dialog.grab().save(str(tmp_path / f"buy-in-{width}.png"))
    dialog.reject()
