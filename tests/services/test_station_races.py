"""Two stations acting on the same thing at the same moment, as real OS processes on a
SQLite file and on PostgreSQL: one succeeds, the other is refused in words that name what
changed; never a duplicate, never a raw database error.
"""

from __future__ import annotations

import multiprocessing
import traceback
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.engine import Engine

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RebuyRule, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.errors import DomainError
from clockapp.persistence.db import make_engine, migrate, sqlite_url
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails

pytestmark = pytest.mark.slow

SPAWN = multiprocessing.get_context("spawn")
ROUNDS = 3


def _act(services: Services, job: str, tid: int, target: int) -> None:
    if job.startswith("buy-in"):
        services.cashier.buy_in(tid, target, seat=True)
    elif job == "bust":
        services.results.bust(tid, target)
    elif job == "undo bust":
        services.results.undo_bust(tid, target)
    elif job == "rebuy":
        services.cashier.rebuy(tid, target)
    else:
        raise AssertionError(job)


def _station(url: str, job: str, work: list[tuple[int, int]], barrier: Any, out: Any) -> None:
    engine = make_engine(url)
    services = Services(engine)
    try:
        for tid, target in work:
            barrier.wait(timeout=60)
            try:
                # "buy-in 2" sells to the player after the target: two desks, two players.
                _act(services, job, tid, target + (job == "buy-in 2"))
                out.put("ok")
            except DomainError as error:
                out.put(f"refused: {error}")
            except Exception as error:
                out.put(f"RAW {type(error).__name__}: {error}\n{traceback.format_exc(limit=3)}")
    finally:
        engine.dispose()


def _race(url: str, jobs: list[str], work: list[tuple[int, int]]) -> list[list[str]]:
    barrier, out = SPAWN.Barrier(len(jobs)), SPAWN.Queue()
    procs = [SPAWN.Process(target=_station, args=(url, job, work, barrier, out)) for job in jobs]
    for proc in procs:
        proc.start()
    results = [out.get(timeout=180) for _ in range(len(jobs) * len(work))]
    for proc in procs:
        proc.join(timeout=60)
        assert proc.exitcode == 0
    return [results[i : i + len(jobs)] for i in range(0, len(results), len(jobs))]


def _tournaments(url: str, busted: bool) -> list[tuple[int, int]]:
    """ROUNDS tournaments, each with two players in and one target (busted when `busted`)."""
    engine = make_engine(url)
    try:
        services = Services(engine)
        made = []
        for n in range(ROUNDS):
            tid = services.tournaments.create(f"Race {n}").value.id
            rules = EntryRules(
                RegistrationRule(EntryPrice(2000), 10_000),
                rebuy=RebuyRule(EntryPrice(2000), chips=10_000, last_level=4),
            )
            services.cashier.set_config(tid, CashierConfig(rules))
            regs = [
                services.cashier.buy_in(
                    tid, services.players.create(PlayerDetails(f"P{n} {k}")).value.id
                ).value.registration.id
                for k in range(3)
            ]
            services.clock.start(tid)
            if busted:
                services.results.bust(tid, regs[0])
            made.append((tid, regs[0]))
        return made
    finally:
        engine.dispose()


def _count(url: str, sql: str, tid: int) -> int:
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            return int(conn.execute(text(sql), {"t": tid}).scalar_one())
    finally:
        engine.dispose()


BUSTS = "SELECT count(*) FROM elimination WHERE tournament_id = :t"


def _check_two_busts(url: str) -> None:
    work = _tournaments(url, busted=False)
    for (tid, _reg), outcomes in zip(work, _race(url, ["bust", "bust"], work), strict=True):
        assert not [o for o in outcomes if o.startswith("RAW")], outcomes
        assert sorted(outcomes)[0] == "ok"
        assert sorted(outcomes)[1].startswith("refused: "), outcomes
        assert "already" in sorted(outcomes)[1] or "out" in sorted(outcomes)[1], outcomes
        assert _count(url, BUSTS, tid) == 1


def _check_two_undos(url: str) -> None:
    work = _tournaments(url, busted=True)
    for outcomes in _race(url, ["undo bust", "undo bust"], work):
        assert not [o for o in outcomes if o.startswith("RAW")], outcomes
        assert sorted(outcomes)[0] == "ok"
        assert sorted(outcomes)[1].startswith("refused: "), outcomes


def _check_rebuy_while_busting(url: str) -> None:
    # The cashier sells the busted player a rebuy while the director undoes the bust.
    work = _tournaments(url, busted=True)
    for _work, outcomes in zip(work, _race(url, ["rebuy", "undo bust"], work), strict=True):
        assert not [o for o in outcomes if o.startswith("RAW")], outcomes
        assert "ok" in outcomes
        assert len([o for o in outcomes if o == "ok"]) == 1, outcomes  # never both
        refused = [o for o in outcomes if o != "ok"]
        assert refused, outcomes
        assert refused[0].startswith("refused: "), outcomes


def _check_last_seat(url: str) -> None:
    """Two desks sell the last place in a capped field to two players at the same moment."""
    engine = make_engine(url)
    try:
        services = Services(engine)
        work = []
        for n in range(ROUNDS):
            tid = services.tournaments.create(f"Capped {n}").value.id
            rules = EntryRules(RegistrationRule(EntryPrice(2000), 10_000, max_entrants=3))
            services.cashier.set_config(tid, CashierConfig(rules))
            services.seating.add_tables(tid, 1)
            players = [
                services.players.create(PlayerDetails(f"C{n} {k}")).value.id for k in range(4)
            ]
            for player in players[:2]:
                services.cashier.buy_in(tid, player, seat=True)
            work.append((tid, players[2]))  # desk 1 sells to players[2], desk 2 to players[3]
    finally:
        engine.dispose()
    for (tid, _player), outcomes in zip(
        work, _race(url, ["buy-in 1", "buy-in 2"], work), strict=True
    ):
        assert sorted(outcomes)[0] == "ok", outcomes
        assert sorted(outcomes)[1] == (
            "refused: The field is full: 3 of 3 entrants are registered."
        ), outcomes
        registered = "SELECT count(*) FROM registration WHERE tournament_id = :t"
        assert _count(url, registered, tid) == 3
        seated = (
            "SELECT count(*) FROM seat WHERE tournament_id = :t AND registration_id IS NOT NULL"
        )
        assert _count(url, seated, tid) == 3


CHECKS = [_check_two_busts, _check_two_undos, _check_rebuy_while_busting, _check_last_seat]


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__[7:])
def test_two_stations_on_one_thing_on_sqlite(check: Any, engine: Engine, db_path: Path) -> None:
    check(sqlite_url(db_path))


@pytest.mark.postgres
@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__[7:])
def test_two_stations_on_one_thing_on_postgresql(check: Any, pg_url: str) -> None:
    eng = make_engine(pg_url)
    migrate(eng)
    eng.dispose()
    check(pg_url)
