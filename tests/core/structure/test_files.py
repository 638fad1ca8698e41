"""Structure files a user imports are hostile; the structure files the app exports are safe."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clockapp.core.structure import (
    Break,
    Level,
    Structure,
    StructureError,
    structure_from_csv,
    structure_from_json,
    structure_to_csv,
)
from clockapp.core.userfiles import MAX_CELL_CHARS
from clockapp.errors import ValidationError

HEADER = "type,small_blind,big_blind,minutes,label"


@pytest.mark.parametrize("newline", ["\r", "\n", "\r\n"])
def test_csv_with_any_line_ending_is_read(newline: str) -> None:
    lines = [HEADER, "level,5,10,20,", 'break,,,10,"Dinner, long"', "level,10,20,20,"]
    structure = structure_from_csv(newline.join(lines) + newline, name="Mac")
    assert structure.levels == (
        Level(5, 10, minutes=20),
        Break(10, label="Dinner, long"),
        Level(10, 20, minutes=20),
    )
    assert structure.source_rows[2] == "Row 3 (file line 4)"


def test_cr_only_rows_are_numbered_by_file_line() -> None:
    text = "\r".join([HEADER, "level,5,10,20,", "", "level,10,x,20,"]) + "\r"
    with pytest.raises(StructureError, match=r"Row 2 \(file line 4\): the big blind 'x'"):
        structure_from_csv(text)


def test_a_cell_over_the_csv_size_limit_names_the_row() -> None:
    text = f'{HEADER}\nlevel,5,10,20,\nlevel,10,20,20,"{"x" * (MAX_CELL_CHARS + 1)}"\n'
    with pytest.raises(StructureError, match=r"Row 2 \(file line 3\): a cell is longer than"):
        structure_from_csv(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000, "nested more than 32 deep"),
        ('{"name": "S", "levels": [' + "[" * 40 + "]" * 40 + "]}", "nested more than 32 deep"),
        ('{"name": "S", "levels": [{"minutes": ' + "9" * 5000 + "}]}", "number too long to read"),
        ('{"name": "S", "levels": [{"minutes": NaN}]}', "NaN is not a number"),
        ('{"name": "S", "levels": [}', "not valid JSON"),
        ("\udcff", "not valid JSON"),
    ],
)
def test_bad_json_is_the_apps_own_error(text: str, message: str) -> None:
    with pytest.raises(StructureError, match=message):
        structure_from_json(text)


def test_exported_csv_cannot_run_formulas_and_reads_back() -> None:
    structure = Structure(
        "=evil",
        (Level(5, 10, game="=HYPERLINK(1)", label="+cmd"), Break(10, label="@SUM(1)")),
    )
    text = structure_to_csv(structure)
    assert "'=HYPERLINK(1)" in text
    assert "'+cmd" in text
    assert "'@SUM(1)" in text
    cells = [cell for line in text.splitlines() for cell in line.split(",")]
    assert not [c for c in cells if c[:1] in ("=", "+", "@", "\t", "\r")]
    assert structure_from_csv(text, name="=evil") == structure


@pytest.mark.slow
def test_a_long_structure_is_numbered_in_linear_time() -> None:
    # 20,000 items: the level numbers used to be counted again for every item (quadratic). A
    # file that long is refused (`MAX_ITEMS`); a structure built in code still numbers fast.
    items = [Level(5, 10) if i % 10 else Break(10) for i in range(1, 20_001)]
    structure = Structure("Long", tuple(items))
    structure.validate_chips((5,))
    assert structure.level_number(len(structure.levels) - 2) == 18_000


# ------------------------------------------------------------------------------ hostile input
def result_or_own_error(call: Callable[[], object]) -> object:
    """What `call` returns, or the app's own error it raises (anything else fails the test)."""
    try:
        return call()
    except ValidationError as error:
        return error


hostile_text = st.one_of(
    st.text(),
    st.binary().map(lambda b: b.decode("utf-8", "replace")),
    st.lists(
        st.sampled_from(
            [
                "type",
                "small_blind",
                ",",
                '"',
                "\r",
                "\n",
                "\r\n",
                "5",
                "-1",
                "break",
                "level",
                "minutes",
                "{",
                "}",
                "[",
                "]",
                ":",
                "'",
                "=",
                "\ufeff",
                "\x00",
                "yes",
                "20",
            ]
        ),
        max_size=60,
    ).map("".join),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hostile_text)
def test_hostile_csv_gives_a_structure_or_a_validation_error(text: str) -> None:
    outcome = result_or_own_error(lambda: structure_from_csv(text))
    assert isinstance(outcome, Structure | ValidationError)
    assert str(outcome)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "name",
                    "levels",
                    "type",
                    "minutes",
                    "small_blind",
                    "big_blind",
                    "color_up",
                    "format",
                    "planned_last_level",
                    "label",
                    "x",
                ]
            ),
            inner,
            max_size=5,
        )
    ),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(hostile_text, json_values.map(json.dumps)))
def test_hostile_json_gives_a_structure_or_a_validation_error(text: str) -> None:
    outcome = result_or_own_error(lambda: structure_from_json(text))
    assert isinstance(outcome, Structure | ValidationError)
    assert str(outcome)
