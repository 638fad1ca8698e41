"""A structure file holds at most `MAX_ITEMS` levels and breaks: a longer one is refused at its
first extra row (the rest never read), naming the row and the limit."""

from __future__ import annotations

import json

import pytest

from clockapp.core.structure import (
    MAX_ITEMS,
    StructureError,
    structure_from_csv,
    structure_from_json,
)
from clockapp.core.structure.json_format import MAX_JSON_FILE_CHARS

HEADER = "type,small_blind,big_blind,minutes,label"


def csv_of(rows: int, tail: str = "") -> str:
    return HEADER + "\n" + "level,5,10,20,\n" * rows + tail


def json_of(items: int) -> str:
    level = {"type": "level", "small_blind": 5, "big_blind": 10, "minutes": 20}
    return json.dumps({"name": "Long", "levels": [level] * items})


def test_a_structure_of_the_limit_is_read() -> None:
    assert len(structure_from_csv(csv_of(MAX_ITEMS)).levels) == MAX_ITEMS == 500
    assert len(structure_from_json(json_of(MAX_ITEMS)).levels) == MAX_ITEMS


def test_one_row_more_is_refused_naming_the_row_and_the_limit() -> None:
    # The row after the limit is broken CSV: it is never read, so the limit is what is said.
    text = csv_of(MAX_ITEMS + 1, tail='level,"5,10,20\n')
    with pytest.raises(
        StructureError,
        match=r"^Row 501 \(file line 502\): a structure holds at most 500 levels and breaks\.$",
    ):
        structure_from_csv(text)


def test_a_json_file_of_too_many_items_or_characters_is_refused() -> None:
    with pytest.raises(StructureError, match="501 levels and breaks; a structure holds at most"):
        structure_from_json(json_of(MAX_ITEMS + 1))
    padded = json.dumps({"name": "x", "levels": [], "notes": "x" * MAX_JSON_FILE_CHARS})
    with pytest.raises(StructureError, match="Structure file: too big"):
        structure_from_json(padded)


@pytest.mark.slow
def test_a_million_level_file_is_refused_at_once() -> None:
    text = csv_of(1_000_000)  # 15 MB, under the 64 MB import limit
    with pytest.raises(StructureError, match=r"^Row 501 \(file line 502\)"):
        structure_from_csv(text)
