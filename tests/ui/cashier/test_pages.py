"""The cashier's other pages: ledger voids, the drawer, payouts and deals, busts, results.

Players are bought in through the services (as another station would), then the window is told
by the bus's poll, and the test acts through the page's buttons and dialogs.
"""

from __future__ import annotations

import csv
import io

import pytest
from PySide6.QtCore import Qt

from clockapp.core.icm import SUBSET_PLAYER_LIMIT, DealMethod
from clockapp.core.money.amounts import format_cents
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.ledger import RowKind
from clockapp.core.money.records import CashierConfig
from clockapp.core.payouts import PayoutMode, PayoutStructure
from clockapp.core.registration import RegistrationStatus
from clockapp.services.players import PlayerDetails
from clockapp.services.results import RESULTS_COLUMNS
from clockapp.ui.cashier.bust_dialog import BustDialog
from tests.ui.cashier.waiting import settle_on, then_settle
from tests.ui.polling import poll, settle

PRICE = EntryPrice(2000, house_fee=500, bounty=500)  # $30


def show(qtbot, window, page):
    window.tabs.setCurrentWidget(page)
    settle_on(qtbot, window)
    return page


def enter(qtbot, widget) -> None:
    """Enter on `widget`; what it confirmed (on the station's worker) has landed when this
    returns."""
    then_settle(qtbot, widget, lambda: qtbot.keyClick(widget, Qt.Key.Key_Return))


@pytest.fixture
def field(qtbot, services, tournament_id, bus, cashier_window):
    """Ten players bought in (another station did it); returns their registration ids by name."""
    services.cashier.set_config(
        tournament_id,
        CashierConfig(EntryRules(RegistrationRule(PRICE, 10_000)), opening_float=5_000),
    )
    regs = {}
    for n in range(1, 11):
        player = services.players.create(PlayerDetails(f"Player {n:02d}")).value.id
        regs[n] = services.cashier.buy_in(
            tournament_id, player, tendered=5000
        ).value.registration.id
    poll(qtbot, bus)
    return regs


@pytest.mark.slow
def test_void_shows_both_rows(qtbot, cashier_window, field, services, tournament_id):
    page = show(qtbot, cashier_window, cashier_window.ledger)
    assert page.model.rowCount() == 10
    first = page.model.row_at(0)
    page.select_row_id(first.id)
    settle_on(qtbot, page)  # whether it can be voided is asked on the station's worker
    then_settle(qtbot, page, page.void_button.click)
    dialog = page.dialog
    assert not dialog.ok_button.isEnabled()  # a reason is required
    qtbot.keyClicks(dialog.reason_edit, "wrong player")
    enter(qtbot, dialog.reason_edit)
    assert page.model.rowCount() == 11
    voided, void = page.model.row_at(0), page.model.row_at(10)
    assert voided.voided_by == void.id
    assert void.kind is RowKind.VOID
    assert page.model.text(10, "Reason") == f"voids #{first.id}: wrong player"
    assert page.model.data(page.model.index(0, 0), Qt.ItemDataRole.FontRole).strikeOut()
    assert page.model.data(page.model.index(1, 0), Qt.ItemDataRole.FontRole) is None
    assert page.model.cash(0) == 3000
    assert page.model.cash(10) == -3000
    # In the database too: nothing deleted, the void reverses the row.
    rows = services.cashier.ledger(tournament_id)
    assert [r.id for r in rows] == [r.id for r in page.model.rows()]
    assert services.cashier.balances(tournament_id).entries == 9
    # A void cannot be voided, nor a row voided twice: the button is not offered (its tooltip
    # says why), Del's path says so too, nothing is written.
    for row, why in ((10, "itself a void"), (0, "already voided")):
        page.view.selectRow(row)
        settle_on(qtbot, page)
        assert not page.void_button.isEnabled()
        assert why in page.void_button.toolTip()
        page.void_button.click()
        then_settle(qtbot, page, page.start_void)
        assert page.dialog is None
        assert cashier_window.message.kind == "error"
        assert why in cashier_window.message.text()
    assert len(services.cashier.ledger(tournament_id)) == 11


