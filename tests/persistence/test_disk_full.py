"""A full disk under a healthy database: it is said to be full, never "damaged"; the database is
kept as it is, and an action is refused in words with nothing changed.

Where this process may mount a tiny tmpfs (root on Linux) the disk really fills up; the write path
is also checked everywhere with SQLite's page limit, which fails a write the way a full disk does.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import event
from sqlalchemy.engine import Engine

from clockapp.persistence.db import make_engine, open_database, sqlite_url
from clockapp.persistence.errors import (
    DatabaseCorruptError,
    DatabaseDiskFullError,
    DiskFullError,
)
from clockapp.services.app import Services


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    """A 2 MB file system of the test's own (skipped where it may not be mounted)."""
    folder = tmp_path / "disk"
    folder.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(folder)],
        capture_output=True,
        check=False,
    )
    if mounted.returncode != 0:
        pytest.skip("a tiny tmpfs cannot be mounted here (not root)")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def _fill(folder: Path) -> Path:
    """Fill the disk holding `folder` to the last byte; the file that fills it."""
    filler = folder / "filler"
    descriptor = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(descriptor, b"\0" * 4096)
    except OSError:
        pass
    finally:
        os.close(descriptor)
    return filler


def _create_until_refused(services: Services) -> tuple[int, DiskFullError]:
    """Create tournaments until one is refused for want of room: how many were made, and why."""
    for made in range(10_000):
        try:
            services.tournaments.create(f"Night {made:05} " + "x" * 48)  # 60: the longest name
        except DiskFullError as refused:
            return made, refused
    raise AssertionError("the disk never filled up")


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_healthy_database_on_a_full_disk_is_said_to_be_full_not_damaged(
    tiny_disk: Path,
) -> None:
    db = tiny_disk / "night.db"
    engine = open_database(str(db))
    Services(engine).tournaments.create("Friday")
    engine.dispose()
    before = _digest(db)
    filler = _fill(tiny_disk)
    with pytest.raises(DatabaseDiskFullError) as refused:
        open_database(str(db))
    assert not isinstance(refused.value, DatabaseCorruptError)
    assert refused.value.newest_backup is None  # no backup offered: nothing is damaged
    assert "The disk holding the database" in str(refused.value)
    assert "is full: free some space" in str(refused.value)
    assert "damaged" not in str(refused.value).replace("not damaged", "")
    assert _digest(db) == before
    filler.unlink()  # space freed: it opens, all there
    engine = open_database(str(db))
    try:
        assert [t.name for t in Services(engine).tournaments.list()] == ["Friday"]
    finally:
        engine.dispose()


@pytest.mark.slow
def test_a_write_on_a_full_disk_is_refused_in_words_and_changes_nothing(tiny_disk: Path) -> None:
    engine = open_database(str(tiny_disk / "night.db"))
    try:
        services = Services(engine)
        services.tournaments.create("Friday")
        _fill(tiny_disk)
        made, refused = _create_until_refused(services)
        assert str(refused).startswith("The disk is full")
        assert "nothing was changed" in str(refused)
        names = [t.name for t in services.tournaments.list()]
        assert "Friday" in names
        assert len(names) == 1 + made  # the refused one is not there
    finally:
        engine.dispose()


@pytest.mark.slow
def test_a_write_past_the_files_room_is_refused_in_words(engine: Engine, db_path: Path) -> None:
    """Everywhere: SQLite's page limit makes a write fail as a full disk does (SQLITE_FULL)."""
    services = Services(engine)
    services.tournaments.create("Friday")
    engine.dispose()
    limited = make_engine(sqlite_url(db_path))

    @event.listens_for(limited, "connect")
    def _no_more_pages(dbapi_connection, _record) -> None:  # type: ignore[no-untyped-def]
        pages = dbapi_connection.execute("PRAGMA page_count").fetchone()[0]
        dbapi_connection.execute(f"PRAGMA max_page_count={pages}")

    try:
        services = Services(limited)
        made, refused = _create_until_refused(services)
        assert str(refused).startswith("The disk is full")
        assert "nothing was changed" in str(refused)
        assert len(services.tournaments.list()) == 1 + made
    finally:
        limited.dispose()
