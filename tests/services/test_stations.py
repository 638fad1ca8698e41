"""Stations: the station named on every ledger row and change row, and the director's PIN."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.core.pin import PinError
from clockapp.core.userfiles import csv_records
from clockapp.errors import ValidationError
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails
from clockapp.services.stations import PIN_KEY
from tests.fakes import FakeClock

CASHIER = "cashier@laptop2"


@pytest.fixture
def tid(services: Services) -> int:
    t = services.tournaments.create("Friday").value.id
    rules = EntryRules(RegistrationRule(EntryPrice(2000, 500), 10_000))
    services.cashier.set_config(t, CashierConfig(rules))
    return t


def at(services: Services, station: str) -> Services:
    """Another station on the same database."""
    return Services(services.ctx.engine, now=services.ctx.now, station=station)


def change_stations(db_path: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(db_path) as con:
        return con.execute("SELECT summary, station FROM change ORDER BY id").fetchall()


# ---------------------------------------------------------------- who did it
def test_ledger_rows_and_change_rows_name_the_station_that_made_them(
    services: Services, tid: int, db_path: Path
) -> None:
    cashier = at(services, CASHIER)
    ann = cashier.players.create(PlayerDetails("Ann")).value.id
    sale = cashier.cashier.buy_in(tid, ann).value
    assert [row.station for row in sale.rows] == [CASHIER]
    void = services.cashier.void(tid, sale.rows[0].id, "wrong player").value  # the director
    assert [(e.kind.value, e.station) for e in services.cashier.ledger(tid)] == [
        ("buy-in", CASHIER),
        ("void", "director"),
    ]
    assert void.station == "director"
    stations = change_stations(db_path)
    assert stations[-3:] == [
        ("player Ann", CASHIER),
        (stations[-2][0], CASHIER),
        (stations[-1][0], "director"),
    ]
    # The ledger's CSV has the column too.
    rows = [r.cells for r in csv_records(services.cashier.ledger_csv(tid))]
    column = rows[0].index("station")
    assert [row[column] for row in rows[1:]] == [CASHIER, "director"]


def test_busts_recorded_from_the_tables_name_the_station_too(services: Services, tid: int) -> None:
    cashier = at(services, CASHIER)
    for name in ("Ann", "Bob"):
        player = cashier.players.create(PlayerDetails(name)).value.id
        cashier.cashier.buy_in(tid, player)
    ann = services.cashier.registrations(tid)[0].id
    cashier.results.bust(tid, ann)
    (bust,) = services.results.busts(tid)
    assert bust.station == CASHIER


# ---------------------------------------------------------------- the PIN
@pytest.mark.slow
def test_the_pin_is_stored_salted_and_hashed_never_in_clear(
    services: Services, db_path: Path, engine: Engine
) -> None:
    assert not services.stations.pin_is_set()
    assert not services.stations.check_pin("")
    services.stations.set_pin("482913")
    at(services, "director@other").stations.set_pin("482913", current_pin="482913")
    engine.dispose()  # everything checkpointed into the file
    with sqlite3.connect(db_path) as con:
        (stored,) = con.execute(
            "SELECT value FROM app_setting WHERE key = ?", (PIN_KEY,)
        ).fetchone()
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    scheme, _n, _r, _p, salt, key = stored.split("$")
    assert (scheme, len(bytes.fromhex(salt)), len(bytes.fromhex(key))) == ("scrypt", 16, 32)
    for path in db_path.parent.glob(db_path.name + "*"):  # the file, its WAL, its journal
        assert b"482913" not in path.read_bytes(), path
    assert services.stations.pin_is_set()
    assert services.stations.check_pin("482913")
    assert not services.stations.check_pin("482914")


@pytest.mark.slow
def test_the_same_pin_set_twice_gets_a_fresh_salt(services: Services, db_path: Path) -> None:
    def stored() -> str:
        with sqlite3.connect(db_path) as con:
            return str(
                con.execute("SELECT value FROM app_setting WHERE key = ?", (PIN_KEY,)).fetchone()[0]
            )

    services.stations.set_pin("2468")
    first = stored()
    services.stations.set_pin("2468", current_pin="2468")
    assert stored() != first


@pytest.mark.slow
def test_changing_the_pin_needs_the_current_one_and_a_refusal_changes_nothing(
    services: Services, db_path: Path, fake_clock: FakeClock
) -> None:
    services.stations.set_pin("2468")
    before = change_stations(db_path)
    with pytest.raises(PinError, match="current PIN is not right"):
        services.stations.set_pin("1357", current_pin="9999")
    with pytest.raises(PinError, match="current PIN is not right"):
        services.stations.set_pin("1357")
    with pytest.raises(ValidationError, match="4 to 12 digits"):
        services.stations.set_pin("12", current_pin="2468")
    assert change_stations(db_path) == before
    assert services.stations.check_pin("2468")
    outcome = services.stations.set_pin("1357", current_pin="2468")
    assert outcome.changes.revision > 0
    assert services.stations.check_pin("1357")
    assert not services.stations.check_pin("2468")
    assert change_stations(db_path)[-1] == ("director's PIN changed", "director")


@pytest.mark.slow
def test_the_demo_is_recorded_by_the_station_that_built_it(
    services: Services, db_path: Path
) -> None:
    laptop = at(services, "director@laptop")
    tid = laptop.demo.create_demo().value.id
    assert {station for _summary, station in change_stations(db_path)} == {"director@laptop"}
    assert {entry.station for entry in services.cashier.ledger(tid)} == {"director@laptop"}
    assert {e.station for e in services.results.busts(tid)} == {"director@laptop"}
