"""A buy-in's seat is drawn from the rows the draw needs and written as one row.

The sale seats its player without loading or storing the whole room (`services.seating.sale_seat`);
the draw still follows the room's rules: stale seats go first and free their seat, team members
spread, a closed seat is never drawn, a player not in play gets no seat, and the tables whose
players changed are dated. A bust frees its seat the same way (its row goes, its table is dated).
A stored shootout's room still goes through the whole room.
"""

from __future__ import annotations

import random

import pytest
from sqlmodel import Session, col, select

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.core.seating import Seat, Seating, Table, draw_seat
from clockapp.persistence.locks import lock_tournament
from clockapp.persistence.models import GameTableRow, SeatRow
from clockapp.services.app import Services
from clockapp.services.changes import Change
from clockapp.services.context import record_change
from clockapp.services.players import PlayerDetails
from clockapp.services.seating.sale_seat import seat_one
from tests.fakes import FakeClock
from tests.services.test_compound_actions import counting


@pytest.fixture
def tid(services: Services) -> int:
    tid = services.tournaments.create("Friday").value.id
    rules = EntryRules(RegistrationRule(EntryPrice(2000), 10_000, late_until_level=6))
    services.cashier.set_config(tid, CashierConfig(rules))
    services.clock.start(tid)
    return tid


def _buy_in(services: Services, tid: int, name: str, team: str = "") -> int:
    pid = services.players.create(PlayerDetails(name, team=team)).value.id
    return services.cashier.buy_in(tid, pid, seat=True).value.registration.id


def _seat_rows(services: Services, tid: int) -> list[tuple[int, int, int]]:
    with Session(services.ctx.engine) as session:
        rows = session.exec(select(SeatRow).where(col(SeatRow.tournament_id) == tid)).all()
        return sorted((r.registration_id, r.table_number, r.seat_number) for r in rows)


@pytest.mark.slow
def test_the_seat_is_drawn_without_loading_the_room(services: Services, tid: int) -> None:
    """The draw reads the tables, the seats and the player; not the move counts, the balancing
    settings or every player's name (the whole room, as `load_room` reads it)."""
    services.seating.add_tables(tid, 3, seat_count=9)
    for name in ("Ann", "Bob", "Cy", "Di"):
        _buy_in(services, tid, name)
    pid = services.players.create(PlayerDetails("Ed")).value.id
    with counting(services.ctx.engine) as counted:
        receipt = services.cashier.buy_in(tid, pid, seat=True).value
    assert receipt.seat is not None
    assert receipt.seat.seat is not None
    seat_sql = [s for s in counted.statements if " seat" in s or "game_table" in s]
    assert not [s for s in seat_sql if "seat_move_count" in s or "seating_config" in s]
    assert [s.split("(")[0].strip() for s in seat_sql if s.startswith("INSERT")] == [
        "INSERT INTO seat"
    ]
    assert len(seat_sql) <= 6, "\n".join(seat_sql)  # shootout?, tables, seats, player, 2 writes


@pytest.mark.slow
def test_a_stale_seat_goes_and_its_seat_can_be_drawn(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 1, seat_count=3)
    ann, bob, cy = (_buy_in(services, tid, name) for name in ("Ann", "Bob", "Cy"))
    services.results.bust(tid, ann)  # the seat row stays, stale, until a seating write
    assert len(_seat_rows(services, tid)) == 3

    di = _buy_in(services, tid, "Di")  # the room is full but for Ann's stale seat

    rows = _seat_rows(services, tid)
    assert sorted(rid for rid, _t, _s in rows) == [bob, cy, di]
    room = services.seating.room(tid)
    assert room.waiting == ()
    assert room.seat_of(di) is not None


@pytest.mark.slow
def test_teammates_spread_over_the_tables(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 2, seat_count=9)
    for _ in range(10):  # the draw is random: the rule holds every time
        ann = _buy_in(services, tid, f"Ann {_}", team=f"Aces {_}")
        ben = _buy_in(services, tid, f"Ben {_}", team=f"Aces {_}")
        room = services.seating.room(tid)
        first, second = room.seat_of(ann), room.seat_of(ben)
        assert first is not None
        assert second is not None
        assert first.table != second.table
        if sum(t.count for t in room.tables) >= 16:
            break


