"""Satellites through the services: N equal seats, play stopping at N players, the cash left
over by the host's rule, the bubble on the N+1th, and bad input refused with nothing written."""

from __future__ import annotations

import pytest

from clockapp.core.bounties.tickets import Ticket
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.core.satellite import Satellite, SatelliteError, SatelliteLeftover
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails

SEAT = 30_000


def _field(services: Services, count: int = 10) -> tuple[int, list[int]]:
    """`count` entries of $100 into the prize pool ($1,000 for ten)."""
    tid = services.tournaments.create("Main event satellite").value.id
    services.cashier.set_config(
        tid, CashierConfig(EntryRules(RegistrationRule(EntryPrice(10_000), 10_000)))
    )
    regs = []
    for number in range(count):
        pid = services.players.create(PlayerDetails(f"P{number:02}")).value.id
        regs.append(services.cashier.buy_in(tid, pid).value.registration.id)
    return tid, regs


@pytest.mark.slow
def test_play_stops_at_n_players_each_with_a_seat(services: Services) -> None:
    """Three $300 seats from a $1,000 pool: the 4th (the bubble) gets the $100 left over, the
    three left each get a seat, and no fourth bust is taken."""
    tid, regs = _field(services)
    services.bounties.set_satellite(tid, Satellite(3, SEAT, "Main event seat"))
    for victim in regs[3:9]:
        services.results.bust(tid, victim, busted_by=regs[0])
    table = services.payouts.table(tid)
    assert table.players_to_money == 1
    assert table.places_paid == 3
    assert table.satellite == "3 seats · Main event seat · bubble: 1 to a seat"
    services.results.bust(tid, regs[9], busted_by=regs[0])
    owed = {rid: services.payouts.owed(tid, rid) for rid in regs}
    assert owed[regs[9]].prize == 10_000
    assert owed[regs[9]].ticket is None
    for rid in regs[:3]:
        assert owed[rid].ticket == Ticket(owed[rid].place or 0, SEAT, "Main event seat")
        assert owed[rid].prize == 0
    assert sorted(owed[rid].place or 0 for rid in regs[:3]) == [1, 2, 3]
    cash = sum(o.prize for o in owed.values())
    seats = sum(o.ticket.value for o in owed.values() if o.ticket is not None)
    assert cash + seats == 100_000
    revision = services.tournaments.revision()
    with pytest.raises(SatelliteError, match="has stopped: 3 players are left for 3 seats"):
        services.results.bust(tid, regs[2], busted_by=regs[0])
    assert services.tournaments.revision() == revision


@pytest.mark.slow
def test_the_cash_left_over_can_go_to_the_seat_winners(services: Services) -> None:
    tid, regs = _field(services)
    services.bounties.set_satellite(
        tid, Satellite(3, SEAT, "Main event seat", SatelliteLeftover.SEAT_WINNERS)
    )
    for victim in regs[3:]:
        services.results.bust(tid, victim, busted_by=regs[0])
    owed = {rid: services.payouts.owed(tid, rid) for rid in regs}
    assert sorted(owed[rid].prize for rid in regs[:3]) == [3333, 3333, 3334]
    assert all(owed[rid].prize == 0 for rid in regs[3:])
    assert sum(o.prize for o in owed.values()) + 3 * SEAT == 100_000


@pytest.mark.slow
def test_a_pool_short_of_the_seats_says_so(services: Services) -> None:
    tid, _ = _field(services, count=5)
    services.bounties.set_satellite(tid, Satellite(3, SEAT, "Main event seat"))
    table = services.payouts.table(tid)
    assert table.table is None
    assert "does not buy 3 seats of $300.00" in table.problem
    assert "$400.00 missing" in table.problem


@pytest.mark.slow
def test_satellite_refusals_leave_the_database_unchanged(services: Services) -> None:
    tid, regs = _field(services)
    for victim in regs[2:]:
        services.results.bust(tid, victim, busted_by=regs[0])
    revision = services.tournaments.revision()
    with pytest.raises(SatelliteError, match="Only 2 players are left"):
        services.bounties.set_satellite(tid, Satellite(3, SEAT, "Main event seat"))
    assert services.tournaments.revision() == revision
    assert services.bounties.view(tid).satellite is None
    services.bounties.set_satellite(tid, Satellite(2, SEAT, "Main event seat"))
    revision = services.tournaments.revision()
    with pytest.raises(SatelliteError, match="its seats are its tickets"):
        services.bounties.set_tickets(tid, [Ticket(1, 5000, "League final")])
    assert services.tournaments.revision() == revision
    assert services.bounties.view(tid).tickets == ()


@pytest.mark.slow
def test_a_satellite_can_be_turned_off(services: Services) -> None:
    tid, _ = _field(services)
    services.bounties.set_satellite(tid, Satellite(3, SEAT, "Main event seat"))
    assert services.bounties.view(tid).satellite == Satellite(3, SEAT, "Main event seat")
    services.bounties.set_satellite(tid, None)
    table = services.payouts.table(tid)
    assert table.seats == 0
    assert table.satellite == ""
    assert table.places_paid == len(table.ladder)


@pytest.mark.slow
def test_a_seat_won_counts_in_the_results_and_the_season(services: Services) -> None:
    tid, regs = _field(services, count=4)
    services.bounties.set_satellite(tid, Satellite(2, 15_000, "League final"))
    services.results.bust(tid, regs[3], busted_by=regs[0])
    services.results.bust(tid, regs[2], busted_by=regs[0])
    rows = {r.registration_id: r for r in services.results.results(tid)}
    assert [(rows[r].ticket, rows[r].ticket_value) for r in regs[:2]] == [
        ("League final", 15_000),
        ("League final", 15_000),
    ]
    assert rows[regs[2]].prize == 10_000
    player = rows[regs[1]].player_id
    won = services.bounties.tickets_won(player)
    assert [(t.tournament, t.value, t.description) for t in won] == [
        ("Main event satellite", 15_000, "League final")
    ]


@pytest.mark.slow
def test_hand_for_hand_is_offered_on_the_seat_bubble(services: Services) -> None:
    """Three seats and the $100 left over to 4th: the bubble is on the 4th (the first player
    out without a seat), not on the 5th as the 4th's cash place would make it."""
    tid, regs = _field(services)
    services.bounties.set_satellite(tid, Satellite(3, SEAT, "Main event seat"))
    for victim in regs[5:]:
        services.results.bust(tid, victim, busted_by=regs[0])
    assert services.seating.hand_for_hand_offer(tid) is None  # 5 left
    services.results.bust(tid, regs[4], busted_by=regs[0])
    assert services.seating.hand_for_hand_offer(tid) == (
        "4 players left, 3 seats: the next player out is the bubble. Play hand-for-hand?"
    )
