"""The chip race service: which colour-up, each table's players, one action onto the wall."""

from __future__ import annotations

import pytest

from clockapp.core.chip_race import ChipRaceError, Rounding
from clockapp.core.chips import ChipSet
from clockapp.core.structure import Break, Level, Structure
from clockapp.core.wall import CHIP_RACE, MESSAGE
from clockapp.services.app import Services
from clockapp.services.changes import Change
from clockapp.services.chip_race import RacePick
from tests.dbdump import dump_database as dump
from tests.fakes import FakeClock

COLOR_UPS = Structure(
    "Color-ups",
    (
        Level(25, 50, minutes=20),
        Break(10, color_up=(25,)),
        Level(100, 200, minutes=20),
        Break(10, color_up=(100,)),
        Level(500, 1000, minutes=20),
    ),
)


@pytest.fixture
def tid(services: Services) -> int:
    t = services.tournaments.create("Friday").value.id
    services.structure.set_chip_set(t, ChipSet.standard((25, 100, 500, 1000)))
    services.structure.replace(t, COLOR_UPS)
    return t


@pytest.fixture
def seats(services: Services, tid: int) -> dict[tuple[int, int], int]:
    """Table 1 seats 1, 3 and 5; table 2 seats 2 and 4."""
    from tests.services.seating.test_seating import place

    services.seating.add_tables(tid, 2, seat_count=9)
    return place(services, tid, {1: [1, 3, 5], 2: [2, 4]})


def test_the_race_is_for_the_break_on_now_else_the_last_passed_else_the_next(
    services: Services, tid: int, fake_clock: FakeClock
) -> None:
    assert services.chip_race.setup(tid).removed == (25,)  # before the start: the next
    services.clock.start(tid)
    fake_clock.advance(minutes=25)
    up = services.chip_race.setup(tid).color_up
    assert up is not None
    assert up.target is not None
    assert (up.removed[0].value, up.target.value) == (25, 100)
    fake_clock.advance(minutes=15)  # level 2: the race of the last break is still offered
    assert services.chip_race.setup(tid).removed == (25,)
    fake_clock.advance(minutes=10)  # the second break
    assert services.chip_race.setup(tid).removed == (100,)


def test_setup_lists_each_table_in_seat_order(
    services: Services, tid: int, seats: dict[tuple[int, int], int]
) -> None:
    tables = services.chip_race.setup(tid).tables
    assert [t.number for t in tables] == [1, 2]
    assert [p.seat for p in tables[0].players] == [1, 3, 5]
    assert tables[0].players[0].registration_id == seats[(1, 1)]


def test_a_drawn_race_is_kept_with_its_seed_and_shown_on_the_wall(
    services: Services, tid: int, seats: dict[tuple[int, int], int]
) -> None:
    picks = [
        RacePick(seats[(1, 1)], (3,)),
        RacePick(seats[(1, 3)], (2,)),
        RacePick(seats[(1, 5)], (1,), last_chips=True),
    ]
    outcome = services.chip_race.run(tid, 1, picks, Rounding.HALF_UP)
    race = outcome.value
    assert outcome.changes.touches(Change.WALL)
    assert race.raced == 2
    assert race.seed is not None
    moment = services.wall.current(tid)
    assert moment is not None
    assert moment.kind == CHIP_RACE
    assert moment.payload["target"] == "T100 black"
    assert moment.payload["table"] == "Table 1"
    assert [p["name"] for p in moment.payload["players"]] == [r.name for r in race.results]
    (kept,) = services.chip_race.races(tid)
    assert kept.seed == race.seed
    assert kept.table_number == 1
    assert kept.payload == dict(moment.payload)
    # Nobody is raced out: the player on his last chips takes a chip whatever his cards.
    last = race.results[2]
    assert last.takes == 1


def test_the_real_cards_dealt_are_recorded_without_a_seed(
    services: Services, tid: int, seats: dict[tuple[int, int], int]
) -> None:
    picks = [
        RacePick(seats[(2, 2)], (1,), cards=("Ks",)),
        RacePick(seats[(2, 4)], (1,), cards=("Kh",)),
    ]
    race = services.chip_race.run(tid, 2, picks, Rounding.HALF_UP, real_cards=True).value
    assert race.seed is None
    assert race.winners == (race.results[0].name,)
    assert services.chip_race.races(tid)[0].seed is None


