"""The cashier before and around the money: the entry rules editor, the player database, the list.

As in the other cashier tests, each test acts through the window's widgets and checks both what
the window shows and what the services say is in the database.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from PySide6.QtCore import Qt

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.ledger import RowKind
from clockapp.core.money.records import CashierConfig
from clockapp.core.registration import RegistrationStatus
from clockapp.services.players import PlayerDetails
from clockapp.ui.actions import CashierAction
from clockapp.ui.cashier.entry_dialog import EntryDialog
from clockapp.ui.cashier.models import PlayerRow, PlayersModel
from clockapp.ui.cashier.player_dialogs import MergeDialog, PlayerDialog
from clockapp.ui.cashier.rules_dialog import EntryRulesDialog
from tests.ui.cashier.waiting import settle_on, take_money, then_settle
from tests.ui.polling import poll

PRICE = EntryPrice(2000, house_fee=500)
STACK = 10_000


def enter(qtbot, widget) -> None:
    """Enter on `widget`; what it confirmed (a sale) has landed when this returns."""
    then_settle(qtbot, widget, lambda: qtbot.keyClick(widget, Qt.Key.Key_Return))


def show(qtbot, window, page):
    window.tabs.setCurrentWidget(page)
    settle_on(qtbot, window)
    return page


def typed(qtbot, edit, text: str) -> None:
    edit.clear()
    qtbot.keyClicks(edit, text)


def open_rules(qtbot, window) -> EntryRulesDialog:
    qtbot.mouseClick(window.header.rules_button, Qt.MouseButton.LeftButton)
    settle_on(qtbot, window)  # the rules are read on the worker, then the dialog opens
    dialog = window.dialog
    assert isinstance(dialog, EntryRulesDialog)
    return dialog


@pytest.fixture
def freeze_out(qtbot, cashier_window, services, tournament_id, bus):
    """A $25 freeze-out, set at another station: the window sees it on the bus's poll."""
    services.cashier.set_config(
        tournament_id, CashierConfig(EntryRules(RegistrationRule(PRICE, STACK)))
    )
    poll(qtbot, bus)
    return services.cashier.config(tournament_id)


# ---------------------------------------------------------------------------- entry rules
@pytest.mark.slow
def test_turn_on_rebuys_in_the_dialog_then_r_at_the_desk_sells_one(
    qtbot, cashier_window, freeze_out, services, tournament_id, bus
):
    assert "Freeze-out: buy-in $25.00 for T10,000" in cashier_window.header.rules_label.text()
    dialog = open_rules(qtbot, cashier_window)
    assert dialog.kind_label.text() == "Freeze-out"
    assert dialog.buy_in_price.total_edit.text() == "25"
    assert dialog.buy_in_price.fee_edit.text() == "5"
    dialog.rebuy_group.setChecked(True)
    typed(qtbot, dialog.rebuy_price.total_edit, "30")
    typed(qtbot, dialog.rebuy_price.fee_edit, "5")
    typed(qtbot, dialog.rebuy_price.bounty_edit, "")
    dialog.rebuy_chips.setValue(15_000)
    dialog.rebuy_last.setValue(4)
    dialog.rebuy_max.setValue(2)
    assert dialog.kind_label.text() == "Rebuy"
    assert dialog.error_label.text() == ""
    enter(qtbot, dialog.rebuy_price.total_edit)
    assert cashier_window.dialog is None
    rebuy = services.cashier.config(tournament_id).rules.rebuy
    assert rebuy is not None
    assert (rebuy.price, rebuy.chips, rebuy.last_level, rebuy.max_per_player) == (
        EntryPrice(2500, house_fee=500),
        15_000,
        4,
        2,
    )
    assert "Rebuy: buy-in $25.00" in cashier_window.header.rules_label.text()
    assert "Rules saved" in cashier_window.message.text()
    # At the desk: a player bought in and busted at the table; R sells the rebuy.
    ann = services.players.create(PlayerDetails("Ann Rebuy")).value.id
    services.cashier.buy_in(tournament_id, ann)
    services.cashier.buy_in(tournament_id, services.players.create(PlayerDetails("Bo")).value.id)
    services.clock.start(tournament_id)
    poll(qtbot, bus)
    desk = show(qtbot, cashier_window, cashier_window.desk)
    qtbot.keyClicks(desk.search, "ann reb")
    enter(qtbot, desk.search)
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F3))
    entry = desk.dialog
    assert isinstance(entry, EntryDialog)
    assert entry.due_label.text() == "$30.00"
    qtbot.keyClicks(entry.tendered_edit, "40")
    assert entry.change_label.text() == "$10.00"
    take_money(qtbot, entry.tendered_edit)
    assert cashier_window.message.kind == "info", cashier_window.message.text()
    row = services.cashier.ledger(tournament_id)[-1]
    assert (row.kind, row.amount, row.chips, row.split) == (
        RowKind.REBUY,
        3000,
        15_000,
        EntryPrice(2500, house_fee=500),
    )
    reg = services.cashier.registration_of(tournament_id, ann)
    assert (reg.status, reg.rebuys) == (RegistrationStatus.PLAYING, 1)


