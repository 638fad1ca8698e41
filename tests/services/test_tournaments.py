"""Tournaments and the change log that lets stations see each other's actions."""

from __future__ import annotations

import pytest
from sqlalchemy.engine import Engine

from clockapp.errors import ValidationError
from clockapp.services.app import Services
from clockapp.services.changes import Change
from clockapp.services.tournaments import TournamentNotFoundError
from tests.fakes import FakeClock


def test_create_list_and_reopen_the_last(services: Services) -> None:
    assert services.tournaments.last_opened() is None
    first = services.tournaments.create("Friday Night").value
    second = services.tournaments.create("  Saturday   Deep  ").value
    assert second.name == "Saturday Deep"
    assert [t.name for t in services.tournaments.list()] == ["Saturday Deep", "Friday Night"]
    services.tournaments.open(first.id)
    assert services.tournaments.last_opened() == first


def test_the_last_opened_survives_a_restart(engine: Engine, fake_clock: FakeClock) -> None:
    t = Services(engine, now=fake_clock).tournaments.create("Home game").value
    restarted = Services(engine, now=fake_clock)
    assert restarted.tournaments.last_opened() == t


@pytest.mark.parametrize("bad", ["", "   ", "x" * 201])
def test_bad_names_are_refused_and_nothing_is_saved(services: Services, bad: str) -> None:
    with pytest.raises(ValidationError):
        services.tournaments.create(bad)
    assert services.tournaments.list() == ()
    assert services.tournaments.revision() == 0


def test_unknown_tournament(services: Services) -> None:
    with pytest.raises(TournamentNotFoundError, match="#42"):
        services.tournaments.open(42)


def test_every_action_bumps_the_revision_and_another_station_sees_it(
    engine: Engine, fake_clock: FakeClock
) -> None:
    here = Services(engine, now=fake_clock)
    there = Services(engine, now=fake_clock)  # a second station on the same database
    t = here.tournaments.create("Shared").value
    seen = there.tournaments.revision_of(t.id)
    assert there.tournaments.changes_since(seen, t.id) is None
    outcome = here.tournaments.rename(t.id, "Shared night")
    assert outcome.changes.revision == seen.tournament + 1
    changes = there.tournaments.changes_since(seen, t.id)
    assert changes is not None
    assert changes.what & Change.TOURNAMENT
    assert not changes.what & Change.LEDGER
    assert changes.revision.tournament == outcome.changes.revision


def test_changes_of_another_tournament_are_not_mine(services: Services) -> None:
    a = services.tournaments.create("A").value
    b = services.tournaments.create("B").value
    seen = services.tournaments.revision_of(a.id)
    services.tournaments.rename(b.id, "B2")
    assert services.tournaments.revision_of(b.id).tournament == 2  # created, renamed
    # A's feed did not move: nothing of A changed, and reading it costs one statement.
    assert services.tournaments.changes_since(seen, a.id) is None