@pytest.mark.slow
@pytest.mark.parametrize(
    ("table", "picks", "message"),
    [
        (1, [((1, 1), (4,)), ((1, 3), (0,))], "no odd chips"),
        (1, [((1, 1), (1,)), ((2, 2), (1,))], "not in play at Table 1"),
        (3, [((1, 1), (1,))], "Nobody is in play at table 3"),
    ],
)
def test_a_refused_race_changes_nothing_and_leaves_the_wall(
    services: Services,
    tid: int,
    seats: dict[tuple[int, int], int],
    table: int,
    picks: list[tuple[tuple[int, int], tuple[int, ...]]],
    message: str,
) -> None:
    services.wall.show(tid, MESSAGE, {"title": "Break"})
    before = dump(services.ctx.engine)
    with pytest.raises(ChipRaceError, match=message):
        services.chip_race.run(
            tid, table, [RacePick(seats[s], chips) for s, chips in picks], Rounding.UP
        )
    assert dump(services.ctx.engine) == before


@pytest.mark.slow
def test_a_structure_without_a_colour_up_has_nothing_to_race(
    services: Services, seats: dict[tuple[int, int], int]
) -> None:
    t = services.tournaments.create("No color-up").value.id
    services.structure.replace(t, Structure("Flat", (Level(25, 50), Break(10), Level(50, 100))))
    assert services.chip_race.setup(t).color_up is None
    with pytest.raises(ChipRaceError, match="No colour-up"):
        services.chip_race.run(t, 1, [], Rounding.UP)


@pytest.mark.slow
def test_setup_says_which_tables_are_raced_at_this_colour_up(
    services: Services, tid: int, seats: dict[tuple[int, int], int], fake_clock: FakeClock
) -> None:
    first = [RacePick(seats[(1, s)], (n,)) for s, n in ((1, 3), (3, 2), (5, 0))]
    services.chip_race.run(tid, 1, first, Rounding.HALF_UP)
    raced = services.chip_race.setup(tid).raced
    assert [t.number for t in raced] == [1]
    assert len(raced[0].told) == 3
    assert raced[0].seed is not None
    # The next colour-up races every table afresh.
    services.clock.start(tid)
    fake_clock.advance(minutes=50)
    assert services.chip_race.setup(tid).removed == (100,)
    assert services.chip_race.setup(tid).raced == ()


@pytest.mark.slow
def test_a_table_raced_again_at_the_same_colour_up_is_refused_unless_it_was_misdealt(
    services: Services, tid: int, seats: dict[tuple[int, int], int]
) -> None:
    """Only the dialog kept a table from being raced twice: a second call raced it again and
    the players were told new results over the ones already exchanged."""
    picks = [RacePick(seats[(1, s)], (n,)) for s, n in ((1, 3), (3, 2), (5, 0))]
    start = services.clock.snapshot(tid).stats.chips_in_play
    services.chip_race.run(tid, 1, picks, Rounding.HALF_UP)
    assert services.clock.snapshot(tid).stats.chips_in_play != start  # the race counts
    services.wall.show(tid, MESSAGE, {"title": "Break"})
    before = dump(services.ctx.engine)
    with pytest.raises(ChipRaceError, match="Table 1 was already raced at this colour-up"):
        services.chip_race.run(tid, 1, picks, Rounding.HALF_UP)
    assert dump(services.ctx.engine) == before
    # Another table at the same colour-up races as before.
    others = [RacePick(seats[(2, 2)], (1,)), RacePick(seats[(2, 4)], (1,))]
    services.chip_race.run(tid, 2, others, Rounding.HALF_UP)
    # A misdealt race is dealt again when the director says so: the last race is the one kept.
    chips_before = services.clock.snapshot(tid).stats.chips_in_play
    again = services.chip_race.run(tid, 1, picks, Rounding.HALF_UP, re_race=True)
    assert services.wall.current(tid).kind == CHIP_RACE
    assert len(services.chip_race.races(tid)) == 3
    raced = {t.number: t for t in services.chip_race.setup(tid).raced}
    assert raced[1].seed == again.value.seed
    assert services.clock.snapshot(tid).stats.chips_in_play == chips_before
