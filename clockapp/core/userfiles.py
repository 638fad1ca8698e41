"""Files a user hands the app are hostile; files the app hands out are opened in spreadsheets.

Every CSV reader and writer of clockapp goes through this module (structures, players,
pre-registration lists, results), and so does the JSON of an imported structure:

- `decode_file` turns a file's bytes into text: a size limit, UTF-8 with or without its
  byte-order mark or UTF-16 with one (Excel's "Unicode text"), and a clear error for anything else
  (another encoding, a binary file).
- `csv_records` reads CSV text with the csv module: comma, semicolon or tab between cells
  (`sniff_separator` tells which), quoting honoured, any line ending (CR only, LF, CR LF; line
  numbers stay right), a size limit per cell and per file, strict quotes, and every problem
  raised as `FileFormatError` naming the file line.
- `load_json` reads JSON with a size and a depth limit; bad, huge or deeply nested text is a
  `FileFormatError` instead of a ValueError or a RecursionError.
- `csv_text` writes CSV whose text cells cannot run as a formula (OWASP's CSV injection advice):
  a cell that starts with = + - @ a tab or a carriage return gets a leading single quote, unless
  it is a plain number (a negative amount stays a number). `csv_records` removes that quote again,
  so a file the app wrote reads back as it was.
- `spreadsheet_bytes` turns that text into the bytes of a file Excel and LibreOffice open in
  columns: UTF-8 with a byte-order mark (without one Excel reads UTF-8 as the system's code page,
  "ZoÃ«"), cells separated by the list separator the spreadsheet expects (`list_separator`), CR LF
  after each row.

>>> text = csv_text(("name", "paid"), [("=HYPERLINK(1)", "-20.00")])
>>> print(text, end="")
name,paid
'=HYPERLINK(1),-20.00
>>> [record.cells for record in csv_records(text)]
[('name', 'paid'), ('=HYPERLINK(1)', '-20.00')]
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from clockapp import formats
from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _

#: The largest file read (characters): far above any real structure or player list.
MAX_FILE_CHARS = 64 * 1024 * 1024
#: The deepest nesting accepted in a JSON file (a structure file is 4 levels deep).
MAX_JSON_DEPTH = 32
#: The csv module's own limit on one cell, which it enforces (process-wide setting, not changed).
MAX_CELL_CHARS = csv.field_size_limit()

#: The cell separators a CSV file may use, by name: the first is the default.
SEPARATORS = {",": "comma", ";": "semicolon", "\t": "tab"}
#: How much of a file's start is looked at to tell its separator, and how many records after
#: its first line.
_SNIFF_CHARS = 64 * 1024
_SNIFF_RECORDS = 20
#: The byte-order marks of UTF-16, which Excel writes before its "Unicode text" files.
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")

#: The first characters that make a spreadsheet read a cell as a formula (OWASP).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?(?:\d+(?:[.,]\d+)*(?:[eE][+-]?\d+)?|\.\d+)", re.ASCII)


class FileFormatError(ValidationError):
    """A file that cannot be read: not text, too big, not CSV or JSON, nested too deep.

    `line` is the file line the problem is on (1-based) when there is one, and `problem` the
    message without the line, so a reader can name the row its own way.
    """

    def __init__(self, problem: str, line: int | None = None) -> None:
        self.problem = problem.rstrip(".")
        self.line = line
        if line is None:
            super().__init__(f"{self.problem[:1].upper()}{self.problem[1:]}.")
        else:
            super().__init__(f"File line {line}: {self.problem}.")


def _too_big(size: int, limit: int) -> FileFormatError:
    return FileFormatError(
        _("too big ({size} characters; at most {limit} are read)").format(
            size=formats.number(size), limit=formats.number(limit)
        )
    )


def decode_file(data: bytes, *, max_chars: int = MAX_FILE_CHARS) -> str:
    """The text of a file's bytes: UTF-8 (with or without a byte-order mark) or UTF-16 with its
    byte-order mark, which is dropped; line endings are kept as they are.

    >>> decode_file(b"\\xef\\xbb\\xbfname\\rAnn\\r")
    'name\\rAnn\\r'
    >>> decode_file("name\\tZoë\\r\\n".encode("utf-16"))
    'name\\tZoë\\r\\n'
    >>> decode_file(b"Caf\\xe9")
    Traceback (most recent call last):
    ...
    clockapp.core.userfiles.FileFormatError: Not UTF-8 text: save it as CSV UTF-8 (or as Unicode text).
    >>> decode_file("name".encode("utf-16-le"))
    Traceback (most recent call last):
    ...
    clockapp.core.userfiles.FileFormatError: Not a text file (it holds NUL bytes): save it as CSV UTF-8 (or as Unicode text).
    """  # noqa: E501
    # Neither UTF-8 nor UTF-16 takes fewer bytes than characters: the byte count bounds the text.
    if len(data) > 4 * max_chars:
        raise _too_big(len(data), max_chars)
    utf16 = data.startswith(_UTF16_BOMS)
    try:
        # The "utf-16" codec reads the mark to tell the byte order, and drops it.
        text = data.decode("utf-16" if utf16 else "utf-8-sig")
    except UnicodeDecodeError:
        kind = "UTF-16" if utf16 else "UTF-8"
        raise FileFormatError(
            _("not {kind} text: save it as CSV UTF-8 (or as Unicode text)").format(kind=kind)
        ) from None
    if len(text) > max_chars:
        raise _too_big(len(text), max_chars)
    if "\0" in text:
        # No text file holds a NUL: this is a binary file, or UTF-16 or UTF-32 without the mark
        # that tells it. Read on, it gives a header of garbage or names with letters missing.
        raise FileFormatError(
            _("not a text file (it holds NUL bytes): save it as CSV UTF-8 (or as Unicode text)")
        )
    return text


# ------------------------------------------------------------------------------ CSV, written


def _is_number(text: str) -> bool:
    return _NUMBER.fullmatch(text) is not None


def _needs_quote(text: str) -> bool:
    rest = text.lstrip("'")
    return bool(rest) and rest[0] in FORMULA_STARTS and not _is_number(rest)


def safe_cell(value: object) -> object:
    """A value a spreadsheet shows as written: text that would start a formula gets a `'` first.

    Numbers (an int, or text that is a plain number such as `-20.00`) are left as they are.
    A cell that already starts with quotes before a formula character gets one more, so that
    `unquote_cell` gives back exactly what was written.

    >>> [safe_cell(v) for v in ("=1+1", "+cmd", "@SUM(1)", "-20.00", -5, "Ann", "'=x")]
    ["'=1+1", "'+cmd", "'@SUM(1)", '-20.00', -5, 'Ann', "''=x"]
    """
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value
    text = "" if value is None else str(value)
    return "'" + text if _needs_quote(text) else text


def unquote_cell(text: str) -> str:
    """The cell as it was before `safe_cell` (its added quote removed).

    >>> unquote_cell("'=cmd"), unquote_cell("'quoted'"), unquote_cell("''=x")
    ('=cmd', "'quoted'", "'=x")
    """
    if text[:1] == "'" and _needs_quote(text[1:]):
        return text[1:]
    return text


def csv_text(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """CSV text (LF line ends, quotes where needed) with every cell passed through `safe_cell`.

    Line breaks inside a cell are written as LF (and read back so by `csv_records`).

    >>> csv_text(("a", "b"), [(1, "x,y"), ("@me", "")])
    'a,b\\n1,"x,y"\\n\\'@me,\\n'
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([_written(cell) for cell in header])
    for row in rows:
        writer.writerow([_written(cell) for cell in row])
    return out.getvalue()