@pytest.mark.slow
def test_drawer_count_and_summary(qtbot, cashier_window, field, services, tournament_id):
    page = show(qtbot, cashier_window, cashier_window.drawer)
    assert page.expected_label.text() == "$350.00"  # $50 float + 10 x $30
    assert page.counted_label.text() == "not counted yet"
    page.count_button.click()
    settle_on(qtbot, page)
    dialog = page.dialog
    qtbot.keyClicks(dialog.counted_edit, "345")
    assert dialog.difference_label.text() == "short by $5.00"
    dialog.counted_edit.clear()
    qtbot.keyClicks(dialog.counted_edit, "ten")
    assert not dialog.ok_button.isEnabled()
    dialog.counted_edit.clear()
    qtbot.keyClicks(dialog.counted_edit, "345.00")
    enter(qtbot, dialog.counted_edit)
    assert page.difference_label.text() == "short by $5.00"
    assert services.cashier.drawer(tournament_id).counted == 34_500
    lines = dict(page.summary_model.rows())
    assert lines["Entries"] == "10"
    assert lines["Prize pool"] == "$200.00"
    assert lines["House fees"] == "$50.00"
    assert lines["Drawer"] == "short by $5.00"


@pytest.mark.slow
def test_the_payout_table_adds_up_and_follows_the_field(
    qtbot, cashier_window, field, services, tournament_id
):
    page = show(qtbot, cashier_window, cashier_window.payouts)
    assert page.model.total() == 20_000
    assert [line.amount for line in page.model.rows()] == [10_000, 6_000, 4_000]
    assert page.money_label.text() == "7 players to the money"
    # Live: one more entry and the table grows with it.
    extra = services.players.create(PlayerDetails("Late Comer")).value.id
    then_settle(
        qtbot,
        page,
        lambda: cashier_window.ctx.call(
            lambda: services.cashier.buy_in(tournament_id, extra), key="late buy-in"
        ),
    )
    assert page.model.total() == 22_000
    assert page.pool_label.text() == "$220.00"


@pytest.mark.slow
def test_a_payout_table_that_does_not_add_up_is_refused(
    qtbot, cashier_window, field, services, tournament_id
):
    page = show(qtbot, cashier_window, cashier_window.payouts)
    then_settle(qtbot, page, page.edit_button.click)  # the field is read on the worker first
    dialog = page.dialog
    dialog.set_mode(PayoutMode.PERCENTAGES)
    qtbot.keyClicks(dialog.percent_edit, "50/30/15")
    assert "95%" in dialog.error_label.text()
    assert not dialog.ok_button.isEnabled()
    enter(qtbot, dialog.percent_edit)
    assert page.dialog is dialog  # still open: nothing saved
    assert services.payouts.table(tournament_id).structure.mode is PayoutMode.PRESET
    dialog.percent_edit.clear()
    qtbot.keyClicks(dialog.percent_edit, "60/40")
    dialog.unit_edit.setText("5")
    assert dialog.ok_button.isEnabled()
    assert dialog.model.total() == 20_000
    enter(qtbot, dialog.percent_edit)
    view = services.payouts.table(tournament_id)
    assert view.structure.mode is PayoutMode.PERCENTAGES
    assert [line.amount for line in page.model.rows()] == [12_000, 8_000]
    assert page.model.total() == view.prize_pool
    # Undo puts the preset back (the structure is a setting, not money).
    assert then_settle(qtbot, cashier_window, cashier_window.undo)
    assert services.payouts.table(tournament_id).structure.mode is PayoutMode.PRESET
    assert page.model.rowCount() == 3


@pytest.mark.slow
def test_custom_amounts_must_match_the_pool(qtbot, cashier_window, field):
    page = show(qtbot, cashier_window, cashier_window.payouts)
    then_settle(qtbot, page, page.edit_button.click)  # the field is read on the worker first
    dialog = page.dialog
    dialog.set_mode(PayoutMode.AMOUNTS)
    qtbot.keyClicks(dialog.amounts_edit, "100, 50, 40")
    assert "$190.00" in dialog.error_label.text() or "200" in dialog.error_label.text()
    assert not dialog.ok_button.isEnabled()
    dialog.amounts_edit.setText("100, 60, -40")
    assert not dialog.ok_button.isEnabled()
    dialog.amounts_edit.setText("100, 60, 40")
    assert dialog.ok_button.isEnabled()
    dialog.reject()


@pytest.mark.slow
def test_lock_the_table(qtbot, cashier_window, field, services, tournament_id):
    page = show(qtbot, cashier_window, cashier_window.payouts)
    then_settle(qtbot, page, page.lock_button.click)
    assert services.payouts.table(tournament_id).locked
    assert "LOCKED at 10" in page.shape_label.text()
    assert page.lock_button.text() == "Unlock the table"


def finish(services, tournament_id, regs, keep: int) -> None:
    """Bust every player but the first `keep`, one a hand, last registered first."""
    for n in sorted(regs, reverse=True)[: len(regs) - keep]:
        services.results.bust(tournament_id, regs[n], busted_by=regs[1])


