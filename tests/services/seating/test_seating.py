"""The seating service: tables, draws, late entries, hand moves, balancing, breaking, final table.

Most tests write the registrations the cashier leaves behind (`field`, `bust`): buying 30
players in through the cashier costs seconds. `test_the_cashier_drives_who_is_seated` goes the
whole way through the cashier (buy-in, bust, undo, re-entry).

Every refused action must leave the room, the move log and the revision exactly as they were.
"""

from __future__ import annotations

import random
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session, col, select

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, ReEntryRule, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.core.registration import RegistrationStatus
from clockapp.core.seating import DealIn, MoveKind, Seat
from clockapp.core.seating.balancing import BalancePolicy
from clockapp.core.seating.table_breaks import TableBreakRules
from clockapp.errors import DomainError
from clockapp.persistence.models import PlayerRow, RegistrationRow, SeatRow
from clockapp.services.app import Services
from clockapp.services.changes import Change
from clockapp.services.players import PlayerDetails
from clockapp.services.seating import SeatingError, SeatingService
from tests import conftest as shared
from tests.fakes import FakeClock

# ---------------------------------------------------------------------------- helpers
# The other seating test modules take their fixtures from this one (`base.engine`).
template_db = shared.migrated_template
engine = shared.engine


@pytest.fixture
def db_path(tmp_path: Path) -> Iterator[Path]:
    """The database file, in RAM where the system has a RAM disk.

    These tests commit hundreds of times and each commit waits for the disk (synchronous=FULL);
    crash safety is tested in `tests/persistence`, not here.
    """
    shm = Path("/dev/shm")
    if not shm.is_dir():
        yield tmp_path / "seating.db"
        return
    with tempfile.TemporaryDirectory(dir=shm, prefix="clockapp-seating-") as folder:
        yield Path(folder) / "seating.db"


@pytest.fixture
def services(engine: Engine, fake_clock: FakeClock) -> Services:
    """The app's services, with a seeded random source for seating."""
    built = Services(engine, now=fake_clock)
    built.seating = SeatingService(built.ctx, rng=random.Random(20261121))
    return built


@pytest.fixture
def tid(services: Services) -> int:
    return services.tournaments.create("Friday").value.id


def field(
    services: Services, tid: int, count: int, *, teams: dict[int, str] | None = None
) -> list[int]:
    """`count` players bought in (named P01, P02, ...); returns their registration ids."""
    now = services.now()
    ids = []
    with Session(services.ctx.engine) as session, session.begin():
        for n in range(1, count + 1):
            player = PlayerRow(name=f"P{n:02d}", team=(teams or {}).get(n, ""), created_at=now)
            session.add(player)
            session.flush()
            assert player.id is not None
            reg = RegistrationRow(
                tournament_id=tid,
                player_id=player.id,
                status=RegistrationStatus.PLAYING,
                entries=1,
                created_at=now,
                checked_in_at=now,
            )
            session.add(reg)
            session.flush()
            assert reg.id is not None
            ids.append(reg.id)
    return ids


def buy_ins(services: Services, tid: int, count: int) -> list[int]:
    """`count` players (S01, S02, ...) bought in through the cashier; their registration ids.

    Slower than `field`, but the cashier can then record their busts (shootouts do)."""
    rules = EntryRules(RegistrationRule(EntryPrice(2000), 10_000))
    services.cashier.set_config(tid, CashierConfig(rules))
    ids = []
    for n in range(1, count + 1):
        player = services.players.create(PlayerDetails(f"S{n:02d}")).value.id
        ids.append(services.cashier.buy_in(tid, player).value.registration.id)
    return ids


def bust(services: Services, *registration_ids: int) -> None:
    """Mark players out, as the cashier's bust leaves their registrations."""
    with Session(services.ctx.engine) as session, session.begin():
        for rid in registration_ids:
            reg = session.get(RegistrationRow, rid)
            assert reg is not None
            reg.status = RegistrationStatus.BUSTED
            session.add(reg)


