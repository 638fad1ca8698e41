"""Compound cashier actions are one service call and one write transaction.

A buy-in seats its player in the sale's own transaction; a bust frees the seat in its own; a
rebuy or an undone bust gives the player back the seat left at the bust when it is still free,
else draws one by the rules and says where. The statement budget of one buy-in with its seat is
counted here through SQLAlchemy's engine events (its timing is `bench/bench_buyin.py`'s job).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import pytest
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlmodel import select

from clockapp.core.busts import BustError
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RebuyRule, ReEntryRule, RegistrationRule
from clockapp.core.money.field import BustInput
from clockapp.core.money.records import CashierConfig
from clockapp.core.registration import RegistrationStatus
from clockapp.errors import DomainError
from clockapp.persistence.models import BustRow
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails
from tests.fakes import FakeClock

#: The budget for one buy-in with its seat.
MAX_STATEMENTS = 40


@dataclass
class Counted:
    """SQL statements run, and write transactions begun (BEGIN IMMEDIATE on SQLite)."""

    statements: list[str] = field(default_factory=list)

    @property
    def writes(self) -> int:
        return sum(1 for s in self.statements if s.strip().upper().startswith("BEGIN IMMEDIATE"))

    @property
    def count(self) -> int:
        return len(self.statements)


@contextmanager
def counting(engine: Engine) -> Iterator[Counted]:
    counted = Counted()

    def on_execute(_conn: object, _cursor: object, statement: str, *_rest: object) -> None:
        counted.statements.append(statement)

    event.listen(engine, "before_cursor_execute", on_execute)
    try:
        yield counted
    finally:
        event.remove(engine, "before_cursor_execute", on_execute)


@pytest.fixture
def tid(services: Services) -> int:
    tid = services.tournaments.create("Friday").value.id
    rules = EntryRules(
        # Late registration runs with the rebuys (with no level, the first bust closes it).
        RegistrationRule(EntryPrice(2000), 10_000, late_until_level=6),
        rebuy=RebuyRule(EntryPrice(2000), 10_000, last_level=6),
        re_entry=ReEntryRule(EntryPrice(2000), 10_000),
    )
    services.cashier.set_config(tid, CashierConfig(rules))
    services.clock.start(tid)  # rebuys are sold once the clock runs
    return tid


def _player(services: Services, name: str) -> int:
    return services.players.create(PlayerDetails(name)).value.id


def _bought_in(services: Services, tid: int, *names: str) -> list[int]:
    return [
        services.cashier.buy_in(tid, _player(services, name), seat=True).value.registration.id
        for name in names
    ]


# ---------------------------------------------------------------------------- buy-in and seat
@pytest.mark.slow
def test_a_buy_in_seats_the_player_in_one_transaction(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 2, seat_count=9)
    _bought_in(services, tid, "Ann", "Bob", "Cy")
    pid = _player(services, "Di")
    before = services.cashier.balances(tid).entries
    with counting(services.ctx.engine) as counted:
        outcome = services.cashier.buy_in(tid, pid, seat=True)
    assert counted.writes == 1
    assert counted.count <= MAX_STATEMENTS, "\n".join(counted.statements)
    receipt = outcome.value
    assert receipt.seat is not None
    assert receipt.seat.seat is not None
    room = services.seating.room(tid)
    assert room.seat_of(receipt.registration.id) == receipt.seat.seat.seat
    assert room.waiting == ()
    assert [t.count for t in room.tables] == [2, 2]  # the shortest table drew
    assert receipt.seat.sentence.startswith(f"Drew {receipt.seat.seat.seat}")
    assert services.cashier.balances(tid).entries == before + 1
    assert outcome.changes.revision == services.tournaments.revision_of(tid).tournament


def test_a_buy_in_without_tables_sells_and_seats_nobody(services: Services, tid: int) -> None:
    receipt = services.cashier.buy_in(tid, _player(services, "Ann"), seat=True).value
    assert receipt.seat is None
    assert receipt.registration.status is RegistrationStatus.PLAYING


@pytest.mark.slow
def test_a_full_room_keeps_the_sale_and_says_why_there_is_no_seat(
    services: Services, tid: int
) -> None:
    services.seating.add_tables(tid, 1, seat_count=2)
    _bought_in(services, tid, "Ann", "Bob")
    receipt = services.cashier.buy_in(tid, _player(services, "Cy"), seat=True).value
    assert receipt.seat is not None
    assert receipt.seat.seat is None
    assert receipt.seat.sentence.startswith("No seat drawn:")
    assert receipt.registration.status is RegistrationStatus.PLAYING
    assert [w.name for w in services.seating.room(tid).waiting] == ["Cy"]


@pytest.mark.slow
def test_a_re_entry_with_a_seat_draws_a_new_one_in_the_same_transaction(
    services: Services, tid: int
) -> None:
    services.seating.add_tables(tid, 2, seat_count=9)
    ann, *_ = _bought_in(services, tid, "Ann", "Bob", "Cy")
    services.results.bust(tid, ann, follow_seating=True)
    with counting(services.ctx.engine) as counted:
        receipt = services.cashier.re_enter(tid, ann, seat=True).value
    assert counted.writes == 1
    assert receipt.seat is not None
    assert receipt.seat.seat is not None
    assert services.seating.room(tid).seat_of(ann) == receipt.seat.seat.seat


# ---------------------------------------------------------------------------- busts
@pytest.mark.slow
def test_a_bust_frees_the_seat_in_its_own_transaction(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 2, seat_count=9)
    ann, *_ = _bought_in(services, tid, "Ann", "Bob", "Cy")
    with counting(services.ctx.engine) as counted:
        services.results.bust(tid, ann, follow_seating=True)
    assert counted.writes == 1
    assert any(s.startswith("DELETE FROM seat") for s in counted.statements)
    room = services.seating.room(tid)
    assert room.seat_of(ann) is None
    assert room.waiting == ()
    assert sum(t.count for t in room.tables) == 2


# ---------------------------------------------------------------------------- seats given back
def _bust_as_the_desk_did(services: Services, tid: int, rid: int) -> None:
    """The bust, then the seating following it: the seat row is gone afterwards."""
    services.results.bust(tid, rid)
    services.seating.on_player_busted(tid, rid)


@pytest.mark.slow
@pytest.mark.parametrize("follow", ["desk", "one call"])
def test_a_rebuy_gives_the_player_the_seat_back(services: Services, tid: int, follow: str) -> None:
    services.seating.add_tables(tid, 2, seat_count=9)
    ann, *_ = _bought_in(services, tid, "Ann", "Bob", "Cy", "Di")
    seat = services.seating.room(tid).seat_of(ann)
    assert seat is not None
    if follow == "desk":
        _bust_as_the_desk_did(services, tid, ann)
    else:
        services.results.bust(tid, ann, follow_seating=True)
    assert services.seating.room(tid).seat_of(ann) is None

    receipt = services.cashier.rebuy(tid, ann).value

    room = services.seating.room(tid)
    assert room.seat_of(ann) == seat
    assert room.waiting == ()  # not left waiting for a seat
    assert sorted(t.count for t in room.tables) == [2, 2]
    assert receipt.seat is not None
    assert receipt.seat.sentence.startswith(f"Back at {seat}")


@pytest.mark.slow
def test_a_rebuy_whose_seat_was_taken_draws_one_and_says_where(
    services: Services, tid: int
) -> None:
    services.seating.add_tables(tid, 2, seat_count=9)
    ann, *_ = _bought_in(services, tid, "Ann", "Bob", "Cy", "Di")
    seat = services.seating.room(tid).seat_of(ann)
    assert seat is not None
    _bust_as_the_desk_did(services, tid, ann)
    ed = services.cashier.buy_in(tid, _player(services, "Ed")).value.registration.id
    services.seating.seat_player(tid, ed, seat.table, seat.number)  # Ed sits in Ann's old seat

    receipt = services.cashier.rebuy(tid, ann).value

    room = services.seating.room(tid)
    new = room.seat_of(ann)
    assert new is not None
    assert new != seat
    assert room.seat_of(ed) == seat
    assert room.waiting == ()
    assert receipt.seat is not None
    assert receipt.seat.seat is not None
    assert receipt.seat.seat.seat == new
    assert receipt.seat.sentence.startswith(f"{seat} is no longer free: Drew {new}")


@pytest.mark.slow
def test_a_rebuy_recorded_with_the_bust_at_the_table_keeps_the_seat(
    services: Services, tid: int
) -> None:
    services.seating.add_tables(tid, 2, seat_count=9)
    ann, *_ = _bought_in(services, tid, "Ann", "Bob", "Cy")
    seat = services.seating.room(tid).seat_of(ann)
    receipt = services.cashier.rebuy(tid, ann, busted_at_table=True).value
    assert services.seating.room(tid).seat_of(ann) == seat
    assert receipt.seat is not None
    assert not receipt.seat.changed


@pytest.mark.slow
def test_an_undone_bust_gives_the_seat_back_after_the_seating_followed(
    services: Services, tid: int
) -> None:
    services.seating.add_tables(tid, 2, seat_count=9)
    ann, *_ = _bought_in(services, tid, "Ann", "Bob", "Cy", "Di")
    seat = services.seating.room(tid).seat_of(ann)
    assert seat is not None
    _bust_as_the_desk_did(services, tid, ann)
    services.seating.acknowledge_all(tid)  # any seating write between the bust and its undo

    with counting(services.ctx.engine) as counted:
        report = services.results.undo_bust(tid, ann).value

    assert counted.writes == 1
    room = services.seating.room(tid)
    assert room.seat_of(ann) == seat
    assert room.waiting == ()
    assert [note.sentence.split(":")[0] for note in report.seats] == [f"Back at {seat}"]


@pytest.mark.slow
def test_an_undone_bust_whose_seat_was_taken_draws_by_the_rules(
    services: Services, tid: int
) -> None:
    services.seating.add_tables(tid, 2, seat_count=9)
    ann, *_ = _bought_in(services, tid, "Ann", "Bob", "Cy", "Di")
    seat = services.seating.room(tid).seat_of(ann)
    assert seat is not None
    services.results.bust(tid, ann, follow_seating=True)
    ed = services.cashier.buy_in(tid, _player(services, "Ed")).value.registration.id
    services.seating.seat_player(tid, ed, seat.table, seat.number)

    report = services.results.undo_bust(tid, ann).value

    room = services.seating.room(tid)
    new = room.seat_of(ann)
    assert new is not None
    assert new not in (seat, None)
    assert room.waiting == ()
    assert sorted(t.count for t in room.tables) == [2, 3]
    (note,) = report.seats
    assert note.seat is not None
    assert note.seat.seat == new
    assert f"{seat} is no longer free" in note.sentence


def test_an_undone_bust_of_a_player_never_seated_seats_nobody(services: Services, tid: int) -> None:
    ann = services.cashier.buy_in(tid, _player(services, "Ann")).value.registration.id
    services.cashier.buy_in(tid, _player(services, "Bob"))
    services.results.bust(tid, ann, follow_seating=True)
    services.seating.add_tables(tid, 1, seat_count=9)
    report = services.results.undo_bust(tid, ann).value
    assert report.seats == ()
    assert [w.name for w in services.seating.room(tid).waiting] == ["Ann", "Bob"]


@pytest.mark.slow
def test_the_seat_left_is_kept_on_the_bust_record(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 1, seat_count=9)
    ann, *_ = _bought_in(services, tid, "Ann", "Bob")
    seat = services.seating.room(tid).seat_of(ann)
    assert seat is not None
    services.results.bust(tid, ann, follow_seating=True)
    with services.ctx.reading() as session:
        rows = session.exec(select(BustRow)).all()
    assert [(r.registration_id, r.table_number, r.seat_number) for r in rows] == [
        (ann, seat.table, seat.number)
    ]


@pytest.mark.slow
def test_undoing_a_hand_puts_every_player_back_in_one_transaction(
    services: Services, tid: int
) -> None:
    services.seating.add_tables(tid, 2, seat_count=9)
    ann, bob, *_ = _bought_in(services, tid, "Ann", "Bob", "Cy", "Di", "Ed")
    room = services.seating.room(tid)
    seats = {ann: room.seat_of(ann), bob: room.seat_of(bob)}
    busts = [BustInput(ann, 1000), BustInput(bob, 2000)]
    services.results.bust_players(tid, busts, follow_seating=True)
    before = services.results.busts(tid)

    with pytest.raises(BustError, match="named twice"):
        services.results.undo_hand(tid, [bob, bob])
    assert services.results.busts(tid) == before
    with counting(services.ctx.engine) as counted:
        report = services.results.undo_hand(tid, [bob, ann]).value

    assert counted.writes == 1
    room = services.seating.room(tid)
    assert {rid: room.seat_of(rid) for rid in seats} == seats
    assert [n.sentence.split(":")[0] for n in report.seats] == [
        f"Back at {seats[bob]}",
        f"Back at {seats[ann]}",
    ]
    statuses = {r.id: r.status for r in services.cashier.registrations(tid)}
    assert statuses[ann] is statuses[bob] is RegistrationStatus.PLAYING


# ---------------------------------------------------------------------------- the till cache
@pytest.mark.slow
def test_a_second_station_sees_the_first_stations_sale_at_once(
    services: Services, tid: int, engine: Engine, fake_clock: FakeClock
) -> None:
    other = Services(engine, now=fake_clock)
    assert other.cashier.registrations(tid) == ()  # its cache holds the empty till
    _bought_in(services, tid, "Ann", "Bob")
    assert [r.name for r in other.cashier.registrations(tid)] == ["Ann", "Bob"]
    assert other.cashier.balances(tid).entries == 2
    ann = other.cashier.registrations(tid)[0].id
    other.results.bust(tid, ann)
    assert services.cashier.registration(tid, ann).status is RegistrationStatus.BUSTED


@pytest.mark.slow
def test_a_refused_action_leaves_no_trace_in_the_cache(services: Services, tid: int) -> None:
    """The till a refused action changed in memory is never kept: the next read is as before."""
    ann, bob = _bought_in(services, tid, "Ann", "Bob")
    services.results.bust(tid, bob, busted_by=ann)  # Ann wins: her prize is due
    services.payouts.pay_prize(tid, ann, None)
    ledger = services.cashier.ledger(tid)
    registrations = services.cashier.registrations(tid)
    bob_buy_in = next(row for row in ledger if row.registration_id == bob)
    with pytest.raises(DomainError):  # the prize paid would be more than due
        services.cashier.void(tid, bob_buy_in.id, "wrong player")
    assert services.cashier.ledger(tid) == ledger
    assert services.cashier.registrations(tid) == registrations
