"""The estimated end through the services: the clock's place, the busts that stand, the wall."""

from __future__ import annotations

import pytest

from clockapp.core.errors import DomainError
from clockapp.core.structure import Level, Structure
from clockapp.core.wall import ESTIMATE
from clockapp.services.app import Services
from clockapp.services.changes import Change
from tests.fakes import FakeClock

STRUCTURE = Structure(
    "Rising", tuple(Level(b // 2, b, minutes=20) for b in (100, 200, 400, 800, 1600, 3200))
)


@pytest.fixture
def tid(services: Services) -> int:
    t = services.tournaments.create("Friday").value.id
    services.structure.replace(t, STRUCTURE)
    return t


@pytest.fixture
def field(services: Services, tid: int) -> list[int]:
    from tests.services.seating.test_seating import buy_ins

    return buy_ins(services, tid, 12)


def test_before_any_bust_the_estimate_is_an_early_guess_from_now(
    services: Services, tid: int, field: list[int]
) -> None:
    found = services.estimate.estimate(tid)
    assert found is not None
    assert found.source == "prior"
    assert found.busts == 0
    assert services.now() < found.end.low <= found.end.likely <= found.end.high
    assert "early guess" in found.how_sure()


def test_the_busts_so_far_are_fitted(
    services: Services, tid: int, field: list[int], fake_clock: FakeClock
) -> None:
    services.clock.start(tid)
    for rid in field[:4]:
        fake_clock.advance(minutes=8)
        services.results.eliminate(tid, rid)
    found = services.estimate.estimate(tid)
    assert found is not None
    assert (found.source, found.busts, found.players_left) == ("fit", 4, 8)
    assert found.bubble is not None
    assert found.bubble.likely <= found.end.likely


def test_the_estimate_goes_on_the_wall_self_contained(
    services: Services, tid: int, field: list[int]
) -> None:
    outcome = services.estimate.show(tid)
    assert outcome.changes.touches(Change.WALL)
    moment = services.wall.current(tid)
    assert moment is not None
    assert moment.kind == ESTIMATE
    assert moment.payload["players_left"] == 12
    assert set(moment.payload["end"]) == {"low", "likely", "high"}


def test_with_nobody_there_is_nothing_to_show(services: Services, tid: int) -> None:
    assert services.estimate.estimate(tid) is None
    with pytest.raises(DomainError, match="Nothing to estimate"):
        services.estimate.show(tid)
    assert services.wall.current(tid) is None
