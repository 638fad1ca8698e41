"""A tournament as one file: exported from one database, imported as a new tournament in another.

`export_tournament` reads the tournament in one read transaction and gives the file's bytes
(`clockapp.core.tournament_file`). Importing is two calls: `read_tournament_file` checks the file
and names, for each of its players, the players of this database with the same name (the
namesakes the cashier is warned about); the director matches them, and `import_tournament`
writes the new tournament in one write transaction. A refused file changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

import clockapp
from clockapp.core.tournament_file import (
    TournamentFile,
    TournamentFileError,
    Value,
    decode_tournament_file,
    encode_tournament_file,
)
from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _
from clockapp.persistence.queries import house
from clockapp.persistence.queries import tournament_file as file_rows
from clockapp.services.backups import backup_before_import
from clockapp.services.changes import Change, Outcome
from clockapp.services.context import ServiceContext, record_change
from clockapp.services.players import (
    PlayerDetails,
    PlayerInfo,
    player_info,
    same_name,
    search_text,
)
from clockapp.services.setup import get_row
from clockapp.services.tournaments import TournamentInfo

#: The host's texts a file carries (the look, the rules sheet, the break slides).
HOUSE_PARTS = (house.LOOK, house.RULES, house.SLIDES)


@dataclass(frozen=True)
class FilePlayer:
    """A player of the file, and the players of this database with the same name."""

    file_id: int
    name: str
    namesakes: tuple[PlayerInfo, ...]


@dataclass(frozen=True)
class FileSummary:
    """What a checked tournament file holds, for the director to confirm and match players."""

    name: str
    app_version: str
    players: tuple[FilePlayer, ...]
    entries: int
    ledger_rows: int


def _tournament_row(file: TournamentFile) -> dict[str, Value]:
    table = file.table(file_rows.TOURNAMENT)
    if table is None or len(table.rows) != 1:
        raise TournamentFileError(
            _("Not a tournament file this app can open: it must hold exactly one tournament.")
        )
    row = dict(zip(table.columns, table.rows[0], strict=True))
    changes = file.table("change")
    revisions = changes.values("revision") if changes else ()
    highest = max((v for v in revisions if isinstance(v, int)), default=0)
    revision = row["revision"]
    if not isinstance(revision, int) or highest > revision:
        raise TournamentFileError(
            _("Not a tournament file this app can open: its history runs past its revision.")
        )
    return row


_DETAILS = ("name", "nickname", "phone", "email", "team", "notes")


def _players_checked(file: TournamentFile) -> TournamentFile:
    """The file with its players' details checked as the cashier's are, and their search text
    made here (what the player search looks in is this app's business, not the file's)."""
    table = file.table(file_rows.PLAYER)
    if table is None:
        return file
    rows = []
    for number, row in enumerate(table.rows, start=1):
        values = dict(zip(table.columns, row, strict=True))
        try:
            details = PlayerDetails(*(str(values[name]) for name in _DETAILS))
        except ValidationError as error:
            raise TournamentFileError(
                _("Not a tournament file this app can open: player {number}: {error}").format(
                    number=number, error=error
                )
            ) from None
        values.update({name: getattr(details, name) for name in _DETAILS})
        values["search_text"] = search_text(details)
        rows.append(tuple(values[column] for column in table.columns))
    players = replace(table, rows=tuple(rows))
    tables = tuple(players if t.name == file_rows.PLAYER else t for t in file.tables)
    return replace(file, tables=tables)


def decode(data: bytes) -> TournamentFile:
    """The checked contents of a tournament file (`TournamentFileError` when refused)."""
    file = _players_checked(decode_tournament_file(data, file_rows.tournament_specs()))
    _tournament_row(file)
    unknown = [part for part, _ in file.house if part not in HOUSE_PARTS]
    if unknown:
        raise TournamentFileError(
            _(
                "Not a tournament file this app can open: it holds an unknown text ({unknown:.40})."
            ).format(unknown=unknown[0])
        )
    return file


class TournamentFileService:
    """Export a tournament to a file; import one as a new tournament."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    def export_tournament(self, tournament_id: int) -> bytes:
        """The tournament as the bytes of a `.clocktournament` file, read in one transaction.

        Raises:
            TournamentNotFoundError: No such tournament.
        """
        with self._ctx.reading() as session:
            get_row(session, tournament_id)
            tables = file_rows.read_tournament(session, tournament_id)
            texts = tuple(
                (part, text)
                for part in HOUSE_PARTS
                if (text := house.get(session, part, tournament_id)) is not None
            )
        return encode_tournament_file(TournamentFile(clockapp.__version__, tables, texts))

    def read_tournament_file(self, data: bytes) -> FileSummary:
        """Check a file, and find the namesakes of its players in this database (read only).

        Raises:
            TournamentFileError: The file is refused; the message says why.
        """
        file = decode(data)
        name = str(_tournament_row(file)["name"])
        players = file.table(file_rows.PLAYER)
        registrations = file.table("registration")
        ledger = file.table("ledger_row")
        found = []
        with self._ctx.reading() as session:
            for row in players.rows if players else ():
                values = dict(zip(players.columns, row, strict=True)) if players else {}
                player_name = str(values["name"])
                namesakes = tuple(player_info(p) for p in same_name(session, player_name))
                found.append(FilePlayer(int(str(values["id"])), player_name, namesakes))
        return FileSummary(
            name=name,
            app_version=file.app_version,
            players=tuple(found),
            entries=len(registrations.rows) if registrations else 0,
            ledger_rows=len(ledger.rows) if ledger else 0,
        )

    def import_tournament(
        self, data: bytes, player_matches: Mapping[int, int]
    ) -> Outcome[TournamentInfo]:
        """Add the file's tournament as a new tournament, in one transaction.

        `player_matches` maps a player id of the file to the player of this database who is the
        same person (from `read_tournament_file`'s namesakes); every other player of the file is
        added. The file is checked again here: what was read may not be what is imported.

        Raises:
            TournamentFileError: The file is refused, or a matched player is gone; nothing is
                changed.
        """
        file = decode(data)
        name = str(_tournament_row(file)["name"])
        backup_before_import(self._ctx, None)
        now = self._ctx.now()
        with self._ctx.transaction() as session:
            new_id = file_rows.write_tournament(session, file.tables, player_matches, name)
            for part, text in file.house:
                house.put(session, part, new_id, text)
            row = get_row(session, new_id)
            info = TournamentInfo(id=new_id, name=row.name, created_at=row.created_at)
            changes = record_change(
                session, new_id, Change.ALL, f"imported {name} from a file", now
            )
        return Outcome(info, changes)
