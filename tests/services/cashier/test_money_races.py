"""Several stations at once on money and seating: real OS processes on one SQLite file and on a
PostgreSQL server, started together with a barrier.

The first action on a new tournament creates its cashier and seating rows: two stations doing it
at the same moment must both succeed (or get the app's own refusal), never an IntegrityError. Rows
written under contention carry times taken inside the lock, so the ledger read in id order never
goes back in time.
"""

from __future__ import annotations

import itertools
import multiprocessing
import traceback
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import Session, col, select

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RebuyRule, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.core.registration import RegistrationStatus
from clockapp.errors import DomainError
from clockapp.persistence.db import make_engine, migrate, sqlite_url
from clockapp.persistence.models import ChangeRow, LedgerRecord, SeatRow
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails

pytestmark = pytest.mark.slow

PROCESSES = 3
ROUNDS = 3
SALES = 8  # buy-ins per process in the ordering test

SPAWN = multiprocessing.get_context("spawn")


# ------------------------------------------------------------------ the stations (child processes)
def _station(url: str, job: str, work: list[Any], barrier: Any, results: Any) -> None:
    """One station: for each item of `work`, wait for the others, then act; report each outcome."""
    engine = make_engine(url)
    services = Services(engine)  # the real time: the ordering test needs the system clock
    try:
        for item in work:
            barrier.wait(timeout=60)
            try:
                if job == "cashier":
                    tid, player_id = item
                    Services(engine, station=f"desk {player_id}").cashier.buy_in(tid, player_id)
                elif job == "rebuy":
                    tid, registration_id = item
                    services.cashier.rebuy(tid, registration_id)
                elif job == "seating":
                    services.seating.add_tables(item, 1)
                elif job == "template":
                    services.structure.save_template(item, services.structure.get(1))
                elif job == "both":
                    tid, player_id = item
                    services.cashier.buy_in(tid, player_id)
                    services.seating.seat_new_entry(tid, _registration(services, tid, player_id))
                outcome = "ok"
            except DomainError as error:
                outcome = f"refused: {type(error).__name__}: {error}"
            except Exception as error:
                outcome = f"RAW {type(error).__name__}: {error}\n{traceback.format_exc()}"
            results.put(outcome)
    finally:
        engine.dispose()


def _registration(services: Services, tid: int, player_id: int) -> int:
    reg = services.cashier.registration_of(tid, player_id)
    assert reg is not None
    return reg.id


def _run(url: str, job: str, work: list[list[Any]]) -> list[str]:
    """Run one station per list of `work` in its own process; every outcome, in no order."""
    barrier = SPAWN.Barrier(len(work))
    results = SPAWN.Queue()
    stations = [
        SPAWN.Process(target=_station, args=(url, job, items, barrier, results)) for items in work
    ]
    for station in stations:
        station.start()
    outcomes = [results.get(timeout=180) for _ in range(sum(len(items) for items in work))]
    for station in stations:
        station.join(timeout=60)
        assert station.exitcode == 0
    return outcomes


# ------------------------------------------------------------------ databases
@pytest.fixture
def sqlite_file(engine: Any, db_path: Path) -> str:
    """A migrated SQLite file shared by the stations."""
    return sqlite_url(db_path)


@pytest.fixture
def pg_database(pg_url: str) -> str:
    """The PostgreSQL test database (`pg_url` is a fresh, empty one), migrated."""
    eng = make_engine(pg_url)
    try:
        migrate(eng)
    finally:
        eng.dispose()
    return pg_url


def _fresh_tournaments(url: str, count: int, players: int) -> list[tuple[int, list[int]]]:
    """`count` new tournaments (nothing done in them yet) and `players` players to buy in."""
    engine = make_engine(url)
    try:
        services = Services(engine)
        ids = [
            services.players.create(PlayerDetails(f"Player {n}")).value.id for n in range(players)
        ]
        made = []
        for n in range(count):
            tid = services.tournaments.create(f"Race {n}").value.id
            made.append((tid, ids))
        return made
    finally:
        engine.dispose()


def _check_first_actions(url: str, job: str) -> None:
    tournaments = _fresh_tournaments(url, ROUNDS, PROCESSES)
    work: list[list[Any]] = [
        [(tid, players[station]) if job != "seating" else tid for tid, players in tournaments]
        for station in range(PROCESSES)
    ]
    outcomes = _run(url, job, work)
    raw = [o for o in outcomes if o.startswith("RAW")]
    assert raw == [], raw[0]
    assert outcomes.count("ok") == len(outcomes), outcomes


