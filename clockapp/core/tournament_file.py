"""A tournament as one file: the format, written and read (pure: bytes in, frozen records out).

A `.clocktournament` file is gzip'd UTF-8 JSON, an envelope around the payload:

    {"format": "clockapp-tournament", "version": 1, "app_version": "1.4.0",
     "sha256": "<hex digest of the payload's UTF-8 bytes>", "payload": "<JSON text>"}

The payload is kept as text, so its checksum is over exactly the bytes written: a JSON object of
the tournament's rows table by table (`{"tables": {name: {"columns": [...], "rows": [[...]]}},
"house": {part: text}}`), with moments as ISO 8601 text in UTC.

A file someone hands the app is hostile. `decode_tournament_file` reads at most
`MAX_FILE_BYTES` of gzip and `MAX_PAYLOAD_BYTES` once unpacked (a gzip bomb stops there), JSON no
deeper than `MAX_DEPTH` (`clockapp.core.userfiles.load_json`), and checks every value against the
table's `TableSpec`: its type, its length, no negative number where there is none, no row key
twice, and every reference pointing at a row of the file. A newer format is refused with the
version this app reads. Any refusal is a `TournamentFileError` whose message a director can read.

>>> spec = (TableSpec("tournament", (ColumnSpec("id", ColumnKind.INTEGER),
...     ColumnSpec("name", ColumnKind.TEXT, max_length=20)), key="id"),)
>>> file = TournamentFile("1.0", (TableRows("tournament", ("id", "name"), ((1, "Friday"),)),))
>>> decode_tournament_file(encode_tournament_file(file), spec) == file
True
>>> decode_tournament_file(b"not gzip", spec)
Traceback (most recent call last):
...
clockapp.core.tournament_file.TournamentFileError: Not a tournament file: it is not gzip'd (a damaged file, or another kind of file).
"""  # noqa: E501

from __future__ import annotations

import enum
import gzip
import hashlib
import json
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from clockapp import formats
from clockapp.core.userfiles import FileFormatError, load_json
from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _

#: The name in every file's envelope, so another app's gzip'd JSON is not read as a tournament.
FORMAT_NAME = "clockapp-tournament"
#: The format version this app writes and the newest it reads.
FORMAT_VERSION = 1
#: The file name suffix the dialogs offer.
SUFFIX = ".clocktournament"
#: The largest file read, as stored (gzip'd): far above a long night with a thousand entries.
MAX_FILE_BYTES = 32 * 1024 * 1024
#: The largest payload once unpacked: a gzip bomb is cut off here.
MAX_PAYLOAD_BYTES = 256 * 1024 * 1024
#: The deepest JSON nesting accepted: the payload is 5 levels deep.
MAX_DEPTH = 8
#: The largest integer a column holds (a signed 64-bit BIGINT).
MAX_INTEGER = 2**63 - 1

Value = int | str | bool | datetime | None


class TournamentFileError(ValidationError):
    """A tournament file that cannot be read or written; the message says why."""


class ColumnKind(enum.StrEnum):
    """What a column holds."""

    INTEGER = "integer"
    TEXT = "text"
    BOOLEAN = "boolean"
    MOMENT = "moment"  # an aware datetime, written as ISO 8601 text in UTC


@dataclass(frozen=True)
class ColumnSpec:
    """One column a file's table must have, and what its values may be.

    `references` names the table (in the file) whose key a value must be; `minimum` is the
    smallest integer allowed (None: any), `max_length` the longest text.
    """

    name: str
    kind: ColumnKind
    nullable: bool = False
    max_length: int | None = None
    minimum: int | None = 0
    references: str | None = None


@dataclass(frozen=True)
class TableSpec:
    """A table a file may hold: its columns, and the one that keys its rows (None: no key)."""

    name: str
    columns: tuple[ColumnSpec, ...]
    key: str | None = None

    @property
    def column_names(self) -> tuple[str, ...]:
        """The columns' names, in order."""
        return tuple(column.name for column in self.columns)


@dataclass(frozen=True)
class TableRows:
    """One table's rows as read from the database or the file, values in `columns` order."""

    name: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Value, ...], ...]

    def values(self, column: str) -> tuple[Value, ...]:
        """Every row's value in `column`.

        >>> TableRows("t", ("id", "x"), ((1, "a"), (2, "b"))).values("x")
        ('a', 'b')
        """
        index = self.columns.index(column)
        return tuple(row[index] for row in self.rows)


@dataclass(frozen=True)
class TournamentFile:
    """Everything a tournament file holds: the app that wrote it, the rows, the host's texts."""

    app_version: str
    tables: tuple[TableRows, ...]
    house: tuple[tuple[str, str], ...] = field(default=())

    def table(self, name: str) -> TableRows | None:
        """The rows of table `name`, or None when the file has none."""
        return next((table for table in self.tables if table.name == name), None)


