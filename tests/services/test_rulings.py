"""The rulings service: the smallest chip in play follows the chip set and the color-ups."""

from __future__ import annotations

import pytest

from clockapp.core.chips import ChipSet
from clockapp.core.structure import Break, Level, Structure
from clockapp.services.app import Services
from clockapp.services.setup import TournamentNotFoundError
from tests.fakes import FakeClock

COLOR_UPS = Structure(
    "Color-ups",
    (
        Level(25, 50, minutes=20),
        Level(50, 100, minutes=20),
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


def test_before_the_start_every_chip_is_in_play(services: Services, tid: int) -> None:
    chips = services.rulings.chips_in_play(tid)
    assert chips.values == (25, 100, 500, 1000)
    assert chips.item_index == 0
    assert services.rulings.smallest_chip(tid) == 25


@pytest.mark.slow
@pytest.mark.parametrize(
    ("minutes", "smallest", "in_play"),
    [
        (0, 25, (25, 100, 500, 1000)),
        (39, 25, (25, 100, 500, 1000)),
        (41, 100, (100, 500, 1000)),  # in the break that colors up the T25
        (55, 100, (100, 500, 1000)),
        (71, 500, (500, 1000)),  # the second color-up
        (200, 500, (500, 1000)),  # overtime on the last level
    ],
)
def test_color_ups_raise_the_smallest_chip_as_the_clock_runs(
    services: Services,
    tid: int,
    fake_clock: FakeClock,
    minutes: int,
    smallest: int,
    in_play: tuple[int, ...],
) -> None:
    services.clock.start(tid)
    fake_clock.advance(minutes=minutes)
    assert services.rulings.smallest_chip(tid) == smallest
    assert services.rulings.chips_in_play(tid).values == in_play


@pytest.mark.slow
def test_a_new_chip_set_is_seen_at_once(services: Services) -> None:
    t = services.tournaments.create("Home game").value.id
    assert services.rulings.smallest_chip(t) == 25  # the default chip set
    services.structure.set_chip_set(t, ChipSet.standard((5, 25, 100, 500, 1000, 5000)))
    assert services.rulings.smallest_chip(t) == 5


@pytest.mark.slow
def test_reading_changes_nothing(services: Services, tid: int) -> None:
    revision = services.tournaments.revision()
    services.rulings.chips_in_play(tid)
    assert services.tournaments.revision() == revision


def test_unknown_tournament_is_named(services: Services) -> None:
    with pytest.raises(TournamentNotFoundError, match="#99"):
        services.rulings.smallest_chip(99)


# ---------------------------------------------------------------------------- tables and button
def _seated(services: Services, tid: int) -> dict[tuple[int, int], int]:
    """Two tables: table 1 seats 1, 3, 5 and 8; table 2 seats 2 and 4."""
    from tests.services.seating.test_seating import place

    services.seating.add_tables(tid, 2, seat_count=9)
    return place(services, tid, {1: [1, 3, 5, 8], 2: [2, 4]})


@pytest.mark.slow
def test_no_tables_means_no_choice(services: Services, tid: int) -> None:
    assert services.rulings.tables(tid) == ()


@pytest.mark.slow
def test_tables_list_who_sits_where(services: Services, tid: int) -> None:
    _seated(services, tid)
    tables = services.rulings.tables(tid)
    assert [t.number for t in tables] == [1, 2]
    first = tables[0]
    assert [seat for seat, _name in first.players] == [1, 3, 5, 8]
    assert first.name_at(5) == "P03"
    assert first.name_at(2) == ""
    assert first.title == "Table 1 · 4 players"
    assert first.button is None


@pytest.mark.slow
@pytest.mark.parametrize(("table", "button"), [(1, 5), (2, 4)])
def test_the_button_comes_from_the_seating(
    services: Services, tid: int, table: int, button: int
) -> None:
    _seated(services, tid)
    assert services.rulings.button_seat(tid, table) is None
    services.seating.set_button(tid, table, button)
    assert services.rulings.button_seat(tid, table) == button
    assert {t.number: t.button for t in services.rulings.tables(tid)}[table] == button
    services.seating.set_button(tid, table, None)
    assert services.rulings.button_seat(tid, table) is None


def test_a_table_not_in_play_is_named(services: Services, tid: int) -> None:
    from clockapp.services.seating import SeatingError

    _seated(services, tid)
    with pytest.raises(SeatingError, match="Table 7 is not in play"):
        services.rulings.button_seat(tid, 7)


def test_reading_the_tables_changes_nothing(services: Services, tid: int) -> None:
    _seated(services, tid)
    revision = services.tournaments.revision()
    services.rulings.tables(tid)
    services.rulings.button_seat(tid, 1)
    assert services.tournaments.revision() == revision


@pytest.mark.slow
def test_the_button_the_director_gave_is_kept(
    services: Services, tid: int, fake_clock: FakeClock
) -> None:
    """What the director told the seating stays known until the director changes it."""
    _seated(services, tid)
    services.seating.set_button(tid, 1, 5)
    fake_clock.advance(minutes=60)
    assert services.rulings.button_seat(tid, 1) == 5
    assert {t.number: t.button for t in services.rulings.tables(tid)}[1] == 5
    services.seating.set_button(tid, 1, 8)
    assert services.rulings.button_seat(tid, 1) == 8
