"""`clockapp export-tournament` and `clockapp import-tournament`: a tournament as one file.

    clockapp export-tournament FILE [--tournament ID] [--db URL]   the open one by default
    clockapp import-tournament FILE [--new-players] [--db URL]

An imported player whose name this database already has (case, accents and spacing aside) is
taken to be that player, the oldest of that name, as the app's namesake box offers first;
`--new-players` adds every player of the file instead. A refused file exits with status 1 and
the reason, and nothing is changed.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from clockapp.core.tournament_file import MAX_FILE_BYTES, SUFFIX
from clockapp.errors import DomainError
from clockapp.i18n import gettext as _

if TYPE_CHECKING:
    from clockapp.services.app import Services


def _parser(prog: str, description: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument(
        "file", type=Path, help=_("the tournament file ({suffix})").format(suffix=SUFFIX)
    )
    parser.add_argument(
        "--db",
        metavar="URL",
        help=_("database: a SQLAlchemy URL or a SQLite file path (default: your user data folder)"),
    )
    return parser


def _fail(prog: str, message: str) -> int:
    print(f"{prog}: {message}", file=sys.stderr)
    return 1


def _open(db: str | None) -> Services:
    from clockapp.services.app import open_services

    return open_services(db)


def export_main(argv: Sequence[str]) -> int:
    """`clockapp export-tournament FILE`: save a tournament as one file."""
    prog = "clockapp export-tournament"
    parser = _parser(prog, _("Save a tournament as one file, to open on another computer."))
    parser.add_argument(
        "--tournament", type=int, metavar="ID", help=_("which tournament (default: the open one)")
    )
    args = parser.parse_args(list(argv))
    try:
        services = _open(args.db)
        try:
            tid = args.tournament
            if tid is None:
                last = services.tournaments.last_opened()
                if last is None:
                    return _fail(prog, _("this database has no tournament to export"))
                tid = last.id
            name = services.tournaments.get(tid).name
            data = services.tournament_file.export_tournament(tid)
        finally:
            services.ctx.engine.dispose()
        path: Path = args.file
        if path.suffix != SUFFIX:
            path = path.with_name(path.name + SUFFIX)
        path.write_bytes(data)
    except DomainError as error:
        return _fail(prog, str(error))
    except OSError as error:
        return _fail(
            prog,
            _("could not save {file}: {reason}").format(
                file=args.file, reason=error.strerror or error
            ),
        )
    print(_("wrote {path} ({name})").format(path=path, name=name))
    return 0


def import_main(argv: Sequence[str]) -> int:
    """`clockapp import-tournament FILE`: add a tournament file's tournament as a new one."""
    prog = "clockapp import-tournament"
    parser = _parser(prog, _("Open a tournament file as a new tournament in this database."))
    parser.add_argument(
        "--new-players",
        action="store_true",
        help=_("add every player of the file, even one whose name is here already"),
    )
    args = parser.parse_args(list(argv))
    try:
        with args.file.open("rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        return _fail(
            prog,
            _("could not read {file}: {reason}").format(
                file=args.file, reason=error.strerror or error
            ),
        )
    try:
        services = _open(args.db)
        try:
            summary = services.tournament_file.read_tournament_file(data)
            matches = {
                player.file_id: player.namesakes[0].id
                for player in summary.players
                if player.namesakes and not args.new_players
            }
            info = services.tournament_file.import_tournament(data, matches).value
        finally:
            services.ctx.engine.dispose()
    except DomainError as error:
        return _fail(prog, str(error))
    added = len(summary.players) - len(matches)
    print(
        _(
            "imported {name} as tournament {id}: {entries} entries, {count} players "
            "matched by name, {added} added"
        ).format(
            name=info.name, id=info.id, entries=summary.entries, count=len(matches), added=added
        )
    )
    return 0
