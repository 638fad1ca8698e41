"""The player database: create, edit, search as you type, merge duplicates, CSV import and export.

Players are shared by every tournament in the database; a tournament's players are its
registrations (`clockapp.services.cashier.service`). A merged duplicate is never deleted: it
points at the player it was merged into, its registrations move over, and searches no longer
show it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, fields
from datetime import datetime

from clockapp.core.errors import DomainError, ValidationError
from clockapp.core.userfiles import FileFormatError, csv_records, csv_text
from clockapp.persistence.models import PlayerRow
from clockapp.persistence.models.cashier import STATUS_WITHDRAWN
from clockapp.persistence.queries import players as player_rows
from clockapp.persistence.queries import registrations
from clockapp.persistence.queries import tournaments as tournament_rows
from clockapp.persistence.session import Session
from clockapp.services.backups import backup_before_import
from clockapp.services.changes import Change, Outcome
from clockapp.services.context import ServiceContext, record_change

#: The columns of the player CSV, in order (import accepts them in any order; only name is needed).
CSV_COLUMNS = ("name", "nickname", "phone", "email", "team", "notes")

_LIMITS = {"name": 200, "nickname": 100, "phone": 50, "email": 200, "team": 100, "notes": 5000}


class PlayerError(DomainError):
    """A player operation that cannot be done (unknown player, merge conflict, bad CSV)."""


class DuplicateNameError(PlayerError):
    """A new player would share a name with a player already in the database.

    Attributes:
        namesakes: The live players of that name, oldest first.
    """

    def __init__(self, name: str, namesakes: tuple[PlayerInfo, ...]) -> None:
        first = namesakes[0]
        super().__init__(
            f"There is already a player called {first.name} (#{first.id}): use that player, "
            f"or add the new one with a note that tells them apart, such as '{name} (blue hat)'."
        )
        self.namesakes = namesakes


def fold(text: str) -> str:
    """Text folded for searching: lower case, accents removed, spaces collapsed.

    >>> fold("  Zoé   O'NEILL ")
    "zoe o'neill"
    """
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(stripped.casefold().split())


@dataclass(frozen=True)
class PlayerDetails:
    """What the director types about a player; only the name is required.

    >>> PlayerDetails("  Ann   Lee ").name
    'Ann Lee'
    >>> PlayerDetails("")
    Traceback (most recent call last):
    ...
    clockapp.errors.ValidationError: A player needs a name.
    """

    name: str
    nickname: str = ""
    phone: str = ""
    email: str = ""
    team: str = ""
    notes: str = ""

    def __post_init__(self) -> None:
        for item in fields(self):
            value = getattr(self, item.name)
            if not isinstance(value, str):
                raise ValidationError(f"Player {item.name} must be text, not {value!r}.")
            cleaned = value.strip() if item.name == "notes" else " ".join(value.split())
            if len(cleaned) > _LIMITS[item.name]:
                raise ValidationError(
                    f"Player {item.name} can be at most {_LIMITS[item.name]} characters "
                    f"({len(cleaned)} given)."
                )
            object.__setattr__(self, item.name, cleaned)
        if not self.name:
            raise ValidationError("A player needs a name.")
        if self.email and ("@" not in self.email or " " in self.email):
            raise ValidationError(f"Player e-mail {self.email!r} is not an e-mail address.")


@dataclass(frozen=True)
class PlayerInfo:
    """A player as the UI sees it."""

    id: int
    name: str
    nickname: str
    phone: str
    email: str
    team: str
    notes: str
    created_at: datetime
    merged_into_id: int | None = None

    @property
    def display_name(self) -> str:
        """'Ann Lee "Ace"' when a nickname is set, else the name."""
        return f'{self.name} "{self.nickname}"' if self.nickname else self.name

    @property
    def details(self) -> PlayerDetails:
        """The editable fields."""
        return PlayerDetails(
            self.name, self.nickname, self.phone, self.email, self.team, self.notes
        )


@dataclass(frozen=True)
class ImportReport:
    """What a CSV import did."""

    created: int
    already_there: int
    players: tuple[PlayerInfo, ...]  # every player named in the file, in file order


def player_info(row: PlayerRow) -> PlayerInfo:
    """The frozen view of a player row."""
    assert row.id is not None
    return PlayerInfo(
        id=row.id,
        name=row.name,
        nickname=row.nickname,
        phone=row.phone,
        email=row.email,
        team=row.team,
        notes=row.notes,
        created_at=row.created_at,
        merged_into_id=row.merged_into_id,
    )


def apply_details(row: PlayerRow, details: PlayerDetails) -> None:
    """Copy the details onto a player row (and its folded search text)."""
    row.name = details.name
    row.nickname = details.nickname
    row.phone = details.phone
    row.email = details.email
    row.team = details.team
    row.notes = details.notes
    row.search_text = search_text(details)


def search_text(details: PlayerDetails) -> str:
    """What the search looks in: the name and nickname folded (`fold`), 'name | nickname'."""
    return f"{fold(details.name)} | {fold(details.nickname)}"


def get_player(session: Session, player_id: int) -> PlayerRow:
    """A player row, or a clear error."""
    row = player_rows.get(session, player_id)
    if row is None:
        raise PlayerError(f"Player #{player_id} does not exist.")
    return row


def live_player(session: Session, player_id: int) -> PlayerRow:
    """A player row that was not merged away (a merged one leads to the player it became)."""
    row = get_player(session, player_id)
    seen = {player_id}
    while row.merged_into_id is not None:
        if row.merged_into_id in seen:  # pragma: no cover - merge refuses cycles
            raise PlayerError(f"Player #{player_id} is merged in a loop.")
        seen.add(row.merged_into_id)
        row = get_player(session, row.merged_into_id)
    return row


def add_player(session: Session, details: PlayerDetails, now: datetime) -> PlayerRow:
    """Insert a player inside the caller's transaction."""
    row = PlayerRow(name=details.name, created_at=now)
    apply_details(row, details)
    return player_rows.add(session, row)