@pytest.mark.slow
def test_pay_a_prize_and_paying_more_than_owed(
    qtbot, cashier_window, field, services, tournament_id, bus
):
    finish(services, tournament_id, field, keep=2)
    poll(qtbot, bus)
    page = show(qtbot, cashier_window, cashier_window.results)
    third = next(r for r in page.model.rows() if r.place == 3)
    assert third.prize == 4_000
    page.select_player(third.registration_id)
    before = services.cashier.ledger(tournament_id)
    page.pay_button.click()
    settle_on(qtbot, page)
    dialog = page.dialog
    dialog.amount_edit.setText("41")
    enter(qtbot, dialog.amount_edit)
    assert cashier_window.message.kind == "error"
    assert "more than is owed" in cashier_window.message.text()
    assert services.cashier.ledger(tournament_id) == before
    page.pay_button.click()
    settle_on(qtbot, page)
    enter(qtbot, page.dialog.amount_edit)  # the amount owed is filled in
    assert services.payouts.owed(tournament_id, third.registration_id).prize_owed == 0
    assert services.cashier.ledger(tournament_id)[-1].kind is RowKind.PAYOUT
    paid = next(r for r in page.model.rows() if r.registration_id == third.registration_id)
    assert paid.still_owed == 0
    assert paid.paid_out == 4_000
    # Undo the payment: a void row, the prize is owed again.
    assert then_settle(qtbot, cashier_window, cashier_window.undo)
    assert services.payouts.owed(tournament_id, third.registration_id).prize_owed == 4_000
    assert services.cashier.ledger(tournament_id)[-1].kind is RowKind.VOID


@pytest.mark.slow
def test_a_deal_adds_up_to_what_is_unpaid(
    qtbot, cashier_window, field, services, tournament_id, bus
):
    finish(services, tournament_id, field, keep=3)
    poll(qtbot, bus)
    page = show(qtbot, cashier_window, cashier_window.payouts)
    page.deal_button.click()
    settle_on(qtbot, page)
    dialog = page.dialog
    for n, chips in ((1, 50_000), (2, 30_000), (3, 20_000)):
        dialog.set_stack(field[n], chips)
    assert not dialog.ok_button.isEnabled()  # the shares must be worked out again
    then_settle(qtbot, dialog, dialog.propose_button.click)
    deal = dialog.proposal.result
    assert deal.method is DealMethod.ICM
    assert deal.exact
    assert deal.amounts[0] > deal.amounts[1] > deal.amounts[2]
    assert dialog.estimate_label.text() == ""
    assert sum(deal.amounts) == 20_000
    assert "= $200.00 unpaid" in dialog.sum_label.text()
    # ICM, the usual chip chop and the pure chip share stand side by side, whatever is chosen.
    headers = [dialog.table.horizontalHeaderItem(c).text() for c in range(2, 6)]
    assert headers == ["ICM", "Chip chop", "By chips", "Share now"]
    prizes = services.payouts.table(tournament_id).table.amounts[:3]
    for column, method in (
        (2, DealMethod.ICM),
        (3, DealMethod.CHIP_CHOP),
        (4, DealMethod.CHIP_SHARE),
    ):
        shown = [dialog.table.item(row, column).text() for row in range(3)]
        assert shown == [format_cents(a) for a in dialog.compared[method].result.amounts]
    chop = dialog.compared[DealMethod.CHIP_CHOP].result.amounts
    assert min(chop) >= min(prizes)  # nobody gets less than the prize he has locked up
    dialog.set_method(DealMethod.CHIP_SHARE)
    dialog.unit_edit.setText("5")
    then_settle(qtbot, dialog, dialog.propose_button.click)
    assert dialog.proposal.result.amounts == (10_000, 6_000, 4_000)
    enter(qtbot, dialog.unit_edit)
    recorded = services.payouts.deal(tournament_id)
    assert recorded is not None
    assert recorded.amounts == (10_000, 6_000, 4_000)
    assert "Deal recorded" in page.deal_label.text()
    assert services.cashier.ledger(tournament_id)[-1].kind is RowKind.DEAL


@pytest.mark.slow
def test_once_a_deal_ends_the_tournament_the_cashier_counts_nobody_left(
    qtbot, cashier_window, field, services, tournament_id, bus
):
    finish(services, tournament_id, field, keep=3)
    stacks = {field[1]: 50_000, field[2]: 30_000, field[3]: 20_000}
    services.payouts.record_deal(tournament_id, stacks, method=DealMethod.CHIP_CHOP)
    assert services.clock.snapshot(tournament_id).ending.final is not None
    poll(qtbot, bus)  # the deal was made at another station
    page = show(qtbot, cashier_window, cashier_window.payouts)
    header = cashier_window.header.pool_label.text()
    assert "3 left" not in header
    assert "the tournament is over" in header
    assert page.field_label.text() == "10 entries · the tournament is over"
    assert "everyone left" not in page.money_label.text()


