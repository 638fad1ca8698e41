"""The player CSV: read with line numbers for error messages (`players_csv_lines`), and written
with formula cells quoted (`players_to_csv`)."""

from __future__ import annotations

from collections.abc import Sequence

from clockapp import formats
from clockapp.core.userfiles import FileFormatError, csv_records, csv_text
from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _
from clockapp.services.players.values import PlayerDetails, PlayerError, PlayerInfo, fold

#: The most players one file adds: a league's whole membership fits many times over, and a
#: file past it is refused at its first extra row instead of being read whole into memory.
MAX_PLAYER_ROWS = 20_000

#: The columns of the player CSV, in order (import accepts them in any order; only name is needed).
CSV_COLUMNS = ("name", "nickname", "phone", "email", "team", "notes")

#: Header words a spreadsheet uses for the player columns, as `fold` leaves them: clubs export
#: lists from sign-up sites and other apps that say "Player" or "Nom", not "name".
_COLUMN_WORDS = {
    "name": (
        "name|names|player|players|player name|full name|fullname|nom|nom complet|joueur|"
        "spieler|spielername|jugador|nombre|naam|speler|nome|giocatore|jogador|navn|namn"
    ),
    "nickname": "nickname|nick|alias|pseudo|spitzname|apodo|bijnaam|soprannome",
    "phone": (
        "phone|phone number|telephone|tel|mobile|cell|mobile phone|portable|telefon|handy|"
        "telefono|telefoon"
    ),
    "email": "email|e-mail|mail|email address|e-mail address|courriel|correo",
    "team": "team|club|equipe|mannschaft|equipo",
    "notes": "notes|note|comment|comments|remarks|remarques|notizen|notas|opmerkingen",
}
_COLUMN_OF = {word: column for column, words in _COLUMN_WORDS.items() for word in words.split("|")}

#: Other words a header row holds, so a header without a name column is told from a first
#: player: the split name columns, and what sign-up sheets often carry besides.
_OTHER_HEADER_WORDS = frozenset(
    {
        "first name", "firstname", "given name", "last name", "lastname", "surname",
        "family name", "prenom", "vorname", "nachname", "apellido", "apellidos", "voornaam",
        "achternaam", "cognome", "id", "#", "no", "number", "seat", "table", "date", "paid",
        "status", "country", "city", "address", "buy-in", "chips", "points", "rank",
    }
)  # fmt: skip


def header_column(cell: str) -> str | None:
    """The player column a header cell names (one of `CSV_COLUMNS`), or None.

    >>> [header_column(c) for c in ("Player", " Full  Name ", "E-Mail", "Téléphone", "Seat")]
    ['name', 'name', 'email', 'phone', None]
    """
    return _COLUMN_OF.get(fold(cell))


def looks_like_header(cells: Sequence[str]) -> bool:
    """Whether a row is column titles, not a player: two filled cells or more, each a title.

    One cell is not enough: a list of one name a line may start with a player called Nick.

    >>> looks_like_header(["Phone", "E-mail"]), looks_like_header(["Nick"])
    (True, False)
    """
    filled = [fold(cell) for cell in cells if cell.strip()]
    titles = _COLUMN_OF.keys() | _OTHER_HEADER_WORDS
    return len(filled) > 1 and all(key in titles for key in filled)


def no_name_column(cells: Sequence[str]) -> str:
    """What to do about a header row without a name column, naming the columns it has."""
    found = ", ".join(cell.strip() for cell in cells if cell.strip())
    return _(
        "The first line is a header ({found}) without a column of "
        "player names: rename the column that holds the names to "
        "'name' (or add one, joining first and last names), then "
        "import the file again. Nothing was imported."
    ).format(found=found)


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
        if header is None:
            raise PlayerError(_("The CSV needs a header row with a 'name' column."))
        keys = [header_column(cell) or fold(cell) for cell in header.cells]
        if "name" not in keys:
            found = ", ".join(cell.strip() for cell in header.cells if cell.strip())
            raise PlayerError(
                _(
                    "The CSV needs a header row with a 'name' column; its first line has "
                    "{found}: rename the column that holds the players' names to 'name', then "
                    "import the file again."
                ).format(found=found)
            )
        columns = [(keys.index(c), c) for c in CSV_COLUMNS if c in keys]
        result: list[tuple[int, PlayerDetails]] = []
        for record in records:
            if record.blank:
                continue
            if len(result) >= MAX_PLAYER_ROWS:
                raise PlayerError(
                    _(
                        "CSV line {line}: a player file holds at most {max_player_rows} players; "
                        "split the file and import each part."
                    ).format(line=record.line, max_player_rows=formats.number(MAX_PLAYER_ROWS))
                )
            cells = record.cells
            values = {c: cells[i] if i < len(cells) else "" for i, c in columns}
            try:
                result.append((record.line, PlayerDetails(**values)))
            except ValidationError as error:
                raise PlayerError(
                    _("CSV line {line}: {error}").format(line=record.line, error=error)
                ) from error
    except FileFormatError as error:
        message = (
            _("CSV line {line}: {problem}.").format(line=error.line, problem=error.problem)
            if error.line
            else str(error)
        )
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
