"""`clockapp backup`, `clockapp backups` and `clockapp restore`: the database's backups.

    clockapp backup [--db URL]              take a backup now (PostgreSQL: pg_dump to --out)
    clockapp backup --list | clockapp backups   list them, newest first
    clockapp backup --keep N                keep the newest N automatic backups from now on
    clockapp restore NAME | --latest        put one back (the current state is backed up first)

A damaged database that no longer opens can still be restored with `clockapp restore --latest`.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from clockapp.errors import DomainError
from clockapp.i18n import gettext as _

if TYPE_CHECKING:
    from clockapp.services.app import Services
    from clockapp.services.backups import BackupInfo


def _parser(prog: str, description: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument(
        "--db",
        metavar="URL",
        help=_("database: a SQLAlchemy URL or a SQLite file path (default: your user data folder)"),
    )
    return parser


def _with_hint(error: DomainError, db: str | None) -> str:
    """The error, and the restore command when the database is damaged and has a backup."""
    backup = getattr(error, "newest_backup", None)
    if backup is None:
        return str(error)
    option = f" --db {shlex.quote(db)}" if db else ""
    return f"{error} Its newest backup is {backup.name}: clockapp restore --latest{option}"


def _fail(prog: str, message: str) -> int:
    print(f"{prog}: {message}", file=sys.stderr)
    return 1


def _open(db: str | None) -> Services:
    from clockapp.services.app import open_services

    return open_services(db)


def _row(backup: BackupInfo) -> str:
    when = backup.taken_at.astimezone().strftime("%Y-%m-%d %H:%M:%S")
    left = "" if backup.players_left is None else f"{backup.players_left} left"
    parts = [when, f"{backup.kind:<8}", backup.tournament, backup.level, left]
    return "  ".join(p.strip() for p in parts if p.strip()) + f"\n    {backup.name}"


def _print_list(db: str | None) -> int:
    from clockapp.services.backups import database_file, list_file_backups

    path = database_file(db)
    if path is None:
        print(_("This database is on a PostgreSQL server: its backups are pg_dump files."))
        return 0
    backups = list_file_backups(path)  # without opening it: a damaged file still lists
    if not backups:
        print(_("No backups yet."))
        return 0
    for backup in backups:
        print(_row(backup))
    return 0


def backup_main(argv: Sequence[str]) -> int:
    """`clockapp backup`: take a backup now, list them (`--list`), or set how many are kept."""
    parser = _parser("clockapp backup", _("Back up the database now (an online copy)."))
    parser.add_argument("--list", action="store_true", help=_("list the backups, newest first"))
    parser.add_argument("--keep", type=int, metavar="N", help=_("keep the newest N automatic ones"))
    parser.add_argument(
        "--out", type=Path, metavar="FILE", help=_("PostgreSQL: the pg_dump file to write")
    )
    args = parser.parse_args(list(argv))
    try:
        if args.list:
            return _print_list(args.db)
        services = _open(args.db)
        try:
            if args.keep is not None:
                kept = services.backups.set_keep(args.keep)
                print(_("The newest {kept} automatic backups are kept.").format(kept=kept))
                return 0
            if services.backups.database is None:
                stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
                target = args.out or Path(f"clockapp-{stamp}.dump")
                print(
                    _("wrote {dump} (restore it with pg_restore)").format(
                        dump=services.backups.dump(target)
                    )
                )
                return 0
            taken = services.backups.take("manual")
            print(_("wrote {path}").format(path=taken.path))
            return 0
        finally:
            services.ctx.engine.dispose()
    except DomainError as error:
        return _fail("clockapp backup", _with_hint(error, args.db))


def backups_main(argv: Sequence[str]) -> int:
    """`clockapp backups`: list the backups, newest first."""
    return backup_main(["--list", *argv])


def restore_main(argv: Sequence[str]) -> int:
    """`clockapp restore NAME | --latest`: put a backup back."""
    parser = _parser(
        "clockapp restore",
        _("Put a backup back in place of the database (the current state is backed up first)."),
    )
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("name", nargs="?", help=_("the backup's file name (see `clockapp backups`)"))
    which.add_argument("--latest", action="store_true", help=_("the newest backup"))
    args = parser.parse_args(list(argv))
    from clockapp.services.errors import DatabaseCorruptError

    try:
        try:
            services = _open(args.db)
        except DatabaseCorruptError as error:
            return _restore_damaged(error, args.name)
        try:
            outcome = services.backups.restore(
                args.name or services.backups.find().name, _current(services)
            )
        finally:
            services.ctx.engine.dispose()
        print(
            _("restored {name} ({backup})").format(
                name=outcome.value.name, backup=_row(outcome.value).splitlines()[0]
            )
        )
        return 0
    except DomainError as error:
        return _fail("clockapp restore", str(error))


def _current(services: Services) -> int | None:
    last = services.tournaments.last_opened()
    return None if last is None else int(last.id)


def _restore_damaged(error: DomainError, name: str | None) -> int:
    from clockapp.services.backups import restore_file

    path = getattr(error, "path", None)
    if path is None:
        raise error
    restored = restore_file(Path(path), name)
    print(
        _(
            "The database was damaged; restored {name} (the damaged file is kept as "
            "{damaged}.damaged)."
        ).format(name=restored.name, damaged=Path(path).name)
    )
    return 0
