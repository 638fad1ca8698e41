"""A tournament as one file: exported, imported into another database, refused when bad."""

from __future__ import annotations

import gzip
import hashlib
import json
import shutil
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from clockapp.core.host_events import HostEvent, Trigger
from clockapp.core.house import Look
from clockapp.core.icm import DealMethod
from clockapp.core.tournament_file import (
    FORMAT_VERSION,
    MAX_PAYLOAD_BYTES,
    TournamentFileError,
)
from clockapp.persistence.db import make_engine, open_database, sqlite_url
from clockapp.persistence.queries import host_events as host_rows
from clockapp.persistence.queries.tournament_file import tournament_specs
from clockapp.persistence.session import Engine
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails
from tests.dbdump import dump_database as dump
from tests.fakes import FakeClock
from tests.services.cashier.test_cashier import FREEZE_OUT, STRUCTURE, at_item, configure, seat
from tests.services.seating.test_seating import buy_ins

LOOK = Look(title="Friday Night Poker", theme="day", colours={"BLINDS": "#5a3000"})


@pytest.fixture
def other(tmp_path: Path, migrated_template: Path, fake_clock: FakeClock) -> Iterator[Services]:
    """A second computer: its own database, which already holds a tournament and players."""
    path = tmp_path / "other.db"
    shutil.copyfile(migrated_template, path)
    engine: Engine = make_engine(sqlite_url(path))
    services = Services(engine, now=fake_clock)
    # Entries of its own, so the imported rows cannot keep their ids by luck.
    last_week = services.tournaments.create("Last week").value.id
    configure(services, last_week, FREEZE_OUT)
    for name in ("Zed Early", "Yan Early", "Xia Early"):
        seat(services, last_week, name)
    yield services
    engine.dispose()


@pytest.fixture
def night(services: Services) -> int:
    """The demo night (entries, busts, tables, a move, a running clock) with a look."""
    tid = services.demo.create_demo().value.id
    services.house.set_look(tid, LOOK)
    return tid


def _figures(services: Services, tid: int) -> dict[str, Any]:
    snapshot = services.clock.snapshot(tid)
    seating = services.seating.seating(tid)
    return {
        "name": snapshot.tournament.name,
        "structure": snapshot.structure,
        "clock": snapshot.state,
        "chips": snapshot.chip_set,
        "stats": snapshot.stats,
        "look": snapshot.house.look,
        "payouts": services.payouts.table(tid),
        "seats": repr(seating).count("Seat"),
    }


def _deal_night(services: Services) -> int:
    """A night that ends in a deal: its shares name entries by id inside the ledger's JSON."""
    tid = services.tournaments.create("Deal night").value.id
    services.structure.replace(tid, STRUCTURE)
    configure(services, tid, FREEZE_OUT)
    at_item(services, tid, 1)
    ids = [seat(services, tid, name) for name in ("Ann", "Bob", "Cy", "Dee")]
    for loser in ids[:1:-1]:
        services.results.bust(tid, loser, busted_by=ids[0])
    stacks = {ids[0]: 24_000, ids[1]: services.clock.snapshot(tid).stats.chips_in_play - 24_000}
    services.payouts.record_deal(tid, stacks, method=DealMethod.CHIP_CHOP)
    return tid


@pytest.mark.slow
def test_a_deal_round_trips_with_its_shares_on_the_new_entries(
    services: Services, other: Services
) -> None:
    tid = _deal_night(services)
    data = services.tournament_file.export_tournament(tid)
    new = other.tournament_file.import_tournament(data, {}).value.id
    deal, copied = services.payouts.deal(tid), other.payouts.deal(new)
    assert deal is not None
    assert copied is not None
    names = {r.registration_id: r.name for r in services.results.results(tid)}
    new_names = {r.registration_id: r.name for r in other.results.results(new)}
    assert [new_names[r] for r in copied.registration_ids] == [
        names[r] for r in deal.registration_ids
    ]
    assert copied.amounts == deal.amounts
    assert [(r.name, r.place, r.prize) for r in other.results.results(new)] == [
        (r.name, r.place, r.prize) for r in services.results.results(tid)
    ]


