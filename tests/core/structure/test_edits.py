"""The structure editor's pure operations (core): cell edits, inserts, duplicates, moves."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clockapp.core.chips import can_make
from clockapp.core.structure import Break, Level, Structure, StructureError, edits
from clockapp.core.structure import cells as structure_cells
from clockapp.core.structure.cells import Column

BASE = Structure(
    "Test",
    (
        Level(25, 50, minutes=20),
        Level(50, 100, minutes=20),
        Break(15, label="Break 1", color_up=(25,)),
        Level(100, 200, ante=200, big_blind_ante=True, minutes=20),
        Level(200, 400, ante=400, big_blind_ante=True, minutes=20),
    ),
    planned_last_level=3,
)


@pytest.mark.parametrize(
    ("row", "column", "value", "check"),
    [
        (0, Column.SMALL_BLIND, 30, lambda s: s.levels[0].small_blind == 30),
        (0, Column.BIG_BLIND, "1,000", lambda s: s.levels[0].big_blind == 1000),
        (1, Column.ANTE, 25, lambda s: s.levels[1].ante == 25),
        (1, Column.BB_ANTE, True, lambda s: s.levels[1].ante == 100),  # one big blind
        (3, Column.ANTE, 0, lambda s: not s.levels[3].big_blind_ante),
        (3, Column.BB_ANTE, False, lambda s: s.levels[3].ante == 200),
        (0, Column.MINUTES, 15, lambda s: s.levels[0].minutes == 15),
        (0, Column.GAME, "  PLO ", lambda s: s.levels[0].game == "PLO"),
        (0, Column.NOTE, "Dealer change", lambda s: s.levels[0].label == "Dealer change"),
        (2, Column.GAME, "Dinner", lambda s: s.levels[2].label == "Dinner"),
        (2, Column.MINUTES, 30, lambda s: s.levels[2].minutes == 30),
        (2, Column.NOTE, (100, 25), lambda s: s.levels[2].color_up == (25, 100)),
    ],
)
def test_edit_cell_changes_one_item(row, column, value, check) -> None:
    edited = edits.edit_cell(BASE, row, column, value)
    assert check(edited)
    assert [
        i for i, (a, b) in enumerate(zip(BASE.levels, edited.levels, strict=True)) if a != b
    ] == [row]
    assert edited.planned_last_level == BASE.planned_last_level


@pytest.mark.parametrize(
    ("row", "column", "value", "message"),
    [
        (0, Column.SMALL_BLIND, 60, "Row 1, level 1: the small blind (60) is above the big blind"),
        (1, Column.BIG_BLIND, 0, "Row 2, level 2: the big blind must be above 0"),
        (0, Column.MINUTES, 0, "Row 1, level 1: the duration in minutes must be above 0"),
        (2, Column.MINUTES, 0, "Row 3, break 'Break 1': the duration in minutes must be above 0"),
        (0, Column.SMALL_BLIND, "ten", "Row 1, level 1: 'ten' is not a whole number"),
        # A minus sign is a number below the field's bound, not "not a whole number".
        (0, Column.SMALL_BLIND, "-25", "Row 1, level 1: the small blind must be above 0 (got -25)"),
        (
            1,
            Column.BIG_BLIND,
            "-1,000",
            "Row 2, level 2: the big blind must be above 0 (got -1,000)",
        ),
        (3, Column.ANTE, "-25", "Row 4, level 3: the ante must be 0 or more (got -25)"),
        (3, Column.ANTE, "\u221225", "Row 4, level 3: the ante must be 0 or more (got -25)"),
        (
            0,
            Column.MINUTES,
            "-20",
            "Row 1, level 1: the duration in minutes must be above 0 (got -20)",
        ),
        (
            2,
            Column.MINUTES,
            "-5",
            "Row 3, break 'Break 1': the duration in minutes must be above 0",
        ),
        (0, Column.BIG_BLIND, "0", "Row 1, level 1: the big blind must be above 0 (got 0)"),
        (0, Column.SMALL_BLIND, -25, "Row 1, level 1: the small blind must be above 0 (got -25)"),
        (3, Column.ANTE, -5, "Row 4, level 3: the ante must be 0 or more (got -5)"),
        (0, Column.SMALL_BLIND, "-", "Row 1, level 1: '-' is not a whole number"),
        (0, Column.SMALL_BLIND, "5²", "Row 1, level 1: '5²' is not a whole number"),
        (0, Column.GAME, "   ", "Row 1, level 1: give the game"),
        (2, Column.GAME, "", "Row 3, break 'Break 1': give the break a name"),
        (2, Column.SMALL_BLIND, 5, "Row 3, break 'Break 1': a break has no small blind"),
    ],
)
def test_edit_cell_refusals_name_the_row(row, column, value, message) -> None:
    with pytest.raises(StructureError) as caught:
        edits.edit_cell(BASE, row, column, value)
    assert str(caught.value).startswith(message)


def test_parse_int_accepts_separators_only() -> None:
    assert structure_cells.parse_int("12 500") == 12500
    assert structure_cells.parse_int("1_000") == 1000
    for bad in ("", "1.5", "5k", "--5", "5-"):
        with pytest.raises(StructureError, match="is not a whole number"):
            structure_cells.parse_int(bad)


@pytest.mark.parametrize(
    ("text", "what", "minimum", "message"),
    [
        ("-5", "the ante", 0, "the ante must be 0 or more (got -5)."),
        ("-1 000", "the big blind", 1, "the big blind must be above 0 (got -1,000)."),
        ("0", "the small blind", 1, "the small blind must be above 0 (got 0)."),
        ("-5", "the number", 0, "the number must be 0 or more (got -5)."),
    ],
)
def test_parse_int_names_the_field_below_its_bound(
    text: str, what: str, minimum: int, message: str
) -> None:
    with pytest.raises(StructureError) as caught:
        structure_cells.parse_int(text, what, minimum)
    assert str(caught.value) == message


def test_insert_level_between_neighbours_is_payable_and_ordered() -> None:
    structure, row = edits.insert_level(BASE, 4, chips=(25, 100, 500))
    new = structure.levels[row]
    assert isinstance(new, Level)
    assert BASE.levels[3].small_blind <= new.small_blind <= BASE.levels[4].small_blind
    assert new.big_blind_ante
    assert new.ante == new.big_blind
    chips_in_play = structure.denominations_in_play((25, 100, 500))[row]
    assert all(can_make(a, chips_in_play) for a in new.amounts)


def test_append_level_continues_the_progression() -> None:
    structure, row = edits.insert_level(BASE, len(BASE.levels), chips=(25, 100, 500))
    new = structure.levels[row]
    assert row == len(BASE.levels)
    assert 200 < new.small_blind <= 400
    assert new.minutes == 20


def test_insert_break_is_numbered_after_the_breaks_before() -> None:
    structure, row = edits.insert_break(BASE, 5)
    assert structure.levels[row] == Break(15, label="Break 2")


def test_duplicate_delete_move() -> None:
    duplicated, rows = edits.duplicate_rows(BASE, [0, 1])
    assert rows == [2, 3]
    assert duplicated.levels[:4] == (BASE.levels[0], BASE.levels[1]) * 2
    deleted = edits.delete_rows(BASE, [2])
    assert not any(item.is_break for item in deleted.levels)
    moved, rows = edits.move_rows(BASE, [2], -1)
    assert rows == [1]
    assert moved.levels[1].is_break
    same, rows = edits.move_rows(BASE, [0], -1)
    assert same == BASE
    assert rows == [0]


def test_deleting_every_level_is_refused() -> None:
    with pytest.raises(StructureError, match="at least one level"):
        edits.delete_rows(BASE, [0, 1, 3, 4])


def test_locked_rows_while_the_clock_runs() -> None:
    edits.check_rows_unlocked(BASE, [3, 4], current=2)
    with pytest.raises(StructureError, match="Row 1, level 1 has already been played"):
        edits.check_rows_unlocked(BASE, [0], current=2)
    with pytest.raises(StructureError, match="is being played"):
        edits.check_rows_unlocked(BASE, [2], current=2)
    edits.check_insert_position(BASE, 3, current=2)
    with pytest.raises(StructureError):
        edits.check_insert_position(BASE, 2, current=2)
    edits.check_insert_position(BASE, 0, current=None)


def test_planned_last_and_rename() -> None:
    assert edits.with_planned_last(BASE, 4).planned_last_level == 4
    assert edits.with_planned_last(BASE, None).planned_last_level is None
    with pytest.raises(StructureError, match="break cannot be the planned last"):
        edits.with_planned_last(BASE, 2)
    with pytest.raises(StructureError):
        edits.renamed(BASE, "   ")


rows_strategy = st.lists(st.integers(0, len(BASE.levels) - 1), min_size=1, max_size=3, unique=True)


@settings(deadline=None, max_examples=60)
@given(rows=rows_strategy, delta=st.sampled_from([-1, 1]))
def test_move_is_a_permutation_and_moving_back_restores(rows: list[int], delta: int) -> None:
    moved, new_rows = edits.move_rows(BASE, rows, delta)
    assert sorted(moved.levels, key=repr) == sorted(BASE.levels, key=repr)
    assert [moved.levels[r] for r in new_rows] == [BASE.levels[r] for r in sorted(rows)]
    if moved != BASE and all(r + delta == n for r, n in zip(sorted(rows), new_rows, strict=True)):
        back, back_rows = edits.move_rows(moved, new_rows, -delta)
        assert back == BASE
        assert back_rows == sorted(rows)


@settings(deadline=None, max_examples=60)
@given(rows=rows_strategy)
def test_duplicate_adds_exact_copies_after_the_block(rows: list[int]) -> None:
    duplicated, new_rows = edits.duplicate_rows(BASE, rows)
    assert len(duplicated.levels) == len(BASE.levels) + len(rows)
    assert [duplicated.levels[r] for r in new_rows] == [BASE.levels[r] for r in sorted(rows)]
    # Removing the copies gives the original back.
    assert edits.delete_rows(duplicated, new_rows) == BASE


@settings(deadline=None, max_examples=60)
@given(position=st.integers(0, len(BASE.levels)))
def test_inserted_levels_are_valid_and_payable(position: int) -> None:
    chips = (25, 100, 500)
    structure, row = edits.insert_level(BASE, position, chips)
    structure.validate_chips(chips)
    assert structure.levels[:row] == BASE.levels[:row]
    assert structure.levels[row + 1 :] == BASE.levels[row:]
