"""The wall shows the waiting list of a capped field beside the registration line, and who is
offered a freed seat, following the cashier through the bus."""

from __future__ import annotations

import pytest

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails
from clockapp.ui.bus import TournamentBus
from tests.ui.polling import submit_and_wait


@pytest.mark.slow
def test_the_wall_shows_who_waits_and_who_is_offered_a_seat(
    qtbot, services: Services, bus: TournamentBus, station
) -> None:
    tid = bus.tournament_id
    rule = RegistrationRule(EntryPrice(2000), 10_000, max_entrants=1)
    services.cashier.set_config(tid, CashierConfig(EntryRules(rule)))
    ann, bo = (services.players.create(PlayerDetails(n)).value.id for n in ("Ann", "Bo"))
    sold = submit_and_wait(qtbot, bus, lambda: services.cashier.buy_in(tid, ann)).registration.id
    submit_and_wait(qtbot, bus, lambda: services.waiting.join(tid, bo))
    label = station.display.registration_label
    assert label.text().endswith("  ·  WAITING: Bo")
    row = next(r for r in services.cashier.ledger(tid) if r.registration_id == sold)
    submit_and_wait(qtbot, bus, lambda: services.cashier.void(tid, row.id, "left"))
    assert label.text().endswith("WAITING: Bo (a seat is free)")
