"""Migration 0016 (a revision per tournament) both ways, on a database with history.

The change rows already there are numbered 1, 2, ... in id order within their tournament (and
the app-wide ones apart); each tournament's revision and the app's start where they left off, so
the feed goes on from there.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import text

from clockapp.persistence.db import alembic_config, current_revision, migrate, open_database
from clockapp.services.app import Services
from clockapp.services.changes import Revision
from clockapp.services.players import PlayerDetails
from tests.fakes import FakeClock


@pytest.mark.slow
def test_existing_changes_are_numbered_per_tournament_and_the_feed_goes_on(
    db_path: Path, fake_clock: FakeClock
) -> None:
    _check(str(db_path), fake_clock)


@pytest.mark.slow
@pytest.mark.postgres
def test_the_same_on_postgresql(pg_url: str, fake_clock: FakeClock) -> None:
    _check(pg_url, fake_clock)


def _check(db: str, fake_clock: FakeClock) -> None:
    engine = open_database(db)
    try:
        services = Services(engine, now=fake_clock)
        a = services.tournaments.create("A").value.id
        b = services.tournaments.create("B").value.id
        services.players.create(PlayerDetails("Ann"))
        services.tournaments.rename(a, "A2")
        services.tournaments.rename(b, "B2")
        services.tournaments.rename(a, "A3")
        command.downgrade(alembic_config(engine), "0015")
        assert current_revision(engine) == "0015"

        migrate(engine)
        with engine.connect() as conn:
            numbered = conn.execute(
                text('SELECT tournament_id, revision FROM "change" ORDER BY id')
            ).all()
        assert [tuple(row) for row in numbered] == [
            (a, 1),
            (b, 1),
            (None, 1),
            (a, 2),
            (b, 2),
            (a, 3),
        ]
        services = Services(engine, now=fake_clock)
        assert services.tournaments.revision_of(a) == Revision(3, 1)
        assert services.tournaments.revision_of(b) == Revision(2, 1)
        seen = services.tournaments.revision_of(a)
        assert services.tournaments.rename(a, "A4").changes.revision == 4
        assert services.players.create(PlayerDetails("Bob")).changes.revision == 2
        feed = services.tournaments.changes_since(seen, a)
        assert feed is not None
        assert feed.revision == Revision(4, 2)
    finally:
        engine.dispose()
