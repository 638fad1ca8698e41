"""Automatic backups: when one is taken, what it records, how many are kept, and restoring one.

A backup is an online copy of the SQLite file (`persistence.backup`) in the `backups/` folder
beside it, labelled with the tournament, the level and the players left, so the director can
pick the right one at 2 am. The app takes one at every level change and break (the clock
session calls `take` as it claims those events), before every import (`before_import`) and
before a restore; `persistence.db.migrate` takes one before every upgrade. The automatic kinds
are pruned to the newest `keep()` (20 unless the `backups_keep` setting says otherwise); upgrade
and manual backups are never pruned.

On PostgreSQL the server's own tools back up the database (`pg_dump`, see the README); `dump`
runs it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from clockapp.core.clock import ClockEvent, view
from clockapp.core.structure import Structure, item_name
from clockapp.i18n import gettext as _
from clockapp.persistence import backup as files
from clockapp.persistence.db import (
    default_url,
    migrate,
    normalize_url,
    shipped_revisions,
    sqlite_file,
    sqlite_path,
)
from clockapp.persistence.errors import BackupError
from clockapp.persistence.queries import changes as change_log
from clockapp.persistence.queries import settings
from clockapp.services.changes import Change, Changes, Outcome
from clockapp.services.context import ServiceContext

#: Kinds pruned to `keep()`; the others ("upgrade", "manual") are kept until deleted by hand.
AUTOMATIC = ("level", "break", "import", "restore")
KEEP_KEY = "backups_keep"
DEFAULT_KEEP = 20


@dataclass(frozen=True)
class BackupNote:
    """What a backup records about the moment it was taken."""

    tournament_id: int | None = None
    tournament: str = ""
    level: str = ""
    players_left: int | None = None
    reason: str = ""


@dataclass(frozen=True)
class BackupInfo:
    """One backup as the director sees it in a list."""

    name: str
    path: Path
    taken_at: datetime
    kind: str
    tournament: str
    level: str
    players_left: int | None
    reason: str


def level_label(structure: Structure, index: int) -> str:
    """`Level 4 (100/200, ante 25)`, or the break's name.

    >>> from clockapp.core.structure import Break, Level
    >>> s = Structure("s", (Level(50, 100, minutes=20), Break(10, label="Dinner")))
    >>> level_label(s, 0), level_label(s, 1)
    ('Level 1 (50/100)', 'Dinner')
    """
    item = structure.levels[index]
    if item.is_break:
        return item.label or "Break"
    return f"{item_name(structure, index)} ({item.describe()})"


def note_for_event(snapshot: Any, event: ClockEvent) -> BackupNote:
    """The note of a backup taken as `event` (a level or break starting) is claimed.

    `snapshot` is the clock's `ClockSnapshot`, already in the caller's hands: nothing is read.
    """
    return BackupNote(
        tournament_id=snapshot.tournament.id,
        tournament=snapshot.tournament.name,
        level=level_label(snapshot.structure, event.index),
        players_left=snapshot.stats.players_left,
        reason="break started" if event.item.is_break else "level started",
    )


def _info(found: files.BackupFile) -> BackupInfo:
    data = found.info
    left = data.get("players_left")
    return BackupInfo(
        name=found.name,
        path=found.path,
        taken_at=found.taken_at,
        kind=found.kind,
        tournament=str(data.get("tournament", "")),
        level=str(data.get("level", "")),
        players_left=left if isinstance(left, int) and not isinstance(left, bool) else None,
        reason=str(data.get("reason", "")),
    )


class BackupService:
    """Backups of the database this app has open."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    @property
    def database(self) -> Path | None:
        """The SQLite file backed up (None on PostgreSQL: use `dump`)."""
        return sqlite_file(self._ctx.engine)

    def _file(self) -> Path:
        path = self.database
        if path is None:
            raise BackupError(
                _(
                    "This database is on a PostgreSQL server: back it up with pg_dump (`clockapp "
                    "backup --db URL` runs it) and restore it with pg_restore."
                )
            )
        return path

    # ---------------------------------------------------------------- settings
    def keep(self) -> int:
        """How many automatic backups are kept."""
        with self._ctx.reading() as session:
            value = settings.get(session, KEEP_KEY)
        try:
            return max(1, int(value)) if value is not None else DEFAULT_KEEP
        except ValueError:
            return DEFAULT_KEEP

    def set_keep(self, count: int) -> int:
        """Keep the newest `count` automatic backups from now on (1 to 1000)."""
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 1000:
            raise BackupError(_("Keep between 1 and 1,000 backups."))
        with self._ctx.transaction() as session:
            settings.put(session, KEEP_KEY, str(count))
        return count

    # ---------------------------------------------------------------- taking
    def note(self, tournament_id: int | None, reason: str = "") -> BackupNote:
        """A note read from the database: the tournament, its current level, players left."""
        if tournament_id is None:
            return BackupNote(reason=reason)
        from clockapp.services.clock import ClockService

        snapshot = ClockService(self._ctx).snapshot(tournament_id)
        now = view(snapshot.state, snapshot.structure, self._ctx.now())
        return BackupNote(
            tournament_id=tournament_id,
            tournament=snapshot.tournament.name,
            level=level_label(snapshot.structure, now.index),
            players_left=snapshot.stats.players_left,
            reason=reason,
        )

    def take(
        self, kind: str, note: BackupNote | None = None, keep: int | None = None
    ) -> BackupInfo:
        """Back up the database now (an online copy), then prune the automatic ones.

        With `keep` (read beforehand with `keep()`) it touches only files, not the engine: the
        clock's automatic backups run it on a worker thread.
        """
        path = self._file()
        note = note or BackupNote()
        record = {
            "tournament_id": note.tournament_id,
            "tournament": note.tournament,
            "level": note.level,
            "players_left": note.players_left,
            "reason": note.reason,
        }
        taken = files.write_backup(path, kind, record, self._ctx.now())
        if kind in AUTOMATIC:
            files.prune(path, self.keep() if keep is None else keep, AUTOMATIC)
        return _info(taken)

    def before_import(self, tournament_id: int | None = None) -> BackupInfo | None:
        """Back up before an import changes anything (None on PostgreSQL: nothing to do).

        Every import calls it (`backup_before_import`) once the file has been read and before
        its transaction; a BackupError means the import does not go on.
        """
        if self.database is None:
            return None
        return self.take("import", self.note(tournament_id, "before an import"))

    def dump(self, target: Path) -> Path:
        """PostgreSQL: write a `pg_dump` of the database to `target` (custom format)."""
        if self.database is not None:
            return self.take("manual", BackupNote(reason="by hand")).path
        url = self._ctx.engine.url.render_as_string(hide_password=False)
        return files.pg_dump(url, target)

    # ---------------------------------------------------------------- listing and restoring
    def list(self) -> tuple[BackupInfo, ...]:
        """Every backup of this database, newest first (empty on PostgreSQL)."""
        path = self.database
        return () if path is None else list_file_backups(path)

    def find(self, name: str | None = None) -> BackupInfo:
        """The backup called `name`, or the newest one."""
        path = self._file()
        if name is None:
            found = files.list_backups(path)
            if not found:
                raise BackupError(
                    _("There are no backups in {backup_folder} yet.").format(
                        backup_folder=files.backup_folder(path)
                    )
                )
            return _info(found[0])
        return _info(files.find_backup(path, name))

    def restore(self, name: str, tournament_id: int | None = None) -> Outcome[BackupInfo]:
        """Put the backup `name` back, after backing up the state it replaces.

        Every station sees the change (an app-wide change numbered after the newest one any
        station has seen) and re-reads everything.
        """
        path = self._file()
        chosen = self.find(name)
        _check_restorable(chosen.path)
        before = self._latest_change()
        self.take("restore", self._safe_note(tournament_id, f"before restoring {chosen.name}"))
        files.restore_backup(chosen.path, path)
        migrate(self._ctx.engine)  # a backup taken before an upgrade has the older schema
        return Outcome(chosen, self._announce(before, f"restored backup {chosen.name}"))

    def _safe_note(self, tournament_id: int | None, reason: str) -> BackupNote:
        try:
            return self.note(tournament_id, reason)
        except Exception:  # the state replaced may be unreadable: the backup still matters
            return BackupNote(reason=reason)

    def _latest_change(self) -> int:
        try:
            with self._ctx.reading() as session:
                return change_log.app_revision(session)
        except Exception:  # a damaged database being replaced
            return 0

    def _announce(self, before: int, summary: str) -> Changes:
        now = self._ctx.now()
        with self._ctx.transaction() as session:
            revision = change_log.append_app_change_past(
                session, before + 1, int(Change.ALL), summary[:300], now
            )
        return Changes(tournament_id=None, what=Change.ALL, revision=revision)


