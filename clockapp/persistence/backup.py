"""Backups of a SQLite database file: online copies, their list, pruning and restoring.

A backup is taken with SQLite's online backup API (`sqlite3.Connection.backup`) while the app and
other stations keep working: it reads one consistent snapshot (WAL readers never block writers)
into `NAME.partial`, which is synced and then renamed, so a crash never leaves a half backup that
looks whole. Backups live in a `backups/` folder beside the database, named
`<database>-<UTC time>-<kind>.db`, each with a small JSON sidecar of what the services recorded
(tournament, level, players left...). Restoring copies a backup back with the same API into the
live file, in one transaction, so other connections simply see the restored data.

Only file operations live here; what to record and how many to keep is `services.backups`.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sqlite3
import subprocess
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from clockapp.i18n import gettext as _
from clockapp.persistence.errors import BackupError

FOLDER = "backups"
PARTIAL = ".partial"
_TIME_FORMAT = "%Y%m%d-%H%M%S-%f"
_NAME = re.compile(
    r"^(?P<stem>.+)-(?P<time>\d{8}-\d{6}-\d{6})-(?P<kind>[a-z-]+?)(?:-(?P<n>\d+))?\.db$"
)


@dataclass(frozen=True)
class BackupFile:
    """One backup on disk and what was recorded with it."""

    path: Path
    taken_at: datetime  # aware UTC
    kind: str  # "level", "break", "upgrade", "import", "restore", "manual"...
    info: Mapping[str, Any] = field(default_factory=dict)

    @property
    def name(self) -> str:
        """The file name, which `find_backup` accepts."""
        return self.path.name


def sqlite_uri(path: Path, mode: str) -> str:
    """The URI SQLite opens `path` with in `mode` ("ro", "rw"): never creating a file.

    >>> sqlite_uri(Path("/data/my night?.db"), "ro")
    'file:///data/my%20night%3F.db?mode=ro'
    """
    return f"{path.absolute().as_uri()}?mode={mode}"


def backup_folder(database: Path) -> Path:
    """Where the backups of `database` go.

    >>> backup_folder(Path("/data/clockapp.db")).as_posix()
    '/data/backups'
    """
    return database.parent / FOLDER


def backup_name(database: Path, kind: str, taken_at: datetime) -> str:
    """The file name of a backup (UTC time, so names sort in time order).

    >>> backup_name(Path("night.db"), "level", datetime(2026, 11, 25, 21, 5, tzinfo=UTC))
    'night-20261125-210500-000000-level.db'
    """
    if not re.fullmatch(r"[a-z]+(-[a-z]+)*", kind):
        raise ValueError(f"backup kind {kind!r} must be lower-case words")
    return f"{database.stem}-{taken_at.astimezone(UTC).strftime(_TIME_FORMAT)}-{kind}.db"


def _sync(path: Path) -> None:
    with path.open("rb+") as handle:
        os.fsync(handle.fileno())


def online_backup(source: Path, target: Path) -> None:
    """Copy the live SQLite database `source` to the new file `target` (atomically)."""
    partial = target.with_name(target.name + PARTIAL)
    partial.unlink(missing_ok=True)
    try:
        src = sqlite3.connect(sqlite_uri(source, "rw"), uri=True, timeout=10)
        try:
            dst = sqlite3.connect(partial)
            try:
                src.backup(dst)
                # A plain rollback-journal file: it opens read-only, alone, on any machine.
                dst.execute("PRAGMA journal_mode=DELETE")
            finally:
                dst.close()
        finally:
            src.close()
        _sync(partial)
        os.replace(partial, target)
    except (OSError, sqlite3.Error) as error:
        partial.unlink(missing_ok=True)
        raise BackupError(
            _("Cannot back up {name} to {parent}: {error}").format(
                name=source.name, parent=target.parent, error=error
            )
        ) from error


def write_backup(
    database: Path, kind: str, info: Mapping[str, Any], taken_at: datetime | None = None
) -> BackupFile:
    """Take an online backup of `database` into its backup folder, with `info` beside it."""
    when = (taken_at or datetime.now(UTC)).astimezone(UTC)
    folder = backup_folder(database)
    try:
        folder.mkdir(exist_ok=True)
    except OSError as error:
        raise BackupError(
            _("Cannot create the backup folder {folder}: {error}").format(
                folder=folder, error=error
            )
        ) from error
    target = folder / backup_name(database, kind, when)
    number = 1
    while target.exists():  # two backups in the same microsecond (a fake clock in a test)
        number += 1
        target = folder / backup_name(database, kind, when).replace(".db", f"-{number}.db")
    online_backup(database, target)
    record = {**info, "kind": kind, "taken_at": when.isoformat(), "database": database.name}
    try:
        target.with_suffix(".json").write_text(json.dumps(record, indent=1), encoding="utf-8")
    except OSError as error:  # the backup itself is good; its label is lost
        raise BackupError(
            _("Backed up to {target}, but cannot write its label: {error}").format(
                target=target, error=error
            )
        ) from error
    return BackupFile(target, when, kind, record)


def _read(path: Path, database: Path) -> BackupFile | None:
    found = _NAME.match(path.name)
    if found is None or found.group("stem") != database.stem:
        return None
    taken_at = datetime.strptime(found.group("time"), _TIME_FORMAT).replace(tzinfo=UTC)
    info: dict[str, Any] = {}
    sidecar = path.with_suffix(".json")
    try:
        loaded = json.loads(sidecar.read_text(encoding="utf-8"))
        if isinstance(loaded, dict):
            info = loaded
    except (OSError, ValueError):  # a missing or damaged label: the backup still lists
        pass
    return BackupFile(path, taken_at, found.group("kind"), info)


def list_backups(database: Path) -> tuple[BackupFile, ...]:
    """The backups of `database`, newest first."""
    folder = backup_folder(database)
    if not folder.is_dir():
        return ()
    found = (_read(path, database) for path in folder.glob(f"{glob_escape(database.stem)}-*.db"))
    return tuple(
        sorted(
            (b for b in found if b is not None),
            key=lambda b: (b.taken_at, _number(b.name), _mtime(b.path)),
            reverse=True,
        )
    )


def _number(name: str) -> int:
    found = _NAME.match(name)
    return int(found.group("n")) if found and found.group("n") else 1


def _mtime(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return 0


def glob_escape(text: str) -> str:
    """`text` with glob's special characters taken literally.

    >>> glob_escape("night[1]")
    'night[[]1]'
    """
    return re.sub(r"([*?[])", r"[\1]", text)


def prune(database: Path, keep: int, kinds: Iterable[str]) -> tuple[Path, ...]:
    """Delete all but the newest `keep` backups of the given kinds; returns what was deleted."""
    wanted = set(kinds)
    old = [b for b in list_backups(database) if b.kind in wanted][max(keep, 0) :]
    for backup in old:
        backup.path.unlink(missing_ok=True)
        backup.path.with_suffix(".json").unlink(missing_ok=True)
    return tuple(b.path for b in old)


def find_backup(database: Path, name: str) -> BackupFile:
    """The backup of `database` called `name` (a file name from the list, or a path)."""
    for backup in list_backups(database):
        if name in (backup.name, str(backup.path), backup.path.stem):
            return backup
    raise BackupError(
        _("There is no backup called {name!r} in {backup_folder}.").format(
            name=name, backup_folder=backup_folder(database)
        )
    )


def check_backup(path: Path) -> None:
    """Refuse a backup that is damaged (so a restore never replaces good data with bad)."""
    try:
        connection = sqlite3.connect(sqlite_uri(path, "ro"), uri=True)
        try:
            result = connection.execute("PRAGMA quick_check").fetchone()
        finally:
            connection.close()
    except sqlite3.Error as error:
        raise BackupError(
            _("The backup {name} cannot be read: {error}").format(name=path.name, error=error)
        ) from error
    if result is None or result[0] != "ok":
        raise BackupError(
            _("The backup {name} is damaged; choose another one.").format(name=path.name)
        )


def backup_revision(path: Path) -> str | None:
    """The schema revision a backup is at (None: no schema yet)."""
    try:
        connection = sqlite3.connect(sqlite_uri(path, "ro"), uri=True)
        try:
            if not connection.execute(
                "SELECT 1 FROM sqlite_master WHERE type='table' AND name='alembic_version'"
            ).fetchone():
                return None
            row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
        finally:
            connection.close()
    except sqlite3.Error as error:
        raise BackupError(
            _("The backup {name} cannot be read: {error}").format(name=path.name, error=error)
        ) from error
    return None if row is None else str(row[0])


def _healthy(database: Path) -> bool:
    try:
        connection = sqlite3.connect(sqlite_uri(database, "rw"), uri=True, timeout=30)
        try:
            result = connection.execute("PRAGMA quick_check").fetchone()
        finally:
            connection.close()
    except sqlite3.Error:
        return False
    return result is not None and result[0] == "ok"


def restore_backup(backup: Path, database: Path) -> None:
    """Copy `backup` over the live database `database`, in one transaction.

    Other connections (this app's pool, another station) keep working and read the restored data
    from their next transaction on. A damaged or unreadable database file is replaced whole.
    """
    check_backup(backup)
    try:
        src = sqlite3.connect(sqlite_uri(backup, "ro"), uri=True)
        try:
            dst = sqlite3.connect(database, timeout=30)
            try:
                src.backup(dst)
            finally:
                dst.close()
        finally:
            src.close()
    except sqlite3.DatabaseError as error:
        if isinstance(error, sqlite3.OperationalError) and "locked" in str(error):
            raise BackupError(
                _("Cannot restore now: the database is busy ({error}).").format(error=error)
            ) from error
        _replace_file(backup, database)
        return
    except OSError as error:
        raise BackupError(
            _("Cannot restore {name}: {error}").format(name=backup.name, error=error)
        ) from error
    if not _healthy(database):  # the copy went into a damaged file: put a whole file instead
        _replace_file(backup, database)


def _replace_file(backup: Path, database: Path) -> None:
    """Put a copy of `backup` in place of a database SQLite cannot even open (corrupt)."""
    partial = database.with_name(database.name + PARTIAL)
    try:
        shutil.copyfile(backup, partial)
        _sync(partial)
        for suffix in ("-wal", "-shm"):  # the damaged file's log must not be replayed on it
            database.with_name(database.name + suffix).unlink(missing_ok=True)
        os.replace(partial, database)
    except OSError as error:
        partial.unlink(missing_ok=True)
        raise BackupError(
            _("Cannot restore {name}: {error}").format(name=backup.name, error=error)
        ) from error


def pg_dump(url: str, target: Path) -> Path:
    """Back up a PostgreSQL database with `pg_dump` (custom format, for `pg_restore`)."""
    program = shutil.which("pg_dump")
    if program is None:
        raise BackupError(
            _(
                "pg_dump is not installed: install PostgreSQL's client tools (e.g. the "
                "postgresql-client package) to back up a PostgreSQL database."
            )
        )
    libpq_url = re.sub(r"^postgresql\+\w+://", "postgresql://", url)
    done = subprocess.run(
        [program, "--format=custom", f"--file={target}", f"--dbname={libpq_url}"],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        target.unlink(missing_ok=True)
        detail = done.stderr.strip().splitlines()
        raise BackupError(
            _("pg_dump failed: {reason}").format(reason=detail[-1] if detail else done.returncode)
        )
    return target