def _written(value: object) -> object:
    # A line break inside a cell is written as "\n": the csv module quotes a cell holding "\n"
    # (the line terminator) but not one holding a bare "\r", which a reader takes for a line end.
    if isinstance(value, str) and "\r" in value:
        value = value.replace("\r\n", "\n").replace("\r", "\n")
    return safe_cell(value)


def list_separator(decimal_point: str) -> str:
    """The cell separator a spreadsheet expects where numbers use `decimal_point`.

    Excel and LibreOffice take the system's list separator, which is ";" wherever the decimal
    point is a comma (a comma there would split 2,50 in two).

    >>> list_separator("."), list_separator(",")
    (',', ';')
    """
    return ";" if decimal_point == "," else ","


def spreadsheet_bytes(text: str, separator: str = ",") -> bytes:
    """The bytes of a CSV file a spreadsheet opens in columns, accents intact: `text` (as
    `csv_text` writes it) with `separator` between cells and CR LF after each row (RFC 4180, as
    Excel writes), in UTF-8 with a byte-order mark.

    Cells are not changed, only quoted where the new separator needs it; a line break inside a
    cell stays LF, which is how Excel and LibreOffice write one.

    >>> spreadsheet_bytes('name,paid\\n"Zoë, Ann",2.50\\n', ";")
    b'\\xef\\xbb\\xbfname;paid\\r\\nZo\\xc3\\xab, Ann;2.50\\r\\n'
    """
    if separator not in SEPARATORS:
        raise ValueError(f"not a CSV separator: {separator!r}")
    out = io.StringIO()
    writer = csv.writer(out, delimiter=separator, lineterminator="\r\n")
    writer.writerows(csv.reader(io.StringIO(text, newline=""), strict=True))
    return out.getvalue().encode("utf-8-sig")


