"""A night of rebuys: only players who are out count, in the charts' series and the estimate."""

from __future__ import annotations

import pytest

from clockapp.core.money.entry_rules import (
    AddOnRule,
    EntryRules,
    RebuyRule,
    ReEntryRule,
    RegistrationRule,
)
from clockapp.core.money.sales_line import SaleWindows
from clockapp.services.app import Services
from tests.fakes import FakeClock
from tests.services.cashier.test_cashier import PRICE, STACK, at_item, configure, seat

REBUYS = EntryRules(
    RegistrationRule(PRICE, STACK),
    rebuy=RebuyRule(PRICE, STACK, last_level=9),
    re_entry=ReEntryRule(PRICE, STACK, last_level=9),
)


def rebuy_night(services: Services, fake_clock: FakeClock) -> int:
    """Eight buy in; three bust and rebuy at once, one busts and re-enters later, two go out."""
    tid = services.tournaments.create("Rebuys").value.id
    configure(services, tid, REBUYS)
    ids = [seat(services, tid, f"Player {n}") for n in range(8)]
    at_item(services, tid, 0)
    for rid in ids[:3]:
        fake_clock.advance(minutes=3)
        services.cashier.rebuy(tid, rid, busted_at_table=True)
    fake_clock.advance(minutes=3)
    services.results.bust(tid, ids[3])
    fake_clock.advance(minutes=2)
    services.cashier.re_enter(tid, ids[3])
    for rid in ids[4:6]:
        fake_clock.advance(minutes=5)
        services.results.bust(tid, rid)
    return tid


@pytest.mark.slow
def test_a_rebuy_does_not_take_a_player_off_the_charts(
    services: Services, fake_clock: FakeClock
) -> None:
    tid = rebuy_night(services, fake_clock)
    series = services.results.series(tid)
    assert series[-1].players_left == 6
    # Nobody who rebought ever left the count: it goes 8, then down only for the two out.
    assert min(p.players_left for p in series[8:]) == 6
    assert series[-1].average_stack == series[-1].chips // 6
    assert services.results.charts(tid).field == series


@pytest.mark.slow
def test_the_estimate_counts_only_the_players_out(
    services: Services, fake_clock: FakeClock
) -> None:
    tid = rebuy_night(services, fake_clock)
    found = services.estimate.estimate(tid)
    assert found is not None
    assert (found.busts, found.players_left) == (2, 6)
    assert "2 busts so far" in found.how_sure()


@pytest.mark.slow
def test_the_wall_snapshot_carries_when_rebuys_and_add_ons_are_sold(
    services: Services, fake_clock: FakeClock
) -> None:
    rules = EntryRules(
        RegistrationRule(PRICE, STACK),
        rebuy=RebuyRule(PRICE, STACK, last_level=5),
        add_on=AddOnRule(PRICE, STACK, at_break_after_level=5),
    )
    tid = services.tournaments.create("Rebuys").value.id
    configure(services, tid, rules)
    ann, bob = (seat(services, tid, name) for name in ("Ann", "Bob"))
    assert services.clock.snapshot(tid).ending.sales == SaleWindows(5, 5)
    assert services.clock.figures(tid)[1].sales == SaleWindows(5, 5)
    services.results.bust(tid, bob, busted_by=ann)
    # Over: the winner screen, and nothing more on sale.
    assert services.clock.snapshot(tid).ending.sales == SaleWindows()
