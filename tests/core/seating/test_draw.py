"""Random seating: the all-at-once draw, late entries, fixed seats and teams."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clockapp.core.seating import (
    DealIn,
    Seat,
    Seating,
    SeatingError,
    Table,
    draw_seat,
    draw_seats,
)


def room_of(tables: int, seat_count: int = 10, **table_kwargs: object) -> Seating:
    return Seating(
        tuple(Table(n, seat_count=seat_count, **table_kwargs) for n in range(1, tables + 1))  # type: ignore[arg-type]
    )


def assert_sound(seating: Seating) -> None:
    """Nobody seated twice (Seating checks it too; this is the independent count)."""
    seats = list(seating.seats.values())
    assert len(seats) == len(set(seats))


def team_spread(seating: Seating, teams: dict[int, str]) -> dict[str, list[int]]:
    """Per team, how many members sit at each table (every table listed, zeros included)."""
    spread: dict[str, list[int]] = {}
    numbers = [t.number for t in seating.tables]
    for team in set(teams.values()):
        per_table = Counter(
            seating.seats[p].table for p, t in teams.items() if t == team and p in seating.seats
        )
        spread[team] = [per_table.get(n, 0) for n in numbers]
    return spread


# ------------------------------------------------------------------ all at once


def test_draw_fills_tables_evenly() -> None:
    drawn = draw_seats(room_of(6), list(range(1, 51)), random.Random(1))
    assert sorted(drawn.seating.counts().values()) == [8, 8, 8, 8, 9, 9]
    assert drawn.seating.players == frozenset(range(1, 51))
    assert dict(drawn.seats) == dict(drawn.seating.seats)
    assert_sound(drawn.seating)


def test_draw_is_reproducible_with_the_same_seed() -> None:
    first = draw_seats(room_of(3), list(range(20)), random.Random(42))
    again = draw_seats(room_of(3), list(range(20)), random.Random(42))
    other = draw_seats(room_of(3), list(range(20)), random.Random(43))
    assert first == again
    assert first.seating != other.seating


def test_draw_keeps_players_already_seated_and_balances_around_them() -> None:
    room = Seating((Table(1, seat_count=6), Table(2, seat_count=6)), {1: Seat(1, 1), 2: Seat(1, 2)})
    drawn = draw_seats(room, [3, 4, 5, 6], random.Random(0))
    assert drawn.seating.counts() == {1: 3, 2: 3}
    assert drawn.seating.seat_of(1) == Seat(1, 1)
    assert set(drawn.seats) == {3, 4, 5, 6}


def test_draw_with_fixed_seat_for_the_host() -> None:
    drawn = draw_seats(room_of(2, 4), [1, 2, 3, 4, 5], random.Random(3), fixed={5: Seat(2, 4)})
    assert drawn.seating.seat_of(5) == Seat(2, 4)
    assert drawn.seating.fixed == frozenset({5})
    assert sorted(drawn.seating.counts().values()) == [2, 3]


def test_draw_skips_closed_seats() -> None:
    room = room_of(1, 4, closed_seats=frozenset({2, 3}))
    drawn = draw_seats(room, [1, 2], random.Random(0))
    assert {s.number for s in drawn.seats.values()} == {1, 4}


@pytest.mark.parametrize(
    ("players", "fixed", "message"),
    [
        (list(range(21)), {}, "Cannot seat 21 players: only 20 open seats are free"),
        ([1, 2, 1], {}, "Player 1 is listed twice"),
        ([7, 2], {}, "Player 7 is already seated at Table 1, seat 1"),
        ([2, 3], {4: Seat(1, 2)}, "Player 4 has a fixed seat but is not in the draw"),
        ([2, 3], {2: Seat(1, 1)}, "Table 1, seat 1 is taken by player 7"),
        ([2, 3], {2: Seat(3, 1)}, "table 3 is not in play"),
        ([2, 3], {2: Seat(1, 5), 3: Seat(1, 5)}, "Table 1, seat 5 is fixed for players 2 and 3"),
    ],
)
def test_bad_draws_change_nothing(players: list[int], fixed: dict[int, Seat], message: str) -> None:
    room = Seating((Table(1), Table(2)), {7: Seat(1, 1)})
    before = Seating(room.tables, dict(room.seats))
    full = room if len(players) <= 19 else room_of(2)
    with pytest.raises(SeatingError, match=message):
        draw_seats(full, players, random.Random(0), fixed=fixed)
    assert room == before


# Each row: tables, seats per table, team sizes, players without a team.
TEAM_CASES = [
    (4, 10, [8], 20),  # a team of 8 on 4 tables: 2 at each
    (3, 9, [4, 4, 4], 9),
    (5, 6, [7, 3], 10),
    (2, 10, [3, 3, 3, 3], 0),
    (3, 4, [5, 5], 2),  # the room is full
]


@pytest.mark.parametrize(("tables", "seat_count", "sizes", "solo"), TEAM_CASES)
def test_teams_spread_as_evenly_as_possible(
    tables: int, seat_count: int, sizes: list[int], solo: int
) -> None:
    teams: dict[int, str] = {}
    player = 0
    for index, size in enumerate(sizes):
        for _ in range(size):
            player += 1
            teams[player] = f"team {index}"
    players = list(range(1, player + solo + 1))
    for seed in range(5):
        drawn = draw_seats(room_of(tables, seat_count), players, random.Random(seed), teams=teams)
        for team, counts in team_spread(drawn.seating, teams).items():
            assert max(counts) - min(counts) <= 1, (seed, team, counts)
        counts = drawn.seating.counts().values()
        assert max(counts) - min(counts) <= 1


@st.composite
def draw_problems(draw: st.DrawFn) -> tuple[int, int, list[int], dict[int, str], int]:
    tables = draw(st.integers(1, 6))
    seat_count = draw(st.integers(2, 10))
    n = draw(st.integers(0, tables * seat_count))
    team_names = draw(st.lists(st.sampled_from("ABCD"), min_size=n, max_size=n))
    has_team = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    teams = {p: t for p, t, on in zip(range(n), team_names, has_team, strict=True) if on}
    return tables, seat_count, list(range(n)), teams, draw(st.integers(0, 2**32))


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(draw_problems())
def test_draw_property(problem: tuple[int, int, list[int], dict[int, str], int]) -> None:
    tables, seat_count, players, teams, seed = problem
    drawn = draw_seats(room_of(tables, seat_count), players, random.Random(seed), teams=teams)
    assert drawn.seating.players == frozenset(players)
    assert_sound(drawn.seating)
    counts = list(drawn.seating.counts().values())
    assert max(counts) - min(counts) <= 1
    for team, spread in team_spread(drawn.seating, teams).items():
        assert max(spread) - min(spread) <= 1, (team, spread)


# ------------------------------------------------------------------ one at a time


def test_late_entry_draws_among_the_shortest_tables() -> None:
    room = Seating(
        (Table(1, seat_count=4), Table(2, seat_count=4), Table(3, seat_count=4)),
        {1: Seat(1, 1), 2: Seat(1, 2), 3: Seat(2, 1), 4: Seat(3, 1), 5: Seat(3, 2)},
    )
    for seed in range(20):
        late = draw_seat(room, 9, random.Random(seed))
        assert late.seat.table == 2
        assert late.seating.seat_of(9) == late.seat
        assert late.seating.count(2) == 2


def test_late_entry_spreads_teams() -> None:
    room = Seating((Table(1, seat_count=4), Table(2, seat_count=4)), {1: Seat(1, 1), 2: Seat(2, 1)})
    teams = {1: "A", 9: "A"}
    for seed in range(20):
        assert draw_seat(room, 9, random.Random(seed), teams=teams).seat.table == 2


def test_late_entry_seats_are_random_over_the_pool() -> None:
    room = room_of(2, 2)
    seen = Counter(draw_seat(room, 1, random.Random(seed)).seat for seed in range(2000))
    assert set(seen) == {Seat(1, 1), Seat(1, 2), Seat(2, 1), Seat(2, 2)}
    assert all(400 <= n <= 600 for n in seen.values()), seen


def test_late_entry_deal_in_status() -> None:
    # Table 1 only has room: seats 2 and 3 are between the button (1) and the small blind (4).
    taken = {1: Seat(1, 1), 4: Seat(1, 4), 5: Seat(1, 5), 6: Seat(1, 6)}
    statuses = set()
    for seed in range(30):
        room = Seating((Table(1, seat_count=8, button=1),), taken)
        late = draw_seat(room, 9, random.Random(seed))
        expected = DealIn.AFTER_BUTTON if late.seat.number in (2, 3) else DealIn.NOW
        assert late.deal_in is expected
        statuses.add(late.deal_in)
        unknown = draw_seat(Seating((Table(1, seat_count=8),), taken), 9, random.Random(seed))
        assert unknown.deal_in is DealIn.DEALER_CHECKS
        assert "button unknown" in unknown.reason
    assert statuses == {DealIn.NOW, DealIn.AFTER_BUTTON}


def test_late_entry_errors_change_nothing() -> None:
    full = Seating((Table(1, seat_count=2),), {1: Seat(1, 1), 2: Seat(1, 2)})
    before = Seating(full.tables, dict(full.seats))
    with pytest.raises(SeatingError, match="No open seat is free"):
        draw_seat(full, 3, random.Random(0))
    with pytest.raises(SeatingError, match="Player 1 is already seated"):
        draw_seat(full, 1, random.Random(0))
    assert full == before


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 5), st.integers(2, 10), st.integers(0, 2**32), st.data())
def test_late_entries_keep_the_room_balanced(
    tables: int, seat_count: int, seed: int, data: st.DataObject
) -> None:
    rng = random.Random(seed)
    room = room_of(tables, seat_count)
    entries = data.draw(st.integers(1, tables * seat_count))
    for player in range(entries):
        room = draw_seat(room, player, rng).seating
        counts = list(room.counts().values())
        assert max(counts) - min(counts) <= 1
    assert room.players == frozenset(range(entries))
    assert_sound(room)


def test_a_draw_short_of_one_seat_says_so_in_the_singular() -> None:
    with pytest.raises(SeatingError) as refused:
        draw_seats(Seating((Table(1, seat_count=2),), {7: Seat(1, 1)}), [1, 2], random.Random(0))
    assert str(refused.value).startswith("Cannot seat 2 players: only 1 open seat is free.")