@pytest.mark.slow
def test_once_the_last_bust_ends_the_tournament_the_cashier_says_so(
    qtbot, cashier_window, field, services, tournament_id, bus
):
    finish(services, tournament_id, field, keep=1)
    poll(qtbot, bus)
    page = show(qtbot, cashier_window, cashier_window.payouts)
    assert "1 left" not in cashier_window.header.pool_label.text()
    assert page.field_label.text() == "10 entries · the tournament is over"


@pytest.mark.slow
def test_a_deal_needs_the_stacks_to_add_up_to_the_chips_in_play(
    qtbot, cashier_window, field, services, tournament_id, bus
):
    finish(services, tournament_id, field, keep=3)
    poll(qtbot, bus)
    page = show(qtbot, cashier_window, cashier_window.payouts)
    page.deal_button.click()
    settle_on(qtbot, page)
    dialog = page.dialog
    # Nothing is filled in for the cashier: an average would look like a count.
    assert dialog.stacks() == {field[n]: 0 for n in (1, 2, 3)}
    assert dialog.count_label.text() == "Chips entered 0 of 100,000 in play (100,000 missing)"
    assert "Type the chips of Player 01, Player 02, Player 03" in dialog.error_label.text()
    assert not dialog.ok_button.isEnabled()
    # A typo: 5,000 instead of 50,000. The shares can be worked out, but not recorded.
    for n, chips in ((1, 5_000), (2, 30_000), (3, 20_000)):
        dialog.set_stack(field[n], chips)
    then_settle(qtbot, dialog, dialog.propose_button.click)
    assert dialog.proposal is not None
    assert dialog.count_label.text() == "Chips entered 55,000 of 100,000 in play (45,000 missing)"
    assert "not the 100,000 in play" in dialog.error_label.text()
    assert not dialog.ok_button.isEnabled()
    enter(qtbot, dialog.unit_edit)
    assert page.dialog is dialog  # Enter did not record it
    assert services.payouts.deal(tournament_id) is None
    # The cashier says the table's count is the one to use: Record is allowed.
    dialog.override_box.setChecked(True)
    assert dialog.ok_button.isEnabled()
    dialog.override_box.setChecked(False)
    assert not dialog.ok_button.isEnabled()
    # Or the count is corrected: the shares must be worked out again, then it records.
    dialog.set_stack(field[1], 50_000)
    assert dialog.count_label.text() == "Chips entered 100,000 of 100,000 in play"
    assert not dialog.ok_button.isEnabled()
    assert "work out the shares again" in dialog.error_label.text()
    then_settle(qtbot, dialog, dialog.propose_button.click)
    assert dialog.ok_button.isEnabled()
    then_settle(qtbot, page, dialog.ok_button.click)
    recorded = services.payouts.deal(tournament_id)
    assert recorded is not None
    assert recorded.stacks == (50_000, 30_000, 20_000)


@pytest.mark.slow
def test_a_deal_with_the_counts_used_anyway_is_recorded_with_that_difference(
    qtbot, cashier_window, field, services, tournament_id, bus
):
    finish(services, tournament_id, field, keep=3)
    poll(qtbot, bus)
    page = show(qtbot, cashier_window, cashier_window.payouts)
    page.deal_button.click()
    settle_on(qtbot, page)
    dialog = page.dialog
    # The table's count is 25 chips short of what the ledger says, and the cashier trusts it.
    for n, chips in ((1, 50_000), (2, 30_000), (3, 19_975)):
        dialog.set_stack(field[n], chips)
    then_settle(qtbot, dialog, dialog.propose_button.click)
    dialog.override_box.setChecked(True)
    assert dialog.ok_button.isEnabled()
    then_settle(qtbot, page, dialog.ok_button.click)
    recorded = services.payouts.deal(tournament_id)
    assert recorded is not None, cashier_window.message.text()
    assert recorded.stacks == (50_000, 30_000, 19_975)