@pytest.mark.slow
def test_a_shootout_round_trips_on_the_new_entries(services: Services, other: Services) -> None:
    tid = services.tournaments.create("Shootout").value.id
    services.seating.add_tables(tid, 2, seat_count=3)
    buy_ins(services, tid, 6)
    view = services.seating.start_shootout(tid).value
    services.seating.shootout_bust(tid, view.shootout.current.remaining(1)[0])
    data = services.tournament_file.export_tournament(tid)

    new = other.tournament_file.import_tournament(data, {}).value.id

    def tables(s: Services, t: int) -> list[list[str]]:
        names = {r.registration_id: r.name for r in s.results.results(t)}
        shootout = s.seating.shootout(t)
        assert shootout is not None
        current = shootout.shootout.current
        return [sorted(names[p] for p in current.remaining(n)) for n in (1, 2)]

    assert tables(other, new) == tables(services, tid)


def test_host_events_and_their_claims_follow_the_new_ids(
    services: Services, other: Services, fake_clock: FakeClock
) -> None:
    tid = services.tournaments.create("Events").value.id
    kept = services.host_events.save(
        tid, HostEvent(0, Trigger.FINAL_TABLE, wall_text="Final table!", seconds=10)
    ).value
    removed = services.host_events.save(
        tid, HostEvent(0, Trigger.PLAYERS_LEFT, players=3, wall_text="Three left", seconds=10)
    ).value
    with services.ctx.transaction() as session:
        host_rows.claim(session, tid, f"{kept.id}:final", fake_clock())
        host_rows.claim(session, tid, f"{removed.id}:players:3", fake_clock())
    services.host_events.delete(tid, removed.id)
    # The other computer has events of its own, so the imported ones get other ids.
    mine = other.tournaments.create("Mine").value.id
    for n in range(3):
        other.host_events.save(
            mine, HostEvent(0, Trigger.FINAL_TABLE, wall_text=f"{n}", seconds=10)
        )
    data = services.tournament_file.export_tournament(tid)

    new = other.tournament_file.import_tournament(data, {}).value.id

    (event,) = other.host_events.events(new)
    assert event.id != kept.id
    assert event.wall_text == "Final table!"
    with other.ctx.reading() as session:
        # Its occurrence stays claimed on its new id: it does not fire again there; the claim
        # of the removed event has no event to name and is not carried.
        assert host_rows.claimed(session, new) == {f"{event.id}:final"}


def test_wall_layouts_screen_sets_and_screens_travel_with_the_tournament(
    services: Services, other: Services
) -> None:
    from clockapp.core.layouts.cells import Cell, CellKind, Layout, Rect
    from clockapp.core.layouts.screen_sets import ScreenSet, Turn

    tid = services.tournaments.create("Layouts").value.id
    clock = Layout("Clock", (Cell(CellKind.COUNTDOWN, Rect(0, 0, 10_000, 10_000)),))
    services.layouts.save_layout(tid, clock)
    turns = ScreenSet("Turns", (Turn("Clock", 30), Turn("Today's wall", 10)))
    services.layouts.save_screen_set(tid, turns)
    services.layouts.choose(tid, "wall", screen_set="Turns")
    services.layouts.choose(tid, "bar", layout="Clock")
    # The other computer has layouts of its own, of the same names.
    mine = other.tournaments.create("Mine").value.id
    other.layouts.save_layout(mine, clock)
    data = services.tournament_file.export_tournament(tid)

    new = other.tournament_file.import_tournament(data, {}).value.id

    assert other.layouts.layouts(new) == services.layouts.layouts(tid)
    assert other.layouts.layouts(mine).screens == ()


def _rows_without_ids(data: bytes) -> dict[str, list[list[Any]]]:
    payload = json.loads(json.loads(gzip.decompress(data))["payload"])
    # Ids and the columns that name rows by id differ in the other database by design.
    ids = {
        (spec.name, column.name)
        for spec in tournament_specs()
        for column in spec.columns
        if column.references is not None or column.name == spec.key
    }
    out = {}
    for name, table in payload["tables"].items():
        keep = [i for i, c in enumerate(table["columns"]) if (name, c) not in ids]
        out[name] = [[row[i] for i in keep] for row in table["rows"]]
    return out


