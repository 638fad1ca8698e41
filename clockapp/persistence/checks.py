"""Is this SQLite file one clockapp can open? Checked before the engine touches it.

Each problem raises its own `DatabaseOpenError` with a message that says what is wrong and what
to do, and names the newest backup when one exists; the file is left exactly as it was (no
journal mode switched, no migration, no backup written into its folder):

* the folder does not exist (a mistyped `--db` must not create folders silently),
* the file or its folder cannot be written (SQLite would fail only at the first change),
* the file is not a database or is damaged (SQLite's `quick_check`),
* its schema comes from a newer clockapp (an `alembic_version` this one does not ship).
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import stat
from collections.abc import Collection
from pathlib import Path

from clockapp.i18n import gettext as _
from clockapp.persistence.backup import list_backups, sqlite_uri
from clockapp.persistence.errors import (
    DatabaseCorruptError,
    DatabaseDiskFullError,
    DatabaseMissingFolderError,
    DatabaseOpenError,
    DatabaseReadOnlyError,
    DatabaseTooNewError,
)


def newest_backup(path: Path) -> Path | None:
    """The newest backup of the database `path`, if any."""
    try:
        backups = list_backups(path)
    except OSError:
        return None
    return backups[0].path if backups else None


def _with_backup(error: DatabaseOpenError, path: Path) -> DatabaseOpenError:
    error.newest_backup = newest_backup(path)
    return error


def missing_folder_error(path: Path) -> DatabaseOpenError:
    """`path`'s folder does not exist."""
    return DatabaseMissingFolderError(
        _(
            "The folder {parent} does not exist, so the database "
            "{name} cannot be created there. Check the path, or create "
            "the folder first."
        ).format(parent=path.parent, name=path.name),
        path,
    )


def read_only_error(path: Path) -> DatabaseOpenError:
    """`path` (or its folder) cannot be written."""
    return _with_backup(
        DatabaseReadOnlyError(
            _(
                "The database {path} is read-only: clockapp must be able "
                "to write to the file and to its folder. Make them "
                "writable, or copy the file to a folder of yours and open "
                "the copy with --db."
            ).format(path=path),
            path,
        ),
        path,
    )


def corrupt_error(path: Path, detail: str) -> DatabaseOpenError:
    """`path` is not a database or is damaged."""
    error = DatabaseCorruptError(
        _("The database {path} is damaged ({detail}) and cannot be opened.").format(
            path=path, detail=detail
        ),
        path,
    )
    return _with_backup(error, path)


#: Below this much free space, an I/O error on the database is taken for a full disk: SQLite
#: reports a shared-memory file it cannot grow as a plain "disk I/O error".
LOW_SPACE_BYTES = 1_000_000


def disk_full_error(path: Path) -> DatabaseOpenError:
    """The disk holding `path` is full (the database itself is fine)."""
    return DatabaseDiskFullError(
        _(
            "The disk holding the database {path} is full: free some "
            "space (old files, the recycle bin), then start clockapp "
            "again. The database is not damaged and was left as it is."
        ).format(path=path),
        path,
    )


def is_disk_full(error: BaseException, folder: Path | None) -> bool:
    """Whether SQLite's `error` (or SQLAlchemy's, wrapping it) comes from a full disk."""
    cause = getattr(error, "orig", None) or error
    name = str(getattr(cause, "sqlite_errorname", ""))
    if name == "SQLITE_FULL" or "disk is full" in str(cause):
        return True
    if not name.startswith("SQLITE_IOERR") and "disk I/O error" not in str(cause):
        return False
    try:
        return folder is not None and shutil.disk_usage(folder).free < LOW_SPACE_BYTES
    except OSError:
        return False


def too_new_error(revision: str, path: Path | None) -> DatabaseOpenError:
    """The schema is at a revision this clockapp does not know."""
    where = f"The database {path}" if path is not None else "This database"
    return DatabaseTooNewError(
        _(
            "{where} was written by a newer version of clockapp (its "
            "schema is at revision {revision}, which this version does "
            "not know). Open it with that newer clockapp; this one "
            "leaves it untouched."
        ).format(where=where, revision=revision),
        path,
    )


def _is_read_only(path: Path) -> bool:
    # The permission bits say what the owner meant even where the super-user could write anyway;
    # os.access says what this process may do.
    mode = path.stat().st_mode
    if not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        return True
    return not os.access(path, os.W_OK) or not os.access(path.parent, os.W_OK)


def check_sqlite_file(path: Path, known_revisions: Collection[str]) -> None:
    """Raise the `DatabaseOpenError` that says why `path` cannot be opened (None: it can)."""
    if not path.parent.is_dir():
        raise missing_folder_error(path)
    if not path.exists():
        if not os.access(path.parent, os.W_OK):
            raise read_only_error(path)
        return  # a new database
    if path.is_dir():
        raise DatabaseOpenError(
            _("{path} is a folder, not a database file.").format(path=path), path
        )
    if _is_read_only(path):
        raise read_only_error(path)
    if path.stat().st_size == 0:
        return  # created but never written: a new database
    try:
        connection = sqlite3.connect(sqlite_uri(path, "rw"), uri=True, timeout=10)
    except sqlite3.Error as error:
        if is_disk_full(error, path.parent):
            raise disk_full_error(path) from error
        raise corrupt_error(path, str(error)) from error
    try:
        result = connection.execute("PRAGMA quick_check").fetchone()
        if result is None or result[0] != "ok":
            raise corrupt_error(
                path,
                _("SQLite's check failed: {answer}").format(answer=result and result[0]),
            )
        has_version = connection.execute(
            "SELECT 1 FROM sqlite_master WHERE type='table' AND name='alembic_version'"
        ).fetchone()
        row = (
            connection.execute("SELECT version_num FROM alembic_version").fetchone()
            if has_version
            else None
        )
    except sqlite3.OperationalError as error:
        if is_disk_full(error, path.parent):
            raise disk_full_error(path) from error
        if "locked" in str(error) or "busy" in str(error):
            raise DatabaseOpenError(
                _("The database {path} is busy (another program holds it): try again.").format(
                    path=path
                ),
                path,
            ) from error
        raise corrupt_error(path, str(error)) from error
    except sqlite3.DatabaseError as error:
        if is_disk_full(error, path.parent):
            raise disk_full_error(path) from error
        raise corrupt_error(path, str(error)) from error
    finally:
        connection.close()
    if row is not None and str(row[0]) not in known_revisions:
        raise too_new_error(str(row[0]), path)