# ------------------------------------------------------------------------------ CSV, read


def sniff_separator(text: str) -> str:
    """The cell separator of CSV text, one of comma, semicolon and tab.

    The first line that is not blank proposes each of them it holds outside quotes (a comma
    when it holds none). Of several, the one that cuts the most of the next records into as
    many cells as that line is taken, then the one found most often on that line, then comma,
    semicolon, tab in that order. The first line alone is not enough: a name list "Lee, Ann;555"
    has one of each, and a header "Team, club;Name" more commas than it has columns.

    csv.Sniffer is not used: it counts separators inside quoted cells too, and refuses a file of
    one column instead of reading it.

    >>> sniff_separator('name;notes\\nAnn;"x, y"\\n'), sniff_separator('"Lee, Ann"\\nBob\\n')
    (';', ',')
    >>> sniff_separator("\\n\\nname\\tteam\\n")
    '\\t'
    >>> sniff_separator("Lee, Ann;555-0101\\nBob;555-0102\\nCy;555-0103\\n")
    ';'
    """
    sample = text[:_SNIFF_CHARS]
    counts = _first_line_counts(sample)
    proposed = [separator for separator, count in counts.items() if count]
    if len(proposed) <= 1:
        return proposed[0] if proposed else ","
    whole = len(sample) == len(text)

    def agreement(separator: str) -> int:
        widths = _record_widths(sample, separator, whole)
        return sum(1 for width in widths[1:] if width == widths[0]) if widths else 0

    # max() keeps the first of equals: SEPARATORS' order breaks the last tie.
    return max(proposed, key=lambda separator: (agreement(separator), counts[separator]))


def _first_line_counts(sample: str) -> dict[str, int]:
    """How often each separator occurs outside quotes on the first line that is not blank."""
    counts = dict.fromkeys(SEPARATORS, 0)
    quoted = False
    started = False
    for char in sample:
        if char == '"':
            quoted = not quoted
        elif quoted:
            continue
        elif char in "\r\n":
            if started:
                break
        elif char in counts:
            counts[char] += 1
        if not char.isspace() or char == "\t":
            started = True
    return counts


def _record_widths(sample: str, separator: str, whole: bool) -> list[int]:
    """The cell counts of the first records of `sample` that are not blank, cut by `separator`.

    The last record of a sample cut from a longer text may be cut too, so it is not counted
    unless `whole`. A record the csv module cannot read ends the count: `csv_records` will say
    what is wrong with it.
    """
    reader = csv.reader((m.group() for m in _LINE.finditer(sample)), delimiter=separator)
    widths: list[int] = []
    try:
        for cells in reader:
            if any(cell.strip() for cell in cells):
                widths.append(len(cells))
            if len(widths) > _SNIFF_RECORDS:
                return widths
    except csv.Error:
        return widths
    return widths if whole else widths[:-1]


@dataclass(frozen=True)
class CsvRecord:
    """One CSV record: the file line it starts on (1-based) and its cells, quotes removed."""

    line: int
    cells: tuple[str, ...]

    @property
    def blank(self) -> bool:
        """True for a record whose cells are all empty or spaces."""
        return not any(cell.strip() for cell in self.cells)


def _csv_problem(error: csv.Error, spans_lines: bool) -> str:
    """The csv module's complaint in a director's words."""
    message = str(error)
    if "field larger than field limit" in message:
        return f"a cell is longer than {formats.number(MAX_CELL_CHARS)} characters"
    if spans_lines or "end of data" in message or "unexpected end" in message:
        # The quote ran on past the end of its line: it was opened and never closed.
        return "a quote is not closed"
    if "expected after" in message:
        return "a quoted cell has more text after its closing quote"
    return f"not readable as CSV ({message.rstrip('.')})"


#: One line with its ending (CR LF, CR or LF), or the last line without one.
_LINE = re.compile(r"[^\r\n]*(?:\r\n|[\r\n])|[^\r\n]+\Z")


