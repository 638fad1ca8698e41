"""The shared reader and writer of user files: hostile input in, the app's own error or a result."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clockapp.core.userfiles import (
    FORMULA_STARTS,
    MAX_CELL_CHARS,
    SEPARATORS,
    FileFormatError,
    csv_records,
    csv_text,
    decode_file,
    list_separator,
    load_json,
    safe_cell,
    sniff_separator,
    spreadsheet_bytes,
    unquote_cell,
)


def result_or_own_error(call: Callable[[], object]) -> object:
    """What `call` returns, or the app's own error it raises (anything else fails the test)."""
    try:
        return call()
    except FileFormatError as error:
        return error


@pytest.mark.parametrize("newline", ["\r", "\n", "\r\n"])
def test_any_line_ending_reads_the_same_records(newline: str) -> None:
    text = newline.join(["a,b", '"x, y","two', 'lines"', "", "z"]) + newline
    records = list(csv_records(text))
    assert [(r.line, r.cells) for r in records] == [
        (1, ("a", "b")),
        (2, ("x, y", "two\nlines")),
        (4, ()),
        (5, ("z",)),
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('a\n"open\n', "File line 2: a quote is not closed."),
        ('a\n"x"y\n', "File line 2: a quoted cell has more text after its closing quote."),
        (f'a\n"{"x" * (MAX_CELL_CHARS + 1)}"\n', "File line 2: a cell is longer than 131,072"),
    ],
)
def test_unreadable_csv_names_the_line(text: str, message: str) -> None:
    with pytest.raises(FileFormatError) as caught:
        list(csv_records(text))
    assert str(caught.value).startswith(message)


def test_size_limits() -> None:
    with pytest.raises(FileFormatError, match="Too big"):
        list(csv_records("a" * 11, max_chars=10))
    with pytest.raises(FileFormatError, match="Too big"):
        load_json("[1]" * 4, max_chars=10)
    with pytest.raises(FileFormatError, match="Too big"):
        decode_file(b"a" * 50, max_chars=10)


@given(st.text())
def test_a_written_cell_never_starts_a_formula_and_reads_back(text: str) -> None:
    cell = safe_cell(text)
    assert isinstance(cell, str)
    if cell[:1] in FORMULA_STARTS:
        float(cell.replace(",", ""))  # only a plain number may start with - or +
    assert unquote_cell(cell) == text


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.text(), min_size=1, max_size=4), min_size=1, max_size=5))
def test_csv_text_round_trips_through_csv_records(rows: list[list[str]]) -> None:
    header = [f"c{i}" for i in range(4)]
    text = csv_text(header, rows)
    back = [list(record.cells) for record in csv_records(text)][1:]
    expected = [[cell.replace("\r\n", "\n").replace("\r", "\n") for cell in row] for row in rows]
    assert expected == back


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(), st.binary().map(lambda b: b.decode("utf-8", "replace"))))
def test_any_text_reads_as_records_or_a_file_error(text: str) -> None:
    outcome = result_or_own_error(lambda: list(csv_records(text)))
    assert isinstance(outcome, list | FileFormatError)


json_like = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=20,
)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(
    st.one_of(
        st.text(),
        json_like.map(json.dumps),
        st.integers(1, 3000).map(lambda n: "[" * n + "]" * n),
        st.integers(1, 6000).map(lambda n: "9" * n),
    )
)
def test_any_text_loads_as_json_or_a_file_error(text: str) -> None:
    outcome = result_or_own_error(lambda: load_json(text))
    if not isinstance(outcome, FileFormatError):
        assert outcome == json.loads(text)


@given(st.binary())
def test_any_bytes_decode_or_give_a_file_error(data: bytes) -> None:
    outcome = result_or_own_error(lambda: decode_file(data))
    assert isinstance(outcome, str | FileFormatError)


# ------------------------------------------------------------------ files from and for spreadsheets

#: One list as each spreadsheet saves it: Excel's "CSV UTF-8" (comma or, where the list separator
#: is ";", semicolon, with a byte-order mark), LibreOffice's default (no mark), and Excel's
#: "Unicode text" (UTF-16 with a mark, tab-separated).
SAVED = {
    "comma, UTF-8": 'name,team\r\nZoë Adé,"Reds; Blues"\r\n'.encode(),
    "comma, UTF-8 with BOM": '\ufeffname,team\r\nZoë Adé,"Reds; Blues"\r\n'.encode(),
    "semicolon, UTF-8 with BOM": '\ufeffname;team\r\nZoë Adé;"Reds; Blues"\r\n'.encode(),
    "semicolon, UTF-8": 'name;team\nZoë Adé;"Reds; Blues"\n'.encode(),
    "tab, UTF-16 LE": "name\tteam\r\nZoë Adé\tReds; Blues\r\n".encode("utf-16"),
    "tab, UTF-16 BE": "\ufeffname\tteam\nZoë Adé\tReds; Blues\n".encode("utf-16-be"),
    "tab, UTF-8": "name\tteam\nZoë Adé\tReds; Blues\n".encode(),
}