# ------------------------------------------------------------------------------------ writing


def _json_value(value: Value) -> int | str | bool | None:
    if isinstance(value, datetime):
        return value.astimezone(UTC).isoformat()
    return value


def encode_tournament_file(file: TournamentFile) -> bytes:
    """The bytes of the file (gzip'd JSON, the payload's SHA-256 in the envelope)."""
    payload = {
        "tables": {
            table.name: {
                "columns": list(table.columns),
                "rows": [[_json_value(value) for value in row] for row in table.rows],
            }
            for table in file.tables
        },
        "house": dict(file.house),
    }
    text = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    envelope = {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "app_version": file.app_version,
        "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest(),
        "payload": text,
    }
    data = json.dumps(envelope, ensure_ascii=False).encode("utf-8")
    # mtime=0: the same tournament gives the same bytes.
    return gzip.compress(data, mtime=0)


# ------------------------------------------------------------------------------------ reading


def _refused(reason: str) -> TournamentFileError:
    return TournamentFileError(
        _("Not a tournament file this app can open: {reason}.").format(reason=reason)
    )


def _unpack(data: bytes) -> bytes:
    if len(data) > MAX_FILE_BYTES:
        raise _refused(
            _("it is too big ({count} bytes; at most {MAX_FILE_BYTES} are read)").format(
                count=formats.number(len(data)), MAX_FILE_BYTES=formats.number(MAX_FILE_BYTES)
            )
        )
    if not data.startswith(b"\x1f\x8b"):
        raise TournamentFileError(
            _("Not a tournament file: it is not gzip'd (a damaged file, or another kind of file).")
        )
    out = bytearray()
    rest = data
    # A gzip file may hold several members; each is unpacked within what is left of the limit.
    while rest:
        unpacker = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
        try:
            out += unpacker.decompress(rest, MAX_PAYLOAD_BYTES + 1 - len(out))
        except zlib.error:
            raise _refused(_("it is damaged (its compressed data does not unpack)")) from None
        if len(out) > MAX_PAYLOAD_BYTES:
            raise _refused(
                _("it unpacks to more than {MAX_PAYLOAD_BYTES} bytes").format(
                    MAX_PAYLOAD_BYTES=formats.number(MAX_PAYLOAD_BYTES)
                )
            )
        if not unpacker.eof:
            raise _refused(_("it is cut short (the end of the file is missing)"))
        rest = unpacker.unused_data
    return bytes(out)


def _json(text: str) -> Any:
    try:
        return load_json(text, max_chars=MAX_PAYLOAD_BYTES, max_depth=MAX_DEPTH)
    except FileFormatError as error:
        raise _refused(error.problem) from None


def _envelope(data: bytes) -> tuple[str, str]:
    """The app version and the payload text of the file, its format and checksum checked."""
    try:
        text = _unpack(data).decode("utf-8")
    except UnicodeDecodeError:
        raise _refused(_("it is damaged (not UTF-8 text inside)")) from None
    envelope = _json(text)
    if not isinstance(envelope, dict) or envelope.get("format") != FORMAT_NAME:
        raise _refused(_("it is not a clockapp tournament file"))
    version = envelope.get("version")
    if type(version) is not int or version < 1:
        raise _refused(_("its format version is missing or wrong"))
    if version > FORMAT_VERSION:
        raise TournamentFileError(
            _(
                "This tournament file is format version {version}, from a newer clockapp "
                "({version_of_app!s:.40}); this clockapp reads tournament files up to version "
                "{FORMAT_VERSION}. Update clockapp to open it."
            ).format(
                version=version,
                version_of_app=envelope.get("app_version", "unknown"),
                FORMAT_VERSION=FORMAT_VERSION,
            )
        )
    app_version, digest, payload = (envelope.get(k) for k in ("app_version", "sha256", "payload"))
    if not (isinstance(app_version, str) and isinstance(digest, str) and isinstance(payload, str)):
        raise _refused(_("its app version, checksum or payload is missing"))
    if hashlib.sha256(payload.encode("utf-8")).hexdigest() != digest:
        raise _refused(_("it is damaged (its checksum does not match its contents)"))
    return app_version[:40], payload


def _where(table: str, row: int, column: str) -> str:
    return f"table {table}, row {row}, {column}"