def csv_records(
    text: str, *, max_chars: int = MAX_FILE_CHARS, separator: str | None = None
) -> Iterator[CsvRecord]:
    """Every record of CSV text, with the file line it starts on.

    Cells are separated by `separator`, or by what `sniff_separator` finds in the first lines
    (so a file saved where the list separator is ";", or as tab-separated text, reads too).
    Any line ending works (a file saved with CR only, by old Mac software, too); a leading
    byte-order mark is dropped; quotes are strict (a quote left open is an error at its line
    instead of a cell that swallows the rest of the file); a line break inside a quoted cell reads
    as "\\n" whatever the file used; cells written by `safe_cell` come back as they were
    (`unquote_cell`).

    Raises:
        FileFormatError: The text is too big, a quote is not closed, text follows a closing
            quote, or a cell is longer than the csv module accepts (naming the file line).

    >>> [(r.line, r.cells) for r in csv_records('name\\r"Lee, Ann"\\r\\rBob\\r')]
    [(1, ('name',)), (2, ('Lee, Ann',)), (3, ()), (4, ('Bob',))]
    >>> list(csv_records('name\\n"Ann\\n'))
    Traceback (most recent call last):
    ...
    clockapp.core.userfiles.FileFormatError: File line 2: a quote is not closed.
    """
    if len(text) > max_chars:
        raise _too_big(len(text), max_chars)
    # The lines are cut from `text` one at a time, each with its own ending, as a file opened
    # with newline="" gives them (the csv module sees every line ending itself: the fix for
    # CR-only files). A StringIO would copy the whole text, at four bytes a character, before a
    # row is read; this way a reader that stops at a row limit holds only the rows it read.
    lines = (m.group() for m in _LINE.finditer(text, 1 if text.startswith("\ufeff") else 0))
    delimiter = sniff_separator(text) if separator is None else separator
    reader = csv.reader(lines, delimiter=delimiter, strict=True)
    last_line = 0
    while True:
        first_line = last_line + 1
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error as error:
            raise FileFormatError(
                _csv_problem(error, reader.line_num > first_line), first_line
            ) from None
        last_line = reader.line_num
        joined = "".join(cells)
        if "\r" in joined:  # a quoted line break, as the file wrote it: read as "\n"
            cells = [cell.replace("\r\n", "\n").replace("\r", "\n") for cell in cells]
        if "'" in joined:  # only then can a cell carry the quote `safe_cell` adds
            cells = list(map(unquote_cell, cells))
        yield CsvRecord(first_line, tuple(cells))


# ------------------------------------------------------------------------------ JSON


def _refuse_constant(name: str) -> Any:
    raise FileFormatError(_("{name} is not a number JSON allows").format(name=name))


def _depth(data: Any) -> int:
    """How deeply lists and objects nest in decoded JSON (walked without recursion)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children: Iterable[Any] = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in children)
    return deepest


def load_json(
    text: str, *, max_chars: int = MAX_FILE_CHARS, max_depth: int = MAX_JSON_DEPTH
) -> Any:
    """Decoded JSON text, within a size and a nesting limit.

    Raises:
        FileFormatError: Not JSON (with the line and column), NaN or Infinity, a number too long
            to read, too big, or nested deeper than `max_depth`. Its `problem` reads on after
            "Structure file: ".

    >>> load_json('{"levels": [1, 2]}')
    {'levels': [1, 2]}
    >>> load_json("[" * 5000)
    Traceback (most recent call last):
    ...
    clockapp.core.userfiles.FileFormatError: Lists or objects nested more than 32 deep.
    >>> load_json('{"a": 1,}')
    Traceback (most recent call last):
    ...
    clockapp.core.userfiles.FileFormatError: Not valid JSON: line 1, column 9: Expecting property name enclosed in double quotes.
    """  # noqa: E501
    if len(text) > max_chars:
        raise _too_big(len(text), max_chars)
    too_deep = FileFormatError(f"lists or objects nested more than {max_depth} deep")
    try:
        data = json.loads(text.removeprefix("\ufeff"), parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        raise FileFormatError(
            _("not valid JSON: line {lineno}, column {colno}: {msg}").format(
                lineno=error.lineno, colno=error.colno, msg=error.msg
            )
        ) from None
    except RecursionError:
        raise too_deep from None
    except FileFormatError:
        raise
    except ValueError as error:  # an integer of thousands of digits
        raise FileFormatError(
            _("a number too long to read ({detail})").format(detail=str(error).split(":")[0])
        ) from None
    if _depth(data) > max_depth:
        raise too_deep
    return data
