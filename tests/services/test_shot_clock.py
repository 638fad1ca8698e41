"""The shot clock through the services: called on a player in play, counted from the stored end."""

from __future__ import annotations

from datetime import timedelta

import pytest

from clockapp.core.shot_clock import ShotClock, ShotClockError
from clockapp.core.wall import MESSAGE, SHOT_CLOCK
from clockapp.services.app import Services
from clockapp.services.changes import Change
from tests.dbdump import dump_database as dump
from tests.fakes import FakeClock


@pytest.fixture
def tid(services: Services) -> int:
    return services.tournaments.create("Friday").value.id


@pytest.fixture
def seats(services: Services, tid: int) -> dict[tuple[int, int], int]:
    from tests.services.seating.test_seating import place

    services.seating.add_tables(tid, 2, seat_count=9)
    return place(services, tid, {1: [1, 4], 2: [2]})


def test_players_in_play_are_listed_by_table_and_seat(
    services: Services, tid: int, seats: dict[tuple[int, int], int]
) -> None:
    players = services.shot_clock.players(tid)
    assert [p.seat for p in players] == ["Table 1, seat 1", "Table 1, seat 4", "Table 2, seat 2"]
    assert players[0].registration_id == seats[(1, 1)]


@pytest.mark.slow
def test_the_call_stores_its_end_and_every_station_counts_from_it(
    services: Services, tid: int, seats: dict[tuple[int, int], int], fake_clock: FakeClock
) -> None:
    outcome = services.shot_clock.call(tid, seats[(1, 4)])
    assert outcome.changes.touches(Change.WALL)
    called = services.now()
    moment = services.wall.current(tid)
    assert moment is not None
    assert moment.kind == SHOT_CLOCK
    shot = ShotClock.from_payload(moment.payload)
    assert shot == outcome.value
    assert shot.ends_at == called + timedelta(seconds=60)
    assert shot.seat == "Table 1, seat 4"
    fake_clock.advance(seconds=45)
    assert shot.seconds_left(services.now()) == 15
    fake_clock.advance(seconds=15)
    assert shot.is_time(services.now())
    cancelled = services.shot_clock.cancel(tid)
    assert cancelled.value is True
    assert services.wall.current(tid) is None


@pytest.mark.slow
def test_calling_the_clock_on_a_busted_player_is_refused_and_changes_nothing(
    services: Services, tid: int, seats: dict[tuple[int, int], int]
) -> None:
    from tests.services.seating.test_seating import bust

    out = seats[(2, 2)]
    bust(services, out)
    services.wall.show(tid, MESSAGE, {"title": "Dinner"})
    before = dump(services.ctx.engine)
    with pytest.raises(ShotClockError, match="P03 is not in play"):
        services.shot_clock.call(tid, out)
    with pytest.raises(ShotClockError, match="not in play"):
        services.shot_clock.call(tid, 9999)
    assert dump(services.ctx.engine) == before
    assert out not in {p.registration_id for p in services.shot_clock.players(tid)}


def test_cancel_leaves_another_moment_alone(
    services: Services, tid: int, seats: dict[tuple[int, int], int]
) -> None:
    services.wall.show(tid, MESSAGE, {"title": "Dinner"})
    assert services.shot_clock.cancel(tid).value is False
    moment = services.wall.current(tid)
    assert moment is not None
    assert moment.kind == MESSAGE
