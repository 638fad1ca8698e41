"""The till the cache keeps after a money action is the database's, though nothing re-read it.

`money_action` keeps `applied(snapshot, written change)` for the action's revision; a reader
at that revision gets it instead of reading the database. Were the written change and the
applied one to drift apart (an id not mapped, a reason stripped on one side only, a station
cut to length on the other, an envelope not put back), every screen would show a till the
database does not hold. Each action of a night is checked against a fresh read.
"""

from __future__ import annotations

import pytest

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RebuyRule, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.services.app import Services
from clockapp.services.cashier.cache import LedgerCache, read_till
from clockapp.services.cashier.service import CashierService
from clockapp.services.context import ServiceContext
from clockapp.services.payouts import PayoutService
from clockapp.services.players import PlayerDetails
from clockapp.services.results import ResultsService


class Night:
    """The money services over one cache, and the check that its till is the database's."""

    def __init__(self, ctx: ServiceContext, tid: int) -> None:
        self.ctx = ctx
        self.tid = tid
        self.cache = LedgerCache()
        self.cashier = CashierService(ctx, self.cache)
        self.results = ResultsService(ctx, self.cache)
        self.payouts = PayoutService(ctx, self.cache)

    def check(self) -> None:
        with self.ctx.reading() as session:
            kept = self.cache.till(session, self.tid)
            fresh = read_till(session, self.tid)
            assert kept == fresh


@pytest.fixture
def night(services: Services) -> Night:
    tid = services.tournaments.create("Friday").value.id
    price = EntryPrice(2000, house_fee=500, bounty=500)
    rules = EntryRules(
        RegistrationRule(price, 10_000), rebuy=RebuyRule(EntryPrice(2000), 10_000, last_level=6)
    )
    services.cashier.set_config(tid, CashierConfig(rules))
    services.seating.add_tables(tid, 2, seat_count=9)
    services.clock.start(tid)  # rebuys are sold from the start
    return Night(services.ctx, tid)


@pytest.mark.slow
def test_every_action_of_a_night_leaves_the_kept_till_as_the_database_holds_it(
    services: Services, night: Night
) -> None:
    players = [services.players.create(PlayerDetails(n)).value.id for n in "ABCDE"]
    regs = []
    for pid in players[:4]:
        receipt = night.cashier.buy_in(night.tid, pid, seat=True).value
        regs.append(receipt.registration.id)
        night.check()
    listed = night.cashier.pre_register(night.tid, [players[4]]).value[0]
    night.check()
    night.cashier.buy_in_registration(night.tid, listed.id, tendered=5000)
    night.check()
    ann, bob, cat, dan = regs
    night.results.bust(night.tid, ann, busted_by=bob)
    night.check()
    night.cashier.rebuy(night.tid, ann)
    night.check()
    # A rebuy sold with the bust at the table: two changes, written one after the other.
    night.cashier.rebuy(night.tid, cat, busted_at_table=True)
    night.check()
    rebuy_row = night.cashier.ledger(night.tid)[-1].id
    night.cashier.void_action(night.tid, [rebuy_row], "wrong player", undo_bust_of=cat)
    night.check()
    night.results.bust(night.tid, dan, busted_by=cat)
    night.check()
    night.results.undo_hand(night.tid, [dan], "misread")
    night.check()
    eve = next(e for e in night.cashier.ledger(night.tid) if e.registration_id == listed.id)
    night.cashier.refund(night.tid, eve.id, "left before the start")
    night.check()
    for out in (dan, cat, ann):
        night.results.bust(night.tid, out, busted_by=bob)
        night.check()
    night.payouts.pay_prize(night.tid, bob)
    night.check()


def test_the_kept_till_follows_the_end_stored_and_undone(services: Services) -> None:
    tid = services.tournaments.create("Heads-up").value.id
    rules = EntryRules(RegistrationRule(EntryPrice(2000, house_fee=500), 10_000))
    services.cashier.set_config(tid, CashierConfig(rules))
    night = Night(services.ctx, tid)
    ann, bob = (
        night.cashier.buy_in(
            tid, services.players.create(PlayerDetails(n)).value.id
        ).value.registration.id
        for n in ("Ann", "Bob")
    )
    night.results.bust(tid, ann, busted_by=bob)  # one player left: the end is stored
    with services.ctx.reading() as session:
        assert night.cache.till(session, tid).finished_at is not None
    night.check()
    night.results.undo_bust(tid, ann)  # reopened
    with services.ctx.reading() as session:
        assert night.cache.till(session, tid).finished_at is None
    night.check()
