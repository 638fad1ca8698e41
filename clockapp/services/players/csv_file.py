"""The player CSV: read with line numbers for error messages (`players_csv_lines`), and written
with formula cells quoted (`players_to_csv`)."""

from __future__ import annotations

from clockapp.core.errors import ValidationError
from clockapp.core.userfiles import FileFormatError, csv_records, csv_text
from clockapp.services.players.values import PlayerDetails, PlayerError, PlayerInfo, fold

#: The most players one file adds: a league's whole membership fits many times over, and a
#: file past it is refused at its first extra row instead of being read whole into memory.
MAX_PLAYER_ROWS = 20_000

#: The columns of the player CSV, in order (import accepts them in any order; only name is needed).
CSV_COLUMNS = ("name", "nickname", "phone", "email", "team", "notes")


def players_csv_lines(text: str) -> tuple[tuple[int, PlayerDetails], ...]:
    """The players of a CSV file with the file line each starts on (blank lines left out).

    Read with `clockapp.core.userfiles.csv_records`: quotes, any line ending, a byte-order mark
    and cells written by `players_to_csv` (formula characters quoted) all read back as written.

    Raises:
        PlayerError: No header with a `name` column, a line that is not CSV, a row that is not
            a valid player, or more than `MAX_PLAYER_ROWS` players (the message gives the line
            number; the rows after it are not read).
    """
    records = csv_records(text)
    try:
        header = next((r for r in records if not r.blank), None)
        if header is None or "name" not in (keys := [fold(cell) for cell in header.cells]):
            raise PlayerError("The CSV needs a header row with a 'name' column.")
        columns = [(keys.index(c), c) for c in CSV_COLUMNS if c in keys]
        result: list[tuple[int, PlayerDetails]] = []
        for record in records:
            if record.blank:
                continue
            if len(result) >= MAX_PLAYER_ROWS:
                raise PlayerError(
                    f"CSV line {record.line}: a player file holds at most {MAX_PLAYER_ROWS:,} "
                    "players; split the file and import each part."
                )
            cells = record.cells
            values = {c: cells[i] if i < len(cells) else "" for i, c in columns}
            try:
                result.append((record.line, PlayerDetails(**values)))
            except ValidationError as error:
                raise PlayerError(f"CSV line {record.line}: {error}") from error
    except FileFormatError as error:
        message = f"CSV line {error.line}: {error.problem}." if error.line else str(error)
        raise PlayerError(message) from None
    return tuple(result)


def parse_players_csv(text: str) -> tuple[PlayerDetails, ...]:
    """Read a players CSV (header row required; unknown columns are ignored).

    Raises:
        PlayerError: See `players_csv_lines`.

    >>> [p.name for p in parse_players_csv("name,team\\nAnn,Reds\\nBob,\\n")]
    ['Ann', 'Bob']
    """
    return tuple(details for _line, details in players_csv_lines(text))


def players_to_csv(players: tuple[PlayerInfo, ...]) -> str:
    """Players as CSV text with a header row (cells a spreadsheet would run are quoted).

    >>> from datetime import UTC, datetime
    >>> p = PlayerInfo(1, "=Ann", "", "", "ann@x.org", "", "", datetime(2026, 1, 1, tzinfo=UTC))
    >>> players_to_csv((p,)).splitlines()
    ['name,nickname,phone,email,team,notes', "'=Ann,,,ann@x.org,,"]
    """
    return csv_text(
        CSV_COLUMNS, ((p.name, p.nickname, p.phone, p.email, p.team, p.notes) for p in players)
    )
