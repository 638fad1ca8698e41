"""Structures: levels, breaks, validation that names the row, CSV and JSON import and export."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clockapp.core.structure import (
    Break,
    Item,
    Level,
    Structure,
    StructureError,
    item_name,
    structure_from_csv,
    structure_from_json,
    structure_to_csv,
    structure_to_json,
)
from clockapp.errors import ValidationError

HOME = Structure(
    "Home",
    (
        Level(5, 10, minutes=20),
        Level(10, 20, minutes=20),
        Break(10, label="Dinner", color_up=(5,)),
        Level(25, 50, ante=50, big_blind_ante=True, minutes=20),
        Level(50, 100, ante=25, minutes=15, game="PLO"),
    ),
    planned_last_level=3,
)


# ------------------------------------------------------------------------------ items


def test_items_read_the_same_way() -> None:
    for item in HOME.levels:
        assert isinstance(item.small_blind, int)
        assert isinstance(item.big_blind, int)
        assert isinstance(item.ante, int)
        assert isinstance(item.minutes, int)
        assert isinstance(item.is_break, bool)
        assert isinstance(item.color_up, tuple)
    dinner = HOME.levels[2]
    assert dinner.is_break
    assert (dinner.small_blind, dinner.big_blind, dinner.ante) == (0, 0, 0)
    assert dinner.color_up == (5,)


def test_level_numbers_count_play_levels_only() -> None:
    assert [HOME.level_number(i) for i in range(5)] == [1, 2, None, 3, 4]
    assert HOME.index_of_level(3) == 3
    assert HOME.level_count == 4
    assert item_name(HOME, 2) == "Break (item 3)"
    assert item_name(HOME, 4) == "Level 4"
    with pytest.raises(StructureError, match="no level 5"):
        HOME.index_of_level(5)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Level(20, 10), "small blind \\(20\\) is above the big blind \\(10\\)"),
        (lambda: Level(0, 10), "small blind must be above 0"),
        (lambda: Level(5, 0), "big blind must be above 0"),
        (lambda: Level(-5, 10), "small blind must be above 0"),
        (lambda: Level(5, 10, ante=-1), "ante must be 0 or more"),
        (lambda: Level(5, 10, minutes=0), "duration in minutes must be above 0"),
        (lambda: Level(5, 10, minutes=-20), "duration in minutes must be above 0"),
        (lambda: Level(5, 10, minutes=2000), "longer than a day"),
        (lambda: Level(5, 10, big_blind_ante=True), "big blind ante needs an ante"),
        (lambda: Level(5, 10, game=" "), "give the game"),
        (lambda: Level(5.0, 10), "whole number"),  # type: ignore[arg-type]
        (lambda: Break(0), "duration in minutes must be above 0"),
        (lambda: Break(10, color_up=(5, 5)), "colored up twice"),
        (lambda: Break(10, color_up=(0,)), "colored-up chip must be above 0"),
        (lambda: Structure("S", ()), "add at least one level"),
        (lambda: Structure("S", (Break(10),)), "add at least one level"),
        (lambda: Structure(" ", (Level(1, 2),)), "give it a name"),
        (lambda: Structure("S", (Level(1, 2),), planned_last_level=2), "after the last level"),
    ],
)
def test_bad_items_are_refused_with_a_readable_message(make: object, message: str) -> None:
    with pytest.raises(StructureError, match=message):
        make()  # type: ignore[operator]


def test_structure_errors_are_validation_errors() -> None:
    assert issubclass(StructureError, ValidationError)


# ------------------------------------------------------------------------------ chips


def test_denominations_in_play_follow_the_color_ups() -> None:
    assert HOME.denominations_in_play((5, 25, 100)) == (
        (5, 25, 100),
        (5, 25, 100),
        (25, 100),
        (25, 100),
        (25, 100),
    )


@pytest.mark.parametrize(
    ("structure", "chips", "message"),
    [
        (
            Structure("S", (Level(600, 1200),)),
            (500, 1000),
            "Item 1 \\(level 1, 600/1,200\\): the small blind 600 cannot be paid with the chips "
            "in play \\(T500, T1,000\\)",
        ),
        (
            Structure("S", (Level(25, 50), Break(10, color_up=(25,)), Level(50, 100, ante=25))),
            (25, 100),
            "Item 3 \\(level 2, 50/100\\): the small blind 50 cannot be paid",
        ),
        (
            Structure("S", (Level(100, 200, ante=25), Level(200, 400))),
            (100, 500),
            "Item 1 \\(level 1, 100/200\\): the ante 25 cannot be paid",
        ),
        (
            Structure("S", (Level(25, 50), Break(10, color_up=(10,)))),
            (25, 100),
            "Item 2 \\(break 'Break'\\): colors up T10, which is not in the chip set",
        ),
        (
            Structure("S", (Level(25, 50), Break(10, color_up=(25,)), Break(5, color_up=(25,)))),
            (25, 100),
            "Item 3 .*: T25 was already colored up",
        ),
        (
            Structure("S", (Level(25, 50), Break(10, color_up=(25, 100)))),
            (25, 100),
            "leaves no chips in play",
        ),
    ],
)
def test_chip_validation_names_the_row(
    structure: Structure, chips: tuple[int, ...], message: str
) -> None:
    with pytest.raises(StructureError, match=message):
        structure.validate_chips(chips)


def test_home_structure_is_payable() -> None:
    HOME.validate_chips((5, 25, 100))


# ------------------------------------------------------------------------------ JSON and CSV

levels = st.builds(
    lambda sb, extra, ante, bba, minutes, game, label: Level(
        sb,
        sb + extra,
        ante=ante if ante or not bba else 1,
        big_blind_ante=bba,
        minutes=minutes,
        game=game,
        label=label,
    ),
    st.integers(1, 10**6),
    st.integers(0, 10**6),
    st.integers(0, 10**5),
    st.booleans(),
    st.integers(1, 120),
    st.sampled_from(["NLHE", "PLO", "HORSE", "Limit Hold'em"]),
    st.sampled_from(["", "Last level before dinner", 'Quoted "label", with commas', "Two\nlines"]),
)
breaks = st.builds(
    Break,
    st.integers(1, 60),
    label=st.sampled_from(["Break", "Dinner, long", "Color-up"]),
    color_up=st.lists(st.integers(1, 5000), unique=True, max_size=3).map(tuple),
)


@st.composite
def structures(draw: st.DrawFn) -> Structure:
    items: list[Item] = draw(st.lists(st.one_of(levels, breaks), max_size=12))
    items.insert(draw(st.integers(0, len(items))), draw(levels))
    count = sum(1 for i in items if not i.is_break)
    planned = draw(st.one_of(st.none(), st.integers(1, count)))
    return Structure("Sunday, deep", tuple(items), planned)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(structures())
def test_json_round_trip(structure: Structure) -> None:
    assert structure_from_json(structure_to_json(structure)) == structure


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(structures())
def test_csv_round_trip(structure: Structure) -> None:
    back = structure_from_csv(structure_to_csv(structure), name=structure.name)
    assert back == structure


def test_csv_import_is_forgiving_about_layout() -> None:
    text = (
        "\ufeffSmall Blind,Big Blind,Ante,Minutes,Color-Up\n"
        "25,50,,20,\n"
        "\n"
        ",,,15,T25 100\n"
        '"1,000","2,000",200,20,\n'
    )
    structure = structure_from_csv(text, name="Club")
    assert structure.levels == (
        Level(25, 50, minutes=20),
        Break(15, color_up=(25, 100)),
        Level(1000, 2000, ante=200, minutes=20),
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("small_blind,big_blind\n5,10\n", "'minutes' column is missing"),
        ("small_blind,big_blind,minutes,colour\n", "unknown column\\(s\\) 'colour'"),
        ("minutes,minutes\n", "a column appears twice"),
        ("small_blind,big_blind,minutes\n", "no levels"),
        ("small_blind,big_blind,minutes\n5,10,20\n20,10,20\n", "Row 2 \\(file line 3\\): Level"),
        ("small_blind,big_blind,minutes\n5,10,20\n\n10,x,20\n", "Row 2 \\(file line 4\\): the big"),
        ("small_blind,big_blind,minutes\n5,10,0\n", "Row 1 \\(file line 2\\).*above 0"),
        ("small_blind,big_blind,minutes\n5,10,20,4\n", "Row 1 .*4 cells but the header has 3"),
        ("type,small_blind,big_blind,minutes\nlevel,,10,20\n", "the small blind is missing"),
        ("type,small_blind,big_blind,minutes\npause,5,10,20\n", "type 'pause' is neither"),
        ("type,small_blind,big_blind,minutes\nbreak,5,10,20\n", "a break has no small blind"),
        ("type,minutes,color_up\nbreak,10,T5x\n", "color-up value 'T5x' is not a chip value"),
        ("type,small_blind,big_blind,minutes,color_up\nlevel,5,10,20,5\n", "only a break"),
        (
            "small_blind,big_blind,minutes,big_blind_ante\n5,10,20,maybe\n",
            "big blind ante 'maybe' is not yes or no",
        ),
        (
            "small_blind,big_blind,minutes,planned_last\n5,10,20,yes\n10,20,20,yes\n",
            "second level is marked",
        ),
        ("type,minutes,planned_last\nbreak,10,yes\n", "a break cannot be the planned last"),
    ],
)
def test_malformed_csv_names_the_row_and_the_problem(text: str, message: str) -> None:
    with pytest.raises(StructureError, match=message):
        structure_from_csv(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # The quote swallows the next line, then runs to the end of the file.
        (
            'small_blind,big_blind,minutes\n5,10,20\n10,"20,20\n25,50,20\n',
            "Row 2 (file line 3): a quote is not closed.",
        ),
        # ... or until the next quote (blank lines are not rows, but they are file lines).
        (
            'small_blind,big_blind,minutes\n5,10,20\n\n10,"20,20\n25,"50",20\n',
            "Row 2 (file line 4): a quote is not closed.",
        ),
        # ... or closes on the next line, leaving a line break in a number.
        (
            'small_blind,big_blind,minutes\n5,"10\n",20\n',
            "Row 1 (file line 2): a quote is not closed.",
        ),
        ('small_blind,big_blind,minutes\n5,10,"20', "Row 1 (file line 2): a quote is not closed."),
        (
            'small_blind,"big_blind,minutes\n5,10,20\n',
            "Header row (file line 1): a quote is not closed.",
        ),
        (
            'small_blind,big_blind,minutes\n5,"10"0,20\n',
            "Row 1 (file line 2): a quoted cell has more text after its closing quote.",
        ),
    ],
)  # fmt: skip
def test_csv_with_a_quote_left_open_is_refused(text: str, message: str) -> None:
    with pytest.raises(StructureError) as caught:
        structure_from_csv(text)
    assert str(caught.value) == message


def test_csv_label_may_hold_a_line_break() -> None:
    text = 'small_blind,big_blind,minutes,label\n5,10,20,"Dinner\nat nine"\n10,20,20,\n'
    structure = structure_from_csv(text)
    assert structure.levels[0].label == "Dinner\nat nine"
    assert structure.source_rows == ("Row 1 (file line 2)", "Row 2 (file line 4)")


CSV_IMPORT = "\n".join(
    (
        "type,small_blind,big_blind,minutes,color_up",
        "level,5,10,20,",
        "",  # a blank line: a file line but not a row
        "break,,,10,5",
        "level,10,20,20,",
        "",
    )
)


@pytest.mark.parametrize(
    ("chips", "message"),
    [
        (
            (5, 25),
            "Row 3 (file line 5), level 2, 10/20: the small blind 10 cannot be paid with the "
            "chips in play (T25).",
        ),
        (
            (1, 10),
            "Row 2 (file line 4), break 'Break': colors up T5, which is not in the chip set "
            "(T1, T10).",
        ),
    ],
)
def test_csv_chip_errors_name_the_row_like_the_import(chips: tuple[int, ...], message: str) -> None:
    """The service reads the file, then checks it against the chips: both name the same row."""
    structure = structure_from_csv(CSV_IMPORT)
    with pytest.raises(StructureError) as caught:
        structure.validate_chips(chips)
    assert str(caught.value) == message


def test_structures_not_read_from_csv_name_the_item() -> None:
    structure = structure_from_json(structure_to_json(structure_from_csv(CSV_IMPORT)))
    assert structure.source_rows == ()
    with pytest.raises(StructureError, match=r"^Item 3 \(level 2, 10/20\): the small blind"):
        structure.validate_chips((5, 25))


def test_source_rows_are_not_part_of_the_value() -> None:
    imported = structure_from_csv(CSV_IMPORT)
    plain = Structure(imported.name, imported.levels)
    assert imported == plain
    assert hash(imported) == hash(plain)
    # An edit moves rows around: the file's row names no longer apply.
    edited = imported.with_levels(imported.levels[:2])
    assert edited.source_rows == ()
    with pytest.raises(StructureError, match="2 source rows named for 3 items"):
        Structure("S", imported.levels, source_rows=("Row 1", "Row 2"))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("{", "not valid JSON: line 1, column 2"),
        ("[]", "expected an object"),
        ('{"levels": {}}', "'levels' must be a list"),
        ('{"format": "other", "levels": []}', "format 'other'"),
        ('{"levels": [{"type": "level", "small_blind": 5, "minutes": 20}]}', "Item 1.*big_blind"),
        (
            '{"levels": [{"type": "level", "small_blind": 5, "big_blind": 10, "minutes": 20},'
            ' {"type": "level", "small_blind": 50, "big_blind": 10, "minutes": 20}]}',
            "Item 2 of 'levels': Level 50/10: the small blind \\(50\\) is above",
        ),
        ('{"levels": [{"type": "level", "small_blind": "5"}]}', "'small_blind' must be a whole"),
        ('{"levels": [{"type": "break", "minutes": 5, "color_up": 5}]}', "must be a list"),
        ('{"levels": [{"type": "break", "minutes": 5, "colour": [5]}]}', "unknown field"),
        ('{"levels": [{"type": "pause", "minutes": 5}]}', "type 'pause' is neither"),
        ('{"levels": [3]}', "Item 1 of 'levels': expected an object"),
        (
            '{"levels": [{"type": "level", "small_blind": 5, "big_blind": 10, "minutes": 20,'
            ' "big_blind_ante": "yes"}]}',
            "'big_blind_ante' must be true or false",
        ),
    ],
)
def test_malformed_json_names_the_item_and_the_problem(data: str, message: str) -> None:
    with pytest.raises(StructureError, match=message):
        structure_from_json(data)


def test_json_export_is_readable() -> None:
    data = json.loads(structure_to_json(HOME))
    assert data["format"] == "clockapp-structure"
    assert data["planned_last_level"] == 3
    assert data["levels"][2] == {
        "type": "break",
        "minutes": 10,
        "label": "Dinner",
        "color_up": [5],
    }


def test_with_levels_keeps_the_planned_level_when_it_still_exists() -> None:
    shorter = HOME.with_levels(HOME.levels[:2])
    assert shorter.planned_last_level is None
    same = HOME.with_levels(HOME.levels[:4])
    assert same.planned_last_level == 3


def test_a_header_of_many_unknown_columns_names_a_few() -> None:
    # A hostile file: 100,000 columns made a message as long as the file, on the GUI's banner.
    header = ",".join(f"col{n}" for n in range(100_000))
    with pytest.raises(StructureError) as refused:
        structure_from_csv(f"minutes,{header}\n")
    message = str(refused.value)
    assert message.startswith(
        "Header row: unknown column(s) 'col0', 'col1', 'col2', 'col3', 'col4'"
    )
    assert len(message) < 300