@pytest.mark.slow
def test_an_add_on_at_a_break_the_structure_lacks_keeps_ok_off(
    qtbot, cashier_window, freeze_out, services, tournament_id
):
    # The default structure has breaks after levels 5, 9 and 14.
    dialog = open_rules(qtbot, cashier_window)
    assert dialog.breaks_label.text() == "Breaks follow levels 5, 9 and 14."
    dialog.add_on_group.setChecked(True)
    dialog.add_on_break.setValue(3)
    assert "no break follows level 3" in dialog.error_label.text()
    assert "breaks follow levels 5, 9 and 14" in dialog.error_label.text()
    assert not dialog.ok_button.isEnabled()
    enter(qtbot, dialog.add_on_price.total_edit)
    assert cashier_window.dialog is dialog  # still open: nothing saved
    assert services.cashier.config(tournament_id) == freeze_out
    # Neither at a break nor with the buy-in: the add-on has no window.
    dialog.add_on_break_box.setChecked(False)
    assert "needs a window" in dialog.error_label.text()
    dialog.add_on_with_buy_in.setChecked(True)
    assert dialog.ok_button.isEnabled()
    dialog.add_on_break_box.setChecked(True)
    dialog.add_on_break.setValue(5)
    assert dialog.ok_button.isEnabled()
    assert dialog.kind_label.text() == "Add-on"
    then_settle(qtbot, cashier_window, dialog.ok_button.click)
    add_on = services.cashier.config(tournament_id).rules.add_on
    assert add_on is not None
    assert (add_on.at_break_after_level, add_on.with_buy_in) == (5, True)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("field", "text", "problem"),
    [
        ("total", "", "Buy-in: type the price"),
        ("total", "ten", "not a number"),
        ("total", "-5", "negative"),
        ("fee", "30", "are more than the price ($25.00)"),
        ("bounty", "2.555", "decimals"),
    ],
)
def test_bad_prices_are_named_and_keep_ok_off(
    qtbot, cashier_window, freeze_out, field, text, problem
):
    dialog = open_rules(qtbot, cashier_window)
    edit = getattr(dialog.buy_in_price, f"{field}_edit")
    typed(qtbot, edit, text)
    assert problem in dialog.error_label.text()
    assert not dialog.ok_button.isEnabled()
    dialog.reject()


