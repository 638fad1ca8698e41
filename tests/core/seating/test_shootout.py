"""Shootouts: tables play down to one winner, winners advance with their chips, places."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clockapp.core.seating import SeatingError, Table
from clockapp.core.seating.shootout import (
    advance_shootout,
    shootout_bust,
    shootout_hand_busts,
    shootout_places,
    start_shootout,
)
from clockapp.core.seating.shootout_state import ExitCause, Place, Shootout, ShootoutError
from clockapp.core.seating.shootout_time import shootout_time_limit


def tables(count: int, seat_count: int = 10, first: int = 1) -> list[Table]:
    return [Table(n, seat_count=seat_count) for n in range(first, first + count)]


def play_down(shootout: Shootout, table: int, keep: int | None = None) -> Shootout:
    """Bust everyone at a table but `keep` (default: the first player in seat order)."""
    players = shootout.current.remaining(table)
    winner = players[0] if keep is None else keep
    for player in players:
        if player != winner:
            shootout = shootout_bust(shootout, player)
    return shootout


def test_first_round_uses_as_few_tables_as_needed_and_differs_by_one() -> None:
    s = start_shootout(range(23), tables(5), random.Random(0))
    assert sorted(s.current.seating.counts().values()) == [7, 8, 8]
    assert [t.number for t in s.current.seating.tables] == [1, 2, 3]
    assert s.current.number == 1
    assert not s.current.is_final
    assert s.champion is None
    assert s.entrants == frozenset(range(23))


@pytest.mark.parametrize(
    ("players", "given_tables", "message"),
    [
        ([1], tables(1), "at least 2 players"),
        ([1, 2, 1], tables(1), "Player 1 is listed twice"),
        (list(range(21)), tables(2), "Cannot seat 21 players: the tables given have only 20"),
        (
            [1, 2, 3],
            [Table(1, seat_count=2), Table(2, seat_count=2)],
            "every table needs at least 2",
        ),
    ],
)
def test_bad_starts(players: list[int], given_tables: list[Table], message: str) -> None:
    with pytest.raises(ShootoutError, match=message):
        start_shootout(players, given_tables, random.Random(0))


def test_shootout_errors_are_seating_errors() -> None:
    assert issubclass(ShootoutError, SeatingError)
    with pytest.raises(ShootoutError, match="time limit must be 1 minute or more"):
        start_shootout([1, 2], tables(1), random.Random(0), time_limit_minutes=0)


def test_tables_play_down_without_balancing() -> None:
    s = start_shootout(range(20), tables(2), random.Random(1))
    # Table 1 loses 8 players while table 2 keeps 10: nobody moves.
    for player in s.current.remaining(1)[1:9]:
        s = shootout_bust(s, player)
    assert s.current.seating.counts() == {1: 2, 2: 10}
    s = play_down(s, 1)
    assert list(s.current.winners) == [1]
    assert not s.current.finished
    with pytest.raises(ShootoutError, match="Round 1 is not finished: table\\(s\\) 2 still play"):
        advance_shootout(s, {s.current.winners[1]: 20000}, tables(1), random.Random(1))


def test_winners_advance_with_their_chips_to_the_final() -> None:
    s = start_shootout(range(30), tables(3), random.Random(2))
    for table in (1, 2, 3):
        s = play_down(s, table)
    winners = sorted(s.current.winners.values())
    stacks = dict(zip(winners, (30000, 27000, 33000), strict=True))
    final = advance_shootout(s, stacks, tables(1, first=7), random.Random(2))
    assert final.current.number == 2
    assert final.current.is_final
    assert dict(final.current.stacks) == stacks
    assert final.current.seating.players == frozenset(winners)
    assert [t.number for t in final.current.seating.tables] == [7]
    champion = winners[1]
    final = play_down(final, 7, keep=champion)
    assert final.champion == champion
    with pytest.raises(ShootoutError, match=f"The shootout is over: player {champion} won"):
        advance_shootout(final, {champion: 90000}, tables(1), random.Random(0))


def test_advance_needs_chips_for_exactly_the_winners() -> None:
    s = start_shootout(range(4), tables(2, seat_count=2), random.Random(0))
    s = play_down(play_down(s, 1), 2)
    winners = sorted(s.current.winners.values())
    with pytest.raises(ShootoutError, match="cover exactly the table winners"):
        advance_shootout(s, {winners[0]: 100}, tables(1), random.Random(0))
    with pytest.raises(ShootoutError, match="a winner has 1 or more"):
        advance_shootout(s, {winners[0]: 100, winners[1]: 0}, tables(1), random.Random(0))


def test_many_winners_play_another_round() -> None:
    s = start_shootout(range(36), tables(6, seat_count=6), random.Random(3))
    for table in range(1, 7):
        s = play_down(s, table)
    stacks = {w: 6000 for w in s.current.winners.values()}
    second = advance_shootout(s, stacks, tables(2, seat_count=3), random.Random(3))
    assert not second.current.is_final
    assert second.current.seating.counts() == {1: 3, 2: 3}


def test_places_by_order_of_exit() -> None:
    s = start_shootout([1, 2, 3, 4, 5, 6], tables(2, seat_count=3), random.Random(4))
    first_table = s.current.remaining(1)
    second_table = s.current.remaining(2)
    order = [first_table[2], second_table[2], first_table[1], second_table[1]]
    for player in order:
        s = shootout_bust(s, player)
    final = advance_shootout(
        s, {first_table[0]: 9000, second_table[0]: 9000}, tables(1), random.Random(4)
    )
    final = shootout_bust(final, second_table[0])
    places = shootout_places(final)
    assert [(p.place, p.player) for p in places] == [
        (1, first_table[0]),
        (2, second_table[0]),
        (3, order[3]),
        (4, order[2]),
        (5, order[1]),
        (6, order[0]),
    ]
    assert places[0] == Place(1, first_table[0], 2, None)
    assert places[1].round == 2
    assert places[-1].cause is ExitCause.BUSTED


def test_time_limit_chip_leader_wins_and_others_place_by_chips() -> None:
    s = start_shootout(range(8), tables(2, seat_count=4), random.Random(5), time_limit_minutes=90)
    at_one = s.current.remaining(1)
    s = shootout_bust(s, at_one[3])
    chips = {at_one[0]: 9000, at_one[1]: 2500, at_one[2]: 4500}
    s = shootout_time_limit(s, 1, chips)
    assert s.current.winners[1] == at_one[0]
    assert [(e.players, e.cause) for e in s.exits] == [
        ((at_one[3],), ExitCause.BUSTED),
        ((at_one[1],), ExitCause.TIME_LIMIT),
        ((at_one[2],), ExitCause.TIME_LIMIT),
    ]
    places = {p.player: p.place for p in shootout_places(s)}
    assert places == {at_one[3]: 8, at_one[1]: 7, at_one[2]: 6}


def test_time_limit_ties_share_a_place_but_not_the_lead() -> None:
    s = start_shootout(range(4), tables(1, seat_count=4), random.Random(6), time_limit_minutes=30)
    p = s.current.remaining(1)
    tied = shootout_time_limit(s, 1, {p[0]: 5000, p[1]: 1000, p[2]: 1000, p[3]: 3000})
    assert {x.player: x.place for x in shootout_places(tied)} == {
        p[0]: 1,
        p[3]: 2,
        p[1]: 3,
        p[2]: 3,
    }
    with pytest.raises(ShootoutError, match="share the chip lead at table 1 \\(5000\\)"):
        shootout_time_limit(s, 1, {p[0]: 5000, p[1]: 5000, p[2]: 1000, p[3]: 1000})


@pytest.mark.parametrize(
    ("chips_for", "message"),
    [
        ("missing", "must cover exactly its players; missing"),
        ("extra", "not at the table: player 99"),
        ("zero", "a player still in has 1"),
    ],
)
def test_time_limit_bad_counts(chips_for: str, message: str) -> None:
    s = start_shootout(range(3), tables(1, seat_count=3), random.Random(0), time_limit_minutes=30)
    p = s.current.remaining(1)
    chips = {p[0]: 100, p[1]: 200, p[2]: 300}
    if chips_for == "missing":
        del chips[p[2]]
    elif chips_for == "extra":
        chips[99] = 5
    else:
        chips[p[2]] = 0
    with pytest.raises(ShootoutError, match=message):
        shootout_time_limit(s, 1, chips)


def test_time_limit_needs_a_limit_and_a_playing_table() -> None:
    no_limit = start_shootout(range(3), tables(1), random.Random(0))
    with pytest.raises(ShootoutError, match="no time limit"):
        shootout_time_limit(no_limit, 1, {0: 1, 1: 1, 2: 1})
    s = start_shootout(range(4), tables(2, seat_count=2), random.Random(0), time_limit_minutes=9)
    with pytest.raises(ShootoutError, match="Table 5 is not playing in round 1"):
        shootout_time_limit(s, 5, {})
    s = play_down(s, 1)
    with pytest.raises(ShootoutError, match="Table 1 already has its winner"):
        shootout_time_limit(s, 1, {})


def test_busts_in_the_same_hand() -> None:
    s = start_shootout(range(5), tables(1, seat_count=5), random.Random(7))
    p = s.current.remaining(1)
    s = shootout_hand_busts(s, {p[0]: 800, p[1]: 3000, p[2]: 800})
    assert [e.players for e in s.exits] == [(min(p[0], p[2]), max(p[0], p[2])), (p[1],)]
    places = {x.player: x.place for x in shootout_places(s)}
    assert places == {p[0]: 4, p[2]: 4, p[1]: 3}


@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("empty", "No players given"),
        ("all", "not every player at table 1 is out"),
        ("zero", "started the hand with 0 chips"),
        ("two tables", "must be at the same table"),
    ],
)
def test_bad_hand_busts(case: str, message: str) -> None:
    s = start_shootout(range(6), tables(2, seat_count=3), random.Random(0))
    one, two = s.current.remaining(1), s.current.remaining(2)
    chips = {
        "empty": {},
        "all": dict.fromkeys(one, 100),
        "zero": {one[0]: 0},
        "two tables": {one[0]: 100, two[0]: 100},
    }[case]
    with pytest.raises(ShootoutError, match=message):
        shootout_hand_busts(s, chips)


def test_busting_someone_who_is_not_playing() -> None:
    s = start_shootout(range(4), tables(2, seat_count=2), random.Random(0))
    out = s.current.remaining(1)[1]
    s = shootout_bust(s, out)
    with pytest.raises(ShootoutError, match=f"Player {out} is not playing in round 1"):
        shootout_bust(s, out)
    winner = s.current.winners[1]
    with pytest.raises(ShootoutError, match=f"Player {winner} has already won table 1"):
        shootout_bust(s, winner)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 40), st.integers(3, 10), st.integers(0, 2**32))
def test_every_entrant_gets_one_place(players: int, seat_count: int, seed: int) -> None:
    rng = random.Random(seed)
    s = start_shootout(range(players), tables(14, seat_count), rng)
    counts = list(s.current.seating.counts().values())
    assert max(counts) - min(counts) <= 1
    while s.champion is None:
        current = s.current
        if current.finished:
            stacks = {w: rng.randint(1, 10**6) for w in current.winners.values()}
            s = advance_shootout(s, stacks, tables(10, seat_count), rng)
            continue
        playing = [t.number for t in current.seating.tables if t.number not in current.winners]
        table = rng.choice(playing)
        s = shootout_bust(s, rng.choice(current.remaining(table)))
    places = shootout_places(s)
    assert sorted(p.player for p in places) == list(range(players))
    assert sorted(p.place for p in places) == list(range(1, players + 1))
    # Later rounds always finish ahead of earlier ones.
    by_place = sorted(places, key=lambda p: p.place)
    assert [p.round for p in by_place] == sorted((p.round for p in by_place), reverse=True)