@pytest.mark.slow
def test_a_night_round_trips_into_another_database(
    services: Services, night: int, other: Services
) -> None:
    data = services.tournament_file.export_tournament(night)
    summary = other.tournament_file.read_tournament_file(data)
    assert summary.name == services.tournaments.get(night).name
    assert summary.entries > 0
    assert all(player.namesakes == () for player in summary.players)

    new = other.tournament_file.import_tournament(data, {}).value
    assert new.id != night
    assert _figures(other, new.id) == _figures(services, night)
    again = other.tournament_file.export_tournament(new.id)
    before, after = _rows_without_ids(data), _rows_without_ids(again)
    # The import itself is one more entry in the history; everything else is as it was.
    assert after.pop("change")[:-1] == before.pop("change")
    assert after["tournament"][0][-1] == before["tournament"][0][-1] + 1  # revision
    after.pop("tournament"), before.pop("tournament")
    assert after == before


@pytest.mark.slow
def test_players_matched_by_name_are_not_added_again(
    services: Services, night: int, other: Services
) -> None:
    data = services.tournament_file.export_tournament(night)
    first = services.tournament_file.read_tournament_file(data).players[0]
    existing = other.players.create(PlayerDetails(name=first.name)).value
    summary = other.tournament_file.read_tournament_file(data)
    match = next(p for p in summary.players if p.file_id == first.file_id)
    assert [p.id for p in match.namesakes] == [existing.id]
    count = len(other.players.list())

    other.tournament_file.import_tournament(data, {first.file_id: existing.id})

    assert len(other.players.list()) == count + len(summary.players) - 1
    assert [p.name for p in other.players.list()].count(first.name) == 1


def _envelope(data: bytes) -> dict[str, Any]:
    envelope: dict[str, Any] = json.loads(gzip.decompress(data))
    return envelope


def _pack(envelope: dict[str, Any]) -> bytes:
    return gzip.compress(json.dumps(envelope).encode())


def _with_payload(data: bytes, change: Callable[[dict[str, Any]], None]) -> bytes:
    envelope = _envelope(data)
    payload = json.loads(envelope["payload"])
    change(payload)
    text = json.dumps(payload)
    envelope["payload"] = text
    envelope["sha256"] = hashlib.sha256(text.encode()).hexdigest()
    return _pack(envelope)


