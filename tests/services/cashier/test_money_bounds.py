"""Big money: amounts past 2^31 cents are stored whole on SQLite and PostgreSQL; amounts past the
app's limit, negative or not whole numbers are refused with the app's own error, changing nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy.engine import Engine

from clockapp.core.money.amounts import MAX_AMOUNT_CENTS
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.errors import ValidationError
from clockapp.persistence.db import make_engine, migrate
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails
from tests.fakes import FakeClock

BIG = 2**31 + 12_345  # past a 32-bit column
BIG_STACK = 2**31 + 1_000


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def big_services(request: pytest.FixtureRequest, fake_clock: FakeClock) -> Iterator[Services]:
    """Services on a fresh database of each kind."""
    engine: Engine
    if request.param == "sqlite":
        engine = request.getfixturevalue("engine")
        yield Services(engine, now=fake_clock)
        return
    engine = make_engine(request.getfixturevalue("pg_url"))
    try:
        migrate(engine)
        yield Services(engine, now=fake_clock)
    finally:
        engine.dispose()


def _tournament(services: Services, price: EntryPrice, stack: int = 10_000) -> int:
    tid = services.tournaments.create("High roller").value.id
    rules = EntryRules(RegistrationRule(price, stack))
    services.cashier.set_config(tid, CashierConfig(rules, opening_float=BIG))
    return tid


def _buy_in(services: Services, tid: int, name: str) -> int:
    player = services.players.create(PlayerDetails(name)).value.id
    return services.cashier.buy_in(
        tid,
        player,
    ).value.registration.id


@pytest.mark.slow
def test_buy_ins_and_payouts_past_2_to_the_31_cents(big_services: Services) -> None:
    services = big_services
    tid = _tournament(services, EntryPrice(BIG, house_fee=1000, bounty=BIG), stack=BIG_STACK)
    ann = _buy_in(services, tid, "Ann")
    bob = _buy_in(services, tid, "Bob")
    ledger = services.cashier.ledger(tid)
    assert [row.amount for row in ledger] == [2 * BIG + 1000] * 2
    assert [row.chips for row in ledger] == [BIG_STACK] * 2
    assert services.clock.snapshot(tid).settings.starting_stack == BIG_STACK
    services.results.bust(tid, bob, busted_by=ann, chips_at_hand_start=BIG_STACK)
    owed = services.payouts.owed(tid, ann).prize_owed
    assert owed > 2**31
    prize = services.payouts.pay_prize(tid, ann).value
    assert prize.amount == owed
    bounty = services.payouts.pay_bounties(tid, ann).value
    assert bounty.amount == 2 * BIG  # Bob's bounty and her own, as the winner
    services.cashier.count_drawer(tid, 3 * BIG)
    balances = services.cashier.balances(tid)
    assert balances.prize_pool == 2 * BIG
    assert services.cashier.config(tid).opening_float == BIG


@pytest.mark.slow
@pytest.mark.parametrize(
    ("amount", "message"),
    [
        (MAX_AMOUNT_CENTS + 1, "at most"),
        (10**30, "at most"),
        (-1, "0 or more cents"),
        (True, "whole number"),
        (12.5, "whole number"),
        ("100", "whole number"),
    ],
)
def test_amounts_beyond_the_limit_or_of_the_wrong_kind_are_refused(
    services: Services, amount: Any, message: str
) -> None:
    tid = _tournament(services, EntryPrice(2000))
    ann = _buy_in(services, tid, "Ann")
    before = (services.cashier.ledger(tid), services.cashier.drawer_counts(tid))
    with pytest.raises(ValidationError, match=message):
        EntryPrice(amount)
    with pytest.raises(ValidationError, match=message):
        CashierConfig(EntryRules(RegistrationRule(EntryPrice(2000), 10_000)), opening_float=amount)
    with pytest.raises(ValidationError):
        services.cashier.count_drawer(tid, amount)
    with pytest.raises(ValidationError):
        services.payouts.pay_prize(tid, ann, amount)
    with pytest.raises(ValidationError, match=message):
        services.cashier.buy_in(
            tid, services.players.create(PlayerDetails("Cy")).value.id, tendered=amount
        )
    assert (services.cashier.ledger(tid), services.cashier.drawer_counts(tid)) == before
