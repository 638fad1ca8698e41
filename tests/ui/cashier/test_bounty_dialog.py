"""The cashier's Bounties dialog: the host picks the format and tickets; bad input is said in the
dialog, OK waits, and a refusal keeps everything typed."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from clockapp.core.bounties import BountyFormat, LateEntryRule
from clockapp.core.bounties.tickets import LeftoverRule, TicketTieRule
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.core.payouts import PayoutMode, PayoutStructure
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails
from clockapp.ui.bus import TournamentBus
from clockapp.ui.cashier.bounty_dialog import BountyDialog
from tests.ui.cashier.waiting import settle_on
from tests.ui.polling import settle, submit_and_wait

PRICE = EntryPrice(2000, house_fee=500, bounty=1000)


def _open(cashier_window, qtbot) -> BountyDialog:
    qtbot.mouseClick(cashier_window.header.bounties_button, Qt.MouseButton.LeftButton)
    settle_on(qtbot, cashier_window)  # the bounties are read on the station's worker first
    dialog = next(
        w for w in QApplication.topLevelWidgets() if isinstance(w, BountyDialog) and w.isVisible()
    )
    qtbot.waitExposed(dialog)
    return dialog


def _field(qtbot, services: Services, bus: TournamentBus, count: int) -> list[int]:
    tid = bus.tournament_id
    services.cashier.set_config(tid, CashierConfig(EntryRules(RegistrationRule(PRICE, 10_000))))
    regs = []
    for number in range(count):
        pid = services.players.create(PlayerDetails(f"P{number}")).value.id
        regs.append(
            submit_and_wait(
                qtbot, bus, lambda pid=pid: services.cashier.buy_in(tid, pid)
            ).registration.id
        )
    return regs


@pytest.mark.slow
def test_the_host_chooses_progressive_knockouts_and_a_ticket(
    services: Services, bus: TournamentBus, cashier_window, qtbot
) -> None:
    regs = _field(qtbot, services, bus, 4)
    dialog = _open(cashier_window, qtbot)
    closed: list[bool] = []
    dialog.format_box.setCurrentIndex(dialog.format_box.findData(BountyFormat.PROGRESSIVE))
    assert not dialog.envelopes_edit.isEnabled()
    dialog.tickets_edit.setPlainText("1; 30; League final seat")
    dialog.leftover_box.setCurrentIndex(dialog.leftover_box.findData(LeftoverRule.FIRST_CASH))
    dialog.tie_box.setCurrentIndex(dialog.tie_box.findData(TicketTieRule.DRAW))
    assert dialog.ok_button.isEnabled()
    dialog.destroyed.connect(lambda: closed.append(True))
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    settle(qtbot, bus)
    qtbot.waitUntil(lambda: bool(closed))  # saved: the dialog closed (and is deleted)
    view = services.bounties.view(bus.tournament_id)
    assert view.rules.format is BountyFormat.PROGRESSIVE
    assert [(t.place, t.value) for t in view.tickets] == [(1, 3000)]
    assert view.leftover is LeftoverRule.FIRST_CASH
    assert view.ticket_tie is TicketTieRule.DRAW
    assert view.ticket_seed > 0
    # The cashier's results show the bounty on each head.
    submit_and_wait(
        qtbot, bus, lambda: services.results.bust(bus.tournament_id, regs[3], busted_by=regs[0])
    )
    cashier_window.tabs.setCurrentWidget(cashier_window.results)
    settle_on(qtbot, cashier_window)
    model = cashier_window.results.model
    header = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    column = header.index("On head")
    heads = {model.index(r, 1).data(): model.index(r, column).data() for r in range(4)}
    assert heads["P0"] == "$15.00"
    assert heads["P3"] == ""


@pytest.mark.slow
def test_mystery_envelopes_are_checked_as_typed(
    services: Services, bus: TournamentBus, cashier_window, qtbot
) -> None:
    _field(qtbot, services, bus, 3)
    dialog = _open(cashier_window, qtbot)
    dialog.format_box.setCurrentIndex(dialog.format_box.findData(BountyFormat.MYSTERY))
    dialog.envelopes_edit.setPlainText("15; 2 x abc")
    assert "Envelope item 2" in dialog.error_label.text()
    assert not dialog.ok_button.isEnabled()
    dialog.envelopes_edit.setPlainText("15; 2 x 7.50")
    assert dialog.error_label.text() == ""
    assert "they match" in dialog.envelope_total.text()
    dialog.from_level.setChecked(True)
    dialog.level_spin.setValue(4)
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    settle(qtbot, bus)
    rules = services.bounties.view(bus.tournament_id).rules
    assert rules.envelopes == (1500, 750, 750)
    assert rules.stage is not None
    assert rules.stage.from_level == 4
    assert rules.seed > 0  # drawn when saved, and shown


@pytest.mark.slow
def test_a_refused_ticket_keeps_the_dialog_and_what_was_typed(
    services: Services, bus: TournamentBus, cashier_window, qtbot
) -> None:
    _field(qtbot, services, bus, 3)
    revision = services.tournaments.revision()
    dialog = _open(cashier_window, qtbot)
    dialog.tickets_edit.setPlainText("1; 5000; Main event seat")
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    settle(qtbot, bus)
    assert dialog.isVisible()
    assert "more than the prize pool" in dialog.error_label.text()
    assert dialog.tickets_edit.toPlainText() == "1; 5000; Main event seat"
    assert services.tournaments.revision() == revision
    dialog.reject()


@pytest.mark.slow
def test_a_split_pot_knockout_is_recorded_from_the_bust_dialog(
    services: Services, bus: TournamentBus, cashier_window, qtbot
) -> None:
    from clockapp.ui.cashier.bust_dialog import BustDialog

    regs = _field(qtbot, services, bus, 4)
    page = cashier_window.busts
    cashier_window.tabs.setCurrentWidget(page)
    settle_on(qtbot, cashier_window)
    page.bust_button.click()
    settle_on(qtbot, page)
    dialog = page.dialog
    assert isinstance(dialog, BustDialog)
    dialog.set_busted(regs[3], busted_by=regs[0], split_with=regs[0])
    assert "named twice" in dialog.error_label.text()
    assert not dialog.ok_button.isEnabled()
    dialog.set_busted(regs[3], busted_by=regs[1], split_with=regs[0])
    assert dialog.ok_button.isEnabled()
    dialog.ok_button.click()
    settle(qtbot, bus)
    rows = {r.registration_id: r for r in services.results.results(bus.tournament_id)}
    # $10.00 split $5.00 / $5.00 between Bob (busted by) and Ann (split with).
    assert (rows[regs[1]].bounties, rows[regs[0]].bounties) == (500, 500)
    assert (rows[regs[1]].knockouts, rows[regs[0]].knockouts) == (1, 1)


@pytest.mark.slow
def test_a_progressive_bust_dialog_asks_for_the_buster(
    services: Services, bus: TournamentBus, cashier_window, qtbot
) -> None:
    from clockapp.core.bounties import BountyRules

    regs = _field(qtbot, services, bus, 3)
    submit_and_wait(
        qtbot,
        bus,
        lambda: services.bounties.set_rules(
            bus.tournament_id, BountyRules(BountyFormat.PROGRESSIVE)
        ),
    )
    page = cashier_window.busts
    cashier_window.tabs.setCurrentWidget(page)
    settle_on(qtbot, cashier_window)
    page.bust_button.click()
    settle_on(qtbot, page)
    dialog = page.dialog
    dialog.set_busted(regs[2])
    assert "say who busted P2" in dialog.error_label.text()
    assert not dialog.ok_button.isEnabled()
    dialog.set_busted(regs[2], busted_by=regs[0])
    assert dialog.ok_button.isEnabled()
    dialog.ok_button.click()
    settle(qtbot, bus)
    heads = {h.registration_id: h.bounty for h in services.bounties.view(bus.tournament_id).heads}
    assert heads[regs[0]] == 1500


@pytest.mark.slow
def test_the_late_entry_rule_is_chosen_and_said_when_sold(
    services: Services, bus: TournamentBus, cashier_window, qtbot
) -> None:
    """The host picks what an entry after the first draw does with its bounty; after a draw the
    dialog shows every envelope, and the sale's card at the desk says where the bounty went."""
    tid = bus.tournament_id
    late_open = RegistrationRule(PRICE, 10_000, late_until_level=5)
    services.cashier.set_config(tid, CashierConfig(EntryRules(late_open)))
    regs = []
    for number in range(3):
        pid = services.players.create(PlayerDetails(f"P{number}")).value.id
        regs.append(
            submit_and_wait(
                qtbot, bus, lambda pid=pid: services.cashier.buy_in(tid, pid)
            ).registration.id
        )
    dialog = _open(cashier_window, qtbot)
    dialog.format_box.setCurrentIndex(dialog.format_box.findData(BountyFormat.MYSTERY))
    assert dialog.late_box.isEnabled()
    dialog.late_box.setCurrentIndex(dialog.late_box.findData(LateEntryRule.POOL))
    dialog.envelopes_edit.setPlainText("20; 10")
    dialog.from_players.setChecked(True)
    dialog.players_spin.setValue(3)
    closed: list[bool] = []
    dialog.destroyed.connect(lambda: closed.append(True))
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    settle(qtbot, bus)  # the save answers from the station's worker
    qtbot.waitUntil(lambda: bool(closed))  # saved: the dialog closed (and is deleted)
    assert services.bounties.view(tid).rules.late_entries is LateEntryRule.POOL
    submit_and_wait(
        qtbot, bus, lambda: services.results.bust(tid, regs[2], busted_by=regs[0])
    )  # draw 1
    pid = services.players.create(PlayerDetails("Late")).value.id
    receipt = submit_and_wait(qtbot, bus, lambda: services.cashier.buy_in(tid, pid))
    desk = cashier_window.desk
    desk.last.show_sale(receipt)
    assert "$10.00 bounty goes to the prize pool" in desk.last_label.text()
    again = _open(cashier_window, qtbot)
    assert again.envelopes_edit.toPlainText() == "20.00; 10.00"
    assert again.late_box.currentData() == LateEntryRule.POOL
    assert "the envelopes drawn stay as they are" in again.envelope_total.text()
    again.reject()


