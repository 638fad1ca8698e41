"""The wall tells the room what the cashier sells: the rebuy period, and the add-ons at their
break, moving with the clock as the levels run out (no new read of the tournament needed)."""

from __future__ import annotations

import pytest

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import AddOnRule, EntryRules, RebuyRule, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.core.money.sales_line import position_at
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails
from clockapp.ui.bus import TournamentBus
from clockapp.ui.station.station import ClockStation
from tests.fakes import FakeClock
from tests.ui.polling import settle, submit_and_wait

PRICE = EntryPrice(2000)


def _rebuy_night(qtbot, services: Services, bus: TournamentBus) -> tuple[int, int]:
    """Rebuys through the level before the first break, the add-on at that break; two players.
    Returns the last rebuy level and the first break's index in the structure."""
    tid = bus.tournament_id
    levels = services.clock.snapshot(tid).structure.levels
    first_break = next(i for i, item in enumerate(levels) if item.is_break)
    last = position_at(levels, first_break).level
    rules = EntryRules(
        RegistrationRule(PRICE, 10_000),
        rebuy=RebuyRule(PRICE, 10_000, last_level=last),
        add_on=AddOnRule(PRICE, 10_000, at_break_after_level=last),
    )
    services.cashier.set_config(tid, CashierConfig(rules))
    for name in ("Ann", "Bob"):
        pid = services.players.create(PlayerDetails(name)).value.id
        submit_and_wait(qtbot, bus, lambda pid=pid: services.cashier.buy_in(tid, pid))
    return last, first_break


@pytest.mark.slow
def test_the_wall_says_the_rebuy_period_and_the_add_on_break(
    qtbot, station: ClockStation, services: Services, fake_clock: FakeClock, fake_timer
) -> None:
    last, first_break = _rebuy_night(qtbot, services, station.bus)
    settle(qtbot, station.bus)
    label = station.display.sales_label
    assert label.text() == f"Rebuys until level {last}"
    assert label.isVisible()

    station.controller.toggle_pause()  # the host starts the clock
    settle(qtbot, station.bus)
    levels = services.clock.snapshot(station.bus.tournament_id).structure.levels
    assert f"Rebuys until level {last}" in label.text()

    # Time alone takes the clock to the last rebuy level, then to the add-on break.
    for index in range(first_break):
        fake_clock.advance(minutes=levels[index].minutes)
        fake_timer.fire()
    assert "Add-ons on sale now" in label.text()
    assert "Last rebuys this break" in label.text()

    fake_clock.advance(minutes=levels[first_break].minutes)
    fake_timer.fire()
    assert label.text() == ""
    assert not label.isVisible()  # nothing on sale: the clock has the whole screen again


@pytest.mark.slow
def test_the_last_rebuy_level_says_so(
    qtbot, station: ClockStation, services: Services, fake_clock: FakeClock, fake_timer
) -> None:
    last, first_break = _rebuy_night(qtbot, services, station.bus)
    station.controller.toggle_pause()
    settle(qtbot, station.bus)
    levels = services.clock.snapshot(station.bus.tournament_id).structure.levels
    for index in range(first_break - 1):
        fake_clock.advance(minutes=levels[index].minutes)
        fake_timer.fire()
    label = station.display.sales_label
    assert station.display.level_label.text().startswith(f"LEVEL {last}")
    assert "Last level for rebuys" in label.text()
    assert "Rebuys until" not in label.text()


@pytest.mark.slow
def test_late_registration_closes_on_the_wall_when_its_level_runs_out(
    qtbot, station: ClockStation, services: Services, fake_clock: FakeClock, fake_timer
) -> None:
    tid = station.bus.tournament_id
    rules = EntryRules(RegistrationRule(PRICE, 10_000, late_until_level=1))
    services.cashier.set_config(tid, CashierConfig(rules))
    pid = services.players.create(PlayerDetails("Ann")).value.id
    submit_and_wait(qtbot, station.bus, lambda: services.cashier.buy_in(tid, pid))
    station.controller.toggle_pause()
    settle(qtbot, station.bus)
    label = station.display.registration_label
    assert label.text() == "Late registration until level 1"
    levels = services.clock.snapshot(tid).structure.levels
    fake_clock.advance(minutes=levels[0].minutes + 1)
    fake_timer.fire()  # time alone: nobody pressed anything
    settle(qtbot, station.bus)
    assert station.display.level_label.text().startswith("LEVEL 2")
    assert label.text() == "Registration closed"
