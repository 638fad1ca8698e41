"""Processes on one machine sharing the SQLite file: WAL, a bounded lock wait, short
transactions, a readable refusal when the lock is held too long, and the cheap change watcher."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.engine import Engine

from clockapp.errors import DomainError
from clockapp.persistence import db
from clockapp.persistence.db import make_engine, sqlite_url
from clockapp.persistence.watch import SqliteWatcher
from clockapp.services.app import Services


def test_every_connection_waits_for_the_lock_in_wal_mode(engine: Engine) -> None:
    with engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert conn.execute(text("PRAGMA busy_timeout")).scalar() == db.SQLITE_BUSY_TIMEOUT_MS
    # Each attempt is short; an action goes on trying, in all, for as long as this.
    assert db.SQLITE_WRITE_WAIT_S >= 5


@pytest.mark.slow
def test_a_lock_held_too_long_is_refused_in_words_and_changes_nothing(
    engine: Engine, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tid = Services(engine).tournaments.create("Friday").value.id
    monkeypatch.setattr(db, "SQLITE_WRITE_WAIT_S", 0.3)
    station = make_engine(sqlite_url(db_path))  # another station, connecting now
    other = sqlite3.connect(db_path, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")  # a station that holds the write lock (and hangs)
        with pytest.raises(DomainError, match="in use by another station or program"):
            Services(station).tournaments.rename(tid, "Saturday")
        other.execute("ROLLBACK")
        assert Services(station).tournaments.get(tid).name == "Friday"
    finally:
        other.close()
        station.dispose()


def test_the_watcher_sees_another_connections_commit_and_costs_nothing_when_idle(
    engine: Engine, db_path: Path
) -> None:
    services = Services(engine)
    watcher = SqliteWatcher(str(db_path))
    try:
        watcher.changed()  # the first look reads the number
        assert not watcher.changed()
        services.tournaments.create("Friday")  # committed on the pool's own connection
        assert watcher.changed()
        assert not watcher.changed()
        assert watcher.online
    finally:
        watcher.close()