def snapshot(services: Services, tid: int) -> tuple[object, ...]:
    """Everything a seating action can change, to show that a refused one changed nothing."""
    seating = services.seating
    with Session(services.ctx.engine) as session:
        seat_rows = tuple(
            (r.registration_id, r.table_number, r.seat_number, r.fixed)
            for r in session.exec(select(SeatRow).order_by(col(SeatRow.id))).all()
        )
    return (
        seating.room(tid),
        seating.moves(tid),
        seating.hand_for_hand(tid),
        seating.shootout(tid),
        seat_rows,
        services.tournaments.revision(),
    )


def place(services: Services, tid: int, layout: dict[int, list[int]]) -> dict[tuple[int, int], int]:
    """Seat a fresh field where a test wants it: {table: [seat numbers]} -> {(table, seat): id}.

    The seat rows are written as `seat_player` writes them, in one transaction (a call per player
    costs a commit each).
    """
    wanted = [(t, s) for t, seats in sorted(layout.items()) for s in seats]
    ids = field(services, tid, len(wanted))
    with Session(services.ctx.engine) as session, session.begin():
        for rid, (table, seat) in zip(ids, wanted, strict=True):
            session.add(
                SeatRow(
                    tournament_id=tid,
                    registration_id=rid,
                    table_number=table,
                    seat_number=seat,
                    seated_at=services.now(),
                )
            )
    return dict(zip(wanted, ids, strict=True))


# ---------------------------------------------------------------------------- tables
def test_tables_are_added_numbered_and_shown_with_their_seats(services: Services, tid: int) -> None:
    outcome = services.seating.add_tables(tid, 2, seat_count=9)
    assert outcome.value == (1, 2)
    assert outcome.changes.touches(Change.SEATING)
    assert services.seating.add_tables(tid, 1, seat_count=6).value == (3,)
    room = services.seating.room(tid)
    assert [(t.number, t.seat_count, t.count) for t in room.tables] == [
        (1, 9, 0),
        (2, 9, 0),
        (3, 6, 0),
    ]
    assert room.capacity == 24
    assert [s.number for s in room.table(3).seats] == [1, 2, 3, 4, 5, 6]
    assert all(s.empty for s in room.table(3).seats)

    services.seating.update_table(tid, 3, name="Feature", seat_count=8)
    assert services.seating.room(tid).table(3).label == "Table 3 (Feature)"
    services.seating.remove_table(tid, 3)
    assert [t.number for t in services.seating.room(tid).tables] == [1, 2]
    assert services.seating.add_tables(tid, 1).value == (3,)  # the number comes back


@pytest.mark.parametrize(
    ("count", "seats", "message"),
    [
        (0, 10, "Add 1 to 200 tables"),
        (1, 1, "must have 2 to 20 seats"),
        (1, 21, "must have 2 to 20 seats"),
    ],
)
def test_bad_table_counts_are_refused(
    services: Services, tid: int, count: int, seats: int, message: str
) -> None:
    before = snapshot(services, tid)
    with pytest.raises(SeatingError, match=message):
        services.seating.add_tables(tid, count, seat_count=seats)
    assert snapshot(services, tid) == before


def test_a_table_with_players_cannot_be_removed_or_cut(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 2, seat_count=9)
    place(services, tid, {2: [1, 8]})
    before = snapshot(services, tid)
    with pytest.raises(SeatingError, match="Table 2 still has 2 players"):
        services.seating.remove_table(tid, 2)
    with pytest.raises(SeatingError, match="seat 8 is taken"):
        services.seating.update_table(tid, 2, seat_count=6)
    assert snapshot(services, tid) == before


# ---------------------------------------------------------------------------- draws
def test_draw_seats_everyone_evenly_with_names(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 3, seat_count=10)
    ids = field(services, tid, 25)
    outcome = services.seating.draw_seats(tid)
    drawn = outcome.value
    assert sorted(d.registration_id for d in drawn) == ids
    assert outcome.changes.touches(Change.SEATING)
    room = services.seating.room(tid)
    assert sorted(t.count for t in room.tables) == [8, 8, 9]
    assert room.waiting == ()
    names = {s.name for t in room.tables for s in t.seats if s.registration_id is not None}
    assert names == {f"P{n:02d}" for n in range(1, 26)}
    for new_seat in drawn:
        assert room.seat_of(new_seat.registration_id) == new_seat.seat
    assert "Balanced" in room.status
    assert not room.out_of_balance


