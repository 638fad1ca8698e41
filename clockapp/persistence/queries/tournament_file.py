"""A tournament's rows, read out for a tournament file and written back as a new tournament.

The tables come from the models' metadata, so a table added to the schema is in the file without
a list to keep: every table whose rows belong to one tournament (a `tournament_id`, or a
reference to such a table), and the players the tournament's rows name. League links are left
out (a league is the database's, not the tournament's); so are the app-wide tables.

Written back, every row gets a new id and every reference is pointed at the new rows; players
are either new rows or the existing players the caller matched them to.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from sqlalchemy import Boolean, DateTime, Integer, String, Table, insert, select, update
from sqlalchemy.exc import StatementError
from sqlalchemy.types import TypeEngine
from sqlmodel import Session, SQLModel

from clockapp.core.tournament_file import (
    ColumnKind,
    ColumnSpec,
    TableRows,
    TableSpec,
    TournamentFileError,
    Value,
)
from clockapp.core.userfiles import MAX_JSON_DEPTH, FileFormatError, load_json
from clockapp.i18n import gettext as _
from clockapp.persistence import models
from clockapp.persistence.models.seating import shootout_from_json

TOURNAMENT, PLAYER = "tournament", "player"
REGISTRATION, LEDGER = "registration", "ledger_row"
#: Tables of the database as a whole, never in a tournament file.
_LEFT_OUT = frozenset({"league_tournament", "league", "app_setting", "app_revision"})
#: Integer columns that may be negative (random seeds); every other count and amount may not.
_SIGNED = frozenset({"seed", "ticket_seed"})
#: Columns that hold another row's id without a foreign key (the history stays as recorded):
#: the ledger row of the stack a bust took, the stack a knockout credit went onto.
_IMPLICIT = {
    ("elimination", "entry_number"): "ledger_row",
    ("knockout_credit", "stack_row"): "ledger_row",
}
#: Columns that hold "the last ledger row" at some moment: compared with later row ids, so
#: mapped to the newest new row at or before it.
_LEDGER_MARKS = frozenset({("bounty_rules", "sealed_row")})
#: Player columns not carried over: a merge is the other database's business.
_PLAYER_LEFT_OUT = frozenset({"merged_into_id"})


def _tables() -> list[Table]:
    """The tables of a tournament, parents before children (the metadata's own order)."""
    assert models.__all__  # every model is imported, so the metadata knows them all
    chosen: list[Table] = []
    names = {TOURNAMENT, PLAYER}
    for table in SQLModel.metadata.sorted_tables:
        if table.name in _LEFT_OUT:
            continue
        targets = {key.column.table.name for key in table.foreign_keys}
        if table.name in names or targets & (names - {PLAYER}):
            chosen.append(table)
            names.add(table.name)
    return chosen


def _targets(table: Table) -> set[str]:
    return {key.column.table.name for key in table.foreign_keys}


def _target(table: Table, column: str) -> str | None:
    """The table a column's value is a key of: its foreign key's, or one kept without one."""
    keys = [key.column.table.name for key in table.columns[column].foreign_keys]
    return keys[0] if keys else _IMPLICIT.get((table.name, column))


def _needs(table: Table) -> set[str]:
    """The tables whose new ids the rows of `table` need first."""
    needs = _targets(table) - {table.name}
    needs |= {target for (name, _), target in _IMPLICIT.items() if name == table.name}
    if any(name == table.name for name, _ in _LEDGER_MARKS):
        needs.add(LEDGER)
    if table.name in _EMBEDDED:
        needs.add(REGISTRATION)
    if table.name in _KEYED:
        needs.add(_KEYED[table.name][1])
    return needs


def _write_order() -> list[Table]:
    """The tables in the order rows are added: each after every table its values name (the
    schema's order where that leaves a choice)."""
    waiting = _tables()
    names = {table.name for table in waiting}
    done: set[str] = set()
    order: list[Table] = []
    while waiting:
        ready = next(t for t in waiting if (_needs(t) & names) <= done)
        waiting.remove(ready)
        order.append(ready)
        done.add(ready.name)
    return order


def _key(table: Table) -> str | None:
    keys = list(table.primary_key.columns)
    if len(keys) == 1 and keys[0].name == "id":
        return "id"
    if len(keys) == 1 and keys[0].name == "tournament_id":
        return "tournament_id"
    return None


def _kind(column_type: TypeEngine[object]) -> ColumnKind:
    # A decorated type (UTC moments, the registration status, sqlmodel's strings) is what it
    # stores.
    stored = getattr(column_type, "impl", column_type)
    # Boolean before Integer: some dialects build one on the other.
    for kind, base in (
        (ColumnKind.BOOLEAN, Boolean),
        (ColumnKind.INTEGER, Integer),
        (ColumnKind.MOMENT, DateTime),
        (ColumnKind.TEXT, String),
    ):
        if isinstance(stored, base):
            return kind
    raise TypeError(f"no file kind for column type {column_type!r}")


def _length(column_type: TypeEngine[object]) -> int | None:
    length = getattr(column_type, "length", None)
    if length is None:
        length = getattr(getattr(column_type, "impl", None), "length", None)
    return length if isinstance(length, int) else None


def _columns(table: Table) -> list[str]:
    return [
        c.name for c in table.columns if not (table.name == PLAYER and c.name in _PLAYER_LEFT_OUT)
    ]


def tournament_specs() -> tuple[TableSpec, ...]:
    """What a tournament file holds, table by table, from the schema."""
    specs = []
    for table in _tables():
        columns = []
        for name in _columns(table):
            column = table.columns[name]
            target = _target(table, name)
            kind = _kind(column.type)
            length = _length(column.type) if kind is ColumnKind.TEXT else None
            columns.append(
                ColumnSpec(
                    name,
                    kind,
                    nullable=bool(column.nullable),
                    max_length=length,
                    minimum=None if name in _SIGNED else 0,
                    references=target,
                )
            )
        specs.append(TableSpec(table.name, tuple(columns), key=_key(table)))
    return tuple(specs)


def read_tournament(session: Session, tournament_id: int) -> tuple[TableRows, ...]:
    """Every row of the tournament, table by table, and the players its rows name."""
    read: dict[str, TableRows] = {}
    ids: dict[str, set[int]] = {TOURNAMENT: {tournament_id}}
    player_ids: set[int] = set()
    for table in _tables():
        if table.name == PLAYER:
            continue
        if table.name == TOURNAMENT:
            query = select(table).where(table.c.id == tournament_id)
        elif "tournament_id" in table.c:
            query = select(table).where(table.c.tournament_id == tournament_id)
        else:
            parent = next(k for k in table.foreign_keys if k.column.table.name in ids)
            wanted = sorted(ids[parent.column.table.name])
            query = select(table).where(parent.parent.in_(wanted))
        if "id" in table.c:
            query = query.order_by(table.c.id)
        rows = session.execute(query).mappings().all()
        names = _columns(table)
        read[table.name] = TableRows(
            table.name, tuple(names), tuple(tuple(row[n] for n in names) for row in rows)
        )
        if "id" in table.c:
            ids[table.name] = {row["id"] for row in rows}
        if "player_id" in table.c:
            player_ids.update(row["player_id"] for row in rows)
    player = SQLModel.metadata.tables[PLAYER]
    names = _columns(player)
    found = session.execute(
        select(player).where(player.c.id.in_(sorted(player_ids))).order_by(player.c.id)
    ).mappings()
    players = TableRows(PLAYER, tuple(names), tuple(tuple(row[n] for n in names) for row in found))
    return (players, *(read[t.name] for t in _tables() if t.name in read))


def write_tournament(
    session: Session,
    tables: tuple[TableRows, ...],
    players: Mapping[int, int],
    name: str,
) -> int:
    """Add the file's tournament as a new one named `name`, in the caller's transaction.

    `players` maps a player id of the file to the existing player it is; the file's other players
    are added. Returns the new tournament's id.

    Raises:
        TournamentFileError: A matched player is not in the database (nothing is kept: the
            caller's transaction rolls back).
    """
    try:
        return _write(session, tables, players, name)
    except StatementError as error:
        # The database's own rules (a status it knows, the ledger's guards) are the last check.
        raise TournamentFileError(
            _(
                "Not a tournament file this app can open: a row breaks a rule of the "
                "database ({rule})."
            ).format(rule=str(error.orig).splitlines()[0][:120])
        ) from None


def _write(
    session: Session, tables: tuple[TableRows, ...], players: Mapping[int, int], name: str
) -> int:
    given = {table.name: table for table in tables}
    new_ids: dict[str, dict[Value, int]] = {}
    player_map: dict[Value, int] = {}
    player_table = SQLModel.metadata.tables[PLAYER]
    for row in _dicts(given.get(PLAYER)):
        old = row.pop("id")
        match = players.get(old) if isinstance(old, int) else None
        if match is not None:
            found = session.execute(
                select(player_table.c.id).where(
                    player_table.c.id == match, player_table.c.merged_into_id.is_(None)
                )
            ).first()
            if found is None:
                raise TournamentFileError(
                    _("Player #{match} is not in this database any more.").format(match=match)
                )
            player_map[old] = match
        else:
            player_map[old] = session.execute(
                insert(player_table).values(row).returning(player_table.c.id)
            ).scalar_one()
    new_ids[PLAYER] = player_map
    for table in _write_order():
        if table.name == PLAYER:
            continue
        self_refs = [
            c.name for c in table.columns for k in c.foreign_keys if k.column.table is table
        ]
        later: list[tuple[int, dict[str, Value]]] = []
        mapped: dict[Value, int] = {}
        for row in _dicts(given.get(table.name)):
            values: dict[str, Value] = {}
            for column_name, value in row.items():
                target = _target(table, column_name)
                if column_name in self_refs:
                    # A row points at an earlier one (a void at the sale it reverses): mapped
                    # now, as the ledger takes no UPDATE; a later one is set once it exists.
                    if value is not None and value in mapped:
                        values[column_name] = mapped[value]
                    continue
                if target is not None and value is not None:
                    value = new_ids[target][value]
                elif (table.name, column_name) in _LEDGER_MARKS and isinstance(value, int):
                    value = _mark(new_ids[LEDGER], value)
                values[column_name] = value
            for column_name, remap in _EMBEDDED.get(table.name, {}).items():
                values[column_name] = remap(str(values[column_name]), new_ids[REGISTRATION])
            if table.name in _KEYED:
                column_name, target = _KEYED[table.name]
                key = _keyed(str(values[column_name]), new_ids[target])
                if key is None:
                    continue  # it names a row no longer kept: nothing it could stand for
                values[column_name] = key
            if table.name == TOURNAMENT:
                values["name"] = name
            old = values.pop("id", None) if "id" in table.c else None
            if table.name == LEDGER:
                _replay_status(session, values)
            if "id" in table.c:
                new = session.execute(
                    insert(table).values(values).returning(table.c.id)
                ).scalar_one()
                mapped[old] = new
                refs = {c: row[c] for c in self_refs if row[c] is not None and c not in values}
                if refs:
                    later.append((new, refs))
            else:
                session.execute(insert(table).values(values))
        new_ids[table.name] = mapped
        if table.name == LEDGER:
            _restore_statuses(session, given.get(REGISTRATION), new_ids[REGISTRATION])
        for new, refs in later:
            session.execute(
                update(table)
                .where(table.c.id == new)
                .values({column: mapped[value] for column, value in refs.items()})
            )
    return new_ids[TOURNAMENT][next(iter(new_ids[TOURNAMENT]))]


Ids = Mapping[Value, int]


def _mark(ledger: Ids, value: int) -> int:
    """The new id of the newest ledger row at or before old row `value` (0: none)."""
    return max(
        (new for old, new in ledger.items() if isinstance(old, int) and old <= value), default=0
    )


def _embedded(text: str) -> Any:
    """JSON a row keeps in a text column, read as a user's file is (it came in one)."""
    try:
        return load_json(text, max_chars=len(text), max_depth=MAX_JSON_DEPTH)
    except FileFormatError as error:
        raise TournamentFileError(
            _(
                "Not a tournament file this app can open: a stored list is not JSON ({problem})."
            ).format(problem=error.problem)
        ) from None


def _registration(value: Any, ids: Ids) -> int:
    if type(value) is not int or value not in ids:
        raise TournamentFileError(
            _(
                "Not a tournament file this app can open: a stored list names an entry "
                "({entry}) the file does not hold."
            ).format(entry=str(value)[:20])
        )
    return ids[value]


def _deal_registrations(text: str, ids: Ids) -> str:
    data = _embedded(text)
    if not isinstance(data, list):
        raise TournamentFileError(_("Not a tournament file this app can open: a deal's players."))
    return json.dumps([_registration(value, ids) for value in data])


def _ledger_shares(text: str, ids: Ids) -> str:
    if not text:
        return text
    data = _embedded(text)
    if not isinstance(data, list) or not all(
        isinstance(share, list) and len(share) == 2 for share in data
    ):
        raise TournamentFileError(_("Not a tournament file this app can open: a deal's shares."))
    return json.dumps([[_registration(rid, ids), amount] for rid, amount in data])


def _showdown_players(text: str, ids: Ids) -> str:
    data = _embedded(text)
    if not isinstance(data, list) or not all(isinstance(p, dict) for p in data):
        raise TournamentFileError(
            _("Not a tournament file this app can open: a showdown's players.")
        )
    for player in data:
        if player.get("registration_id") is not None:
            player["registration_id"] = _registration(player["registration_id"], ids)
    return json.dumps(data)


def _shootout_state(text: str, ids: Ids) -> str:
    """A shootout's rounds, seats and exits (`shootout_to_json`) on the new entries."""
    data = _embedded(text)

    def entry(value: Any) -> int:
        return _registration(value, ids)

    try:
        data["entrants"] = [entry(p) for p in data["entrants"]]
        for stage in data["rounds"]:
            seating = stage["seating"]
            seating["seats"] = [[entry(p), t, n] for p, t, n in seating["seats"]]
            seating["fixed"] = [entry(p) for p in seating["fixed"]]
            stage["winners"] = [[t, entry(p)] for t, p in stage["winners"]]
            stage["stacks"] = [[entry(p), c] for p, c in stage["stacks"]]
            stage["through"] = [[t, [entry(p) for p in ps]] for t, ps in stage.get("through", [])]
        for out in data["eliminations"]:
            out["players"] = [entry(p) for p in out["players"]]
        written = json.dumps(data)
        shootout_from_json(written)  # it must read back as the seating window reads it
    except (KeyError, TypeError, ValueError, AttributeError):
        raise TournamentFileError(
            _("Not a tournament file this app can open: its shootout cannot be read.")
        ) from None
    return written


#: Text columns whose JSON names entries by registration id: pointed at the new rows too.
_EMBEDDED: dict[str, dict[str, Callable[[str, Ids], str]]] = {
    "deal": {"registrations_json": _deal_registrations},
    LEDGER: {"shares_json": _ledger_shares},
    "showdown": {"players_json": _showdown_players},
    "shootout": {"state_json": _shootout_state},
}

#: Text columns whose value starts with the id of another table's row ("<id>:<rest>"), with
#: that table: a host event's claimed occurrences, which must stay claimed on its new id.
_KEYED: dict[str, tuple[str, str]] = {"host_event_claim": ("key", "host_event")}


def _keyed(text: str, ids: Ids) -> str | None:
    """`text` on the new id of the row it starts with; None when the file does not hold that row
    (a claim of an event removed since)."""
    old, sep, rest = text.partition(":")
    if not sep or not old.isdigit():
        raise TournamentFileError(
            _("Not a tournament file this app can open: a claimed moment ({text}).").format(
                text=text[:20]
            )
        )
    new = ids.get(int(old))
    return None if new is None else f"{new}:{rest}"


#: The status the ledger's last guard asks of a registration for each kind of entry.
_ENTRY_STATUS = {"buy-in": "checked-in", "re-entry": "busted", "rebuy": "busted"}


def _replay_status(session: Session, values: Mapping[str, Value]) -> None:
    """Give the registration the status it had when this entry was sold.

    The ledger's guard checks an entry against its player's status at the insert (a buy-in only
    before one, a re-entry only after a bust); the file holds the statuses of the end, so the
    history is replayed and `_restore_statuses` puts the end back after the last row.
    """
    status = _ENTRY_STATUS.get(str(values.get("kind")))
    registration = values.get("registration_id")
    if status is None or registration is None:
        return
    table = SQLModel.metadata.tables[REGISTRATION]
    session.execute(update(table).where(table.c.id == registration).values(status=status))


def _restore_statuses(
    session: Session, rows: TableRows | None, mapped: Mapping[Value, int]
) -> None:
    table = SQLModel.metadata.tables[REGISTRATION]
    for row in _dicts(rows):
        session.execute(
            update(table).where(table.c.id == mapped[row["id"]]).values(status=row["status"])
        )


def _dicts(table: TableRows | None) -> list[dict[str, Value]]:
    if table is None:
        return []
    return [dict(zip(table.columns, row, strict=True)) for row in table.rows]