def _cell(table: str, column: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(payload: dict[str, Any]) -> None:
        rows = payload["tables"][table]
        rows["rows"][0][rows["columns"].index(column)] = value

    return change


def _duplicate_row(table: str) -> Callable[[dict[str, Any]], None]:
    def change(payload: dict[str, Any]) -> None:
        rows = payload["tables"][table]["rows"]
        rows.append(list(rows[0]))

    return change


def _newer(data: bytes) -> bytes:
    envelope = _envelope(data)
    envelope["version"] = FORMAT_VERSION + 1
    return _pack(envelope)


def _flipped(data: bytes) -> bytes:
    middle = len(data) // 2
    return data[:middle] + bytes([data[middle] ^ 0xFF]) + data[middle + 1 :]


def _bad_checksum(data: bytes) -> bytes:
    envelope = _envelope(data)
    envelope["sha256"] = "0" * 64
    return _pack(envelope)


def _bomb(_data: bytes) -> bytes:
    # Written a megabyte at a time, quickly: a few hundred kilobytes that unpack past the limit.
    packer = zlib.compressobj(1, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    chunk = b" " * (1 << 20)
    parts = [packer.compress(chunk) for _ in range(MAX_PAYLOAD_BYTES // len(chunk) + 1)]
    return b"".join([*parts, packer.flush()])


def _deep(data: bytes) -> bytes:
    envelope = _envelope(data)
    envelope["extra"] = json.loads("[" * 50 + "]" * 50)
    return _pack(envelope)


REFUSED: dict[str, tuple[Callable[[bytes], bytes], str]] = {
    "truncated": (lambda data: data[: len(data) // 2], "cut short"),
    "flipped byte": (_flipped, "damaged"),
    "bad checksum": (_bad_checksum, "checksum does not match"),
    "not gzip": (lambda data: b"PK\x03\x04 a zip", "not gzip'd"),
    "gzip bomb": (_bomb, "unpacks to more than"),
    "deep": (_deep, "nested more than"),
    "other format": (lambda d: _pack({**_envelope(d), "format": "x"}), "not a clockapp"),
    "newer": (_newer, f"reads tournament files up to version {FORMAT_VERSION}"),
    "text for a number": (
        lambda d: _with_payload(d, _cell("ledger_row", "amount", "100")),
        "ledger_row, row 1, amount is not a whole number",
    ),
    "bool for a number": (
        lambda d: _with_payload(d, _cell("ledger_row", "amount", True)),
        "is not a whole number",
    ),
    "negative money": (
        lambda d: _with_payload(d, _cell("ledger_row", "amount", -500)),
        "amount is out of range (-500)",
    ),
    "huge number": (
        lambda d: _with_payload(d, _cell("ledger_row", "amount", 2**70)),
        "out of range",
    ),
    "long name": (
        lambda d: _with_payload(d, _cell("player", "name", "x" * 5000)),
        "longer than 200 characters",
    ),
    "empty player name": (
        lambda d: _with_payload(d, _cell("player", "name", "   ")),
        "player 1: A player needs a name",
    ),
    "bad moment": (
        lambda d: _with_payload(d, _cell("ledger_row", "created_at", "yesterday")),
        "not a date and time",
    ),
    "duplicate ids": (lambda d: _with_payload(d, _duplicate_row("registration")), "same id twice"),
    "dangling reference": (
        lambda d: _with_payload(d, _cell("registration", "player_id", 99999)),
        "points at player 99999",
    ),
    "unknown table": (
        lambda d: _with_payload(d, lambda p: p["tables"].update(evil={"columns": [], "rows": []})),
        "table this app does not know",
    ),
    "two tournaments": (
        lambda d: _with_payload(d, _duplicate_row("tournament")),
        "same id twice",
    ),
    "bad status": (
        lambda d: _with_payload(d, _cell("registration", "status", "cheating")),
        "breaks a rule of the database",
    ),
}


@pytest.fixture(scope="module")
def night_file(tmp_path_factory: pytest.TempPathFactory, migrated_template: Path) -> bytes:
    """The demo night's file, made once for the refusals (each spoils its own copy)."""
    path = tmp_path_factory.mktemp("night") / "night.db"
    shutil.copyfile(migrated_template, path)
    engine = make_engine(sqlite_url(path))
    try:
        services = Services(engine, now=FakeClock())
        tid = services.demo.create_demo().value.id
        services.house.set_look(tid, LOOK)
        return services.tournament_file.export_tournament(tid)
    finally:
        engine.dispose()


@pytest.mark.slow
@pytest.mark.parametrize("case", sorted(REFUSED))
def test_a_damaged_hostile_or_newer_file_is_refused_and_nothing_changes(
    night_file: bytes, other: Services, case: str
) -> None:
    spoil, reason = REFUSED[case]
    bad = spoil(night_file)
    before = dump(other.ctx.engine)
    with pytest.raises(TournamentFileError, match=reason.replace("(", r"\(").replace(")", r"\)")):
        other.tournament_file.import_tournament(bad, {})
    assert dump(other.ctx.engine) == before


@pytest.mark.slow
def test_a_match_to_a_player_who_is_gone_is_refused_and_nothing_changes(
    services: Services, night: int, other: Services
) -> None:
    data = services.tournament_file.export_tournament(night)
    first = services.tournament_file.read_tournament_file(data).players[0]
    before = dump(other.ctx.engine)
    with pytest.raises(TournamentFileError, match="not in this database"):
        other.tournament_file.import_tournament(data, {first.file_id: 4242})
    assert dump(other.ctx.engine) == before


@pytest.mark.slow
@pytest.mark.postgres
def test_a_night_round_trips_into_postgresql_and_back(
    services: Services, night: int, pg_url: str, fake_clock: FakeClock
) -> None:
    server = Services(open_database(pg_url), now=fake_clock)
    try:
        data = services.tournament_file.export_tournament(night)
        new = server.tournament_file.import_tournament(data, {}).value.id
        assert _figures(server, new) == _figures(services, night)
        again = server.tournament_file.export_tournament(new)
        before = dump(server.ctx.engine)
        with pytest.raises(TournamentFileError, match="breaks a rule of the database"):
            server.tournament_file.import_tournament(
                _with_payload(again, _cell("registration", "status", "cheating")), {}
            )
        assert dump(server.ctx.engine) == before
        back = services.tournament_file.import_tournament(again, {}).value.id
        assert _figures(services, back) == _figures(services, night)
    finally:
        server.ctx.engine.dispose()
