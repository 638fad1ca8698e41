"""Why a database cannot be opened, backed up or restored, in words a director can act on.

Each error says what is wrong and the way out; `newest_backup` names the backup to restore when
there is one. The UI and the command line show `str(error)` (and offer the backup); nothing else.
This module imports nothing heavy, so the UI can catch these errors before the database layer
is loaded.
"""

from __future__ import annotations

from pathlib import Path

from clockapp.errors import DomainError, OutageError
from clockapp.i18n import N_


class DatabaseOpenError(DomainError):
    """The database cannot be opened; the message says why and what to do."""

    def __init__(self, message: str, path: Path | None = None) -> None:
        super().__init__(message)
        self.path = path
        #: The newest automatic backup of this database, when there is one (set by the opener).
        self.newest_backup: Path | None = None


class DatabaseMissingFolderError(DatabaseOpenError):
    """`--db` names a file in a folder that does not exist (it is not created silently)."""


class DatabaseReadOnlyError(DatabaseOpenError):
    """The file (or its folder) cannot be written: clockapp would fail at its first change."""


class DatabaseCorruptError(DatabaseOpenError):
    """The file is not a SQLite database, or SQLite's own check finds it damaged."""


class DatabaseTooNewError(DatabaseOpenError):
    """The database was written by a newer clockapp: this one does not know its schema."""


class DatabaseDiskFullError(DatabaseOpenError):
    """The disk holding the database is full: the database is not damaged, only out of room."""


class DatabaseServerDownError(DatabaseOpenError):
    """The database server does not answer (stopped, unreachable, or not answering in time):
    nothing is wrong with the database, and trying again later may well work."""


class BackupError(DomainError):
    """A backup or a restore cannot be done (no such backup, no pg_dump, not a SQLite file...)."""


class DatabaseUnreachableError(OutageError):
    """The database server cannot be reached (stopped, or the network is down): nothing was
    changed. The pool reconnects by itself once the server is back."""


class DatabaseBusyError(OutageError):
    """Another station held the SQLite file past the busy timeout: nothing was changed."""


#: What a director reads when the SQLite file's write lock stayed taken past the wait's bound
#: (translated where it is raised: `_(DATABASE_HELD)`).
DATABASE_HELD = N_(
    "The database is in use by another station or program (a second clockapp, a backup), so "
    "nothing was changed. Try again in a moment."
)


class DiskFullError(OutageError):
    """A write found the disk full: nothing was changed, and the database is not damaged."""


#: What a director reads when a write finds the disk full.
DISK_FULL = N_(
    "The disk is full: free some space (old files, the recycle bin), then try again; nothing "
    "was changed, and the database is not damaged."
)
