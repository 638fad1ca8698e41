"""A database that cannot be used says why at once, names the way out, and is left untouched."""

from __future__ import annotations

import hashlib
import os
import sqlite3
from pathlib import Path

import pytest

from clockapp.persistence.backup import list_backups, write_backup
from clockapp.persistence.db import make_engine, migrate, open_database, stored_revision
from clockapp.persistence.errors import (
    BackupError,
    DatabaseCorruptError,
    DatabaseMissingFolderError,
    DatabaseOpenError,
    DatabaseReadOnlyError,
    DatabaseTooNewError,
)
from tests.persistence.migration_kills import SEEDED_TABLES, prepare_older


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _new_database(path: Path) -> None:
    engine = open_database(str(path))
    engine.dispose()


def test_a_file_that_is_not_a_database_is_called_damaged(db_path: Path) -> None:
    db_path.write_bytes(b"this is a spreadsheet, not a database" * 200)
    with pytest.raises(DatabaseCorruptError, match="is damaged") as caught:
        open_database(str(db_path))
    assert caught.value.newest_backup is None


def test_a_damaged_database_offers_its_newest_backup(db_path: Path) -> None:
    _new_database(db_path)
    write_backup(db_path, "manual", {})
    newest = write_backup(db_path, "level", {})
    data = bytearray(db_path.read_bytes())
    page = 4096
    data[2 * page : len(data)] = b"\xff" * (len(data) - 2 * page)  # every page after the second
    db_path.write_bytes(bytes(data))
    with pytest.raises(DatabaseCorruptError) as caught:
        open_database(str(db_path))
    assert caught.value.newest_backup == newest.path


def test_a_read_only_file_is_refused_at_once_and_left_alone(db_path: Path) -> None:
    _new_database(db_path)
    before = _digest(db_path)
    db_path.chmod(0o444)
    try:
        with pytest.raises(DatabaseReadOnlyError, match="read-only"):
            open_database(str(db_path))
        assert _digest(db_path) == before
    finally:
        db_path.chmod(0o644)


def test_a_database_from_a_newer_clockapp_says_so_and_is_untouched(db_path: Path) -> None:
    _new_database(db_path)
    connection = sqlite3.connect(db_path, isolation_level=None)
    connection.execute("UPDATE alembic_version SET version_num = '0042'")
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    before = _digest(db_path)
    with pytest.raises(DatabaseTooNewError, match=r"newer version of clockapp.*0042"):
        open_database(str(db_path))
    assert _digest(db_path) == before
    assert not (db_path.parent / "backups").exists()


def test_migrate_refuses_a_newer_schema_on_any_engine(db_path: Path) -> None:
    _new_database(db_path)
    engine = make_engine(str(db_path))
    try:
        with engine.begin() as connection:
            connection.exec_driver_sql("UPDATE alembic_version SET version_num = '0042'")
        with pytest.raises(DatabaseTooNewError):
            migrate(engine)
        assert stored_revision(engine) == "0042"
    finally:
        engine.dispose()


def test_a_folder_that_does_not_exist_is_an_error_not_created(tmp_path: Path) -> None:
    target = tmp_path / "no-such-folder" / "night.db"
    with pytest.raises(DatabaseMissingFolderError, match="does not exist"):
        open_database(str(target))
    assert not target.parent.exists()


def test_an_upgrade_backs_up_the_older_file_first(db_path: Path) -> None:
    prepare_older(db_path, "0003")
    engine = open_database(str(db_path))
    engine.dispose()
    (backup,) = list_backups(db_path)
    assert backup.kind == "upgrade"
    assert backup.info["from_revision"] == "0003"
    copy = sqlite3.connect(backup.path)
    try:
        assert copy.execute("SELECT version_num FROM alembic_version").fetchone() == ("0003",)
        for table in SEEDED_TABLES:
            assert copy.execute(f"SELECT count(*) FROM {table}").fetchone() == (1,)
    finally:
        copy.close()


def test_a_new_or_up_to_date_database_is_not_backed_up(db_path: Path) -> None:
    _new_database(db_path)
    _new_database(db_path)
    assert list_backups(db_path) == ()
    assert "backups" not in os.listdir(db_path.parent)


@pytest.mark.slow
def test_no_upgrade_without_its_backup(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from clockapp.persistence import backup

    prepare_older(db_path, "0003")
    before = _digest(db_path)

    def full_disk(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(backup, "_sync", full_disk)
    with pytest.raises(BackupError, match="was not upgraded"):
        open_database(str(db_path))
    assert _digest(db_path) == before
    assert list(backup.backup_folder(db_path).iterdir()) == []  # no half backup left


@pytest.mark.slow
def test_a_database_held_by_another_program_is_called_busy(db_path: Path) -> None:
    prepare_older(db_path, "0003")
    holder = sqlite3.connect(db_path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another process in the middle of writing
    try:
        engine = make_engine(str(db_path))
        engine.dispose()
        with pytest.raises(DatabaseOpenError, match="is busy"):
            _open_quickly(db_path)
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def _open_quickly(path: Path) -> None:
    """open_database, with SQLite's busy wait cut short (the test need not wait 5 s)."""
    from clockapp.persistence import db

    original = db._set_sqlite_pragmas

    def impatient(dbapi_connection: object, record: object) -> None:
        original(dbapi_connection, record)
        dbapi_connection.execute("PRAGMA busy_timeout=50")  # type: ignore[attr-defined]

    db._set_sqlite_pragmas = impatient  # type: ignore[assignment]
    try:
        db.open_database(str(path)).dispose()
    finally:
        db._set_sqlite_pragmas = original  # type: ignore[assignment]
