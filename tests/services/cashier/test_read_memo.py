"""The reads a cashier screen repeats in one refresh are worked out once per revision
(`LedgerCache.derived`), and a change committed anywhere, by this station or another, is seen."""

from __future__ import annotations

import copy

import pytest

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.field import BustInput
from clockapp.core.money.records import CashierConfig, ledger_entries
from clockapp.core.money.view import MoneyView, money_view
from clockapp.persistence.session import Engine
from clockapp.services.app import Services
from clockapp.services.cashier import cache as cache_module
from clockapp.services.cashier.reads import (
    balances_and_config,
    balances_of,
    config_of,
    registration_infos,
    rows_and_config,
)
from clockapp.services.cashier.till import load_till
from clockapp.services.payouts.service import deal_of
from clockapp.services.payouts.view import payout_view
from clockapp.services.players import PlayerDetails
from clockapp.services.results.standings import history, result_rows
from clockapp.services.setup import TournamentNotFoundError
from tests.fakes import FakeClock


@pytest.fixture
def views(monkeypatch: pytest.MonkeyPatch) -> list[MoneyView]:
    """Every money view the cache works out."""
    made: list[MoneyView] = []
    compute = cache_module.money_view

    def counted(till: object) -> MoneyView:
        made.append(compute(till))  # type: ignore[arg-type]
        return made[-1]

    monkeypatch.setattr(cache_module, "money_view", counted)
    return made


def field(services: Services, players: int, bounty: int = 0) -> tuple[int, list[int]]:
    tid = services.tournaments.create("Friday").value.id
    rules = EntryRules(RegistrationRule(EntryPrice(2000, 500, bounty), 10_000))
    services.cashier.set_config(tid, CashierConfig(rules))
    regs = []
    for n in range(players):
        player = services.players.create(PlayerDetails(f"Player {n}")).value.id
        regs.append(services.cashier.buy_in(tid, player).value.registration.id)
    return tid, regs


def full_read(services: Services, tid: int) -> tuple[object, ...]:
    """What the cashier window's pages read after a change."""
    return (
        services.payouts.table(tid),
        services.results.results(tid),
        services.results.results(tid),
        services.payouts.deal(tid),
        services.cashier.balances(tid),
        services.cashier.drawer(tid),
        services.cashier.registrations(tid),
        services.cashier.registrations(tid),
    )


def test_a_refresh_works_the_money_view_out_once(
    services: Services, views: list[MoneyView]
) -> None:
    tid, regs = field(services, 4)
    views.clear()
    first = full_read(services, tid)
    assert len(views) == 1
    assert full_read(services, tid) == first  # nothing changed: nothing worked out again
    assert len(views) == 1
    services.results.bust(tid, regs[0])
    after = full_read(services, tid)
    assert len(views) == 2
    assert after[1] != first[1]
    assert [r.registration_id for r in after[1] if r.place is not None] == [regs[0]]  # type: ignore[attr-defined]


def test_another_stations_change_is_seen(
    services: Services, engine: Engine, fake_clock: FakeClock
) -> None:
    """Another station writes through its own services (its own cache): the revision moved,
    so this station's kept reads are not served again."""
    tid, regs = field(services, 3)
    before = services.results.results(tid)
    assert services.cashier.registrations(tid)[1].in_play
    other = Services(engine, now=fake_clock)
    other.results.bust(tid, regs[1])
    assert services.results.results(tid) != before
    assert not services.cashier.registrations(tid)[1].in_play
    assert services.payouts.table(tid).players_left == 2


@pytest.mark.slow
def test_the_reads_that_share_a_till_leave_it_as_they_found_it(services: Services) -> None:
    """The derived reads at one revision share one copy of the till: none may change it (after
    voids, busts on one hand, knockouts and bounties paid)."""
    tid, regs = field(services, 10, bounty=500)
    services.cashier.void(tid, services.cashier.ledger(tid)[-1].id, "typo")
    services.results.bust_players(
        tid, [BustInput(regs[3], 2_000, regs[0]), BustInput(regs[4], 2_000, regs[0])]
    )
    services.results.bust(tid, regs[2], busted_by=regs[1])
    services.payouts.pay_bounties(tid, regs[0])
    for n in range(5, 8):
        services.results.bust(tid, regs[n], busted_by=regs[0])
    cache = services.cashier.tills
    with services.ctx.reading() as session:
        till = load_till(session, tid, cache)
        before = copy.deepcopy(till)
        view = money_view(till)
        for read in (config_of, registration_infos, ledger_entries, rows_and_config, history):
            read(till)
        for from_view in (result_rows, payout_view, deal_of, balances_of, balances_and_config):
            from_view(till, view)
        assert money_view(till) == view
    assert till == before


@pytest.mark.slow
def test_a_tournament_that_does_not_exist_reads_as_a_clear_error(services: Services) -> None:
    tid, _regs = field(services, 2)
    services.results.results(tid)  # another tournament's reads kept
    for read in (services.results.results, services.results.busts, services.payouts.table):
        with pytest.raises(TournamentNotFoundError, match=rf"#{tid + 1} does not exist"):
            read(tid + 1)
