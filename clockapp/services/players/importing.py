"""Importing players from a file: each line planned (create, merge, skip), then applied at once.

The player CSV import (`PlayerService.import_csv`) and the pre-registration list
(`CashierService.preview_pre_registrations` and `import_pre_registrations`) share this plan, so
the preview a cashier confirms is worked out exactly like the import it stands for. Planning
reads the live players' names with one query and matches in memory, and the new players are
inserted together: an import takes time in proportion to its lines, not to lines times players.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from clockapp import formats
from clockapp.core.userfiles import FileFormatError, csv_records
from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext
from clockapp.persistence.models import PlayerRow
from clockapp.persistence.queries import players as player_rows
from clockapp.persistence.session import Session
from clockapp.services.players import PlayerDetails, PlayerError, fold, search_text
from clockapp.services.players.csv_file import header_column, looks_like_header, no_name_column

#: The most lines a pre-registration list may have (blank ones too: each is previewed). A club's
#: biggest night is a few hundred names; a file past it is refused at its first extra line.
MAX_PRE_REGISTRATIONS = 10_000


class ImportAction(StrEnum):
    """What an import does with one line of the file."""

    CREATE = "create"  # a new player
    MERGE = "merge"  # a player already in the database is used
    SKIP = "skip"  # nothing: a blank line, or a name already given earlier in the file


@dataclass(frozen=True)
class ImportLine:
    """One line of an import and what will be done with it.

    Attributes:
        line: The file line it starts on (1-based).
        name: The name read ('' for a line without one).
        action: Create, merge or skip.
        player_id: The player matched (merge), or the one named earlier in the file (a skipped
            duplicate); None otherwise.
        note: Why, in a cashier's words ("new player", "already in the database as #12 Ann
            Lee", "blank line", "same name as line 3").
    """

    line: int
    name: str
    action: ImportAction
    player_id: int | None
    note: str


@dataclass(frozen=True)
class ImportPlan:
    """Every line of an import file with its action, in file order."""

    lines: tuple[ImportLine, ...]

    def count(self, action: ImportAction) -> int:
        """How many lines get `action`."""
        return sum(1 for line in self.lines if line.action is action)

    def summary(self) -> str:
        """'3 new players, 1 already in the database, 2 lines skipped'."""
        created, merged, skipped = (self.count(a) for a in ImportAction)
        # Three counts, each with its own plural: three phrases, listed as the language lists.
        return formats.listing(
            [
                ngettext("{count} new player", "{count} new players", created).format(
                    count=created
                ),
                ngettext(
                    "{count} already in the database", "{count} already in the database", merged
                ).format(count=merged),
                ngettext("{count} line skipped", "{count} lines skipped", skipped).format(
                    count=skipped
                ),
            ],
            counts=True,
        )


@dataclass(frozen=True)
class NamedLine:
    """A line of an import file as read: its file line and the player it names (None if blank)."""

    line: int
    details: PlayerDetails | None
    note: str = ""


# ------------------------------------------------------------------------------ reading files
@dataclass(frozen=True)
class _Header:
    """A header row: the column of each player field it names, and the columns it ignores."""

    columns: dict[str, int]
    ignored: dict[int, str]

    @property
    def name(self) -> int:
        return self.columns["name"]


def _header(cells: Sequence[str]) -> _Header | None:
    folded = [header_column(cell) for cell in cells]
    if "name" not in folded:
        if looks_like_header(cells):
            raise PlayerError(no_name_column(cells))
        return None
    columns: dict[str, int] = {}
    ignored: dict[int, str] = {}
    for index, key in enumerate(folded):
        if key is not None and key not in columns:
            columns[key] = index
        elif cells[index].strip():
            ignored[index] = cells[index].strip()
    return _Header(columns, ignored)


def parse_name_list(text: str) -> tuple[NamedLine, ...]:
    """A pre-registration list: one name a line, or a CSV file whose header has a name column.

    The csv module reads the file, so a quoted name keeps its commas (`"Lee, Ann"`); without a
    header the name is the first cell of each line (the other cells, a phone number say, are
    ignored, and the preview says so). With a header, the player columns it names (nickname,
    phone, e-mail, team, notes) are kept for new players, and the preview names the columns it
    ignores. The name column may be titled 'Player', 'Full name', 'Nom', 'Spieler'... (see
    `header_column`); a first line of column titles only, none of them a name, is refused.

    Raises:
        PlayerError: The first line is a header without a name column, the file is not
            readable CSV, a name is not acceptable (too long), or the list has more than
            `MAX_PRE_REGISTRATIONS` lines, naming the file line (the lines after it are not
            read).

    >>> [(n.line, n.details and n.details.name) for n in parse_name_list('"Lee, Ann"\\r\\rBob\\r')]
    [(1, 'Lee, Ann'), (2, None), (3, 'Bob')]
    """
    result: list[NamedLine] = []
    header: _Header | None = None
    seen_content = False
    try:
        for record in csv_records(text):
            if not seen_content and not record.blank:
                seen_content = True
                header = _header(record.cells)
                if header is not None:
                    continue  # the header row
            if len(result) >= MAX_PRE_REGISTRATIONS:
                raise PlayerError(
                    _(
                        "Line {line}: a pre-registration list holds at most "
                        "{max_pre_registrations} lines; split the list and import each part."
                    ).format(
                        line=record.line,
                        max_pre_registrations=formats.number(MAX_PRE_REGISTRATIONS),
                    )
                )
            if record.blank:
                result.append(NamedLine(record.line, None, "blank line"))
                continue
            cells = record.cells
            index = header.name if header is not None else 0
            name = cells[index] if index < len(cells) else ""
            note = ""
            fields: dict[str, str] = {}
            if header is None:
                others = [c for i, c in enumerate(cells) if i != index and c.strip()]
                if others:
                    note = _("first cell only (quote names that hold a comma): {cells}").format(
                        cells=", ".join(others)
                    )
            else:
                # The player's other columns (phone, e-mail, ...) are kept; the rest is named.
                fields = {key: cells[i] for key, i in header.columns.items() if i < len(cells)}
                dropped = [
                    title for i, title in header.ignored.items() if i < len(cells) and cells[i]
                ]
                if dropped:
                    note = ngettext(
                        "column ignored: {columns}", "columns ignored: {columns}", len(dropped)
                    ).format(columns=", ".join(dropped))
            if not name.strip():
                result.append(NamedLine(record.line, None, _("no name on this line")))
                continue
            fields["name"] = name
            try:
                result.append(NamedLine(record.line, PlayerDetails(**fields), note))
            except ValidationError as error:
                raise PlayerError(
                    _("Line {line}: {error}").format(line=record.line, error=error)
                ) from None
    except FileFormatError as error:
        raise PlayerError(str(error)) from None
    return tuple(result)


# ------------------------------------------------------------------------------ planning
def live_players_by_name(session: Session) -> dict[str, tuple[int, str]]:
    """Every live player's folded name -> (id, name) of the oldest with that name (one query)."""
    index: dict[str, tuple[int, str]] = {}
    for player_id, name in player_rows.live_names(session):
        if player_id is not None:
            index.setdefault(fold(name), (player_id, name))
    return index


