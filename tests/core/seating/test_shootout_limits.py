"""Shootout time limits: each round its own limit, enforced; the final table after
round 1 has none (no deadline, no time-out); tables timing out together rank by chips."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest

from clockapp.core.seating import Table
from clockapp.core.seating.shootout import (
    advance_shootout,
    shootout_bust,
    shootout_hand_busts,
    shootout_places,
    start_shootout,
)
from clockapp.core.seating.shootout_state import ExitCause, ShootoutError
from clockapp.core.seating.shootout_time import shootout_time_limit
from tests.core.seating.test_shootout import play_down, tables


def two_tables(limit: int = 60, round_limits: tuple[int | None, ...] = ()):
    return start_shootout(
        range(1, 9),
        tables(2, seat_count=4),
        random.Random(3),
        time_limit_minutes=limit,
        round_limits=round_limits,
    )


def test_a_time_out_before_the_limit_is_refused() -> None:
    """A time-out was accepted 5 minutes into a 60-minute limit and placed players."""
    s = two_tables()
    players = s.current.remaining(1)
    chips = dict(zip(players, (4000, 3000, 2000, 1000), strict=True))
    with pytest.raises(ShootoutError, match=r"Time is not up at table 1: 5 of round 1's 60"):
        shootout_time_limit(s, 1, chips, elapsed=timedelta(minutes=5))
    done = shootout_time_limit(s, 1, chips, elapsed=timedelta(minutes=60))
    assert done.current.winners[1] == players[0]


def test_each_round_has_its_own_limit() -> None:
    s = start_shootout(
        range(1, 19),
        tables(6, seat_count=3),
        random.Random(4),
        time_limit_minutes=60,
        round_limits=(60, 30),
    )
    assert (s.limit_of(), s.limit_of(1)) == (60, 60)
    for table in range(1, 7):
        s = play_down(s, table)
    s = advance_shootout(
        s,
        dict.fromkeys(s.current.winners.values(), 3000),
        tables(2, seat_count=3),
        random.Random(1),
    )
    assert (s.current.number, s.current.is_final, s.limit_of()) == (2, False, 30)
    chips = dict(zip(s.current.remaining(1), (5000, 3000, 1000), strict=True))
    with pytest.raises(ShootoutError, match=r"table 1: 29 of round 2's 30 minutes"):
        shootout_time_limit(s, 1, chips, elapsed=timedelta(minutes=29))
    shootout_time_limit(s, 1, chips, elapsed=timedelta(minutes=30))


def test_the_final_table_after_round_one_takes_no_time_out() -> None:
    """The final table showed no deadline yet accepted a time-out."""
    s = two_tables()
    for table in (1, 2):
        s = play_down(s, table)
    final = advance_shootout(
        s,
        dict.fromkeys(s.current.winners.values(), 8000),
        [Table(1, seat_count=4)],
        random.Random(2),
    )
    assert final.current.is_final
    assert final.limit_of() is None
    chips = dict.fromkeys(final.current.remaining(1), 8000) | {final.current.remaining(1)[0]: 9000}
    with pytest.raises(ShootoutError, match="The final table has no time limit"):
        shootout_time_limit(final, 1, chips, elapsed=timedelta(hours=5))


@pytest.mark.parametrize("first", [1, 2])
def test_tables_timing_out_together_rank_by_chips_whichever_is_entered_first(first: int) -> None:
    """Two tables time out together: the players out are ranked by chips, not by which table the
    director entered first; equal counts at different tables share a place."""
    s = two_tables()
    one, two = s.current.remaining(1), s.current.remaining(2)
    counts = {
        1: dict(zip(one, (9000, 3000, 1000, 700), strict=True)),
        2: dict(zip(two, (8000, 2000, 1000, 500), strict=True)),
    }
    for table in (first, 3 - first):
        s = shootout_time_limit(s, table, counts[table], elapsed=timedelta(minutes=60))
    places = {p.player: p.place for p in shootout_places(s)}
    assert places[one[1]] == 3  # 3000: the most chips of those out
    assert places[two[1]] == 4  # 2000
    assert places[one[2]] == places[two[2]] == 5  # 1000 each: they share 5th-6th
    assert places[one[3]] == 7  # 700
    assert places[two[3]] == 8  # 500
    assert all(p.cause is ExitCause.TIME_LIMIT for p in shootout_places(s))


def test_the_first_round_plays_tables_down_to_three() -> None:
    """The rules sheet: round 1 plays each table down to 3 players, who all go on; the final
    table plays to one winner. Time-outs keep the top 3 by chips."""
    s = start_shootout(
        range(1, 19),
        tables(2, seat_count=9),
        random.Random(8),
        time_limit_minutes=60,
        advance=(3,),
    )
    assert s.advance_of() == 3
    one = s.current.remaining(1)
    for player in one[3:]:
        s = shootout_bust(s, player)
    assert s.current.through[1] == tuple(sorted(one[:3]))
    with pytest.raises(ShootoutError, match="already through from table 1"):
        shootout_bust(s, one[0])
    two = s.current.remaining(2)
    chips = dict(zip(two, (9000, 7000, 5000, 3000, 2500, 2000, 1500, 1000, 500), strict=True))
    tied = dict(chips) | {two[3]: 5000}
    with pytest.raises(ShootoutError, match=r"the last place through \(3 go on\)"):
        shootout_time_limit(s, 2, tied, elapsed=timedelta(minutes=60))
    s = shootout_time_limit(s, 2, chips, elapsed=timedelta(minutes=60))
    assert s.current.through[2] == two[:3]  # best first
    assert s.current.finished
    assert len(s.current.advancing) == 6
    final = advance_shootout(
        s, dict.fromkeys(s.current.advancing, 6000), [Table(1, seat_count=9)], random.Random(1)
    )
    assert final.current.is_final
    assert final.advance_of() == 1
    assert sorted(p.place for p in shootout_places(final)) == list(range(7, 19))


def test_hand_busts_below_the_number_through_go_to_the_bigger_stacks() -> None:
    s = start_shootout(range(1, 9), tables(2, seat_count=4), random.Random(2), advance=(2,))
    one = s.current.remaining(1)
    s = shootout_bust(s, one[0])
    s = shootout_hand_busts(s, {one[1]: 4000, one[2]: 1000})  # one of them goes through
    assert set(s.current.through[1]) == {one[1], one[3]}
    assert [p.player for p in shootout_places(s)] == [one[2], one[0]]