def test_draw_spreads_teams_over_the_tables(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 3, seat_count=10)
    teams = dict.fromkeys(range(1, 7), "Aces") | dict.fromkeys(range(7, 10), "Kings")
    field(services, tid, 24, teams=teams)
    services.seating.draw_seats(tid)
    room = services.seating.room(tid)
    for team, members in (("Aces", range(1, 7)), ("Kings", range(7, 10))):
        names = {f"P{n:02d}" for n in members}
        per_table = [sum(1 for s in t.seats if s.name in names) for t in room.tables]
        assert max(per_table) - min(per_table) <= 1, team


def test_a_second_draw_seats_only_the_players_without_a_seat(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 2, seat_count=10)
    field(services, tid, 6)
    first = {d.registration_id: d.seat for d in services.seating.draw_seats(tid).value}
    with pytest.raises(SeatingError, match="already has a seat"):
        services.seating.draw_seats(tid)
    late = field(services, tid, 3)
    assert [w.registration_id for w in services.seating.room(tid).waiting] == late
    second = services.seating.draw_seats(tid).value
    assert sorted(d.registration_id for d in second) == late
    room = services.seating.room(tid)
    assert all(room.seat_of(rid) == seat for rid, seat in first.items())


def test_a_redraw_keeps_only_fixed_seats(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 2, seat_count=10)
    host, *others = field(services, tid, 12)
    services.seating.seat_player(tid, host, 1, 1, fixed=True)
    services.seating.draw_seats(tid)
    redrawn = services.seating.draw_seats(tid, redraw=True).value
    assert sorted(d.registration_id for d in redrawn) == others
    assert services.seating.room(tid).seat_of(host) == Seat(1, 1)


def test_seating_more_players_than_open_seats_is_refused(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 2, seat_count=6)
    services.seating.close_seat(tid, 2, 6)
    field(services, tid, 12)
    before = snapshot(services, tid)
    with pytest.raises(SeatingError, match="Cannot seat 12 players: only 11 open seats"):
        services.seating.draw_seats(tid)
    assert snapshot(services, tid) == before


def test_a_draw_without_tables_says_so(services: Services, tid: int) -> None:
    field(services, tid, 2)
    with pytest.raises(SeatingError, match="No tables are set up"):
        services.seating.draw_seats(tid)


def test_a_late_entry_draws_at_the_shortest_table(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 3, seat_count=9)
    field(services, tid, 8)
    services.seating.draw_seats(tid)  # 3, 3, 2
    (late,) = field(services, tid, 1)
    new = services.seating.seat_new_entry(tid, late).value
    counts = {t.number: t.count for t in services.seating.room(tid).tables}
    assert sorted(counts.values()) == [3, 3, 3]
    assert new.name == "P01"  # the second field's numbering starts again
    assert new.reason.startswith(f"Drew {new.seat}")
    assert new.deal_in in set(DealIn)
    with pytest.raises(SeatingError, match="already seated"):
        services.seating.seat_new_entry(tid, late)


def test_a_late_entry_waits_for_the_button_between_small_blind_and_button(
    services: Services, tid: int
) -> None:
    services.seating.add_tables(tid, 1, seat_count=6)
    place(services, tid, {1: [1, 4]})
    services.seating.set_button(tid, 1, 1)
    (late,) = field(services, tid, 1)
    # The only empty seats after the button (seat 1) before the small blind (seat 4) are 2 and 3.
    services.seating.close_seat(tid, 1, 5)
    services.seating.close_seat(tid, 1, 6)
    new = services.seating.seat_new_entry(tid, late).value
    assert new.seat.number in (2, 3)
    assert new.deal_in is DealIn.AFTER_BUTTON
    assert "waits until it passes" in new.reason