def database_file(db: str | None) -> Path | None:
    """The SQLite file that `--db` names (None: a server database), without opening it."""
    return sqlite_path(normalize_url(db or default_url()))


def list_file_backups(database: Path) -> tuple[BackupInfo, ...]:
    """The backups of the SQLite file `database`, newest first, without opening it."""
    return tuple(_info(b) for b in files.list_backups(database))


def _check_restorable(path: Path) -> None:
    files.check_backup(path)
    revision = files.backup_revision(path)
    if revision is None:  # a database of some other program, put in the backups folder
        raise BackupError(
            _("The backup {name} holds no clockapp data; choose another one.").format(
                name=path.name
            )
        )
    if revision not in shipped_revisions():
        raise BackupError(
            _(
                "The backup {name} was written by a newer version of clockapp (revision "
                "{revision}); restore it with that version."
            ).format(name=path.name, revision=revision)
        )


def restore_file(database: Path, name: str | None) -> files.BackupFile:
    """Restore a database that cannot be opened (damaged) from a backup, without an engine.

    The damaged file is kept beside it as `NAME.damaged` (for whoever wants to look at it).
    """
    backups = files.list_backups(database)
    if not backups:
        raise BackupError(
            _("There are no backups in {backup_folder}.").format(
                backup_folder=files.backup_folder(database)
            )
        )
    chosen = backups[0] if name is None else files.find_backup(database, name)
    _check_restorable(chosen.path)
    if database.exists():
        damaged = database.with_name(database.name + ".damaged")
        try:
            damaged.write_bytes(database.read_bytes())
        except OSError as error:
            raise BackupError(
                _("Cannot keep a copy of the damaged file: {error}").format(error=error)
            ) from error
    files.restore_backup(chosen.path, database)
    return chosen


__all__ = [
    "AUTOMATIC",
    "BackupInfo",
    "BackupNote",
    "BackupService",
    "level_label",
    "list_file_backups",
    "note_for_event",
    "restore_file",
]


def backup_before_import(ctx: ServiceContext, tournament_id: int | None) -> BackupInfo | None:
    """The backup every import takes, after its file was read and before it changes anything.

    Raises:
        BackupError: The backup could not be written (a full disk, a read-only folder): the
            import is refused, so nothing changes that the director could not undo.
    """
    return BackupService(ctx).before_import(tournament_id)
