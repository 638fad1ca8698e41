"""The estimated end through the services: the clock's place, the busts that stand, the wall."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from clockapp.core.structure import Level, Structure
from clockapp.core.wall import ESTIMATE
from clockapp.errors import DomainError
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


@pytest.mark.slow
def test_before_any_bust_the_estimate_is_an_early_guess_from_now(
    services: Services, tid: int, field: list[int]
) -> None:
    found = services.estimate.estimate(tid)
    assert found is not None
    assert found.source == "prior"
    assert found.busts == 0
    assert services.now() < found.end.low <= found.end.likely <= found.end.high
    assert "early guess" in found.how_sure()


@pytest.mark.slow
def test_the_busts_so_far_are_fitted(
    services: Services, tid: int, field: list[int], fake_clock: FakeClock
) -> None:
    services.clock.start(tid)
    for rid in field[:4]:
        fake_clock.advance(minutes=8)
        services.results.bust(tid, rid)
    found = services.estimate.estimate(tid)
    assert found is not None
    assert (found.source, found.busts, found.players_left) == ("fit", 4, 8)
    assert found.bubble is not None
    assert found.bubble.likely <= found.end.likely


@pytest.mark.slow
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


# ---------------------------------------------------------------- simulated once per input
@pytest.fixture
def simulations(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the simulations the service runs (one entry per run)."""
    from clockapp.services import estimate as service

    runs: list[int] = []
    simulate = service.estimate_end

    def counted(*args: Any, **kwargs: Any) -> Any:
        runs.append(1)
        return simulate(*args, **kwargs)

    monkeypatch.setattr(service, "estimate_end", counted)
    return runs


@pytest.mark.slow
def test_asking_again_with_nothing_changed_runs_no_simulation(
    services: Services, tid: int, field: list[int], fake_clock: FakeClock, simulations: list[int]
) -> None:
    services.clock.start(tid)
    fake_clock.advance(minutes=3, seconds=10)
    services.results.bust(tid, field[0])
    first = services.estimate.estimate(tid)
    assert len(simulations) == 1
    assert services.estimate.estimate(tid) == first
    assert len(simulations) == 1
    # Later in the same play minute: the same inputs, the same times of day.
    fake_clock.advance(seconds=40)
    assert services.estimate.estimate(tid) == first
    assert services.estimate.show(tid).value == first  # the wall shares the answer
    assert len(simulations) == 1
    # A bust changes the inputs; so does the next play minute.
    services.results.bust(tid, field[1])
    after_bust = services.estimate.estimate(tid)
    assert len(simulations) == 2
    assert after_bust is not None
    assert after_bust.busts == 2
    fake_clock.advance(seconds=10)
    services.estimate.estimate(tid)
    assert len(simulations) == 3


@pytest.mark.slow
def test_a_clock_not_started_is_simulated_once_and_its_times_move_with_now(
    services: Services, tid: int, field: list[int], fake_clock: FakeClock, simulations: list[int]
) -> None:
    first = services.estimate.estimate(tid)
    fake_clock.advance(minutes=10)
    later = services.estimate.estimate(tid)
    assert len(simulations) == 1
    assert first is not None
    assert later is not None
    assert later.end.likely - first.end.likely == timedelta(minutes=10)