def _value(raw: Any, column: ColumnSpec, where: str) -> Value:
    """The value of one cell, its type and range checked against the column."""
    if raw is None:
        if not column.nullable:
            raise _refused(_("{where} is empty").format(where=where))
        return None
    kind = column.kind
    if kind is ColumnKind.INTEGER:
        if type(raw) is not int:
            raise _refused(_("{where} is not a whole number").format(where=where))
        floor = -MAX_INTEGER - 1 if column.minimum is None else column.minimum
        if not floor <= raw <= MAX_INTEGER:
            raise _refused(_("{where} is out of range ({raw})").format(where=where, raw=raw))
        return raw
    if kind is ColumnKind.BOOLEAN:
        if type(raw) is not bool:
            raise _refused(_("{where} is not true or false").format(where=where))
        return raw
    if not isinstance(raw, str):
        raise _refused(_("{where} is not text").format(where=where))
    if kind is ColumnKind.TEXT:
        if column.max_length is not None and len(raw) > column.max_length:
            raise _refused(
                _("{where} is longer than {max_length} characters").format(
                    where=where, max_length=column.max_length
                )
            )
        return raw
    try:
        moment = datetime.fromisoformat(raw)
    except ValueError:
        raise _refused(_("{where} is not a date and time").format(where=where)) from None
    if moment.tzinfo is None:
        raise _refused(_("{where} has no time zone").format(where=where))
    return moment.astimezone(UTC)


def _table(name: str, raw: Any, spec: TableSpec) -> TableRows:
    if not isinstance(raw, dict) or set(raw) != {"columns", "rows"}:
        raise _refused(_("table {name} is not columns and rows").format(name=name))
    columns, rows = raw["columns"], raw["rows"]
    if not isinstance(columns, list) or sorted(map(str, columns)) != sorted(spec.column_names):
        raise _refused(
            _("table {name} does not have the columns this app expects").format(name=name)
        )
    if len(set(columns)) != len(columns) or not all(isinstance(c, str) for c in columns):
        raise _refused(_("table {name} names a column twice").format(name=name))
    if not isinstance(rows, list):
        raise _refused(_("table {name} has no list of rows").format(name=name))
    by_name = {column.name: column for column in spec.columns}
    order = [by_name[column] for column in columns]
    read: list[tuple[Value, ...]] = []
    for number, row in enumerate(rows, start=1):
        if not isinstance(row, list) or len(row) != len(order):
            raise _refused(
                _("table {name}, row {number} does not have {count} values").format(
                    name=name, number=number, count=len(order)
                )
            )
        read.append(
            tuple(
                _value(cell, column, _where(name, number, column.name))
                for cell, column in zip(row, order, strict=True)
            )
        )
    # Stored in the spec's column order, whatever the file's.
    index = [columns.index(column) for column in spec.column_names]
    return TableRows(name, spec.column_names, tuple(tuple(r[i] for i in index) for r in read))


def _check_keys(tables: Mapping[str, TableRows], specs: Sequence[TableSpec]) -> None:
    keys: dict[str, set[Value]] = {}
    for spec in specs:
        table = tables.get(spec.name)
        if spec.key is None or table is None:
            continue
        values = table.values(spec.key)
        if len(set(values)) != len(values):
            raise _refused(
                _("table {name} holds the same {key} twice").format(name=spec.name, key=spec.key)
            )
        keys[spec.name] = set(values)
    for spec in specs:
        table = tables.get(spec.name)
        if table is None:
            continue
        for column in spec.columns:
            if column.references is None:
                continue
            known = keys.get(column.references, set())
            for number, value in enumerate(table.values(column.name), start=1):
                if value is not None and value not in known:
                    raise _refused(
                        _(
                            "{where} points at {references} {value}, which the file does not hold"
                        ).format(
                            where=_where(spec.name, number, column.name),
                            references=column.references,
                            value=value,
                        )
                    )


def decode_tournament_file(data: bytes, specs: Sequence[TableSpec]) -> TournamentFile:
    """The file's contents, every value checked against `specs` (the tables the app knows).

    Raises:
        TournamentFileError: Damaged (not gzip, cut short, a checksum that does not match),
            hostile (too big, too deep, wrong types, negative numbers, a key twice, a reference
            to nothing), or a newer format: the message says which.
    """
    app_version, text = _envelope(data)
    payload = _json(text)
    if not isinstance(payload, dict) or set(payload) != {"tables", "house"}:
        raise _refused(_("its contents are not tables and the host's texts"))
    raw_tables, raw_house = payload["tables"], payload["house"]
    if not isinstance(raw_tables, dict) or not isinstance(raw_house, dict):
        raise _refused(_("its contents are not tables and the host's texts"))
    by_name = {spec.name: spec for spec in specs}
    unknown = sorted(set(raw_tables) - set(by_name))
    if unknown:
        raise _refused(
            _("it holds a table this app does not know ({unknown:.40})").format(unknown=unknown[0])
        )
    tables = {name: _table(name, raw, by_name[name]) for name, raw in raw_tables.items()}
    _check_keys(tables, specs)
    house: list[tuple[str, str]] = []
    for part, text_ in raw_house.items():
        if not isinstance(text_, str):
            raise _refused(_("the host's {part:.40} is not text").format(part=part))
        house.append((part, text_))
    ordered = tuple(tables[spec.name] for spec in specs if spec.name in tables)
    return TournamentFile(app_version, ordered, tuple(house))
