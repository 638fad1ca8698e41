"""The cashier desk: offer only what can be done; show reversals with their sign.

"Undo Buy-in" was still offered after the buy-in had been voided on the ledger (here or at
another station), and a void showed a positive amount. Undo, Void and Refund are now enabled only
when the service says the reversal would be accepted, and the ledger shows each reversal (void,
refund, undone sale) with a minus sign.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RebuyRule, RegistrationRule
from clockapp.core.money.ledger import RowKind
from clockapp.core.money.records import CashierConfig
from clockapp.core.registration import RegistrationStatus
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails
from clockapp.ui.actions import CashierAction
from clockapp.ui.cashier.dialogs import ReasonDialog
from tests.ui.cashier.waiting import settle_on, take_money, then_settle
from tests.ui.polling import poll

PRICE = EntryPrice(2000, house_fee=500)  # $25


@pytest.fixture
def desk(cashier_window, services, tournament_id, qtbot):
    services.cashier.set_config(
        tournament_id, CashierConfig(EntryRules(RegistrationRule(PRICE, 10_000)))
    )
    for name in ("Ann Lee", "Bob Marley", "Cy Young"):
        services.players.create(PlayerDetails(name))
    cashier_window.desk.refresh()
    settle_on(qtbot, cashier_window.desk)
    return cashier_window.desk


def sell(qtbot, desk, name: str) -> None:
    desk.search.clear()
    qtbot.keyClicks(desk.search, name)
    qtbot.keyClick(desk.search, Qt.Key.Key_Return)
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F2))
    take_money(qtbot, desk.dialog.tendered_edit)


def undo_offered(window) -> bool:
    button, action = window.header.undo_button, window.actions_by_name[CashierAction.UNDO]
    assert button.isEnabled() == action.isEnabled()
    return button.isEnabled()


def void_on_the_ledger(qtbot, window, row_id: int) -> None:
    page = window.ledger
    window.tabs.setCurrentWidget(page)
    settle_on(qtbot, window)
    page.select_row_id(row_id)
    settle_on(qtbot, window)  # whether it can be voided is asked on the station's worker
    assert page.void_button.isEnabled()
    then_settle(qtbot, page, lambda: qtbot.mouseClick(page.void_button, Qt.MouseButton.LeftButton))
    dialog = page.dialog
    assert isinstance(dialog, ReasonDialog)
    qtbot.keyClicks(dialog.reason_edit, "wrong player")
    then_settle(qtbot, page, lambda: qtbot.keyClick(dialog.reason_edit, Qt.Key.Key_Return))


@pytest.mark.slow
def test_undo_is_not_offered_once_the_sale_is_voided_on_the_ledger(
    qtbot, cashier_window, desk, services, tournament_id
):
    assert not undo_offered(cashier_window)  # nothing done yet
    sell(qtbot, desk, "ann")
    assert undo_offered(cashier_window)
    assert "Buy-in Ann Lee" in cashier_window.header.undo_button.text()
    (row,) = services.cashier.ledger(tournament_id)
    void_on_the_ledger(qtbot, cashier_window, row.id)
    qtbot.waitUntil(lambda: not undo_offered(cashier_window))
    assert "already voided" in cashier_window.header.undo_button.toolTip()
    before = services.cashier.ledger(tournament_id)
    qtbot.keyClick(cashier_window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert not cashier_window.undo()  # asked anyway (a script): refused, nothing written
    assert "already voided" in cashier_window.message.text()
    assert services.cashier.ledger(tournament_id) == before


@pytest.mark.slow
def test_undo_is_withdrawn_when_another_station_voids_the_sale(
    qtbot, cashier_window, desk, services, tournament_id, bus
):
    sell(qtbot, desk, "bob")
    sell(qtbot, desk, "cy")
    assert "Buy-in Cy Young" in cashier_window.header.undo_button.text()
    cy = services.cashier.ledger(tournament_id)[-1]
    services.cashier.void(tournament_id, cy.id, "at the other desk")
    assert undo_offered(cashier_window)  # not known here yet
    poll(qtbot, bus)
    qtbot.waitUntil(lambda: not undo_offered(cashier_window))
    # Another change that leaves Cy's void standing keeps Undo off.
    ann = services.players.search("ann")[0].id
    services.cashier.buy_in(tournament_id, ann)
    poll(qtbot, bus)
    qtbot.wait(1)
    assert not undo_offered(cashier_window)


@pytest.mark.slow
def test_undo_of_a_bust_is_withdrawn_when_the_bust_is_undone_elsewhere(
    qtbot, cashier_window, desk, services, tournament_id, bus
):
    for name in ("ann", "bob", "cy"):
        sell(qtbot, desk, name)
    desk.search.clear()
    qtbot.keyClicks(desk.search, "bob")
    qtbot.keyClick(desk.search, Qt.Key.Key_Return)
    then_settle(qtbot, desk, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F6))  # the room read
    then_settle(qtbot, desk, lambda: qtbot.keyClick(desk.dialog.table, Qt.Key.Key_Return))
    bob = desk.selected().registration
    assert bob.status is RegistrationStatus.BUSTED
    qtbot.waitUntil(lambda: undo_offered(cashier_window))
    assert "Bust Bob Marley" in cashier_window.header.undo_button.text()
    services.results.undo_bust(tournament_id, bob.id, "wrong player")
    poll(qtbot, bus)
    qtbot.waitUntil(lambda: not undo_offered(cashier_window))
    assert "not out" in cashier_window.header.undo_button.toolTip()


@pytest.mark.slow
def test_reversals_show_their_minus_sign_and_only_possible_reversals_are_offered(
    qtbot, cashier_window, desk, services, tournament_id
):
    sell(qtbot, desk, "ann")
    sell(qtbot, desk, "bob")
    assert then_settle(qtbot, desk, cashier_window.undo)  # the undone sale: a void row
    ann, bob, undone = services.cashier.ledger(tournament_id)
    services.cashier.refund(tournament_id, ann.id, "left before the start")
    page = cashier_window.ledger
    cashier_window.tabs.setCurrentWidget(page)
    settle_on(qtbot, cashier_window)
    model = page.model
    amounts = {model.row_at(i).kind: model.text(i, "Amount") for i in range(model.rowCount())}
    assert amounts == {RowKind.BUY_IN: "$25.00", RowKind.VOID: "-$25.00", RowKind.REFUND: "-$25.00"}
    offered = {}
    for i in range(model.rowCount()):
        page.view.selectRow(i)
        settle_on(qtbot, cashier_window)
        entry = model.row_at(i)
        offered[entry.id] = (page.void_button.isEnabled(), page.refund_button.isEnabled())
    refund = services.cashier.ledger(tournament_id)[-1]
    assert offered == {
        ann.id: (False, False),  # refunded: neither again
        bob.id: (False, False),  # voided by the undo
        undone.id: (False, False),  # a void is never voided nor refunded
        refund.id: (True, False),  # a refund can be voided (taken back), not refunded
    }
    page.view.selectRow(model.row_of_id(ann.id))
    settle_on(qtbot, cashier_window)
    assert "refund" in page.refund_button.toolTip().lower()


@pytest.mark.slow
def test_a_voided_last_sale_offers_no_receipt_and_shows_the_reversal(
    qtbot, cashier_window, desk, services, tournament_id, bus, tmp_path
):
    sell(qtbot, desk, "ann")
    qtbot.wait(1)  # the sale's own publish: still standing, nothing asked
    assert desk.last.receipt_button.isEnabled()
    assert desk.last.card_button.isEnabled()
    (row,) = services.cashier.ledger(tournament_id)
    services.cashier.void(tournament_id, row.id, "at the other desk")
    poll(qtbot, bus)
    qtbot.waitUntil(lambda: not desk.last.receipt_button.isEnabled())
    assert not desk.last.card_button.isEnabled()
    assert "-$25.00" in desk.last_label.text()
    assert desk.save_receipt(str(tmp_path / "r.pdf")) is None
    assert "voided" in cashier_window.message.text()
    assert not (tmp_path / "r.pdf").exists()
    # The next sale stands again.
    sell(qtbot, desk, "bob")
    qtbot.wait(1)
    assert desk.last.receipt_button.isEnabled()
    assert "-$" not in desk.last_label.text()


@pytest.mark.slow
def test_the_busts_page_offers_undo_only_for_a_standing_bust(
    qtbot, cashier_window, desk, services, tournament_id, bus
):
    for name in ("ann", "bob", "cy"):
        sell(qtbot, desk, name)
    bob = services.cashier.registrations(tournament_id)[1]
    services.results.bust(tournament_id, bob.id)
    poll(qtbot, bus)
    page = cashier_window.busts
    cashier_window.tabs.setCurrentWidget(page)
    settle_on(qtbot, cashier_window)
    page.view.selectRow(0)
    settle_on(qtbot, page)  # whether it can be undone is read on the station's worker
    assert page.undo_button.isEnabled()
    services.results.undo_bust(tournament_id, bob.id, "misdeal")  # at another station
    poll(qtbot, bus)
    for row in range(page.model.rowCount()):  # the bust, now undone, and its undo record
        page.view.selectRow(row)
        settle_on(qtbot, page)
        assert not page.undo_button.isEnabled()
        assert "not out" in page.undo_button.toolTip()
    before = services.results.busts(tournament_id)
    page.start_undo()
    assert page.dialog is None
    assert cashier_window.message.kind == "error"
    assert services.results.busts(tournament_id) == before


@pytest.fixture
def rebuy_desk(qtbot, cashier_window, services, tournament_id, bus):
    """Three players bought in and seated, rebuys allowed, the clock running."""
    rules = EntryRules(
        RegistrationRule(PRICE, 10_000), rebuy=RebuyRule(EntryPrice(2000), 10_000, last_level=4)
    )
    services.cashier.set_config(tournament_id, CashierConfig(rules))
    services.seating.add_tables(tournament_id, 1, 9)
    for name in ("Ann Lee", "Bob Marley", "Cy Young"):
        player = services.players.create(PlayerDetails(name)).value.id
        services.cashier.buy_in(tournament_id, player, seat=True)
    services.clock.start(tournament_id)
    poll(qtbot, bus)
    cashier_window.desk.refresh()
    settle_on(qtbot, cashier_window.desk)
    return cashier_window.desk


def reg_id(services, tid: int, name: str) -> int:
    return next(r.id for r in services.cashier.registrations(tid) if r.name == name)


@pytest.mark.slow
def test_undo_of_a_bust_leaves_a_newer_bust_from_another_station(
    qtbot, cashier_window, rebuy_desk, services, tournament_id, bus, engine, fake_clock
):
    desk, tid = rebuy_desk, tournament_id
    desk.search.clear()
    qtbot.keyClicks(desk.search, "ann")
    qtbot.keyClick(desk.search, Qt.Key.Key_Return)
    then_settle(qtbot, desk, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F6))  # the room read
    then_settle(qtbot, desk, lambda: qtbot.keyClick(desk.dialog.table, Qt.Key.Key_Return))
    assert undo_offered(cashier_window)
    ann, bob = reg_id(services, tid, "Ann Lee"), reg_id(services, tid, "Bob Marley")
    other = Services(engine, now=fake_clock, station="director")
    other.cashier.rebuy(tid, ann)
    other.results.bust(tid, ann, busted_by=bob, follow_seating=True)
    poll(qtbot, bus)
    before = services.results.busts(tid)
    qtbot.waitUntil(lambda: not undo_offered(cashier_window))  # asked again once the loop turns
    assert not cashier_window.undo()
    assert "last bust standing" in cashier_window.message.text()
    assert services.results.busts(tid) == before
    assert services.cashier.registration(tid, ann).busted_by_id == bob


@pytest.mark.slow
def test_a_rebuy_busted_on_again_is_not_offered_for_void(
    qtbot, cashier_window, rebuy_desk, services, tournament_id, bus
):
    tid = tournament_id
    ann, bob = reg_id(services, tid, "Ann Lee"), reg_id(services, tid, "Bob Marley")
    services.results.bust(tid, ann, busted_by=bob, follow_seating=True)
    services.cashier.rebuy(tid, ann)
    services.results.bust(tid, ann, busted_by=bob, follow_seating=True)
    poll(qtbot, bus)
    rebuy = next(r for r in services.cashier.ledger(tid) if r.kind is RowKind.REBUY)
    page = cashier_window.ledger
    cashier_window.tabs.setCurrentWidget(page)
    settle_on(qtbot, cashier_window)
    page.select_row_id(rebuy.id)
    settle_on(qtbot, cashier_window)
    assert not page.void_button.isEnabled()
    assert not page.refund_button.isEnabled()
    assert "undo that bust first" in page.void_button.toolTip()
    assert services.cashier.registration(tid, ann).status is RegistrationStatus.BUSTED
