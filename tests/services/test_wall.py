"""The wall's moment through the services: shown, read in the snapshot, cleared, per tournament."""

from __future__ import annotations

import pytest

from clockapp.core.wall import MESSAGE, SHOT_CLOCK
from clockapp.services.app import Services
from clockapp.services.changes import Change
from tests.dbdump import dump_database as dump


def test_a_moment_shown_is_in_the_snapshot_until_cleared(services: Services) -> None:
    tid = services.tournaments.create("Friday").value.id
    outcome = services.wall.show(tid, MESSAGE, {"title": "Dinner", "text": "in the kitchen"})
    assert outcome.changes.touches(Change.WALL)
    snap = services.clock.snapshot(tid)
    assert snap.wall is not None
    assert (snap.wall.kind, snap.wall.payload["title"]) == (MESSAGE, "Dinner")
    assert snap.wall.since == services.now()
    cleared = services.wall.clear(tid)
    assert cleared.value is True
    assert cleared.changes.touches(Change.WALL)
    assert services.clock.snapshot(tid).wall is None


def test_moments_belong_to_their_tournament(services: Services) -> None:
    first = services.tournaments.create("One").value.id
    second = services.tournaments.create("Two").value.id
    services.wall.show(first, MESSAGE, {"title": "one"})
    assert services.wall.current(second) is None
    assert services.wall.current(first) is not None


@pytest.mark.slow
def test_clearing_another_kind_or_an_empty_wall_changes_nothing(services: Services) -> None:
    tid = services.tournaments.create("Friday").value.id
    assert services.wall.clear(tid).value is False
    services.wall.show(tid, MESSAGE, {"title": "hello"})
    before = dump(services.ctx.engine)
    outcome = services.wall.clear(tid, kind=SHOT_CLOCK)
    assert outcome.value is False
    assert not outcome.changes.touches(Change.WALL)
    assert dump(services.ctx.engine) == before