@pytest.mark.slow
def test_registration_rules_and_float_undo_and_ctrl_r(
    qtbot, cashier_window, freeze_out, services, tournament_id, fake_clock
):
    cashier_window.actions_by_name[CashierAction.RULES].trigger()
    settle_on(qtbot, cashier_window)
    dialog = cashier_window.dialog
    assert isinstance(dialog, EntryRulesDialog)
    dialog.late_box.setChecked(True)
    dialog.late_spin.setValue(6)
    dialog.cap_spin.setValue(90)
    dialog.deadline_box.setChecked(True)
    deadline = fake_clock() + timedelta(hours=3)
    dialog.set_deadline(deadline)
    typed(qtbot, dialog.float_edit, "200")
    dialog.re_entry_group.setChecked(True)
    dialog.re_entry_max.setValue(1)
    assert dialog.kind_label.text() == "Re-entry"
    then_settle(qtbot, cashier_window, dialog.ok_button.click)
    config = services.cashier.config(tournament_id)
    reg = config.rules.registration
    assert (reg.late_until_level, reg.max_entrants, reg.deadline) == (6, 90, deadline)
    assert reg.deadline.tzinfo is not None
    assert config.opening_float == 20_000
    assert config.rules.re_entry is not None
    assert config.rules.re_entry.last_level is None  # follows late registration
    assert config.payouts == freeze_out.payouts  # the payout choices are kept
    # Undo puts the previous rules back (they are a setting, not money).
    assert then_settle(qtbot, cashier_window, cashier_window.undo)
    assert services.cashier.config(tournament_id) == freeze_out
    assert then_settle(qtbot, cashier_window, cashier_window.redo)
    assert services.cashier.config(tournament_id).opening_float == 20_000


@pytest.mark.slow
def test_the_rules_dialog_says_entries_already_sold_keep_their_price(
    qtbot, cashier_window, freeze_out, services, tournament_id, bus
):
    services.cashier.buy_in(tournament_id, services.players.create(PlayerDetails("A")).value.id)
    poll(qtbot, bus)
    dialog = open_rules(qtbot, cashier_window)
    texts = [w.text() for w in dialog.findChildren(type(dialog.kind_label))]
    assert (
        "1 entry already sold keeps the price it was paid at; new prices apply from the next "
        "sale." in texts
    )
    dialog.reject()


# ---------------------------------------------------------------------------- players
@pytest.fixture
def players_page(cashier_window, services, freeze_out, qtbot):
    for name in ("Ann Lee", "Bob Marley", "Dana Scully"):
        services.players.create(PlayerDetails(name))
    return show(qtbot, cashier_window, cashier_window.players)


def names(page) -> list[str]:
    return [row.player.name for row in page.model.rows()]


@pytest.mark.slow
def test_players_model_passes_qt_checks(qtmodeltester, services, players_page):
    model = PlayersModel()
    model.set_rows([PlayerRow(p, None) for p in services.players.list()])
    qtmodeltester.check(model)
    assert model.text(0, "Name") == "Ann Lee"


@pytest.mark.slow
def test_search_as_you_type(qtbot, players_page):
    assert names(players_page) == ["Ann Lee", "Bob Marley", "Dana Scully"]
    qtbot.keyClicks(players_page.search, "sc")
    settle_on(qtbot, players_page)  # searched on the worker
    assert names(players_page) == ["Dana Scully"]
    assert players_page.count_label.text().startswith("1 player found")


@pytest.mark.slow
def test_a_csv_with_a_bad_line_saves_nothing_and_names_the_line(
    qtbot, cashier_window, players_page, services, tmp_path
):
    path = tmp_path / "players.csv"
    path.write_text("name,email,team\nCy Young,cy@x.org,Reds\nDee Dee,not an e-mail,Blues\n")
    before = services.players.list()
    # Read and refused on the worker: said in words, nothing saved.
    assert then_settle(qtbot, players_page, lambda: players_page.import_csv(str(path)))
    assert not players_page.progress.isVisible()
    assert cashier_window.message.kind == "error"
    assert "CSV line 3" in cashier_window.message.text()
    assert "not an e-mail" in cashier_window.message.text()
    assert services.players.list() == before  # not even Cy from line 2
    assert names(players_page) == ["Ann Lee", "Bob Marley", "Dana Scully"]


@pytest.mark.slow
def test_csv_import_and_export(qtbot, cashier_window, players_page, services, tmp_path):
    path = tmp_path / "players.csv"
    path.write_text(
        '\ufeffname,team,notes\nCy Young,Reds,"two\nlines"\nann lee,,\n', encoding="utf-8"
    )
    assert then_settle(qtbot, players_page, lambda: players_page.import_csv(str(path)))
    assert cashier_window.message.text() == (
        "Imported players.csv: 1 new player, 1 already in the database."
    )
    assert names(players_page) == ["Ann Lee", "Bob Marley", "Cy Young", "Dana Scully"]
    out = then_settle(
        qtbot, players_page, lambda: players_page.export_csv(str(tmp_path / "out.csv"))
    )
    assert out is not None
    assert "4 players exported" in cashier_window.message.text()
    text = (tmp_path / "out.csv").read_text(encoding="utf-8-sig")  # a spreadsheet's UTF-8
    assert text.splitlines()[0] == "name,nickname,phone,email,team,notes"
    assert 'Cy Young,,,,Reds,"two\nlines"' in text


