"""Chip counts through the services: per table, ranked, the difference shown, the leaders shown."""

from __future__ import annotations

import pytest

from clockapp.core.chip_counts import ChipCountError
from clockapp.core.structure import Break, Level, Structure
from clockapp.core.wall import CHIP_LEADERS, MESSAGE
from clockapp.services.app import Services
from clockapp.services.changes import Change
from tests.dbdump import dump_database as dump
from tests.fakes import FakeClock

STRUCTURE = Structure(
    "Counts", (Level(100, 200, minutes=20), Break(10), Level(200, 400, minutes=20))
)


@pytest.fixture
def tid(services: Services) -> int:
    t = services.tournaments.create("Friday").value.id
    services.structure.replace(t, STRUCTURE)
    return t


@pytest.fixture
def seats(services: Services, tid: int) -> dict[tuple[int, int], int]:
    """Bought in through the cashier (10,000 chips each): P1 and P2 at table 1, P3 at table 2."""
    from tests.services.seating.test_seating import buy_ins

    services.seating.add_tables(tid, 2, seat_count=9)
    ids = buy_ins(services, tid, 3)
    where = {}
    for rid, (table, seat) in zip(ids, [(1, 1), (1, 2), (2, 1)], strict=True):
        services.seating.seat_player(tid, rid, table, seat)
        where[(table, seat)] = rid
    return where


@pytest.mark.slow
def test_counts_rank_players_in_big_blinds_and_show_the_difference(
    services: Services, tid: int, seats: dict[tuple[int, int], int], fake_clock: FakeClock
) -> None:
    services.clock.start(tid)
    fake_clock.advance(minutes=25)  # the break: stacks in the next level's big blinds (400)
    outcome = services.chip_counts.record(tid, 1, [(seats[(1, 1)], 14_000), (seats[(1, 2)], 6_000)])
    assert outcome.changes.touches(Change.ENTRIES)
    board = outcome.value
    assert board.uncounted == 1
    assert "1 player not counted" in board.difference_text()
    board = services.chip_counts.record(tid, 2, [(seats[(2, 1)], 9_500)]).value
    assert [(x.name, x.chips, x.big_blinds) for x in board.lines] == [
        ("S01", 14_000, 35.0),
        ("S03", 9_500, 23.8),
        ("S02", 6_000, 15.0),
    ]
    assert board.average == 10_000  # chips in play / players left, as the clock says
    assert board.difference_text() == "Counted 29,500 of 30,000 chips in play: 500 missing."
    # A recount replaces the player's stack.
    board = services.chip_counts.record(tid, 2, [(seats[(2, 1)], 10_000)]).value
    assert board.difference == 0


@pytest.mark.slow
def test_the_chip_leaders_go_on_the_wall_self_contained(
    services: Services, tid: int, seats: dict[tuple[int, int], int]
) -> None:
    services.chip_counts.record(tid, 1, [(seats[(1, 1)], 14_000), (seats[(1, 2)], 6_000)])
    outcome = services.chip_counts.show_leaders(tid)
    assert outcome.changes.touches(Change.WALL)
    moment = services.wall.current(tid)
    assert moment is not None
    assert moment.kind == CHIP_LEADERS
    assert [x["name"] for x in moment.payload["leaders"]] == ["S01", "S02"]
    assert moment.payload["big_blind"] == 200
    assert moment.payload["leaders"][0]["big_blinds"] == 70.0


@pytest.mark.slow
@pytest.mark.parametrize(
    ("table", "counts", "message"),
    [
        (1, [((2, 1), 5_000)], "not seated at Table 1"),
        (1, [((1, 1), -5)], "cannot be negative"),
        (1, [((1, 1), 0)], "is a bust"),
        (1, [((1, 1), 100), ((1, 1), 200)], "counted twice"),
        (1, [], "No counts"),
        (7, [((1, 1), 100)], "not seated at table 7"),
    ],
)
def test_bad_counts_are_refused_and_change_nothing(
    services: Services,
    tid: int,
    seats: dict[tuple[int, int], int],
    table: int,
    counts: list[tuple[tuple[int, int], int]],
    message: str,
) -> None:
    services.wall.show(tid, MESSAGE, {"title": "Break"})
    before = dump(services.ctx.engine)
    with pytest.raises(ChipCountError, match=message):
        services.chip_counts.record(tid, table, [(seats[s], chips) for s, chips in counts])
    assert dump(services.ctx.engine) == before


@pytest.mark.slow
def test_the_results_carry_the_newest_count_of_each_player_still_in(
    services: Services, tid: int, seats: dict[tuple[int, int], int]
) -> None:
    services.chip_counts.record(tid, 1, [(seats[(1, 1)], 14_000), (seats[(1, 2)], 6_000)])
    services.chip_counts.record(tid, 1, [(seats[(1, 1)], 15_000), (seats[(1, 2)], 5_000)])
    services.results.bust(tid, seats[(1, 2)])
    rows = {r.registration_id: r for r in services.results.results(tid)}
    assert rows[seats[(1, 1)]].chips == 15_000
    assert rows[seats[(2, 1)]].chips is None  # not counted yet
    assert rows[seats[(1, 2)]].chips is None  # out: his place is his result


def test_the_charts_hold_each_counted_stack_at_each_count_leaders_first(
    services: Services, tid: int, seats: dict[tuple[int, int], int], fake_clock: FakeClock
) -> None:
    p1, p2, p3 = seats[(1, 1)], seats[(1, 2)], seats[(2, 1)]
    assert services.results.charts(tid).stacks == ()  # nothing counted: no lines
    first = fake_clock()
    services.chip_counts.record(tid, 1, [(p1, 14_000), (p2, 6_000)])
    services.chip_counts.record(tid, 2, [(p3, 10_000)])
    fake_clock.advance(minutes=40)
    second = fake_clock()
    services.chip_counts.record(tid, 1, [(p1, 4_000), (p2, 16_000)])
    fake_clock.advance(minutes=5)
    services.results.bust(tid, p3, busted_by=p2)
    data = services.results.charts(tid)
    assert data.field == services.results.series(tid)
    # Players in play by their newest count (S02 16,000, S01 4,000), then those out (S03).
    assert [(s.name, s.in_play, s.counts) for s in data.stacks] == [
        ("S02", True, ((first, 6_000), (second, 16_000))),
        ("S01", True, ((first, 14_000), (second, 4_000))),
        ("S03", False, ((first, 10_000),)),
    ]