# ---------------------------------------------------------------------------- hand moves
def test_a_hand_move_is_logged_announced_and_undone(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 2, seat_count=9)
    seats = place(services, tid, {1: [3, 4], 2: [1]})
    ann = seats[(1, 3)]
    moved = services.seating.move_player(tid, ann, 2, 7).value
    assert (moved.kind, moved.announcement) == (
        MoveKind.MANUAL,
        "Table 1, seat 3 -> Table 2, seat 7",
    )
    assert moved.reason == "Moved by the director"
    assert moved.pending
    assert services.seating.room(tid).seat_of(ann) == Seat(2, 7)
    assert [m.id for m in services.seating.pending_moves(tid)] == [moved.id]

    undone = services.seating.undo_move(tid, moved.id).value
    assert undone.undone
    assert services.seating.room(tid).seat_of(ann) == Seat(1, 3)
    assert services.seating.pending_moves(tid) == ()
    with pytest.raises(SeatingError, match="already undone"):
        services.seating.undo_move(tid, moved.id)


def test_a_move_cannot_be_undone_once_the_old_seat_is_taken(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 1, seat_count=9)
    seats = place(services, tid, {1: [3, 4]})
    move = services.seating.move_player(tid, seats[(1, 3)], 1, 8).value
    services.seating.move_player(tid, seats[(1, 4)], 1, 3)
    before = snapshot(services, tid)
    with pytest.raises(SeatingError, match="is taken"):
        services.seating.undo_move(tid, move.id)
    assert snapshot(services, tid) == before


@pytest.mark.slow
@pytest.mark.parametrize(
    ("target", "message"),
    [
        ((1, 4), "Table 1, seat 4 is taken"),
        ((1, 9), "Table 1, seat 9 is closed"),
        ((1, 12), "table 1 has only 9 seats"),
        ((5, 1), "table 5 is not in play"),
    ],
)
def test_a_hand_move_to_a_bad_seat_changes_nothing(
    services: Services, tid: int, target: tuple[int, int], message: str
) -> None:
    services.seating.add_tables(tid, 2, seat_count=9)
    services.seating.close_seat(tid, 1, 9)
    seats = place(services, tid, {1: [3, 4]})
    before = snapshot(services, tid)
    with pytest.raises(SeatingError, match=message):
        services.seating.move_player(tid, seats[(1, 3)], *target)
    assert snapshot(services, tid) == before


def test_moving_a_player_who_is_out_is_refused(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 1, seat_count=9)
    seats = place(services, tid, {1: [3, 4]})
    bust(services, seats[(1, 3)])
    before = snapshot(services, tid)
    with pytest.raises(SeatingError, match="P01 is out of the tournament"):
        services.seating.move_player(tid, seats[(1, 3)], 1, 5)
    assert snapshot(services, tid) == before


@pytest.mark.slow
def test_closing_a_taken_seat_or_a_button_on_an_empty_seat_is_refused(
    services: Services, tid: int
) -> None:
    services.seating.add_tables(tid, 1, seat_count=9)
    place(services, tid, {1: [3, 4]})
    before = snapshot(services, tid)
    with pytest.raises(SeatingError, match="seat 3 is taken by P01: move the player"):
        services.seating.close_seat(tid, 1, 3)
    with pytest.raises(SeatingError, match="seat 5 is empty: the button must be in front"):
        services.seating.set_button(tid, 1, 5)
    with pytest.raises(SeatingError, match="Table 2 is not in play"):
        services.seating.set_button(tid, 2, 1)
    assert snapshot(services, tid) == before

    services.seating.close_seat(tid, 1, 9)
    services.seating.set_button(tid, 1, 4)
    table = services.seating.room(tid).table(1)
    assert (table.seat(9).closed, table.button, table.open_seat_count) == (True, 4, 8)
    services.seating.open_seat(tid, 1, 9)
    assert not services.seating.room(tid).table(1).seat(9).closed


