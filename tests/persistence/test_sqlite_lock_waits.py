"""Another process holding SQLite's write lock: a station's writers queue for it in the process,
each tries the file's lock briefly and again with a backoff, and an action still refused when the
bound is reached says in words who holds the database, with nothing changed.

The lock is held by a second OS process (multiprocessing with spawn) with BEGIN IMMEDIATE, as
`clockapp backup`, the cashier on the same laptop or a second station would.
"""

from __future__ import annotations

import multiprocessing
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import Engine

from clockapp.persistence import db
from clockapp.persistence.errors import DatabaseBusyError
from clockapp.services.app import Services

pytestmark = pytest.mark.slow


def _hold_write_lock(path: str, holding: Any, release: Any) -> None:
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("BEGIN IMMEDIATE")
    holding.set()
    release.wait(60)
    connection.execute("ROLLBACK")
    connection.close()


@contextmanager
def _held_by_another_process(path: Path) -> Iterator[Any]:
    """Another process holds the write lock on `path` until the caller sets the event yielded."""
    context = multiprocessing.get_context("spawn")
    holding, release = context.Event(), context.Event()
    process = context.Process(target=_hold_write_lock, args=(str(path), holding, release))
    process.start()
    try:
        assert holding.wait(30)
        yield release
    finally:
        release.set()
        process.join(30)


def test_a_lock_held_past_the_bound_is_refused_in_words_and_changes_nothing(
    engine: Engine, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    services = Services(engine)
    tid = services.tournaments.create("Friday").value.id
    monkeypatch.setattr(db, "SQLITE_WRITE_WAIT_S", 1.0)
    with _held_by_another_process(db_path):
        started = time.monotonic()
        with pytest.raises(DatabaseBusyError) as refused:
            services.tournaments.rename(tid, "Saturday")
        took = time.monotonic() - started
    assert "another station or program" in str(refused.value)
    assert "nothing was changed" in str(refused.value)
    assert 1.0 <= took < 10  # the bound, not SQLite's old 20 s poll (a loaded machine is slow)
    assert services.tournaments.get(tid).name == "Friday"


def test_the_stations_writers_queue_in_the_process_while_another_holds_the_file(
    engine: Engine, db_path: Path
) -> None:
    """Writers waiting behind another process wait in line in this process (one of them at a time
    asks SQLite for the file's lock), and all go through, once each, after it lets go."""
    services = Services(engine)
    tid = services.tournaments.create("Friday").value.id
    queue = db.writer_queue(engine)
    assert queue is not None
    outcomes: list[str] = []

    def rename(name: str) -> None:
        try:
            services.tournaments.rename(tid, name)
            outcomes.append(name)
        except Exception as error:  # a refusal is what the test reports
            outcomes.append(repr(error))

    with _held_by_another_process(db_path) as release:
        writers = [threading.Thread(target=rename, args=(f"Night {n}",)) for n in range(4)]
        for writer in writers:
            writer.start()
        deadline = time.monotonic() + 10
        while queue.waiting < 3 and time.monotonic() < deadline:
            time.sleep(0.01)  # until three writers wait in line behind the one asking SQLite
        assert queue.waiting == 3
        release.set()
        for writer in writers:
            writer.join(30)
    assert sorted(outcomes) == [f"Night {n}" for n in range(4)]
    assert services.tournaments.get(tid).name in outcomes
