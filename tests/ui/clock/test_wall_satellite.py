"""The wall of a satellite: "N SEATS" and a seat's value heading the ladder, the cash left
over below them, and the busts to a seat under the players left, following the cashier."""

from __future__ import annotations

import pytest

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.core.satellite import Satellite
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails
from clockapp.ui.bus import TournamentBus
from tests.ui.polling import submit_and_wait


@pytest.mark.slow
def test_the_wall_says_n_seats_and_how_far_a_seat_is(
    qtbot, services: Services, bus: TournamentBus, station
) -> None:
    tid = bus.tournament_id
    price = EntryPrice(10_000)
    services.cashier.set_config(tid, CashierConfig(EntryRules(RegistrationRule(price, 10_000))))
    regs = []
    for number in range(10):
        pid = services.players.create(PlayerDetails(f"Player {number}")).value.id
        regs.append(
            submit_and_wait(
                qtbot, bus, lambda pid=pid: services.cashier.buy_in(tid, pid)
            ).registration.id
        )
    submit_and_wait(
        qtbot, bus, lambda: services.bounties.set_satellite(tid, Satellite(3, 30_000, "Main event"))
    )
    display = station.display
    rows = [(p.text(), a.text()) for p, a in display.payout_rows]
    assert rows[:3] == [("3 SEATS", "$300"), ("4th", "$100"), ("", "")]
    assert display.players_block.sub.text() == "7 TO A SEAT"
    for victim in regs[3:]:
        submit_and_wait(
            qtbot, bus, lambda victim=victim: services.results.bust(tid, victim, busted_by=regs[0])
        )
    assert display.players_block.sub.text() == "EVERY PLAYER LEFT HAS A SEAT"
    submit_and_wait(qtbot, bus, lambda: services.bounties.set_satellite(tid, None))
    assert display.players_block.sub.text() == "IN THE MONEY"
