"""The wall shows the biggest bounty on a head (knockout formats) or the last mystery envelope
beside the chips in play (never in their place), following the cashier through the bus."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from clockapp.core.bounties import BountyFormat, BountyRules, MysteryStage
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails
from clockapp.ui.bus import TournamentBus
from tests.ui.polling import submit_and_wait


def _field(
    qtbot, services: Services, bus: TournamentBus, rules: BountyRules, bounty: int
) -> list[int]:
    tid = bus.tournament_id
    price = EntryPrice(2000, house_fee=500, bounty=bounty)
    services.cashier.set_config(tid, CashierConfig(EntryRules(RegistrationRule(price, 10_000))))
    submit_and_wait(qtbot, bus, lambda: services.bounties.set_rules(tid, rules))
    regs = []
    for name in ("Ann Lee", "Bob Marsh", "Carla Diaz", "Dev Patel"):
        pid = services.players.create(PlayerDetails(name)).value.id
        regs.append(
            submit_and_wait(
                qtbot, bus, lambda pid=pid: services.cashier.buy_in(tid, pid)
            ).registration.id
        )
    return regs


@pytest.mark.slow
def test_the_wall_shows_the_biggest_progressive_bounty(
    qtbot, services: Services, bus: TournamentBus, station
) -> None:
    display = station.display
    assert not display.bounty_block.isVisibleTo(display)
    regs = _field(qtbot, services, bus, BountyRules(BountyFormat.PROGRESSIVE), 1000)
    assert display.bounty_block.isVisibleTo(display)
    # A PKO's players still read the chips in play, with the bounty beside them.
    assert display.chips_block.isVisibleTo(display)
    assert display.chips_block.value.text() == "40,000"
    assert display.bounty_block.value.text() == "$10"
    submit_and_wait(
        qtbot, bus, lambda: services.results.bust(bus.tournament_id, regs[3], busted_by=regs[1])
    )
    assert display.bounty_block.caption.text() == "BIGGEST BOUNTY"
    assert display.bounty_block.value.text() == "$15"
    assert display.bounty_block.sub is not None
    assert display.bounty_block.sub.text() == "BOB MARSH  ·  3 HEADS"
    # Both read across a room on a 1080p wall: the bounty squeezes neither out.
    display.resize(1920, 1080)
    QApplication.processEvents()
    assert display.chips_block.value.fitted_pixel() >= 60
    assert display.bounty_block.value.fitted_pixel() >= 60


@pytest.mark.slow
def test_the_wall_announces_each_mystery_envelope(
    qtbot, services: Services, bus: TournamentBus, station
) -> None:
    rules = BountyRules(BountyFormat.MYSTERY, MysteryStage(from_players_left=4), 5, (2500, 1500))
    regs = _field(qtbot, services, bus, rules, 1000)
    display = station.display
    assert display.chips_block.isVisibleTo(display)
    assert display.bounty_block.caption.text() == "MYSTERY BOUNTIES"
    assert display.bounty_block.value.text() == "2 ENVELOPES"
    submit_and_wait(
        qtbot, bus, lambda: services.results.bust(bus.tournament_id, regs[3], busted_by=regs[0])
    )
    drawn = services.bounties.view(bus.tournament_id).draws[0].amount
    assert display.bounty_block.caption.text() == "LAST ENVELOPE"
    assert display.bounty_block.value.text() == f"${drawn // 100}"
    assert display.bounty_block.sub is not None
    assert display.bounty_block.sub.text() == "ANN LEE  ·  1 LEFT"


@pytest.mark.slow
def test_a_tournament_without_bounties_keeps_the_chips(
    qtbot, services: Services, bus: TournamentBus, station
) -> None:
    _field(qtbot, services, bus, BountyRules(), 0)
    display = station.display
    assert display.chips_block.isVisibleTo(display)
    assert not display.bounty_block.isVisibleTo(display)
