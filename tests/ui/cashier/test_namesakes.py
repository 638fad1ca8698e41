"""The cashier desk: a second "Alice Trent" is never added silently.

Adding a player whose name is taken (case and spacing aside) shows a warning, answered here
through the real QMessageBox's buttons: use the existing player, add the new one with a note that
tells them apart, or cancel. Both the desk (Ctrl+N) and the Players page (New player…) ask.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from clockapp.services.players import PlayerDetails
from clockapp.ui.actions import CashierAction
from clockapp.ui.cashier.dialogs import AddPlayerDialog
from clockapp.ui.cashier.new_player import ADD_WITH_NOTE, USE_EXISTING, NamesakeBox, NoteDialog
from clockapp.ui.cashier.player_dialogs import PlayerDialog
from tests.ui.cashier.waiting import settle_on, then_settle


@pytest.fixture
def alice(services) -> int:
    services.players.create(PlayerDetails("Bob Marley"))
    return services.players.create(PlayerDetails("Alice Trent", team="Blues")).value.id


def names(services) -> list[str]:
    return sorted(p.name for p in services.players.list())


def new_player_at_the_desk(qtbot, window, typed: str) -> AddPlayerDialog:
    desk = window.desk
    window.focus_search()
    desk.search.clear()
    qtbot.keyClicks(desk.search, typed)
    window.actions_by_name[CashierAction.NEW_PLAYER].trigger()
    dialog = desk.dialog
    assert isinstance(dialog, AddPlayerDialog)
    # The namesakes are read on the worker; the warning (or the player added) comes after.
    then_settle(qtbot, desk, lambda: qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton))
    return dialog


def warning(desk) -> NamesakeBox:
    box = desk.dialog
    assert isinstance(box, NamesakeBox), type(box).__name__
    assert box.isVisible()
    return box


def click(qtbot, box: NamesakeBox, text: str) -> None:
    (button,) = [b for b in box.buttons() if b.text() == text]
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


@pytest.mark.slow
def test_use_the_existing_player(qtbot, cashier_window, services, alice):
    before = names(services)
    new_player_at_the_desk(qtbot, cashier_window, "  alice   TRENT ")
    box = warning(cashier_window.desk)
    assert "Alice Trent" in box.text()
    assert {b.text() for b in box.buttons()} >= {USE_EXISTING, ADD_WITH_NOTE}
    click(qtbot, box, USE_EXISTING)
    desk = cashier_window.desk
    settle_on(qtbot, desk)  # the desk reads what it shows on the worker
    assert names(services) == before
    assert desk.selected().player.id == alice
    assert cashier_window.focusWidget() is desk.search
    assert desk.search.selectedText() == "Alice Trent"


@pytest.mark.slow
def test_add_with_a_note(qtbot, cashier_window, services, alice):
    new_player_at_the_desk(qtbot, cashier_window, "Alice Trent")
    click(qtbot, warning(cashier_window.desk), ADD_WITH_NOTE)
    note = cashier_window.desk.dialog
    assert isinstance(note, NoteDialog)
    assert not note.ok_button.isEnabled()  # a note is needed
    qtbot.keyClicks(note.note_edit, "blue hat")
    then_settle(qtbot, note, lambda: qtbot.keyClick(note.note_edit, Qt.Key.Key_Return))
    assert "Alice Trent (blue hat)" in names(services)
    desk = cashier_window.desk
    assert desk.selected().player.name == "Alice Trent (blue hat)"
    assert cashier_window.focusWidget() is desk.search
    # The noted name is taken too now: adding it again warns again.
    new_player_at_the_desk(qtbot, cashier_window, "alice trent (BLUE hat)")
    qtbot.mouseClick(warning(desk).cancel_button, Qt.MouseButton.LeftButton)
    assert names(services).count("Alice Trent (blue hat)") == 1


@pytest.mark.slow
def test_cancel_adds_nobody(qtbot, cashier_window, services, alice):
    before = names(services)
    new_player_at_the_desk(qtbot, cashier_window, "ALICE TRENT")
    box = warning(cashier_window.desk)
    qtbot.keyClick(box, Qt.Key.Key_Escape)
    assert cashier_window.desk.dialog is None
    assert names(services) == before
    assert cashier_window.focusWidget() is cashier_window.desk.search
    assert cashier_window.desk.search.selectedText() == "ALICE TRENT"


@pytest.mark.slow
def test_the_players_page_warns_too(qtbot, cashier_window, services, alice):
    page = cashier_window.players
    cashier_window.tabs.setCurrentWidget(page)
    settle_on(qtbot, cashier_window)
    page.start_new()
    dialog = page.dialog
    assert isinstance(dialog, PlayerDialog)
    qtbot.keyClicks(dialog.name_edit, "Alice  Trent")
    then_settle(qtbot, page, lambda: qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton))
    box = page.dialog
    assert isinstance(box, NamesakeBox)
    click(qtbot, box, USE_EXISTING)
    assert names(services) == ["Alice Trent", "Bob Marley"]
    assert page.selected().id == alice


@pytest.mark.slow
@pytest.mark.parametrize(("answer", "renamed"), [("Cancel", False), ("Save anyway", True)])
def test_renaming_to_a_taken_name_asks(qtbot, cashier_window, services, alice, answer, renamed):
    page = cashier_window.players
    cashier_window.tabs.setCurrentWidget(page)
    settle_on(qtbot, cashier_window)
    bob = services.players.search("bob")[0]
    page.select_player(bob.id)
    page.start_edit()
    dialog = page.dialog
    assert isinstance(dialog, PlayerDialog)
    dialog.name_edit.selectAll()
    qtbot.keyClicks(dialog.name_edit, "alice trent")
    then_settle(qtbot, page, lambda: qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton))
    box = page.dialog
    assert isinstance(box, QMessageBox)
    assert "Alice Trent" in box.text()
    (button,) = [b for b in box.buttons() if b.text().replace("&", "") == answer]
    then_settle(qtbot, page, lambda: qtbot.mouseClick(button, Qt.MouseButton.LeftButton))
    assert page.dialog is None
    assert (services.players.get(bob.id).name == "alice trent") is renamed
    # Editing the player's other details under their own name asks nothing.
    page.select_player(alice)
    page.start_edit()
    qtbot.keyClicks(page.dialog.team_edit, "s")
    ok = page.dialog.ok_button
    then_settle(qtbot, page, lambda: qtbot.mouseClick(ok, Qt.MouseButton.LeftButton))
    assert page.dialog is None
    assert services.players.get(alice).team == "Bluess"


@pytest.mark.slow
def test_the_namesake_check_reads_off_the_gui_thread(
    qtbot, cashier_window, services, alice, gui_thread_sql
):
    """The players of the same name are read on the worker, at the desk and on a rename."""
    desk = cashier_window.desk
    cashier_window.focus_search()
    desk.search.clear()
    qtbot.keyClicks(desk.search, "alice trent")
    settle_on(qtbot, desk)
    window_action = cashier_window.actions_by_name[CashierAction.NEW_PLAYER]
    with gui_thread_sql.watching() as added:
        window_action.trigger()
        dialog = desk.dialog
        assert isinstance(dialog, AddPlayerDialog)
        then_settle(
            qtbot, desk, lambda: qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
        )
        box = warning(desk)
    assert not added, gui_thread_sql.report()
    qtbot.keyClick(box, Qt.Key.Key_Escape)
    page = cashier_window.players
    cashier_window.tabs.setCurrentWidget(page)
    settle_on(qtbot, cashier_window)
    page.select_player(services.players.search("bob")[0].id)
    with gui_thread_sql.watching() as renamed:
        page.start_edit()
        edit = page.dialog
        assert isinstance(edit, PlayerDialog)
        edit.name_edit.selectAll()
        qtbot.keyClicks(edit.name_edit, "alice trent")
        then_settle(
            qtbot, page, lambda: qtbot.mouseClick(edit.ok_button, Qt.MouseButton.LeftButton)
        )
        assert isinstance(page.dialog, QMessageBox)
    assert not renamed, gui_thread_sql.report()
    page.dialog.reject()
