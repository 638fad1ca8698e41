"""Every money action's rule returns the change it makes, which `money_action` writes.

The settings actions (the entry rules, the payout table, the registration choice, the bounty
format, the satellite), the drawer count and an imported list used to write from inside the
action's finish, after an empty change, and some changed the till they were given in place.
Here each is run with `write_change` watched: its change carries what it does, the snapshot
the rule read is left as it was, and the till the action leaves is what a fresh read sees.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime

import pytest

from clockapp.core.bounties.rules import BountyFormat, BountyRules
from clockapp.core.bounties.tickets import Ticket
from clockapp.core.money.change import TillChange
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.core.money.till import Till
from clockapp.core.payouts import PayoutMode, PayoutStructure
from clockapp.core.registration import RegistrationMode
from clockapp.core.satellite import Satellite
from clockapp.persistence.session import Session
from clockapp.services.app import Services
from clockapp.services.cashier import action
from clockapp.services.cashier.cache import LedgerCache, read_till
from clockapp.services.changes import Revision
from clockapp.services.players import PlayerDetails

TWO_PLACES = PayoutStructure(PayoutMode.PERCENTAGES, percentages=(7000, 3000))


@dataclass
class Watched:
    """What the money actions run while watched read and wrote."""

    snapshots: list[tuple[Till, Till]] = field(default_factory=list)  # (given, as it was)
    written: list[TillChange] = field(default_factory=list)

    def changes(self) -> TillChange:
        """Everything written since the last call, as one change."""
        done = TillChange()
        for change in self.written:
            done = done.then(change)
        self.written.clear()
        return done


@pytest.fixture
def watched(monkeypatch: pytest.MonkeyPatch) -> Iterator[Watched]:
    seen = Watched()
    take = action.snapshot
    write = action.write_change

    def snapshot(
        session: Session, tournament_id: int, cache: LedgerCache | None
    ) -> tuple[Revision | None, Till]:
        read_at, till = take(session, tournament_id, cache)
        seen.snapshots.append((till, copy.deepcopy(till)))
        return read_at, till

    def write_change(
        session: Session, tournament_id: int, change: TillChange, now: datetime
    ) -> TillChange:
        seen.written.append(change)
        return write(session, tournament_id, change, now)

    monkeypatch.setattr(action, "snapshot", snapshot)
    monkeypatch.setattr(action, "write_change", write_change)
    yield seen
    for given, before in seen.snapshots:
        assert given == before, "a rule changed the till it was given"


@pytest.fixture
def tid(services: Services) -> int:
    tid = services.tournaments.create("Friday").value.id
    rules = EntryRules(RegistrationRule(EntryPrice(2000, house_fee=500, bounty=500), 10_000))
    services.cashier.set_config(tid, CashierConfig(rules))
    for name in ("Ann", "Bob", "Cat"):
        services.cashier.buy_in(tid, services.players.create(PlayerDetails(name)).value.id)
    return tid


def fresh_till(services: Services, tid: int) -> Till:
    with services.ctx.reading() as session:
        return read_till(session, tid)


def kept_till(services: Services, tid: int) -> Till:
    with services.ctx.reading() as session:
        return services.cashier.tills.till(session, tid)


def test_the_entry_rules_are_the_change_of_their_rule(
    services: Services, tid: int, watched: Watched
) -> None:
    rules = EntryRules(RegistrationRule(EntryPrice(3000, house_fee=500), 12_000))
    services.cashier.set_config(tid, CashierConfig(rules))
    change = watched.changes()
    assert change.config is not None
    assert change.config.rules.registration.chips == 12_000
    assert fresh_till(services, tid).config.rules == change.config.rules


@pytest.mark.parametrize(
    "act",
    [
        lambda s, tid: s.payouts.lock(tid),
        lambda s, tid: (s.payouts.lock(tid), s.payouts.unlock(tid))[-1],
        lambda s, tid: s.payouts.set_structure(
            tid, PayoutStructure(PayoutMode.PERCENTAGES, percentages=(7000, 3000))
        ),
    ],
    ids=["lock", "unlock", "set_structure"],
)
def test_the_payout_table_is_the_change_of_its_rule(
    services: Services, tid: int, watched: Watched, act: Callable[[Services, int], object]
) -> None:
    act(services, tid)
    change = watched.changes()
    assert change.config is not None
    assert fresh_till(services, tid).config.payouts == change.config.payouts


def test_the_registration_choice_is_the_change_of_its_rule(
    services: Services, tid: int, watched: Watched
) -> None:
    services.registration.close(tid)
    assert watched.changes().registration_mode == RegistrationMode.CLOSED.value
    services.registration.reopen(tid)
    assert watched.changes().registration_mode == RegistrationMode.AUTO.value
    assert fresh_till(services, tid).registration_mode == RegistrationMode.AUTO.value


def test_the_bounty_rules_are_the_change_of_their_rule(
    services: Services, tid: int, watched: Watched
) -> None:
    tickets = [Ticket(1, 2_000, "Sunday seat")]
    services.bounties.configure(tid, BountyRules(BountyFormat.PROGRESSIVE), None, tickets)
    change = watched.changes()
    assert change.bounty is not None
    assert change.bounty.rules.format is BountyFormat.PROGRESSIVE
    assert change.tickets == tuple(tickets)
    fresh = fresh_till(services, tid)
    assert fresh.bounty.rules.format is BountyFormat.PROGRESSIVE
    assert fresh.bounty.tickets == tuple(tickets)
    assert kept_till(services, tid).bounty == fresh.bounty

    services.bounties.set_satellite(tid, Satellite(1, 2_000, "Sunday"))
    change = watched.changes()
    assert change.bounty is not None
    assert change.bounty.satellite == Satellite(1, 2_000, "Sunday")
    assert change.tickets == ()
    fresh = fresh_till(services, tid)
    assert (fresh.bounty.satellite, fresh.bounty.tickets) == (change.bounty.satellite, ())
    assert fresh.bounty.rules.format is BountyFormat.PROGRESSIVE  # the format stays


def test_a_drawer_count_is_the_change_of_its_rule(
    services: Services, tid: int, watched: Watched
) -> None:
    info = services.cashier.count_drawer(tid, 5_000, note="  short?  ").value
    (count,) = watched.changes().counts
    assert (count.count.counted, count.count.expected) == (5_000, 9_000)
    assert services.cashier.drawer_counts(tid) == (info,)
    assert (info.note, info.counted, info.expected) == ("short?", 5_000, 9_000)


def test_an_imported_list_is_the_change_of_its_rule(
    services: Services, tid: int, watched: Watched
) -> None:
    services.players.create(PlayerDetails("Dee"))
    result = services.cashier.import_pre_registrations(tid, "Ann\nDee\nEve\nFay\n").value
    change = watched.changes()
    # Ann is on the list already; Dee is in the directory; Eve and Fay are new players.
    assert sorted(new.name for new in change.registered) == ["Dee", "Eve", "Fay"]
    assert [r.name for r in result] == ["Ann", "Dee", "Eve", "Fay"]
    fresh = fresh_till(services, tid)
    assert {r.id for r in result} <= set(fresh.registrations)
    assert kept_till(services, tid) == fresh