@pytest.mark.slow
def test_a_ticket_worth_more_than_its_place_is_said_when_saved(
    services: Services, bus: TournamentBus, cashier_window, qtbot
) -> None:
    tid = bus.tournament_id
    custom = PayoutStructure(PayoutMode.PERCENTAGES, percentages=(7500, 2500))
    services.cashier.set_config(
        tid, CashierConfig(EntryRules(RegistrationRule(PRICE, 10_000)), custom)
    )
    for number in range(4):  # $80.00 in the pool: 2nd pays $20.00
        pid = services.players.create(PlayerDetails(f"P{number}")).value.id
        submit_and_wait(qtbot, bus, lambda pid=pid: services.cashier.buy_in(tid, pid))
    dialog = _open(cashier_window, qtbot)
    dialog.tickets_edit.setPlainText("2; 30; League final seat")
    closed: list[bool] = []
    dialog.destroyed.connect(lambda: closed.append(True))
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    settle(qtbot, bus)  # the save answers from the station's worker
    qtbot.waitUntil(lambda: bool(closed))  # saved, not refused: the dialog closed
    assert cashier_window.message.kind == "warning"
    assert "more than the $20.00 the place pays" in cashier_window.message.text()
    assert "comes out of the places paid in cash" in cashier_window.message.text()
