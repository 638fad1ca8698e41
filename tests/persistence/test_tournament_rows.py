"""A shared read brings the tournament's one-to-one rows with its row, and knows which it lacks.

The refreshes one change asks of every window start by reading the tournament's revision; that
statement also loads the set-up, clock, config rows and the rest (`changes.ONE_TO_ONE`), and
says whether the tournament has any row in the lists most tournaments leave empty (its leagues,
its waiting list). What it found missing costs no statement after it, in that read only: a row
written since is found by the next read, and a write transaction always asks the database.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime

from sqlalchemy import event
from sqlalchemy.engine import Engine

from clockapp.persistence.db import writing
from clockapp.persistence.models import HandForHandRow, ShootoutRow, WaitingRow
from clockapp.persistence.queries import changes, leagues, waiting
from clockapp.persistence.session import one_to_one, reading, shared_reading, transaction
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails
from clockapp.services.setup import clock_row, setup_row

NOW = datetime(2026, 12, 4, 20, 0, tzinfo=UTC)


@contextmanager
def counted(engine: Engine) -> Iterator[list[str]]:
    statements: list[str] = []

    def on_execute(*args: object) -> None:
        statements.append(str(args[2]))

    event.listen(engine, "before_cursor_execute", on_execute)
    try:
        yield statements
    finally:
        event.remove(engine, "before_cursor_execute", on_execute)


def test_a_shared_read_asks_once_for_the_rows_of_a_tournament(engine: Engine) -> None:
    tid = Services(engine).tournaments.create("Rows").value.id
    with counted(engine) as statements, shared_reading(engine), reading(engine) as session:
        changes.revisions_loading_row(session, tid)
        asked = len(statements)
        assert setup_row(session, tid).tournament_id == tid
        assert clock_row(session, tid).tournament_id == tid
        assert one_to_one(session, ShootoutRow, tid) is None
        assert one_to_one(session, HandForHandRow, tid) is None
        assert list(leagues.leagues_of(session, tid)) == []
        assert waiting.waiters(session, tid) == []
        assert len(statements) == asked  # all answered by the first statement


def test_what_was_missing_is_read_again_by_the_next_read_and_in_a_write(engine: Engine) -> None:
    services = Services(engine)
    tid = services.tournaments.create("Rows").value.id
    pid = services.players.create(PlayerDetails("Ann")).value.id
    with shared_reading(engine), reading(engine) as session:
        changes.revisions_loading_row(session, tid)
        assert one_to_one(session, HandForHandRow, tid) is None
    with transaction(writing(engine)) as session:
        changes.revisions_loading_row(session, tid)  # in a write: nothing is taken as missing
        session.add(HandForHandRow(tournament_id=tid))
        session.add(WaitingRow(tournament_id=tid, player_id=pid, joined_at=NOW))
        session.flush()
        assert one_to_one(session, HandForHandRow, tid) is not None
        assert [w.player_id for w in waiting.waiters(session, tid)] == [pid]
    with shared_reading(engine), reading(engine) as session:
        changes.revisions_loading_row(session, tid)
        assert one_to_one(session, HandForHandRow, tid) is not None
        assert [w.player_id for w in waiting.waiters(session, tid)] == [pid]