def _not_used(details: PlayerDetails) -> str:
    """What a line gives about a player already known: the database's details are kept."""
    given = [
        label
        for label, value in (
            ("nickname", details.nickname),
            ("phone", details.phone),
            ("e-mail", details.email),
            ("team", details.team),
            ("notes", details.notes),
        )
        if value
    ]
    return f" (their {', '.join(given)} in the database are kept)" if given else ""


def plan_import(session: Session, lines: Iterable[NamedLine]) -> ImportPlan:
    """What importing `lines` would do now: create, merge (same name, ignoring case and accents)
    or skip (blank, or a name the file already gave). Reads only; nothing is written."""
    known = live_players_by_name(session)
    first_seen: dict[str, int] = {}
    planned: list[ImportLine] = []
    for named in lines:
        details = named.details
        if details is None:
            planned.append(ImportLine(named.line, "", ImportAction.SKIP, None, named.note))
            continue
        key = fold(details.name)
        extra = f"; {named.note}" if named.note else ""
        if key in first_seen:
            match = known.get(key)
            planned.append(
                ImportLine(
                    named.line,
                    details.name,
                    ImportAction.SKIP,
                    match[0] if match else None,
                    f"same name as line {first_seen[key]}{extra}",
                )
            )
            continue
        first_seen[key] = named.line
        match = known.get(key)
        if match is None:
            planned.append(
                ImportLine(
                    named.line, details.name, ImportAction.CREATE, None, f"new player{extra}"
                )
            )
        else:
            planned.append(
                ImportLine(
                    named.line,
                    details.name,
                    ImportAction.MERGE,
                    match[0],
                    f"already in the database as #{match[0]} {match[1]}{_not_used(details)}{extra}",
                )
            )
    return ImportPlan(tuple(planned))


def apply_plan(
    session: Session, plan: ImportPlan, lines: Sequence[NamedLine], now: datetime
) -> list[PlayerRow | None]:
    """Carry out `plan` (made from `lines` in this transaction): the player of every line.

    New players are inserted with one statement; matched players are read in chunks. A skipped line
    gets the player named earlier in the file (None for a blank line).
    """
    details = {named.line: named.details for named in lines}
    values = []
    for item in plan.lines:
        if item.action is ImportAction.CREATE:
            found = details[item.line]
            assert found is not None
            values.append(
                {
                    "name": found.name,
                    "nickname": found.nickname,
                    "phone": found.phone,
                    "email": found.email,
                    "team": found.team,
                    "notes": found.notes,
                    "search_text": search_text(found),
                    "created_at": now,
                }
            )
    # One multi-row INSERT; the rows come back in any order, so they are matched by name, which
    # the plan made unique among the players it creates.
    inserted = {row.name: row for row in player_rows.add_many(session, values)}
    created = {
        item.line: inserted[item.name] for item in plan.lines if item.action is ImportAction.CREATE
    }
    matched = (item.player_id for item in plan.lines if item.player_id is not None)
    existing = player_rows.by_ids(session, matched)
    by_name: dict[str, PlayerRow] = {}
    result: list[PlayerRow | None] = []
    for item in plan.lines:
        player: PlayerRow | None
        if item.action is ImportAction.CREATE:
            player = created[item.line]
        elif item.player_id is not None:
            player = existing[item.player_id]
        elif item.name:  # a duplicate of a line that creates its player
            player = by_name.get(fold(item.name))
        else:
            player = None
        if player is not None and item.name:
            by_name.setdefault(fold(item.name), player)
        result.append(player)
    return result
