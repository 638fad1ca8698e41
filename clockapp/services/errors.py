"""The errors a caller of the services may catch, so ui and commands never import persistence.

Opening, backing up or restoring a database fails with these (raised in `clockapp.persistence`);
each message says what is wrong and the way out. This module and the one it re-exports import
nothing heavy, so the app can catch them before the database layer is loaded.
"""

from __future__ import annotations

from clockapp.persistence.errors import (
    BackupError,
    DatabaseCorruptError,
    DatabaseMissingFolderError,
    DatabaseOpenError,
    DatabaseReadOnlyError,
    DatabaseServerDownError,
    DatabaseTooNewError,
)

__all__ = [
    "BackupError",
    "DatabaseCorruptError",
    "DatabaseMissingFolderError",
    "DatabaseOpenError",
    "DatabaseReadOnlyError",
    "DatabaseServerDownError",
    "DatabaseTooNewError",
]
