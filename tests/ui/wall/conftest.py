"""Fixtures shared by the wall's tests."""

from __future__ import annotations

import pytest

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.services.players import PlayerDetails
from clockapp.ui.station.station import ClockStation


@pytest.fixture
def players(station: ClockStation) -> dict[str, int]:
    """Ann, Bo and Cy bought in to the station's tournament: their registrations by name."""
    services, tid = station.services, station.bus.tournament_id
    rules = EntryRules(RegistrationRule(EntryPrice(2000, house_fee=0), 10_000))
    services.cashier.set_config(tid, CashierConfig(rules))
    ids = {}
    for name in ("Ann", "Bo", "Cy"):
        player = services.players.create(PlayerDetails(name)).value.id
        ids[name] = services.cashier.buy_in(tid, player).value.registration.id
    return ids