def find_by_name(session: Session, name: str) -> PlayerRow | None:
    """The oldest live player whose folded name equals `name`'s (for imports), or None."""
    rows = same_name(session, name)
    return rows[0] if rows else None


def same_name(session: Session, name: str) -> Sequence[PlayerRow]:
    """Live players whose name is `name` to a reader: case, accents and spacing aside."""
    return player_rows.live_with_search_prefix(session, f"{fold(name)} |")


def _rank(row: PlayerRow, term: str) -> tuple[int, str, int]:
    name, _, nickname = row.search_text.partition(" | ")
    words = f"{name} {nickname}".split()
    if name.startswith(term) or nickname.startswith(term):
        score = 0
    elif any(word.startswith(term) for word in words):
        score = 1
    else:
        score = 2
    assert row.id is not None
    return (score, name, row.id)


class PlayerService:
    """Use cases on the player database."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    def create(self, details: PlayerDetails, *, unique: bool = False) -> Outcome[PlayerInfo]:
        """Add a player to the database.

        Two people may share a name, so a duplicate name is allowed (merge fixes real duplicates),
        unless `unique` is set: then a name already taken (`namesakes`) is refused, checked in the
        same transaction as the insert, so a namesake added at another station a moment before
        is caught too.

        Raises:
            DuplicateNameError: `unique` and the name is taken; nothing is written.
        """
        now = self._ctx.now()
        with self._ctx.transaction() as session:
            if unique:
                taken = same_name(session, details.name)
                if taken:
                    raise DuplicateNameError(details.name, tuple(player_info(row) for row in taken))
            info = player_info(add_player(session, details, now))
            changes = record_change(session, None, Change.PLAYERS, f"player {info.name}", now)
        return Outcome(info, changes)

    def update(self, player_id: int, details: PlayerDetails) -> Outcome[PlayerInfo]:
        """Replace a player's details."""
        now = self._ctx.now()
        with self._ctx.transaction() as session:
            row = get_player(session, player_id)
            if row.merged_into_id is not None:
                raise PlayerError(
                    f"{row.name} was merged into player #{row.merged_into_id}; edit that player."
                )
            apply_details(row, details)
            session.add(row)
            info = player_info(row)
            changes = record_change(session, None, Change.PLAYERS, f"edited {info.name}", now)
        return Outcome(info, changes)

    def namesakes(self, name: str) -> tuple[PlayerInfo, ...]:
        """Live players called `name`, ignoring case, accents and spacing; oldest first.

        The cashier warns before adding a second "Alice Trent" (see `create(unique=True)`).
        """
        with self._ctx.reading() as session:
            return tuple(player_info(row) for row in same_name(session, name))

    def get(self, player_id: int) -> PlayerInfo:
        """One player (a merged duplicate too, with `merged_into_id` set)."""
        with self._ctx.reading() as session:
            return player_info(get_player(session, player_id))

    def list(self) -> tuple[PlayerInfo, ...]:
        """Every player not merged away, by name."""
        with self._ctx.reading() as session:
            return tuple(player_info(row) for row in player_rows.live(session))

    def search(self, text: str, limit: int = 20) -> tuple[PlayerInfo, ...]:
        """Players whose name or nickname contains `text`, ignoring case and accents.

        Names starting with the text come first, then names with a word starting with it, then
        the rest; alphabetical within each group. An empty text lists the first players by name.
        """
        term = fold(text)
        limit = max(0, limit)
        with self._ctx.reading() as session:
            if not term:
                return tuple(player_info(row) for row in player_rows.live(session, limit=limit))
            # Names and nicknames that start with the term first (they are what the cashier is
            # typing), so a common letter cannot push them out of the list; then the rest.
            starts = player_rows.live_starting_with(session, term, limit)
            rows = player_rows.live_containing(session, term, 500)
            found = {row.id: row for row in (*starts, *rows)}
            ranked = sorted(found.values(), key=lambda row: _rank(row, term))
            return tuple(player_info(row) for row in ranked[:limit])

    def merge(self, keep_id: int, duplicate_id: int) -> Outcome[PlayerInfo]:
        """Merge a duplicate into the player kept: its registrations move over, history stays.

        Empty details of the kept player are filled from the duplicate (notes are joined).

        Raises:
            PlayerError: The same player twice, a player already merged, or both registered in
                the same tournament (withdraw one registration first).
        """
        now = self._ctx.now()
        with self._ctx.transaction() as session:
            if keep_id == duplicate_id:
                raise PlayerError("Choose two different players to merge.")
            keep = get_player(session, keep_id)
            dup = get_player(session, duplicate_id)
            for row in (keep, dup):
                if row.merged_into_id is not None:
                    raise PlayerError(
                        f"{row.name} (#{row.id}) was already merged into player "
                        f"#{row.merged_into_id}."
                    )
            regs = registrations.of_player(session, duplicate_id)
            kept_tournaments = {
                r.tournament_id for r in registrations.of_player(session, keep_id, withdrawn=False)
            }
            for reg in regs:
                if reg.status != STATUS_WITHDRAWN and reg.tournament_id in kept_tournaments:
                    tournament = tournament_rows.get(session, reg.tournament_id)
                    where = tournament.name if tournament is not None else f"#{reg.tournament_id}"
                    raise PlayerError(
                        f"{keep.name} and {dup.name} are both registered in {where}; withdraw "
                        "one registration before merging."
                    )
            for reg in regs:
                reg.player_id = keep_id
                session.add(reg)
            merged = PlayerDetails(
                keep.name,
                keep.nickname or dup.nickname,
                keep.phone or dup.phone,
                keep.email or dup.email,
                keep.team or dup.team,
                "\n".join(note for note in (keep.notes, dup.notes) if note),
            )
            apply_details(keep, merged)
            dup.merged_into_id = keep_id
            session.add(keep)
            session.add(dup)
            info = player_info(keep)
            changes = record_change(
                session,
                None,
                Change.PLAYERS | Change.ENTRIES,
                f"merged {dup.name} into {keep.name}",
                now,
            )
        return Outcome(info, changes)

    def import_csv(self, text: str) -> Outcome[ImportReport]:
        """Add the players of a CSV file (a header row naming the columns; `name` is required).

        A row whose name matches a player already in the database (ignoring case and accents),
        or a name given earlier in the file, is not added again. Nothing is saved when any row
        is wrong; the error names the row. One query reads the names, one flush adds the new
        players: the time grows with the file, not with the file times the database.
        """
        # Imported here: `player_import` builds on this module.
        from clockapp.services.player_import import ImportAction, NamedLine, apply_plan, plan_import

        lines = [NamedLine(line, details) for line, details in players_csv_lines(text)]
        backup_before_import(self._ctx, None)
        now = self._ctx.now()
        with self._ctx.transaction() as session:
            plan = plan_import(session, lines)
            rows = apply_plan(session, plan, lines, now)
            players = tuple(player_info(row) for row in rows if row is not None)
            created = plan.count(ImportAction.CREATE)
            report = ImportReport(created, len(players) - created, players)
            changes = record_change(
                session, None, Change.PLAYERS, f"imported {created} players", now
            )
        return Outcome(report, changes)

    def export_csv(self) -> str:
        """Every player not merged away as CSV text (the columns of `CSV_COLUMNS`)."""
        return players_to_csv(self.list())


def players_csv_lines(text: str) -> tuple[tuple[int, PlayerDetails], ...]:
    """The players of a CSV file with the file line each starts on (blank lines left out).

    Read with `clockapp.core.userfiles.csv_records`: quotes, any line ending, a byte-order mark
    and cells written by `players_to_csv` (formula characters quoted) all read back as written.

    Raises:
        PlayerError: No header with a `name` column, a line that is not CSV, or a row that is not
            a valid player (the message gives the line number).
    """
    records = csv_records(text)
    try:
        header = next((r for r in records if not r.blank), None)
        if header is None or "name" not in (keys := [fold(cell) for cell in header.cells]):
            raise PlayerError("The CSV needs a header row with a 'name' column.")
        columns = [(keys.index(c), c) for c in CSV_COLUMNS if c in keys]
        result = []
        for record in records:
            if record.blank:
                continue
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
