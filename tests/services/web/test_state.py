"""The web view's state: what the page is told about the clock, the field and the seats."""

from __future__ import annotations

import itertools
from datetime import timedelta

import pytest

from clockapp.core.icm import DealMethod
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.core.payout_tables import CLOCKAPP_CURVE
from clockapp.core.payouts import PayoutStructure
from clockapp.services.app import Services
from clockapp.services.web.state import build, epoch_ms, money
from tests.fakes import FakeClock
from tests.services.cashier.test_cashier import STRUCTURE, at_item, seat


def test_a_running_clock_sends_absolute_end_times_for_the_coming_items(
    services: Services, fake_clock: FakeClock, demo: int
) -> None:
    tid = demo
    now = fake_clock()
    built = build(services, tid, now)
    items = built.state["clock"]["items"]
    assert built.state["clock"]["running"] is True
    assert items[0]["name"] == "Level 3"
    assert items[0]["blinds"] == "100 / 200"
    # Level 3 has 12:34 to go in the demo; each later item ends its length after the one before.
    assert items[0]["ends"] == epoch_ms(now + timedelta(minutes=12, seconds=34))
    for before, after in itertools.pairwise(items):
        assert after["ends"] - before["ends"] == after["ms"]
    # The state is built again when the level ends by itself.
    assert built.deadline == now + timedelta(minutes=12, seconds=34)


@pytest.mark.slow
def test_a_paused_clock_sends_the_time_left_and_no_end(
    services: Services, fake_clock: FakeClock, demo: int
) -> None:
    tid = demo
    services.clock.pause(tid)
    fake_clock.advance(minutes=30)  # time passes: a paused clock does not move
    built = build(services, tid, fake_clock())
    clock = built.state["clock"]
    assert clock["running"] is False
    assert clock["status_text"] == "Paused"
    assert clock["items"][0]["ms"] == 754_000
    assert all("ends" not in item for item in clock["items"])
    assert built.deadline is None


@pytest.mark.slow
def test_the_field_money_and_seats(services: Services, fake_clock: FakeClock, demo: int) -> None:
    tid = demo
    state = build(services, tid, fake_clock()).state
    field = state["field"]
    assert (field["players_left"], field["entries"]) == (17, 24)
    assert field["prize_pool"] == "$2,160"
    assert field["payouts"][0] == {"place": "1st", "amount": "$907.20"}
    seats = state["seats"]
    assert len(seats) == 17
    assert [s["name"].casefold() for s in seats] == sorted(s["name"].casefold() for s in seats)
    assert all(s["table"].startswith("Table ") and s["seat"] >= 1 for s in seats)


def test_the_clock_moves_on_by_itself_in_the_state(
    services: Services, fake_clock: FakeClock, demo: int
) -> None:
    tid = demo
    fake_clock.advance(minutes=13)  # past the end of level 3, nobody pressed anything
    items = build(services, tid, fake_clock()).state["clock"]["items"]
    assert items[0]["name"] == "Level 4"


def test_no_tournament_is_an_empty_page(services: Services, fake_clock: FakeClock) -> None:
    built = build(services, None, fake_clock())
    assert built.state["empty"] is True
    assert built.deadline is None


@pytest.mark.slow
def test_after_a_deal_ends_the_night_the_page_shows_the_winner_and_no_players_left(
    services: Services, fake_clock: FakeClock
) -> None:
    tid = services.tournaments.create("Friday").value.id
    services.structure.replace(tid, STRUCTURE)
    rules = EntryRules(RegistrationRule(EntryPrice(2000), 10_000))
    services.cashier.set_config(tid, CashierConfig(rules, PayoutStructure(table=CLOCKAPP_CURVE)))
    at_item(services, tid, 1)
    names = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
    ids = [seat(services, tid, name) for name in names]
    for loser in ids[:1:-1]:
        services.results.bust(tid, loser, busted_by=ids[0])
    deal = services.payouts.record_deal(
        tid, {ids[0]: 48_000, ids[1]: 32_000}, method=DealMethod.CHIP_CHOP
    ).value
    field = build(services, tid, fake_clock()).state["field"]
    assert field["over"] is True
    assert field["winner"] == "Ann"
    assert field["by_deal"] is True
    # No "2 / 8" beside the winner: the count of players left means nothing once it is over.
    assert field["players_left"] is None
    assert field["to_money"] is None
    # What each was paid, the deal's shares first, as the wall's winner screen lists them.
    places = [(p["place"], p["name"]) for p in field["final"]]
    assert places[:2] == [("1st (deal)", "Ann"), ("2nd (deal)", "Bob")]
    assert field["final"][0]["amount"] == money(deal.amounts[0], "$")


def test_before_the_end_the_page_has_no_final_places(
    services: Services, fake_clock: FakeClock, demo: int
) -> None:
    field = build(services, demo, fake_clock()).state["field"]
    assert field["over"] is False
    assert field["final"] == []
    assert field["by_deal"] is False
