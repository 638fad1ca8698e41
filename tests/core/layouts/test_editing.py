"""Edits of a layout and their undo: every edit undoes to exactly what was there."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clockapp.core.layouts.cells import (
    MIN_SIDE,
    UNITS,
    Cell,
    CellKind,
    Layout,
    LayoutError,
    Rect,
    Style,
)
from clockapp.core.layouts.default import DEFAULT
from clockapp.core.layouts.editing import (
    FINE_STEP,
    MAX_UNDO,
    STEP,
    AddCell,
    Direction,
    Edit,
    EditHistory,
    MoveCell,
    PlaceCell,
    RemoveCell,
    ResizeCell,
    RestyleCell,
    RetextCell,
    key_move,
    key_resize,
)

CLOCK = Cell(CellKind.COUNTDOWN, Rect(1000, 1000, 3000, 2000))
TEXT = Cell(CellKind.TEXT, Rect(0, 8000, 4000, 1000), text="Level {level}")
START = Layout("Mine", (CLOCK, TEXT))


def test_add_remove_move_resize_restyle_and_retext() -> None:
    qr = Cell(CellKind.QR_CODE, Rect(9000, 9000, 1000, 1000))
    assert AddCell(qr).apply(START).cells == (CLOCK, TEXT, qr)
    assert RemoveCell(0).apply(START).cells == (TEXT,)
    assert MoveCell(0, 500, -250).apply(START).cells[0].rect == Rect(1500, 750, 3000, 2000)
    assert ResizeCell(0, -1000, 500).apply(START).cells[0].rect == Rect(1000, 1000, 2000, 2500)
    place = Rect(0, 0, 500, 500)
    assert PlaceCell(1, place).apply(START).cells[1].rect == place
    gold = Style(colour="BLINDS", size=80)
    assert RestyleCell(1, gold).apply(START).cells[1].style == gold
    assert RetextCell(1, text="Blinds {blinds}").apply(START).cells[1].text == "Blinds {blinds}"


def test_keyboard_steps_are_one_percent_or_a_tenth_of_that() -> None:
    assert key_move(0, Direction.RIGHT) == MoveCell(0, STEP, 0)
    assert key_move(0, Direction.UP, fine=True) == MoveCell(0, 0, -FINE_STEP)
    assert key_resize(0, Direction.DOWN) == ResizeCell(0, 0, STEP)
    assert key_resize(0, Direction.LEFT, fine=True) == ResizeCell(0, -FINE_STEP, 0)
    assert STEP * 100 == UNITS


def test_moves_and_resizes_stop_at_the_screens_edges_and_at_the_least_size() -> None:
    far = MoveCell(0, -99_999, 99_999).apply(START).cells[0].rect
    assert (far.x, far.y) == (0, UNITS - CLOCK.rect.h)
    big = ResizeCell(0, 99_999, 99_999).apply(START).cells[0].rect
    assert (big.x + big.w, big.y + big.h) == (UNITS, UNITS)
    small = ResizeCell(0, -99_999, -99_999).apply(START).cells[0].rect
    assert (small.w, small.h) == (MIN_SIDE, MIN_SIDE)


def test_an_edit_that_changes_nothing_is_not_an_undo_step() -> None:
    at_edge = Layout("Edge", (Cell(CellKind.LEVEL, Rect(0, 0, 1000, 1000)),))
    history = EditHistory(at_edge).do(key_move(0, Direction.LEFT))
    assert not history.can_undo()
    assert history.undo_text() == ""


def test_undo_and_redo_walk_back_and_forth_and_say_what() -> None:
    history = EditHistory(START)
    history = history.do(key_move(0, Direction.RIGHT)).do(RemoveCell(1))
    assert history.undo_text() == "Undo: remove the text"
    once = history.undo()
    assert once.layout.cells == (MoveCell(0, STEP, 0).apply(START).cells[0], TEXT)
    assert once.redo_text() == "Redo: remove the text"
    assert once.undo_text() == "Undo: move the countdown"
    twice = once.undo()
    assert twice.layout == START
    assert not twice.can_undo()
    assert twice.redo().redo().layout == history.layout
    # A new edit after an undo forgets what could have been redone.
    assert not once.do(key_resize(0, Direction.DOWN)).can_redo()


def test_nothing_to_undo_or_redo_is_refused_in_words() -> None:
    with pytest.raises(LayoutError, match="nothing to undo"):
        EditHistory(START).undo()
    with pytest.raises(LayoutError, match="nothing to redo"):
        EditHistory(START).redo()


def test_an_edit_of_a_cell_that_is_gone_is_refused_and_the_history_unchanged() -> None:
    history = EditHistory(START).do(key_move(0, Direction.DOWN))
    for edit in (RemoveCell(2), MoveCell(5, 1, 1), RestyleCell(-1, Style())):
        with pytest.raises(LayoutError, match="not in the layout"):
            history.do(edit)
    assert history.layout.cells[0].rect.y == CLOCK.rect.y + STEP


def test_an_edit_that_would_break_a_cells_rule_is_refused() -> None:
    with pytest.raises(LayoutError, match="Only a text cell"):
        EditHistory(START).do(RetextCell(0, text="Hello"))
    with pytest.raises(LayoutError, match="1 to 20 lines"):
        EditHistory(DEFAULT).do(RetextCell(12, rows=0))


def test_the_history_reaches_back_a_bounded_number_of_edits() -> None:
    history = EditHistory(START)
    for n in range(MAX_UNDO + 5):
        history = history.do(MoveCell(0, 1 if n % 2 else -1, 0))
    assert len(history.done) == MAX_UNDO


def _edits(cells: int) -> st.SearchStrategy[Edit]:
    index = st.integers(0, max(0, cells - 1))
    delta = st.integers(-3000, 3000)
    return st.one_of(
        st.builds(MoveCell, index, delta, delta),
        st.builds(ResizeCell, index, delta, delta),
        st.builds(RestyleCell, index, st.builds(Style, size=st.integers(10, 100))),
        st.builds(key_move, index, st.sampled_from(Direction), fine=st.booleans()),
        st.builds(RemoveCell, index),
        st.builds(AddCell, st.just(Cell(CellKind.LEVEL, Rect(4000, 4000, 1000, 1000)))),
    )


@given(st.lists(_edits(len(DEFAULT.cells)), max_size=30))
def test_undoing_every_edit_gives_back_the_start_and_redoing_them_the_end(
    edits: list[Edit],
) -> None:
    history = EditHistory(DEFAULT)
    seen = [DEFAULT]
    for edit in edits:
        try:
            history = history.do(edit)
        except LayoutError:
            continue  # a removed cell's index: refused, nothing changes
        if history.layout != seen[-1]:
            seen.append(history.layout)
        # Every cell stays whole on the screen, whatever the edits.
        for cell in history.layout.cells:
            assert cell.rect.x + cell.rect.w <= UNITS
            assert cell.rect.y + cell.rect.h <= UNITS
    end = history.layout
    walked = [history.layout]
    while history.can_undo():
        history = history.undo()
        walked.append(history.layout)
    assert walked == seen[::-1]
    while history.can_redo():
        history = history.redo()
    assert history.layout == end