@pytest.mark.slow
def test_a_closed_seat_is_never_drawn_and_a_full_room_says_so(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 1, seat_count=3)
    services.seating.close_seat(tid, 1, 2)
    ann = _buy_in(services, tid, "Ann")
    bob = _buy_in(services, tid, "Bob")
    room = services.seating.room(tid)
    assert {room.seat_of(ann), room.seat_of(bob)} == {Seat(1, 1), Seat(1, 3)}
    pid = services.players.create(PlayerDetails("Cy")).value.id
    receipt = services.cashier.buy_in(tid, pid, seat=True).value
    assert receipt.seat is not None
    assert receipt.seat.seat is None
    assert receipt.seat.sentence == (
        "No seat drawn: No open seat is free: add a table or open a seat first."
    )


@pytest.mark.slow
def test_the_drawn_table_is_dated(services: Services, tid: int, fake_clock: FakeClock) -> None:
    services.seating.add_tables(tid, 1, seat_count=9)
    _buy_in(services, tid, "Ann")
    with Session(services.ctx.engine) as session:
        table = session.exec(select(GameTableRow).where(col(GameTableRow.tournament_id) == tid))
        assert table.one().seats_changed_at == fake_clock()


@pytest.mark.slow
def test_a_player_not_in_play_gets_no_seat(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 1, seat_count=9)
    ann = _buy_in(services, tid, "Ann")
    _buy_in(services, tid, "Bob")
    services.results.bust(tid, ann, follow_seating=True)
    with services.ctx.transaction() as session:
        note = seat_one(session, tid, ann, services.now(), random.Random(1), None)
    assert note is not None
    assert note.seat is None
    assert note.refusal.startswith("No seat drawn: Ann is not in play")


@pytest.mark.slow
def test_the_draw_is_the_cores_draw(services: Services, tid: int) -> None:
    """With the same random source the seat is the one `draw_seat` picks over the same room."""
    services.seating.add_tables(tid, 3, seat_count=6)
    for name in ("Ann", "Bob", "Cy", "Di"):
        _buy_in(services, tid, name)
    room = services.seating.room(tid)
    seating = Seating(
        tuple(Table(t.number, seat_count=6) for t in room.tables),
        {
            s.registration_id: Seat(t.number, s.number)
            for t in room.tables
            for s in t.seats
            if s.registration_id is not None
        },
    )
    pid = services.players.create(PlayerDetails("Ed")).value.id
    rid = services.cashier.buy_in(tid, pid).value.registration.id
    expected = draw_seat(seating, rid, random.Random(42))
    with services.ctx.transaction() as session:
        note = seat_one(session, tid, rid, services.now(), random.Random(42), None)
    assert note is not None
    assert note.seat is not None
    assert note.seat.seat == expected.seat
    assert note.seat.reason == expected.reason


def test_the_revision_bump_keeps_the_held_tournament_row_in_step(
    services: Services, tid: int
) -> None:
    with services.ctx.transaction() as session:
        row = lock_tournament(session, tid)
        assert row is not None
        changes = record_change(session, tid, Change.SEATING, "test", services.now())
        assert row.revision == changes.revision


@pytest.mark.slow
def test_a_bust_frees_its_seat_without_loading_the_room(
    services: Services, tid: int, fake_clock: FakeClock
) -> None:
    services.seating.add_tables(tid, 2, seat_count=9)
    ann, bob, cy = (_buy_in(services, tid, name) for name in ("Ann", "Bob", "Cy"))
    fake_clock.advance(seconds=60)
    with counting(services.ctx.engine) as counted:
        services.results.bust(tid, ann, follow_seating=True)
    assert any(s.startswith("DELETE FROM seat") for s in counted.statements)
    assert not [s for s in counted.statements if "seat_move_count" in s or "seating_config" in s]
    assert sorted(rid for rid, _t, _s in _seat_rows(services, tid)) == [bob, cy]
    with Session(services.ctx.engine) as session:
        dated = session.exec(
            select(GameTableRow.seats_changed_at).where(col(GameTableRow.tournament_id) == tid)
        ).all()
    assert fake_clock() in dated
