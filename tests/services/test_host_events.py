"""The host's events through the services: kept per tournament, each occurrence fired once."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from clockapp.core.host_events import HostEvent, HostEventError, Trigger
from clockapp.core.structure import Break, Level, Structure
from clockapp.persistence.db import make_engine, sqlite_url
from clockapp.services.app import Services
from clockapp.services.changes import Change
from clockapp.services.clock import ClockService
from tests.fakes import FakeClock

SIMPLE = Structure(
    "Test",
    (Level(25, 50, minutes=20), Level(50, 100, minutes=20), Break(10), Level(100, 200, minutes=20)),
)
FIVE_LEFT = HostEvent(0, Trigger.MINUTES_BEFORE_END, minutes=5, wall_text="Level {level}: 5 min")
TEN_PLAYERS = HostEvent(0, Trigger.PLAYERS_LEFT, players=10, spoken="{players_left} players left")


@pytest.fixture
def tid(services: Services) -> int:
    t = services.tournaments.create("Friday").value.id
    services.structure.replace(t, SIMPLE)
    return t


@pytest.fixture
def other(db_path: Path, engine: Engine, fake_clock: FakeClock) -> Iterator[Services]:
    """A second display's services on the same database file."""
    second = make_engine(sqlite_url(db_path))
    yield Services(second, now=fake_clock, station="wall")
    second.dispose()


def test_events_are_kept_edited_and_removed(services: Services, tid: int) -> None:
    saved = services.host_events.save(tid, FIVE_LEFT)
    assert saved.changes.touches(Change.WALL)
    assert saved.value.id > 0
    edited = services.host_events.save(
        tid, HostEvent(saved.value.id, Trigger.BREAK_STARTED, sound="break_start")
    )
    assert services.host_events.events(tid) == (edited.value,)
    removed = services.host_events.delete(tid, saved.value.id)
    assert removed.value == edited.value
    assert services.host_events.events(tid) == ()
    # An undo of the removal puts it back under its old id.
    services.host_events.save(tid, removed.value)
    assert services.host_events.events(tid) == (edited.value,)
    assert services.clock.snapshot(tid).host_events == (edited.value,)


def test_a_sound_that_is_no_file_path_is_refused_and_nothing_is_kept(
    services: Services, tid: int
) -> None:
    with pytest.raises(HostEventError, match="full path"):
        services.host_events.save(tid, HostEvent(0, Trigger.FINAL_TABLE, sound="bell.wav"))
    assert services.host_events.events(tid) == ()


def test_a_removed_event_cannot_be_removed_twice(services: Services, tid: int) -> None:
    saved = services.host_events.save(tid, FIVE_LEFT).value
    services.host_events.delete(tid, saved.id)
    with pytest.raises(HostEventError, match="removed already"):
        services.host_events.delete(tid, saved.id)


def test_minutes_before_the_end_fire_once_across_two_displays(
    services: Services, other: Services, tid: int, fake_clock: FakeClock
) -> None:
    services.host_events.save(tid, FIVE_LEFT)
    services.clock.start(tid)
    _, here = services.clock.claim_host_events(tid, None)
    _, there = other.clock.claim_host_events(tid, None)
    fake_clock.advance(minutes=15)
    fired, here = services.clock.claim_host_events(tid, here)
    assert [o.wall_text for o in fired] == ["Level 1: 5 min"]
    again, there = other.clock.claim_host_events(tid, there)
    assert again == ()
    fake_clock.advance(seconds=1)
    assert services.clock.claim_host_events(tid, here)[0] == ()


def test_not_again_after_an_undo_of_a_level_change_or_a_restart(
    services: Services, tid: int, fake_clock: FakeClock
) -> None:
    services.host_events.save(tid, FIVE_LEFT)
    services.clock.start(tid)
    _, facts = services.clock.claim_host_events(tid, None)
    fake_clock.advance(minutes=15)
    fired, facts = services.clock.claim_host_events(tid, facts)
    assert len(fired) == 1
    before = services.clock.state(tid)
    services.clock.restart_level(tid)  # level 1 runs its 15th minute again...
    fake_clock.advance(minutes=15)
    assert services.clock.claim_host_events(tid, facts)[0] == ()
    services.clock.restore(tid, before)  # ...and its undo
    fake_clock.advance(seconds=2)
    # A restart: the display has no facts yet; the claim row is still there.
    assert services.clock.claim_host_events(tid, None)[0] == ()


def test_players_left_fires_when_the_count_goes_down_to_it_once(
    services: Services, other: Services, tid: int, fake_clock: FakeClock
) -> None:
    services.host_events.save(tid, TEN_PLAYERS)
    services.clock.set_field(tid, entries=12, players_left=12)
    _, here = services.clock.claim_host_events(tid, None)
    _, there = other.clock.claim_host_events(tid, None)
    services.clock.set_field(tid, players_left=9)
    fake_clock.advance(seconds=1)
    fired, here = services.clock.claim_host_events(tid, here)
    assert [o.spoken for o in fired] == ["9 players left"]
    assert other.clock.claim_host_events(tid, there)[0] == ()
    # An undo of the bust and the bust again: the same occurrence, already fired.
    services.clock.set_field(tid, players_left=11)
    _, here = services.clock.claim_host_events(tid, here)
    services.clock.set_field(tid, players_left=10)
    assert services.clock.claim_host_events(tid, here)[0] == ()


def test_nothing_is_written_when_nothing_is_due(
    services: Services, tid: int, fake_clock: FakeClock
) -> None:
    services.host_events.save(tid, FIVE_LEFT)
    revision = services.clock.snapshot(tid)
    _, facts = services.clock.claim_host_events(tid, None)
    fake_clock.advance(seconds=1)
    assert services.clock.claim_host_events(tid, facts)[0] == ()
    assert services.clock.snapshot(tid) == revision


def test_a_time_of_day_fires_in_the_room_s_zone(
    services: Services, tid: int, fake_clock: FakeClock
) -> None:
    clock = ClockService(services.ctx, zone=UTC)
    assert fake_clock().hour == 19
    assert fake_clock().minute == 0
    services.host_events.save(
        tid, HostEvent(0, Trigger.TIME_OF_DAY, at="20:00", wall_text="Last orders")
    )
    _, facts = clock.claim_host_events(tid, None)
    fake_clock.advance(minutes=59, seconds=59)
    assert clock.claim_host_events(tid, facts)[0] == ()
    fake_clock.advance(seconds=1)
    fired, _ = clock.claim_host_events(tid, facts)
    assert [o.wall_text for o in fired] == ["Last orders"]
