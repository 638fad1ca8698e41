"""The cashier desk as a cashier uses it: type a name, Enter, one key, confirm the money.

Each test acts through real widgets (qtbot key presses) and checks both what the window shows and
what the services say is in the database.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest
from PySide6.QtCore import Qt
from sqlalchemy import event

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import AddOnRule, EntryRules, RebuyRule, RegistrationRule
from clockapp.core.money.ledger import RowKind
from clockapp.core.money.records import CashierConfig
from clockapp.core.registration import RegistrationStatus
from clockapp.services.players import PlayerDetails
from clockapp.ui.actions import CashierAction
from clockapp.ui.cashier.bust_dialog import BustDialog
from clockapp.ui.cashier.dialogs import AddPlayerDialog
from clockapp.ui.cashier.entry_dialog import EntryDialog
from clockapp.ui.cashier.no_seat import OPEN_A_TABLE, SELL_WITHOUT_A_SEAT, NoSeatBox
from tests.ui.cashier.waiting import settle_on, take_money, then_settle
from tests.ui.polling import poll

PRICE = EntryPrice(2000, house_fee=500)  # $25: $20 to the prize pool, $5 fee
STACK = 10_000


def configure(services, tid, **rules) -> None:
    services.cashier.set_config(
        tid, CashierConfig(EntryRules(RegistrationRule(PRICE, STACK), **rules))
    )


def add_players(services, *names: str) -> dict[str, int]:
    return {name: services.players.create(PlayerDetails(name)).value.id for name in names}


def enter(qtbot, widget) -> None:
    """Enter on `widget`; what it confirmed (a sale, a bust) has landed when this returns."""
    then_settle(qtbot, widget, lambda: qtbot.keyClick(widget, Qt.Key.Key_Return))


@pytest.fixture
def desk(cashier_window, services, tournament_id, qtbot):
    configure(services, tournament_id)
    add_players(services, "Ann Lee", "Bob Marley", "Dana Scully", "Zoé O'Neill")
    cashier_window.desk.refresh()
    settle_on(qtbot, cashier_window.desk)
    return cashier_window.desk


def show(qtbot, window, page):
    """Show a page of the window (pages not on show are read when shown)."""
    window.tabs.setCurrentWidget(page)
    settle_on(qtbot, window)
    return page


def answer_no_seat(qtbot, desk, text: str) -> NoSeatBox:
    """Click `text` in the question the desk asks when no seat is free."""
    box = desk.dialog
    assert isinstance(box, NoSeatBox), type(box).__name__
    assert box.isVisible()
    (button,) = [b for b in box.buttons() if b.text() == text]
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    return box


def find(qtbot, desk, text: str) -> None:
    desk.search.clear()
    qtbot.keyClicks(desk.search, text)
    enter(qtbot, desk.search)


@pytest.mark.slow
def test_search_enter_and_b_register_and_buy_in(
    qtbot, cashier_window, desk, services, tournament_id
):
    qtbot.keyClicks(desk.search, "an")
    settle_on(qtbot, desk)  # searched on the worker
    names = [row.player.name for row in desk.model.rows()]
    assert names[0] == "Ann Lee"  # a name starting with the letters comes first
    assert set(names) == {"Ann Lee", "Dana Scully"}
    qtbot.keyClick(desk.search, Qt.Key.Key_Down)
    assert desk.selected().player.name == "Dana Scully"
    qtbot.keyClick(desk.search, Qt.Key.Key_Up)
    enter(qtbot, desk.search)
    assert desk.selected().player.name == "Ann Lee"
    assert "Ann Lee" in desk.selected_label.text()
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F2))
    dialog = desk.dialog
    assert isinstance(dialog, EntryDialog)
    assert dialog.due_label.text() == "$25.00"
    qtbot.keyClicks(dialog.tendered_edit, "50")
    assert dialog.change_label.text() == "$25.00"
    take_money(qtbot, dialog.tendered_edit)
    assert desk.dialog is None
    # The database: registered, playing, one buy-in row with the price paid.
    ann = desk.model.rows()[desk.model.row_of_player(desk.selected().player.id)]
    reg = services.cashier.registration_of(tournament_id, ann.player.id)
    assert reg is not None
    assert reg.status is RegistrationStatus.PLAYING
    (row,) = services.cashier.ledger(tournament_id)
    assert (row.kind, row.amount, row.name, row.chips) == (RowKind.BUY_IN, 2500, "Ann Lee", STACK)
    # The window: the list, the last sale with the change and the chips, the header's pool.
    assert ann.status == "playing"
    assert "change $25.00" in desk.last_label.text()
    assert desk.handout.lines
    assert cashier_window.message.kind == "info"
    assert "Prize pool $20.00" in cashier_window.header.pool_label.text()
    # Back in the search box, the name selected: the next player can be typed at once.
    assert cashier_window.focusWidget() is desk.search or not cashier_window.isActiveWindow()
    assert desk.search.selectedText() == "an"
    assert show(qtbot, cashier_window, cashier_window.field).model.rowCount() == 1
    assert show(qtbot, cashier_window, cashier_window.ledger).model.rowCount() == 1


#: What the cashier types as tendered for a $25 buy-in -> change shown, problem said.
TENDERED = [
    ("", "$0.00", ""),
    ("25", "$0.00", ""),
    ("40", "$15.00", ""),
    ("$100", "$75.00", ""),
    ("1,000.50", "$975.50", ""),
    ("20", "—", "short"),
    ("abc", "—", "not a number"),
    ("-5", "—", "negative"),
    ("2.555", "—", "decimals"),
    ("1,00", "—", "misplaced separators"),
]


@pytest.mark.slow
def test_change_due(qtbot, desk):
    find(qtbot, desk, "bob")
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_Return))
    dialog = desk.dialog  # Enter is the buy-in too
    for typed, change, problem in TENDERED:
        dialog.tendered_edit.clear()
        qtbot.keyClicks(dialog.tendered_edit, typed)
        assert dialog.change_label.text() == change, typed
        assert problem in dialog.error_label.text(), typed
        assert dialog.ok_button.isEnabled() == (not problem), typed
    dialog.reject()


@pytest.mark.slow
def test_a_refused_tender_writes_nothing(qtbot, cashier_window, desk, services, tournament_id):
    find(qtbot, desk, "bob")
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F2))
    dialog = desk.dialog
    qtbot.keyClicks(dialog.tendered_edit, "-30")
    take_money(qtbot, dialog.tendered_edit)  # OK is disabled: nothing happens
    assert desk.dialog is dialog
    assert services.cashier.ledger(tournament_id) == ()
    dialog.reject()


@pytest.mark.slow
def test_the_chips_to_hand_over_have_colours_and_add_up(qtbot, desk, services, tournament_id):
    find(qtbot, desk, "ann")
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F2))
    chip_set = services.structure.chip_set(tournament_id)
    lines = desk.dialog.handout.lines
    total = 0
    for line in lines:
        count, _x, value, color = line.split(" ", 3)
        assert color == chip_set.denomination(int(value[1:].replace(",", ""))).color
        total += int(count) * int(value[1:].replace(",", ""))
    assert total == STACK


@pytest.mark.slow
def test_registering_twice_is_refused_in_the_window(
    qtbot, cashier_window, desk, services, tournament_id
):
    ann = add_players(services, "Ann Twice")["Ann Twice"]
    services.cashier.buy_in(tournament_id, ann)
    before = services.cashier.ledger(tournament_id)
    find(qtbot, desk, "ann tw")
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F2))
    assert desk.dialog is None
    assert cashier_window.message.kind == "error"
    assert "already registered" in cashier_window.message.text()
    assert services.cashier.ledger(tournament_id) == before


@pytest.mark.slow
def test_a_rebuy_after_the_cutoff_shows_why_and_changes_nothing(
    qtbot, cashier_window, desk, services, tournament_id, bus
):
    configure(services, tournament_id, rebuy=RebuyRule(EntryPrice(2000), STACK, last_level=1))
    ann = add_players(services, "Ann Rebuy")["Ann Rebuy"]
    services.cashier.buy_in(tournament_id, ann)
    structure = services.structure.get(tournament_id)
    level_3 = [i for i, item in enumerate(structure.levels) if not item.is_break][2]
    services.clock.start(tournament_id)
    services.clock.jump(tournament_id, level_3)
    poll(qtbot, bus)  # what another station did shows here on the bus's next poll
    before = services.cashier.ledger(tournament_id)
    revision = services.tournaments.revision()
    find(qtbot, desk, "ann reb")
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F3))
    assert desk.dialog is None
    assert cashier_window.message.kind == "error"
    assert "level 1" in cashier_window.message.text().lower()
    assert services.cashier.ledger(tournament_id) == before
    assert services.tournaments.revision() == revision
    assert show(qtbot, cashier_window, cashier_window.ledger).model.rowCount() == len(before)


def late_registration(qtbot, services, tid, fake_clock, bus, reason: str) -> None:
    """Close registration in one of the three ways a latecomer is refused."""
    registration = RegistrationRule(PRICE, STACK)
    if reason == "late registration":
        registration = replace(registration, late_until_level=1)
    elif reason == "deadline":
        registration = replace(registration, deadline=fake_clock() + timedelta(hours=1))
    else:
        registration = replace(registration, max_entrants=1)
    services.cashier.set_config(tid, CashierConfig(EntryRules(registration)))
    services.cashier.buy_in(tid, add_players(services, "Early Bird")["Early Bird"])
    if reason == "deadline":
        fake_clock.advance(minutes=61)
    if reason == "late registration":
        structure = services.structure.get(tid)
        level_3 = [i for i, item in enumerate(structure.levels) if not item.is_break][2]
        services.clock.start(tid)
        services.clock.jump(tid, level_3)
    poll(qtbot, bus)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("reason", "message"),
    [
        ("late registration", "Registration closed after level 1 (now level 3)."),
        ("deadline", "Registration closed at the deadline"),
        ("full field", "The field is full: 1 of 1 entrants are registered."),
    ],
)
def test_a_latecomer_is_refused_before_the_money_is_taken(
    qtbot, cashier_window, desk, services, tournament_id, bus, fake_clock, reason, message
):
    late_registration(qtbot, services, tournament_id, fake_clock, bus, reason)
    before = services.cashier.ledger(tournament_id)
    revision = services.tournaments.revision()
    find(qtbot, desk, "dana")
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F2))
    assert desk.dialog is None  # no confirm dialog: nobody typed any money
    assert cashier_window.message.kind == "error"
    assert message in cashier_window.message.text()
    assert services.cashier.ledger(tournament_id) == before
    assert services.tournaments.revision() == revision
    assert services.cashier.registration_of(tournament_id, desk.selected().player.id) is None
    # Enter is the buy-in too: the same refusal
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_Return))
    assert desk.dialog is None
    assert services.cashier.ledger(tournament_id) == before


@pytest.mark.slow
def test_rebuy_and_add_on_keys_sell_the_big_chips(qtbot, desk, services, tournament_id, bus):
    configure(
        services,
        tournament_id,
        rebuy=RebuyRule(EntryPrice(2000), STACK, last_level=4),
        add_on=AddOnRule(EntryPrice(1000), 5_000, with_buy_in=True),
    )
    services.clock.start(tournament_id)
    services.cashier.buy_in(tournament_id, add_players(services, "Other")["Other"])
    poll(qtbot, bus)
    find(qtbot, desk, "dana")
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F2))
    desk.dialog.add_on_box.setChecked(True)
    assert desk.dialog.due_label.text() == "$35.00"
    take_money(qtbot, desk.dialog.tendered_edit)
    kinds = [row.kind for row in services.cashier.ledger(tournament_id)]
    assert kinds == [RowKind.BUY_IN, RowKind.BUY_IN, RowKind.ADD_ON]
    desk.table.setFocus()
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F3))
    dialog = desk.dialog
    assert "records the bust at the table" in dialog.note_label.text()
    rebuy_lines = list(dialog.handout.lines)
    assert len(rebuy_lines) <= 3  # the fewest chips: large denominations
    take_money(qtbot, dialog.tendered_edit)
    assert services.cashier.ledger(tournament_id)[-1].kind is RowKind.REBUY, (
        desk.window().message.text()
    )
    reg = desk.selected().registration
    assert (reg.entries, reg.rebuys, reg.add_ons) == (1, 1, 1)


@pytest.mark.slow
def test_entry_keys_need_a_buy_in_first(qtbot, cashier_window, desk):
    find(qtbot, desk, "zoe")  # accents are ignored
    assert desk.selected().player.name == "Zoé O'Neill"
    for key in (Qt.Key.Key_F3, Qt.Key.Key_F4, Qt.Key.Key_F5, Qt.Key.Key_F6):
        then_settle(qtbot, desk.table, lambda key=key: qtbot.keyClick(desk.table, key))
        assert desk.dialog is None
        assert cashier_window.message.kind == "error"
    assert "not bought in" in cashier_window.message.text()


@pytest.mark.slow
def test_other_letters_go_back_to_the_search(qtbot, desk):
    find(qtbot, desk, "bob")
    qtbot.keyClick(desk.table, Qt.Key.Key_Escape)
    qtbot.keyClicks(desk.table, "d")  # not a command key: it is the start of the next name
    assert desk.search.text().endswith("d")


@pytest.mark.slow
def test_a_new_player_inline(qtbot, cashier_window, desk, services, tournament_id):
    desk.search.clear()
    qtbot.keyClicks(desk.search, "Yann Newman")
    settle_on(qtbot, desk)  # searched on the worker
    assert desk.model.rowCount() == 0
    assert desk.add_button.isVisibleTo(desk)
    assert "Yann Newman" in desk.add_button.text()
    enter(qtbot, desk.search)
    dialog = desk.dialog
    assert isinstance(dialog, AddPlayerDialog)
    assert dialog.name_edit.text() == "Yann Newman"
    qtbot.keyClicks(dialog.team_edit, "Blues")
    enter(qtbot, dialog.team_edit)
    assert desk.selected().player.name == "Yann Newman"
    assert desk.selected().player.team == "Blues"
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F2))
    take_money(qtbot, desk.dialog.tendered_edit)
    reg = services.cashier.registration_of(tournament_id, desk.selected().player.id)
    assert reg is not None
    assert reg.bought_in


@pytest.mark.slow
def test_ctrl_n_offers_a_player_with_the_typed_name(qtbot, cashier_window, desk):
    desk.search.setText("Ann")
    cashier_window.actions_by_name[CashierAction.NEW_PLAYER].trigger()
    assert isinstance(desk.dialog, AddPlayerDialog)
    desk.dialog.name_edit.clear()
    assert not desk.dialog.ok_button.isEnabled()
    assert "needs a name" in desk.dialog.error_label.text()
    desk.dialog.reject()


@pytest.mark.slow
def test_bust_from_the_desk_and_busting_twice(qtbot, cashier_window, desk, services, tournament_id):
    ids = add_players(services, "P One", "P Two", "P Three")
    regs = {
        n: services.cashier.buy_in(tournament_id, p).value.registration.id for n, p in ids.items()
    }
    find(qtbot, desk, "p two")
    then_settle(qtbot, desk, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F6))  # the room read
    dialog = desk.dialog
    assert isinstance(dialog, BustDialog)
    assert [b.registration_id for b in dialog.busts()] == [regs["P Two"]]
    dialog.set_busted(regs["P Two"], busted_by=regs["P One"])
    enter(qtbot, dialog.table)
    reg = services.cashier.registration(tournament_id, regs["P Two"])
    assert reg.status is RegistrationStatus.BUSTED
    assert reg.place == 3
    assert reg.busted_by_id == regs["P One"]
    assert "finished 3rd" in cashier_window.message.text()
    before = services.results.busts(tournament_id)
    desk.table.setFocus()
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F6))
    assert desk.dialog is None
    assert "already out" in cashier_window.message.text()
    assert services.results.busts(tournament_id) == before


@pytest.mark.slow
def test_undo_a_buy_in_is_a_void_and_redo_sells_again(
    qtbot, cashier_window, desk, services, tournament_id
):
    find(qtbot, desk, "ann")
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F2))
    take_money(qtbot, desk.dialog.tendered_edit)
    assert cashier_window.header.undo_button.isEnabled()
    assert "Buy-in Ann Lee" in cashier_window.header.undo_button.text()
    assert then_settle(qtbot, cashier_window, cashier_window.undo)
    rows = services.cashier.ledger(tournament_id)
    assert [r.kind for r in rows] == [RowKind.BUY_IN, RowKind.VOID]
    assert rows[0].voided_by == rows[1].id
    reg = services.cashier.registration_of(tournament_id, desk.selected().player.id)
    assert not reg.bought_in
    assert desk.selected().status == "checked in"
    assert then_settle(qtbot, cashier_window, cashier_window.redo)
    rows = services.cashier.ledger(tournament_id)
    assert [r.kind for r in rows] == [RowKind.BUY_IN, RowKind.VOID, RowKind.BUY_IN]
    assert services.cashier.balances(tournament_id).entries == 1
    # A row voided by hand cannot be undone again: the refusal is shown, the stack stays.
    services.cashier.void(tournament_id, rows[2].id, "by hand")
    stack = cashier_window.ctx.history.stack
    at = stack.index()
    then_settle(qtbot, cashier_window, cashier_window.undo)  # asked, and refused on the worker
    assert "already voided" in cashier_window.message.text()
    assert cashier_window.message.kind == "error"
    assert len(services.cashier.ledger(tournament_id)) == 4
    assert stack.index() == at


@pytest.mark.slow
def test_receipt_and_seat_card_pdfs(qtbot, desk, tmp_path):
    find(qtbot, desk, "bob")
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F2))
    qtbot.keyClicks(desk.dialog.tendered_edit, "30")
    take_money(qtbot, desk.dialog.tendered_edit)
    receipt = desk.save_receipt(str(tmp_path / "receipt.pdf"))
    card = desk.save_seat_card(str(tmp_path / "card.pdf"))
    for path in (receipt, card):
        data = (tmp_path / path).read_bytes()
        assert data.startswith(b"%PDF")
        assert len(data) > 1000


@pytest.mark.slow
def test_the_seat_drawn_once_tables_exist(
    qtbot, cashier_window, desk, services, tournament_id, tmp_path
):
    find(qtbot, desk, "bob")
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F2))
    take_money(qtbot, desk.dialog.tendered_edit)
    assert desk.last_seat == ""  # no tables set up: no seat, no complaint
    assert cashier_window.message.kind == "info"
    services.seating.add_tables(tournament_id, 1, seat_count=2)
    find(qtbot, desk, "ann")
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F2))
    take_money(qtbot, desk.dialog.tendered_edit)
    assert desk.last_seat.startswith("Table 1, seat ")
    assert desk.last_seat in desk.last_label.text()
    assert desk.last_seat in cashier_window.message.text()
    room = services.seating.room(tournament_id)
    seated = [s for t in room.tables for s in t.seats if getattr(s, "registration_id", None)]
    assert len(seated) == 1
    desk.save_seat_card(str(tmp_path / "card.pdf"))
    assert (tmp_path / "card.pdf").read_bytes().startswith(b"%PDF")
    # A full room sold without a seat: the sale stands, and the cashier is told no seat was
    # drawn.
    find(qtbot, desk, "dana")
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F2))
    take_money(qtbot, desk.dialog.tendered_edit)
    assert desk.last_seat.startswith("Table 1, seat ")
    find(qtbot, desk, "zoe")
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F2))
    answer_no_seat(qtbot, desk, SELL_WITHOUT_A_SEAT)
    take_money(qtbot, desk.dialog.tendered_edit)
    assert cashier_window.message.kind == "error"
    assert "No seat drawn" in cashier_window.message.text()
    reg = services.cashier.registration_of(tournament_id, desk.selected().player.id)
    assert reg.bought_in


@pytest.mark.slow
def test_a_full_room_asks_to_open_a_table_before_the_money_is_taken(
    qtbot, cashier_window, desk, services, tournament_id
):
    services.seating.add_tables(tournament_id, 1, seat_count=2)
    for name in ("bob", "dana"):
        find(qtbot, desk, name)
        then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F2))
        take_money(qtbot, desk.dialog.tendered_edit)
    entries = services.cashier.balances(tournament_id).entries
    find(qtbot, desk, "ann")
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F2))

    # Asked first: no entry dialog, nothing sold yet.
    box = desk.dialog
    assert isinstance(box, NoSeatBox), type(box).__name__
    assert box.text() == "No seat is free: open table 2 (2 seats) and seat the player there?"
    assert {b.text() for b in box.buttons()} >= {OPEN_A_TABLE, SELL_WITHOUT_A_SEAT}
    assert services.cashier.balances(tournament_id).entries == entries
    # Cancel: nothing sold, no table opened, back to the search.
    qtbot.mouseClick(box.cancel_button, Qt.MouseButton.LeftButton)
    assert desk.dialog is None
    assert cashier_window.focusWidget() is desk.search
    assert services.cashier.balances(tournament_id).entries == entries
    assert [t.number for t in services.seating.room(tournament_id).tables] == [1]

    find(qtbot, desk, "ann")
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F2))
    answer_no_seat(qtbot, desk, OPEN_A_TABLE)
    dialog = desk.dialog
    assert isinstance(dialog, EntryDialog)
    assert "Opens table 2 (2 seats)" in dialog.note_label.text()
    take_money(qtbot, dialog.tendered_edit)

    assert desk.last_seat.startswith("Table 2, seat ")
    assert "Table 2 opened" in cashier_window.message.text()
    assert services.cashier.balances(tournament_id).entries == entries + 1
    room = services.seating.room(tournament_id)
    assert [t.number for t in room.tables] == [1, 2]
    assert room.waiting == ()


@pytest.mark.slow
def test_undo_of_a_sale_that_opened_a_table_closes_it_and_redo_opens_it_again(
    qtbot, cashier_window, desk, services, tournament_id
):
    services.seating.add_tables(tournament_id, 1, seat_count=2)
    for name in ("bob", "dana"):
        find(qtbot, desk, name)
        then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F2))
        take_money(qtbot, desk.dialog.tendered_edit)
    find(qtbot, desk, "ann")
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F2))
    answer_no_seat(qtbot, desk, OPEN_A_TABLE)
    take_money(qtbot, desk.dialog.tendered_edit)
    assert [t.number for t in services.seating.room(tournament_id).tables] == [1, 2]

    assert then_settle(qtbot, cashier_window, cashier_window.undo)

    assert [r.kind for r in services.cashier.ledger(tournament_id)][-1] is RowKind.VOID
    assert [t.number for t in services.seating.room(tournament_id).tables] == [1]
    assert then_settle(qtbot, cashier_window, cashier_window.redo)
    room = services.seating.room(tournament_id)
    assert [t.number for t in room.tables] == [1, 2]
    ann = services.cashier.registration_of(tournament_id, desk.selected().player.id)
    assert room.seat_of(ann.id).table == 2
    # The redone sale opened the table again: its undo closes it again.
    assert then_settle(qtbot, cashier_window, cashier_window.undo)
    assert [t.number for t in services.seating.room(tournament_id).tables] == [1]


@pytest.mark.slow
def test_a_seat_taken_elsewhere_meanwhile_refuses_the_sale_and_writes_nothing(
    qtbot, cashier_window, desk, services, tournament_id
):
    services.seating.add_tables(tournament_id, 1, seat_count=2)
    first = add_players(services, "Fox Mulder")["Fox Mulder"]
    services.cashier.buy_in(tournament_id, first, seat=True)
    find(qtbot, desk, "ann")
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F2))
    assert isinstance(desk.dialog, EntryDialog)  # a seat was free when B was pressed
    other = add_players(services, "Walter Skinner")["Walter Skinner"]
    services.cashier.buy_in(tournament_id, other, seat=True)  # another station takes it
    entries = services.cashier.balances(tournament_id).entries

    take_money(qtbot, desk.dialog.tendered_edit)

    assert cashier_window.message.kind == "error"
    assert "No seat is free for Ann Lee: nothing was sold" in cashier_window.message.text()
    assert services.cashier.balances(tournament_id).entries == entries
    assert services.cashier.registration_of(tournament_id, desk.selected().player.id) is None


@pytest.mark.slow
def test_a_rebuy_after_a_bust_at_the_desk_gets_the_old_seat_back(
    qtbot, cashier_window, desk, services, tournament_id, bus
):
    """The bust freed the seat; the rebuy used to leave the player waiting for one."""
    configure(services, tournament_id, rebuy=RebuyRule(EntryPrice(2000), STACK, last_level=4))
    services.clock.start(tournament_id)
    services.seating.add_tables(tournament_id, 2, seat_count=9)
    for name in ("bob", "dana", "ann"):
        find(qtbot, desk, name)
        then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F2))
        published = []
        bus.changed.connect(published.append)
        take_money(qtbot, desk.dialog.tendered_edit)
        bus.changed.disconnect(published.append)
        assert len(published) == 1  # the sale and its seat: one call, one refresh
    ann = services.cashier.registration_of(tournament_id, desk.selected().player.id)
    seat = services.seating.room(tournament_id).seat_of(ann.id)
    assert seat is not None
    assert desk.last_seat == str(seat)
    published = []
    bus.changed.connect(published.append)
    # X: the bust, its seat freed in the same action (one call, one refresh).
    desk.table.setFocus()
    then_settle(qtbot, desk, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F6))  # the room read
    enter(qtbot, desk.dialog.table)
    assert services.seating.room(tournament_id).seat_of(ann.id) is None
    assert len(published) == 1
    # R: the rebuy gives the seat back, and the cashier is told where.
    desk.table.setFocus()
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F3))
    take_money(qtbot, desk.dialog.tendered_edit)
    assert len(published) == 2
    room = services.seating.room(tournament_id)
    assert room.seat_of(ann.id) == seat
    assert room.waiting == ()
    assert cashier_window.message.kind == "info"
    assert f"Back at {seat}" in cashier_window.message.text()
    assert desk.last_seat == str(seat)
    assert str(seat) in desk.last_label.text()


@pytest.mark.slow
def test_a_rebuy_whose_seat_was_taken_asks_to_open_a_table_before_the_money_is_taken(
    qtbot, cashier_window, desk, services, tournament_id
):
    rules = EntryRules(
        RegistrationRule(PRICE, STACK, late_until_level=4),
        rebuy=RebuyRule(EntryPrice(2000), STACK, last_level=4),
    )
    services.cashier.set_config(tournament_id, CashierConfig(rules))
    services.clock.start(tournament_id)
    services.seating.add_tables(tournament_id, 1, seat_count=2)
    for name in ("bob", "ann"):
        find(qtbot, desk, name)
        then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F2))
        take_money(qtbot, desk.dialog.tendered_edit)
    ann = services.cashier.registration_of(tournament_id, desk.selected().player.id)
    services.results.bust(tournament_id, ann.id)
    find(qtbot, desk, "dana")  # takes the seat Ann's bust freed: the room is full
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F2))
    take_money(qtbot, desk.dialog.tendered_edit)
    entries = len(services.cashier.ledger(tournament_id))
    find(qtbot, desk, "ann")
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F3))

    # Asked first: no entry dialog, nothing sold yet.
    box = desk.dialog
    assert isinstance(box, NoSeatBox), type(box).__name__
    assert box.text() == "No seat is free: open table 2 (2 seats) and seat the player there?"
    assert len(services.cashier.ledger(tournament_id)) == entries
    answer_no_seat(qtbot, desk, OPEN_A_TABLE)
    dialog = desk.dialog
    assert isinstance(dialog, EntryDialog)
    assert "Opens table 2 (2 seats)" in dialog.note_label.text()
    take_money(qtbot, dialog.tendered_edit)

    assert desk.last_seat.startswith("Table 2, seat ")
    assert "Table 2 opened" in cashier_window.message.text()
    assert [r.kind for r in services.cashier.ledger(tournament_id)][-1] is RowKind.REBUY
    room = services.seating.room(tournament_id)
    assert [t.number for t in room.tables] == [1, 2]
    assert room.seat_of(ann.id).table == 2
    assert room.waiting == ()


@pytest.mark.slow
def test_a_buy_in_at_the_desk_is_one_write_within_the_statement_budget(
    qtbot, cashier_window, desk, services, tournament_id
):
    """B, Enter and the refresh after it, every read included: one write transaction
    and at most 40 SQL statements (counted through SQLAlchemy's engine events)."""
    services.seating.add_tables(tournament_id, 2, seat_count=9)
    find(qtbot, desk, "bob")
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F2))
    take_money(qtbot, desk.dialog.tendered_edit)  # a first sale warms what the desk reads
    find(qtbot, desk, "ann")
    statements: list[str] = []

    def on_execute(_conn, _cursor, statement, *_rest) -> None:
        statements.append(statement)

    engine = services.ctx.engine
    event.listen(engine, "before_cursor_execute", on_execute)
    try:
        then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F2))
        take_money(qtbot, desk.dialog.tendered_edit)
    finally:
        event.remove(engine, "before_cursor_execute", on_execute)
    assert desk.last_seat.startswith("Table ")
    writes = [s for s in statements if s.upper().startswith("BEGIN IMMEDIATE")]
    assert len(writes) == 1
    assert len(statements) <= 40, "\n".join(statements)