@pytest.mark.parametrize("data", SAVED.values(), ids=SAVED.keys())
def test_a_list_reads_the_same_whichever_way_it_was_saved(data: bytes) -> None:
    records = [r.cells for r in csv_records(decode_file(data))]
    assert records == [("name", "team"), ("Zoë Adé", "Reds; Blues")]


#: A list whose first line holds the other separators too, unquoted: a header cell with a comma.
TRICKY = [("name", "team, club"), ("Zoë Adé", "Reds; Blues"), ("Lee, Ann", "Greens\tGold")]
ENCODINGS = {
    "UTF-8": lambda text: text.encode(),
    "UTF-8 with BOM": lambda text: text.encode("utf-8-sig"),
    "UTF-16 LE": lambda text: b"\xff\xfe" + text.encode("utf-16-le"),
    "UTF-16 BE": lambda text: b"\xfe\xff" + text.encode("utf-16-be"),
}


@pytest.mark.parametrize("encoding", ENCODINGS, ids=ENCODINGS.keys())
@pytest.mark.parametrize("separator", SEPARATORS, ids=SEPARATORS.values())
@pytest.mark.parametrize("newline", ["\r\n", "\n"], ids=["CRLF", "LF"])
def test_every_separator_and_encoding_reads_the_same_rows(
    separator: str, encoding: str, newline: str
) -> None:
    out = io.StringIO()
    csv.writer(out, delimiter=separator, lineterminator=newline).writerows(TRICKY)
    data = ENCODINGS[encoding](out.getvalue())
    assert [r.cells for r in csv_records(decode_file(data))] == TRICKY


@pytest.mark.parametrize(
    ("text", "separator"),
    [
        ("Lee, Ann;555-0101\nBob;555-0102\nCy;555-0103\n", ";"),  # one of each on line 1
        ("Team, club, city;Name\nReds;Ann\nBlues;Bob\n", ";"),  # more commas than columns
        ("name,notes\nAnn,a;b\nBob,c;d\n", ","),
        ("name\tnotes, more\nAnn\tx\n", "\t"),
        ("a,b;c\n1,2;3\n", ","),  # no telling: the comma
    ],
)
def test_the_separator_is_the_one_the_next_rows_agree_with(text: str, separator: str) -> None:
    assert sniff_separator(text) == separator


JUNK = {
    "random bytes": bytes(range(256)) * 4,
    "NUL bytes": b"\0" * 64,
    "a NUL inside text": b"name\nAnn\0Bob\n",
    "UTF-16 without its mark": "name\nAnn\n".encode("utf-16-le"),
    "UTF-32": "name\nAnn\n".encode("utf-32"),
    "PNG image": b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR",
    "Windows-1252": "name\nZoë\n".encode("cp1252"),
}


@pytest.mark.parametrize("data", JUNK.values(), ids=JUNK.keys())
def test_a_file_that_is_not_text_is_refused_in_words(data: bytes) -> None:
    with pytest.raises(FileFormatError, match=r"^Not .*: save it as CSV UTF-8"):
        decode_file(data)


def test_an_explicit_separator_wins_over_the_first_line() -> None:
    assert [r.cells for r in csv_records("a;b\n", separator=",")] == [("a;b",)]


def test_utf16_that_is_broken_is_the_apps_error() -> None:
    with pytest.raises(FileFormatError, match="Not UTF-16 text"):
        decode_file(b"\xff\xfeA")  # a mark, then half a character


def test_an_export_is_utf8_with_a_byte_order_mark_and_crlf_rows() -> None:
    data = spreadsheet_bytes(csv_text(("name", "notes"), [("Zoë", "two\nlines")]))
    # CR LF ends a row, as RFC 4180 and Excel have it; LF stays the line break inside a cell.
    assert data == b'\xef\xbb\xbfname,notes\r\nZo\xc3\xab,"two\nlines"\r\n'
    assert [r.cells for r in csv_records(decode_file(data))] == [
        ("name", "notes"),
        ("Zoë", "two\nlines"),
    ]


@pytest.mark.parametrize("separator", SEPARATORS)
def test_an_export_uses_the_separator_asked_for(separator: str) -> None:
    data = spreadsheet_bytes(csv_text(("name", "paid"), [("Zoë", "2.50")]), separator)
    assert data.decode("utf-8-sig").splitlines() == [f"name{separator}paid", f"Zoë{separator}2.50"]


def test_the_list_separator_follows_the_decimal_point() -> None:
    assert list_separator(",") == ";"  # de, fr, es, nl, pt_BR: 2,50 must stay one cell
    assert list_separator(".") == ","


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.lists(st.text(), min_size=1, max_size=4), min_size=1, max_size=5),
    st.sampled_from(list(SEPARATORS)),
)
def test_an_export_reads_back_as_written_with_any_separator(
    rows: list[list[str]], separator: str
) -> None:
    header = [f"c{i}" for i in range(4)]
    data = spreadsheet_bytes(csv_text(header, rows), separator)
    if any("\0" in cell for row in rows for cell in row):  # clean_text keeps NUL out of the app
        with pytest.raises(FileFormatError, match="Not a text file"):
            decode_file(data)
        return
    back = [list(record.cells) for record in csv_records(decode_file(data))][1:]
    expected = [[cell.replace("\r\n", "\n").replace("\r", "\n") for cell in row] for row in rows]
    assert expected == back