@pytest.mark.slow
def test_edit_a_player_with_notes_and_undo(qtbot, cashier_window, players_page, services):
    players_page.select_row(1)
    players_page.edit_button.click()
    dialog = players_page.dialog
    assert isinstance(dialog, PlayerDialog)
    assert dialog.name_edit.text() == "Bob Marley"
    qtbot.keyClicks(dialog.nickname_edit, "Rasta")
    dialog.notes_edit.setPlainText("Banned from the bar.\nTips well.")
    dialog.email_edit.setText("bob@")
    dialog.email_edit.setText("no at sign")
    assert "not an e-mail address" in dialog.error_label.text()
    assert not dialog.ok_button.isEnabled()
    dialog.email_edit.setText("bob@example.org")
    enter(qtbot, dialog.email_edit)
    bob = next(p for p in services.players.list() if p.name == "Bob Marley")
    assert (bob.nickname, bob.notes, bob.email) == (
        "Rasta",
        "Banned from the bar.\nTips well.",
        "bob@example.org",
    )
    assert players_page.model.text(1, "Notes") == "Banned from the bar. Tips well."
    assert players_page.selected().id == bob.id
    assert then_settle(qtbot, cashier_window, cashier_window.undo)
    assert services.players.get(bob.id).notes == ""


@pytest.mark.slow
def test_merge_a_duplicate_moves_the_registration(
    qtbot, cashier_window, players_page, services, tournament_id, bus, gui_thread_sql
):
    keep = services.players.list()[0]  # Ann Lee
    dup = services.players.create(PlayerDetails("Anne Lee", phone="555-0101")).value
    reg = services.cashier.buy_in(tournament_id, dup.id).value.registration
    poll(qtbot, bus)
    players_page.select_player(dup.id)
    assert players_page.model.text(players_page.model.row_of_player(dup.id), "Tonight") == "playing"
    with gui_thread_sql.watching() as searched:  # the candidates are found on the worker
        players_page.merge_button.click()
        dialog = players_page.dialog
        assert isinstance(dialog, MergeDialog)
        typed(qtbot, dialog.search_edit, "ann")
        settle_on(qtbot, players_page)
    assert not searched, gui_thread_sql.report()
    shown = [dialog.candidates.item(i).text() for i in range(dialog.candidates.count())]
    assert all("Anne Lee" not in text for text in shown)  # not into itself
    dialog.choose(keep.id)
    assert dialog.ok_button.text() == "Merge into Ann Lee"
    then_settle(qtbot, players_page, dialog.ok_button.click)
    assert services.players.get(dup.id).merged_into_id == keep.id
    moved = services.cashier.registration(tournament_id, reg.id)
    assert moved.player_id == keep.id
    assert services.cashier.registration_of(tournament_id, keep.id).id == reg.id
    assert services.players.get(keep.id).phone == "555-0101"  # filled in from the duplicate
    assert "Anne Lee" not in names(players_page)
    assert players_page.selected().id == keep.id
    assert "merged into Ann Lee" in cashier_window.message.text()


@pytest.mark.slow
def test_merging_two_players_of_one_tournament_is_refused(
    qtbot, cashier_window, players_page, services, tournament_id, bus
):
    ann, bob = services.players.list()[:2]
    for player in (ann, bob):
        services.cashier.buy_in(tournament_id, player.id)
    poll(qtbot, bus)
    players_page.select_player(bob.id)
    players_page.merge_button.click()
    dialog = players_page.dialog
    typed(qtbot, dialog.search_edit, "ann")
    settle_on(qtbot, players_page)  # the candidates are found on the worker
    dialog.choose(ann.id)
    then_settle(qtbot, players_page, dialog.ok_button.click)
    assert cashier_window.message.kind == "error"
    assert "both registered in Friday Night Hold'em" in cashier_window.message.text()
    assert services.players.get(bob.id).merged_into_id is None


