"""The director closes and reopens registration; the desk and the wall say so; the
results report uses the amounts a deal paid."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from clockapp.core.icm import DealMethod
from clockapp.core.money.amounts import format_cents
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RebuyRule, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.core.registration import RegistrationMode
from clockapp.services.players import PlayerDetails
from clockapp.ui.cashier.reports import results_html
from tests.ui.polling import poll, settle

PRICE = EntryPrice(2000)


def _field(services, tid, names, late_until_level=None) -> dict[str, int]:
    rules = EntryRules(RegistrationRule(PRICE, 10_000, late_until_level=late_until_level))
    services.cashier.set_config(tid, CashierConfig(rules))
    regs = {}
    for name in names:
        pid = services.players.create(PlayerDetails(name)).value.id
        regs[name] = services.cashier.buy_in(tid, pid).value.registration.id
    return regs


@pytest.mark.slow
def test_the_director_closes_registration_and_undoes_it(
    qtbot, station, services, tournament_id
) -> None:
    _field(services, tournament_id, ("Ann", "Bob"), late_until_level=4)
    poll(qtbot, station.bus)
    action = station.director.registration.action
    display = station.display
    assert display.registration_label.text() == "Late registration until level 4"
    assert action.isEnabled()
    assert action.text() == "Close registration"

    action.trigger()
    settle(qtbot, station.bus)  # closed on the station's worker

    assert not services.registration.window(tournament_id).open
    assert display.registration_label.text() == "Registration closed"
    assert action.text() == "Reopen registration"
    assert station.history.stack.undoText() == "Close registration"

    assert station.controller.undo()
    settle(qtbot, station.bus)
    assert services.registration.mode(tournament_id) is RegistrationMode.AUTO
    assert display.registration_label.text() == "Late registration until level 4"
    assert action.text() == "Close registration"

    assert station.controller.redo()
    settle(qtbot, station.bus)
    assert services.registration.mode(tournament_id) is RegistrationMode.CLOSED
    action.trigger()  # reopen: back to the rules, inside the level
    settle(qtbot, station.bus)
    assert services.registration.mode(tournament_id) is RegistrationMode.AUTO


def test_a_finished_tournament_cannot_be_reopened_from_the_menu(
    qtbot, station, services, tournament_id
) -> None:
    regs = _field(services, tournament_id, ("Ann", "Bob"))
    services.results.bust(tournament_id, regs["Bob"], busted_by=regs["Ann"])
    poll(qtbot, station.bus)
    assert not station.director.registration.action.isEnabled()
    assert station.display.winner_screen.isVisible()


@pytest.mark.slow
def test_the_cashier_desk_says_whether_registration_is_open(
    qtbot, cashier_window, services, tournament_id
) -> None:
    regs = _field(services, tournament_id, ("Ann", "Bob", "Cy"))
    cashier_window.refresh_all()
    label = cashier_window.header.registration_label
    assert label.text() == "Registration open until the first bust"
    services.results.bust(tournament_id, regs["Cy"])
    poll(qtbot, cashier_window.ctx.bus)
    assert label.text() == "Registration closed"
    assert "first bust" in label.toolTip()


@pytest.mark.slow
def test_the_results_report_lists_what_a_deal_paid(services, tournament_id) -> None:
    names = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
    regs = _field(services, tournament_id, names)
    for name in reversed(names[2:]):
        services.results.bust(tournament_id, regs[name], busted_by=regs["Ann"])
    table = services.payouts.table(tournament_id)
    deal = services.payouts.record_deal(
        tournament_id, {regs["Ann"]: 50_000, regs["Bob"]: 30_000}, method=DealMethod.CHIP_CHOP
    ).value
    shares = dict(zip(deal.registration_ids, deal.amounts, strict=True))
    html = results_html(
        "Friday",
        services.results.results(tournament_id),
        services.payouts.table(tournament_id),
        None,
        datetime(2026, 11, 26, 23, tzinfo=UTC),
        currency="$",
    )
    assert f"1st (deal) · Ann</td><td class='num'>{format_cents(shares[regs['Ann']])}" in html
    assert f"2nd (deal) · Bob</td><td class='num'>{format_cents(shares[regs['Bob']])}" in html
    assert shares[regs["Ann"]] != table.ladder[0][1]
    assert f"<td>1st</td><td class='num'>{format_cents(table.ladder[0][1])}" not in html


def test_the_desk_follows_registration_reopened_by_a_sale(
    qtbot, cashier_window, services, tournament_id
) -> None:
    # A rebuy of the only busted player leaves nobody busted: "open until the first bust" holds
    # again. The sale's change flags are a plain sale's, and the header must still read it.
    rules = EntryRules(
        RegistrationRule(PRICE, 10_000), rebuy=RebuyRule(PRICE, 10_000, last_level=4)
    )
    services.cashier.set_config(tournament_id, CashierConfig(rules))
    regs = {}
    for name in ("Ann", "Bob", "Cy"):
        pid = services.players.create(PlayerDetails(name)).value.id
        regs[name] = services.cashier.buy_in(tournament_id, pid).value.registration.id
    services.clock.start(tournament_id)
    services.results.bust(tournament_id, regs["Cy"])
    poll(qtbot, cashier_window.ctx.bus)
    label = cashier_window.header.registration_label
    assert label.text() == services.registration.window(tournament_id).wall

    services.cashier.rebuy(tournament_id, regs["Cy"])
    poll(qtbot, cashier_window.ctx.bus)

    window = services.registration.window(tournament_id)
    assert label.text() == window.wall
    assert label.toolTip() == window.reason