@pytest.mark.slow
def test_players_busted_on_one_hand_and_undo(
    qtbot, cashier_window, field, services, tournament_id, bus
):
    page = show(qtbot, cashier_window, cashier_window.busts)
    page.bust_button.click()
    settle_on(qtbot, page)
    dialog = page.dialog
    assert isinstance(dialog, BustDialog)
    dialog.set_busted(field[9], chips=3_000, busted_by=field[1])
    dialog.set_busted(field[10], chips=0)
    assert "chips" in dialog.error_label.text()  # several on one hand need their chips
    assert not dialog.ok_button.isEnabled()
    dialog.set_busted(field[10], chips=5_000, busted_by=field[1])
    dialog.ok_button.click()
    settle(qtbot, bus)
    regs = {r.id: r for r in services.cashier.registrations(tournament_id)}
    assert (regs[field[10]].place, regs[field[9]].place) == (9, 10)  # more chips, better place
    lines = page.model.rows()
    assert [line.info.hand for line in lines] == [1, 1]
    assert page.model.text(0, "Chips at start") == "3,000"
    assert {page.model.text(i, "Place") for i in range(2)} == {"9th", "10th"}
    assert "8 left, 5 to the money" in cashier_window.message.text()
    page.view.selectRow(0)
    settle(qtbot, bus)  # whether it can be undone is read on the station's worker
    page.undo_button.click()
    settle(qtbot, bus)
    qtbot.keyClicks(page.dialog.reason_edit, "misdeal")
    enter(qtbot, page.dialog.reason_edit)
    assert services.cashier.registration(tournament_id, field[9]).status is (
        RegistrationStatus.PLAYING
    )
    assert page.model.rowCount() == 3  # the bust and its undo both stay
    assert page.model.data(page.model.index(0, 2), Qt.ItemDataRole.FontRole).strikeOut()
    assert "misdeal" in page.model.text(2, "Note")


@pytest.mark.slow
def test_a_bust_credited_to_a_player_busted_on_the_same_hand_is_refused(
    qtbot, cashier_window, field
):
    page = show(qtbot, cashier_window, cashier_window.busts)
    page.bust_button.click()
    settle_on(qtbot, page)
    dialog = page.dialog
    dialog.set_busted(field[9], chips=3_000, busted_by=field[10])
    dialog.set_busted(field[10], chips=5_000)
    assert "cannot be credited" in dialog.error_label.text()
    dialog.reject()


@pytest.mark.slow
def test_results_csv_and_pdf(qtbot, cashier_window, field, services, tournament_id, bus, tmp_path):
    finish(services, tournament_id, field, keep=1)
    poll(qtbot, bus)
    page = show(qtbot, cashier_window, cashier_window.results)
    assert [r.place for r in page.model.rows()][:3] == [1, 2, 3]
    assert page.model.text(0, "Prize") == "$100.00"
    csv_path = then_settle(qtbot, page, lambda: page.export_csv(str(tmp_path / "results.csv")))
    pdf_path = then_settle(qtbot, page, lambda: page.export_pdf(str(tmp_path / "results.pdf")))
    rows = list(csv.reader(io.StringIO((tmp_path / "results.csv").read_text(encoding="utf-8-sig"))))
    assert tuple(rows[0]) == RESULTS_COLUMNS
    assert len(rows) == 11
    assert rows[1][:2] == ["1st", "Player 01"]
    assert rows[1][RESULTS_COLUMNS.index("bounties")] == "50.00"  # 9 knockouts + own bounty
    pdf = (tmp_path / "results.pdf").read_bytes()
    assert pdf.startswith(b"%PDF")
    assert len(pdf) > 2000
    assert csv_path.endswith("results.csv")
    assert pdf_path.endswith("results.pdf")


@pytest.mark.slow
def test_a_deal_among_more_than_exact_icm_takes_is_labelled_an_estimate(
    qtbot, cashier_window, field, services, tournament_id, bus
):
    for n in range(11, SUBSET_PLAYER_LIMIT + 2):  # one player past the exact limit
        player = services.players.create(PlayerDetails(f"Player {n:02d}")).value.id
        field[n] = services.cashier.buy_in(tournament_id, player).value.registration.id
    percentages = (2000, 1500, 1200, 1000, 900, 800, 700, 600, 500, 400, 200, 200)
    services.payouts.set_structure(
        tournament_id, PayoutStructure(PayoutMode.PERCENTAGES, percentages=percentages)
    )
    poll(qtbot, bus)
    page = show(qtbot, cashier_window, cashier_window.payouts)
    page.deal_button.click()
    settle_on(qtbot, page)
    dialog = page.dialog
    for reg in field.values():
        dialog.set_stack(reg, 10_000)
    then_settle(qtbot, dialog, dialog.propose_button.click)
    deal = dialog.proposal.result
    assert not deal.exact
    assert "ESTIMATE" in dialog.estimate_label.text()
    assert sum(deal.amounts) == services.payouts.table(tournament_id).prize_pool
    dialog.reject()