# ---------------------------------------------------------------------------- the cashier
@pytest.mark.slow
def test_the_cashier_drives_who_is_seated(services: Services, tid: int) -> None:
    """Busts free seats, an undone bust gets the seat back, a re-entry draws a new seat."""
    rules = EntryRules(
        RegistrationRule(EntryPrice(2000), 10_000),
        re_entry=ReEntryRule(EntryPrice(2000), 10_000),
    )
    services.cashier.set_config(tid, CashierConfig(rules))
    services.seating.add_tables(tid, 2, seat_count=4)
    ids = []
    for name in ("Ann", "Bob", "Cy", "Di", "Ed"):
        player = services.players.create(PlayerDetails(name)).value.id
        ids.append(services.cashier.buy_in(tid, player).value.registration.id)
    services.seating.draw_seats(tid)
    ann = ids[0]
    seat = services.seating.room(tid).seat_of(ann)
    assert seat is not None

    services.results.bust(tid, ann)
    assert services.seating.room(tid).seat_of(ann) is None
    services.results.undo_bust(tid, ann)
    assert services.seating.room(tid).seat_of(ann) == seat  # nothing took it meanwhile

    services.results.bust(tid, ann)
    services.cashier.re_enter(tid, ann)
    room = services.seating.room(tid)
    assert room.seat_of(ann) is None  # a re-entry is a new entry: it draws again
    assert [w.name for w in room.waiting] == ["Ann"]
    new = services.seating.seat_new_entry(tid, ann).value
    assert services.seating.room(tid).seat_of(ann) == new.seat


# ---------------------------------------------------------------------------- balancing
@pytest.mark.slow
def test_balance_after_busts_moves_the_big_blind_to_the_worst_seat(
    services: Services, tid: int
) -> None:
    services.seating.add_tables(tid, 2, seat_count=10)
    seats = place(services, tid, {1: [1, 2, 3, 4, 5, 6, 7, 8], 2: [1, 2, 3, 4, 5, 6]})
    bust(services, seats[(2, 5)], seats[(2, 6)])  # table 2 has 4, table 1 has 8
    services.seating.set_button(tid, 1, 1)  # the dealers say where the buttons are now
    services.seating.set_button(tid, 2, 1)
    result = services.seating.balance(tid).value
    # Button at seat 1: small blind seat 2, big blind seat 3 moves first; then seat 4.
    assert [(m.registration_id, m.from_seat, m.to_seat) for m in result.moves] == [
        (seats[(1, 3)], Seat(1, 3), Seat(2, 5)),
        (seats[(1, 4)], Seat(1, 4), Seat(2, 6)),
    ]
    assert all(m.kind is MoveKind.BALANCE for m in result.moves)
    assert "Table 2 is short (4 vs 8)" in result.moves[0].reason
    assert "the big blind" in result.moves[0].reason
    assert result.need_button is None
    room = services.seating.room(tid)
    assert [t.count for t in room.tables] == [6, 6]
    # The buttons stay as the dealers said: moving players moves no button.
    assert [t.button for t in room.tables] == [1, 1]
    assert room.table(2).seat(5).moves == 1
    assert room.tables[0].gives == 2
    assert [m.announcement for m in services.seating.pending_moves(tid)] == [
        "Table 1, seat 3 -> Table 2, seat 5",
        "Table 1, seat 4 -> Table 2, seat 6",
    ]


@pytest.mark.slow
def test_need_button_round_trip(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 2, seat_count=10)
    seats = place(services, tid, {1: [1, 2, 3, 4, 5, 6, 7], 2: [1, 2, 3, 4, 5]})
    bust(services, seats[(2, 1)])
    before = snapshot(services, tid)

    first = services.seating.balance(tid)
    asked = first.value.need_button
    assert asked is not None
    assert asked.table == 1
    assert "Which seat has the button for the next hand at Table 1?" in asked.reason
    assert first.value.moves == ()
    assert first.changes.what == Change.NONE
    room_before, moves_before = before[0], before[1]
    assert services.seating.room(tid) == room_before
    assert services.seating.moves(tid) == moves_before

    services.seating.set_button(tid, 1, 7)
    second = services.seating.balance(tid).value
    assert second.need_button is not None
    assert second.need_button.table == 2
    services.seating.set_button(tid, 2, 2)
    third = services.seating.balance(tid).value
    assert third.need_button is None
    # Button 7 at table 1: small blind seat 1, big blind seat 2 moves.
    (move,) = third.moves
    assert (move.registration_id, move.from_seat.table, move.to_seat.table) == (seats[(1, 2)], 1, 2)
    assert [t.count for t in services.seating.room(tid).tables] == [6, 5]