# ---------------------------------------------------------------------------- the list
@pytest.mark.slow
def test_import_a_list_then_check_in_and_withdraw(
    qtbot, cashier_window, players_page, services, tournament_id, tmp_path
):
    path = tmp_path / "tonight.txt"
    path.write_text("name\nann lee\nEd Newcomer\nFay Early\n")
    assert then_settle(
        qtbot, players_page, lambda: players_page.import_pre_registrations(f"{path}")
    )
    then_settle(qtbot, players_page, players_page.dialog.ok_button.click)  # the preview: import
    assert cashier_window.message.text() == (
        "Imported tonight.txt: 3 names on the list, 3 waiting to check in (Field page)."
    )
    assert "Ed Newcomer" in names(players_page)  # new names join the database
    field = show(qtbot, cashier_window, cashier_window.field)
    assert [(r.name, r.status) for r in field.model.rows()] == [
        ("Ann Lee", RegistrationStatus.PRE_REGISTERED),
        ("Ed Newcomer", RegistrationStatus.PRE_REGISTERED),
        ("Fay Early", RegistrationStatus.PRE_REGISTERED),
    ]
    assert field.counts.text().startswith("3 registered · 3 not arrived yet")
    ed = field.model.rows()[1]
    field.select_registration(ed.id)
    then_settle(qtbot, field, field.check_in_button.click)
    checked = services.cashier.registration(tournament_id, ed.id)
    assert checked.status is RegistrationStatus.CHECKED_IN
    assert checked.checked_in_at is not None
    assert field.model.text(1, "Status") == "checked in"
    assert field.selected().id == ed.id
    assert "Ed Newcomer checked in" in cashier_window.message.text()
    field.check_in_button.click()  # twice: said, nothing written
    assert cashier_window.message.kind == "error"
    assert "already checked in" in cashier_window.message.text()
    # Fay does not come: withdrawn, off the list; undo puts her back, still to arrive.
    fay = field.model.rows()[2]
    field.select_registration(fay.id)
    then_settle(qtbot, field, field.withdraw_button.click)
    assert [r.name for r in services.cashier.registrations(tournament_id)] == [
        "Ann Lee",
        "Ed Newcomer",
    ]
    assert then_settle(qtbot, cashier_window, cashier_window.undo)
    back = services.cashier.registration_of(tournament_id, fay.player_id)
    assert back is not None
    assert back.status is RegistrationStatus.PRE_REGISTERED
    # A player who paid cannot be withdrawn: the message says what to do instead.
    services.cashier.buy_in(tournament_id, ed.player_id)
    field.refresh()
    settle_on(qtbot, field)
    field.select_registration(ed.id)
    then_settle(qtbot, field, field.withdraw_button.click)
    assert "void or refund the buy-in" in cashier_window.message.text()
    assert services.cashier.registration(tournament_id, ed.id).bought_in


@pytest.mark.slow
def test_the_desk_sells_a_checked_in_players_buy_in(
    qtbot, cashier_window, players_page, services, tournament_id, tmp_path
):
    path = tmp_path / "tonight.csv"
    path.write_text("Bob Marley,555-0100\n")
    then_settle(qtbot, players_page, lambda: players_page.import_pre_registrations(str(path)))
    then_settle(qtbot, players_page, players_page.dialog.ok_button.click)  # the preview: import
    desk = show(qtbot, cashier_window, cashier_window.desk)
    qtbot.keyClicks(desk.search, "bob")
    enter(qtbot, desk.search)
    assert desk.selected().status == "pre-registered"
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F2))
    take_money(qtbot, desk.dialog.tendered_edit)
    reg = services.cashier.registration_of(tournament_id, desk.selected().player.id)
    assert reg.status is RegistrationStatus.PLAYING
    assert reg.checked_in_at == services.now()
