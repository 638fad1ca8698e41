"""On PostgreSQL an action's change reaches the other stations' listeners when it commits (the
NOTIFY goes out in the statement that appends the change, not in one of its own), and only then."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlmodel import Session

from clockapp.persistence.db import make_engine, migrate, writing
from clockapp.persistence.models import TournamentRow
from clockapp.persistence.queries import changes
from clockapp.persistence.session import transaction
from clockapp.persistence.watch import watch

pytestmark = pytest.mark.postgres

NOW = datetime(2026, 12, 4, 20, 0, tzinfo=UTC)


def _append_then_fail(engine: Engine, tid: int) -> None:
    with transaction(writing(engine)) as session:
        changes.append(session, tid, 1, "rolled back", NOW)
        raise RuntimeError("the action fails after appending its change")


def test_a_committed_change_wakes_a_listener_and_a_rolled_back_one_does_not(pg_url: str) -> None:
    engine = make_engine(pg_url)
    migrate(engine)
    with Session(engine) as session:
        row = TournamentRow(name="Notify", created_at=NOW)
        session.add(row)
        session.commit()
        tid = row.id
    assert tid is not None
    statements: list[str] = []
    event.listen(engine, "before_cursor_execute", lambda *a: statements.append(a[2]))
    watcher = watch(engine)
    try:
        assert watcher.wait(10.0)  # the listener is up and says so once
        while watcher.wait(0.5):  # forget what it saw on the way
            pass
        with pytest.raises(RuntimeError, match="fails"):
            _append_then_fail(engine, tid)
        assert not watcher.wait(1.0)
        with transaction(writing(engine)) as session:
            changes.append(session, tid, 1, "committed", NOW)
        assert watcher.wait(5.0)
    finally:
        watcher.close()
        engine.dispose()
    assert not [s for s in statements if s.lstrip().upper().startswith("SELECT PG_NOTIFY")]