@pytest.mark.slow
def test_balance_never_moves_a_fixed_seat(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 2, seat_count=10)
    seats = place(services, tid, {1: [1, 2, 3, 4, 5, 6, 7], 2: [1, 2, 3, 4, 5]})
    services.seating.set_fixed(tid, seats[(1, 3)])
    services.seating.set_button(tid, 1, 1)
    services.seating.set_button(tid, 2, 1)
    (move,) = services.seating.balance(tid).value.moves
    assert move.registration_id == seats[(1, 4)]  # the big blind (seat 3) is fixed
    assert services.seating.room(tid).table(1).seat(3).fixed


@pytest.mark.slow
def test_a_balanced_room_moves_nobody(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 2, seat_count=10)
    place(services, tid, {1: [1, 2, 3, 4, 5, 6], 2: [1, 2, 3, 4, 5]})
    outcome = services.seating.balance(tid)
    assert outcome.value.moves == ()
    assert outcome.value.summary == "The tables are balanced: nobody moves."
    assert outcome.changes.what == Change.NONE


@pytest.mark.slow
def test_the_policy_decides_when_tables_are_out_of_balance(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 3, seat_count=6)
    seats = place(services, tid, {1: [1, 2, 3, 4, 5, 6], 2: [1, 2, 3, 4, 5, 6], 3: [1, 2, 3, 4]})
    assert services.seating.room(tid).out_of_balance
    config = services.seating.set_policy(tid, BalancePolicy.within_two_from(3)).value
    assert str(config.policy) == "within 2 while there are 3 or more tables, else within 1"
    assert services.seating.config(tid).policy == BalancePolicy.within_two_from(3)
    room = services.seating.room(tid)
    assert not room.out_of_balance
    assert services.seating.balance(tid).value.moves == ()
    bust(services, seats[(3, 1)])
    assert "Out of balance" in services.seating.room(tid).status


# ---------------------------------------------------------------------------- breaking
@pytest.mark.slow
def test_the_room_says_what_each_table_would_cost_to_break(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 3, seat_count=6)
    seats = place(services, tid, {1: [1, 2, 3, 4, 5], 2: [1, 2, 3], 3: [1, 2, 3, 4, 5]})
    assert services.seating.room(tid).table_break_costs == ()  # 13 players do not fit at two tables
    bust(services, seats[(3, 1)])
    # 12 players fit at two tables of 6: table 2 (3 players) or table 3 (4 now) can break.
    assert services.seating.room(tid).table_break_costs == ((2, 3), (3, 4))
    assert services.seating.break_tables(tid).value.broken == (2,)


@pytest.mark.slow
def test_the_table_that_costs_fewest_moves_breaks(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 3, seat_count=6)
    seats = place(services, tid, {1: [1, 2, 3, 4], 2: [1, 2, 3, 4], 3: [1, 2, 3, 4]})
    assert services.seating.room(tid).busts_until_table_break == 0
    with_busts = [seats[(1, 1)], seats[(2, 1)]]
    bust(services, *with_busts)  # 10 players fit at two tables of 6
    result = services.seating.balance(tid).value
    # Table 2 has 3 players, table 3 has 4: breaking table 2 is 3 moves, not 4 (table 1, the
    # lowest number, hosts the final table and never breaks).
    assert result.broken == (2,)
    assert {m.from_seat.table for m in result.moves if m.kind is MoveKind.BREAK} == {2}
    assert len([m for m in result.moves if m.kind is MoveKind.BREAK]) == 3
    assert all("Table 2 breaks: random draw" in m.reason for m in result.moves)
    room = services.seating.room(tid)
    assert [t.number for t in room.tables] == [1, 3]
    assert sorted(t.count for t in room.tables) == [5, 5]