def _check_times_in_order(url: str) -> None:
    ((tid, _),) = _fresh_tournaments(url, 1, 0)
    engine = make_engine(url)
    try:
        services = Services(engine)
        services.seating.add_tables(tid, 4)
        players = [
            [services.players.create(PlayerDetails(f"S{s} P{n}")).value.id for n in range(SALES)]
            for s in range(PROCESSES)
        ]
    finally:
        engine.dispose()
    work: list[list[Any]] = [[(tid, p) for p in ids] for ids in players]
    outcomes = _run(url, "both", work)
    assert [o for o in outcomes if o != "ok"] == []
    engine = make_engine(url)
    try:
        with Session(engine) as session:
            moments = {LedgerRecord: "created_at", ChangeRow: "at", SeatRow: "seated_at"}
            for table, name in moments.items():
                moment = getattr(table, name)
                times = session.exec(
                    select(moment)  # type: ignore[call-overload]
                    .where(col(table.tournament_id) == tid)
                    .order_by(col(table.id))
                ).all()
                backwards = [(a, b) for a, b in itertools.pairwise(times) if b < a]
                assert backwards == [], f"{table.__tablename__}: {len(backwards)} steps back"
            ledger = session.exec(
                select(LedgerRecord).where(col(LedgerRecord.tournament_id) == tid)
            ).all()
            assert len(ledger) == PROCESSES * SALES
    finally:
        engine.dispose()


def _check_one_rebuy_lands(url: str) -> None:
    ((tid, players),) = _fresh_tournaments(url, 1, 2)
    engine = make_engine(url)
    try:
        services = Services(engine)
        rules = EntryRules(
            RegistrationRule(EntryPrice(2000), 10_000),
            rebuy=RebuyRule(EntryPrice(2000), chips=10_000, last_level=4),
        )
        services.cashier.set_config(tid, CashierConfig(rules))
        ann, _bob = (services.cashier.buy_in(tid, p).value.registration.id for p in players)
        services.clock.start(tid)
        services.results.bust(tid, ann)
    finally:
        engine.dispose()
    # Every desk saw Ann busted and sells her a rebuy at the same moment.
    outcomes = _run(url, "rebuy", [[(tid, ann)] for _ in range(PROCESSES)])
    assert sorted(outcomes)[0] == "ok"
    refused = sorted(outcomes)[1:]
    assert refused == [
        "refused: EntryRefused: Player 0 is still in play (no bust is recorded); only a busted "
        "player may rebuy."
    ] * (PROCESSES - 1)
    engine = make_engine(url)
    try:
        reg = Services(engine).cashier.registration(tid, ann)
        assert (reg.rebuys, reg.status) == (1, RegistrationStatus.PLAYING)
    finally:
        engine.dispose()


# ------------------------------------------------------------------ the tests
@pytest.mark.parametrize("job", ["cashier", "seating"])
def test_first_actions_at_once_on_sqlite(sqlite_file: str, job: str) -> None:
    _check_first_actions(sqlite_file, job)


@pytest.mark.postgres
@pytest.mark.parametrize("job", ["cashier", "seating"])
def test_first_actions_at_once_on_postgresql(pg_database: str, job: str) -> None:
    _check_first_actions(pg_database, job)


def test_times_written_under_contention_follow_the_ids_on_sqlite(sqlite_file: str) -> None:
    _check_times_in_order(sqlite_file)


@pytest.mark.postgres
def test_times_written_under_contention_follow_the_ids_on_postgresql(pg_database: str) -> None:
    _check_times_in_order(pg_database)


def test_one_rebuy_lands_when_every_desk_sells_it_at_once_on_sqlite(sqlite_file: str) -> None:
    _check_one_rebuy_lands(sqlite_file)


@pytest.mark.postgres
def test_one_rebuy_lands_when_every_desk_sells_it_at_once_on_postgresql(
    pg_database: str,
) -> None:
    _check_one_rebuy_lands(pg_database)


# ------------------------------------------------------------------ templates
def _check_template_saves(url: str) -> None:
    engine = make_engine(url)
    try:
        Services(engine).tournaments.create("Friday")  # tournament 1: its structure is saved
    finally:
        engine.dispose()
    names = [f"Friday {n}" for n in range(ROUNDS)]
    outcomes = _run(url, "template", [names for _ in range(PROCESSES)])
    assert sorted(outcomes) == sorted(
        ["ok"] * ROUNDS
        + [f"refused: ValidationError: A template named {name!r} already exists." for name in names]
        * (PROCESSES - 1)
    )


def test_one_template_of_a_name_when_stations_save_it_at_once_on_sqlite(sqlite_file: str) -> None:
    _check_template_saves(sqlite_file)


@pytest.mark.postgres
def test_one_template_of_a_name_when_stations_save_it_at_once_on_postgresql(
    pg_database: str,
) -> None:
    _check_template_saves(pg_database)