@pytest.mark.slow
def test_tables_break_in_the_directors_order(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 3, seat_count=6)
    seats = place(services, tid, {1: [1, 2, 3, 4, 5], 2: [1, 2, 3, 4, 5], 3: [1, 2, 3]})
    services.seating.set_break_rules(tid, TableBreakRules(order=(1,)))
    before = snapshot(services, tid)
    with pytest.raises(SeatingError, match="No table breaks yet: 1 more player must go out"):
        services.seating.break_tables(tid)
    assert snapshot(services, tid) == before
    bust(services, seats[(3, 1)])
    result = services.seating.break_tables(tid).value
    assert result.broken == (1,)
    assert [t.number for t in services.seating.room(tid).tables] == [2, 3]
    assert services.seating.config(tid).rules.order == (1,)


@pytest.mark.slow
def test_the_final_table_forms_with_a_redraw(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 2, seat_count=10)
    seats = place(services, tid, {1: [1, 2, 3, 4, 5], 2: [1, 2, 3, 4, 5, 6]})
    services.seating.set_button(tid, 1, 1)
    before = snapshot(services, tid)
    with pytest.raises(SeatingError, match="11 players do not fit at a final table of 9: 2 more"):
        services.seating.form_final_table(tid, size=9)
    assert snapshot(services, tid) == before
    bust(services, seats[(2, 1)], seats[(2, 2)])
    result = services.seating.form_final_table(tid, size=9).value
    assert result.final_table == 1
    assert result.broken == (2,)
    # Everyone redraws, including the players already at table 1; only real moves are listed.
    assert len(result.moves) <= 9
    assert len(result.moves) >= 4  # the players from table 2 all move
    assert all(m.from_seat != m.to_seat for m in result.moves)
    assert all(m.kind is MoveKind.FINAL_TABLE for m in result.moves)
    room = services.seating.room(tid)
    (final,) = room.tables
    assert (final.number, final.count, final.open_seat_count, final.button) == (1, 9, 9, None)
    assert services.seating.config(tid).rules.final_table_size == 9
    with pytest.raises(SeatingError, match="Only one table is in play"):
        services.seating.form_final_table(tid)


# ---------------------------------------------------------------------------- the move list
@pytest.mark.slow
def test_moves_stay_on_the_display_until_acknowledged(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 2, seat_count=9)
    seats = place(services, tid, {1: [1, 2], 2: [1]})
    first = services.seating.move_player(tid, seats[(1, 1)], 2, 5).value
    second = services.seating.move_player(tid, seats[(1, 2)], 2, 6, "Wheelchair access").value
    assert second.reason == "Wheelchair access"
    acknowledged = services.seating.acknowledge_move(tid, first.id).value
    assert acknowledged.acknowledged
    assert not acknowledged.pending
    assert [m.id for m in services.seating.pending_moves(tid)] == [second.id]
    assert services.seating.acknowledge_all(tid).value == 1
    assert services.seating.pending_moves(tid) == ()
    assert [m.id for m in services.seating.moves(tid)] == [first.id, second.id]
    with pytest.raises(SeatingError, match="Move #999 is not in this tournament"):
        services.seating.acknowledge_move(tid, 999)


def test_each_action_bumps_the_revision_other_stations_poll(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 1, seat_count=9)
    start = services.tournaments.revision_of(tid)
    outcome = services.seating.add_tables(tid, 1)
    assert outcome.changes.revision == start.tournament + 1
    changes = services.tournaments.changes_since(start, tid)
    assert changes is not None
    assert changes.what & Change.SEATING


def test_an_unknown_tournament_is_a_clear_error(services: Services) -> None:
    with pytest.raises(DomainError, match="Tournament #77 does not exist"):
        services.seating.room(77)
    with pytest.raises(DomainError, match="Tournament #77 does not exist"):
        services.seating.add_tables(77, 1)
