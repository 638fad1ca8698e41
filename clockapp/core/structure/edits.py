"""The structure editor's operations as pure functions: a structure in, a new structure out.

The table never changes a structure in place. Every button, shortcut and cell edit goes through one
of these functions, which returns the edited structure (and the rows to select afterwards); the
editor then saves it through the structure service, and only shows it once it is saved. Errors are
`StructureError`s whose message names the row, so the director knows where to look.

No Qt here, so the rules are tested directly.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import replace

from clockapp.core.blinds import ante_ladder, blind_ladder
from clockapp.core.chips import can_make
from clockapp.core.structure import Break, Item, Level, Structure, StructureError
from clockapp.core.structure.cells import (
    FIELDS,
    INTEGER_COLUMNS,
    NOT_EDITABLE,
    Column,
    named_error,
    parse_int,
    row_name,
)
from clockapp.i18n import gettext as _


def edit_cell(structure: Structure, row: int, column: Column, value: object) -> Structure:
    """The structure with one cell of row `row` set to `value`.

    Raises:
        StructureError: The new value breaks a rule; the message names the row.

    >>> s = Structure("S", (Level(5, 10), Level(10, 20)))
    >>> edit_cell(s, 1, Column.SMALL_BLIND, 15).levels[1].describe()
    '15/20'
    >>> edit_cell(s, 1, Column.SMALL_BLIND, 30)
    Traceback (most recent call last):
    ...
    clockapp.core.structure.StructureError: Row 2, level 2: the small blind (30) is above the big blind (20).
    """  # noqa: E501
    item = structure.levels[row]
    where = row_name(structure, row)
    try:
        new = _edited_item(item, column, value)
    except StructureError as error:
        raise named_error(where, error) from None
    if new == item:
        return structure
    levels = list(structure.levels)
    levels[row] = new
    return structure.with_levels(levels)


def _edited_item(item: Item, column: Column, value: object) -> Item:
    if column in INTEGER_COLUMNS:
        what, minimum = FIELDS[column]
        value = parse_int(value, what, minimum) if isinstance(value, str) else value
        if isinstance(value, bool) or not isinstance(value, int):
            raise StructureError(_("{value!r} is not a whole number.").format(value=value))
    number = value if isinstance(value, int) else 0  # the amount, for the number columns
    if isinstance(item, Break):
        if column is Column.GAME:
            label = " ".join(str(value).split())
            if not label:
                raise StructureError(_("give the break a name (Break, Dinner, ...)."))
            return replace(item, label=label)
        if column is Column.MINUTES:
            return replace(item, minutes=number)
        if column is Column.NOTE:
            values = tuple(sorted(int(v) for v in value))  # type: ignore[attr-defined]
            return replace(item, color_up=values)
        raise StructureError(_(NOT_EDITABLE[column]))
    if column is Column.GAME:
        game = " ".join(str(value).split())
        if not game:
            raise StructureError(_("give the game (NLHE, PLO, ...)."))
        return replace(item, game=game)
    if column is Column.SMALL_BLIND:
        return replace(item, small_blind=number)
    if column is Column.BIG_BLIND:
        return replace(item, big_blind=number)
    if column is Column.ANTE:
        bb_ante = item.big_blind_ante and number != 0
        return replace(item, ante=number, big_blind_ante=bb_ante)
    if column is Column.BB_ANTE:
        on = bool(value)
        # Ticking "BB ante" on a level without an ante gives the usual amount: one big blind.
        ante = item.big_blind if on and item.ante == 0 else item.ante
        return replace(item, big_blind_ante=on, ante=ante)
    if column is Column.MINUTES:
        return replace(item, minutes=number)
    if column is Column.NOTE:
        return replace(item, label=" ".join(str(value).split()))
    raise StructureError(_(NOT_EDITABLE[column]))


# ------------------------------------------------------------------------------ rows


def locked_rows(current: int | None) -> range:
    """Rows that cannot be moved, deleted or inserted before: those played and the one in play."""
    return range(0) if current is None else range(current + 1)


def check_rows_unlocked(structure: Structure, rows: Iterable[int], current: int | None) -> None:
    """Refuse a row operation that would touch a played level or the one being played.

    Raises:
        StructureError: Naming the first such row.
    """
    locked = locked_rows(current)
    for row in sorted(rows):
        if row in locked:
            if row == current:
                raise StructureError(
                    _(
                        "{row_name} is being played: it cannot be moved or deleted, and nothing "
                        "can be inserted before it (its amounts and minutes can still be edited)."
                    ).format(row_name=row_name(structure, row))
                )
            raise StructureError(
                _(
                    "{row_name} has already been played: it cannot be changed while the clock runs."
                ).format(row_name=row_name(structure, row))
            )


def check_insert_position(structure: Structure, position: int, current: int | None) -> None:
    """Refuse inserting an item at `position` (before the row there) when that row is locked."""
    if current is not None and position <= current:
        check_rows_unlocked(structure, [min(position, current)], current)


def _chips_before(structure: Structure, position: int, chips: Sequence[int]) -> tuple[int, ...]:
    """The chips in play for an item inserted at `position`."""
    if position == 0 or not chips:
        return tuple(sorted(chips))
    return structure.denominations_in_play(chips)[position - 1]


def _payable(level: Level, chips: Sequence[int]) -> bool:
    return not chips or all(can_make(amount, chips) for amount in level.amounts)


def _with_blinds(template: Level, small: int, ante_from: Level | None) -> Level:
    big = 2 * small
    ante = 0
    bb_ante = False
    if ante_from is not None and ante_from.ante:
        bb_ante = ante_from.big_blind_ante
        if bb_ante:
            ante = big
        else:
            wanted = ante_from.ante * big / ante_from.big_blind
            ladder = ante_ladder(big)
            ante = min(ladder, key=lambda v: abs(math.log(v / wanted)))
    return Level(
        small,
        big,
        ante=ante,
        big_blind_ante=bb_ante,
        minutes=template.minutes,
        game=template.game,
    )


def _neighbour(structure: Structure, position: int, step: int) -> tuple[int, Level | None]:
    """The nearest level from `position` going in direction `step`, and its row (-1: none)."""
    index = position
    while 0 <= index < len(structure.levels):
        item = structure.levels[index]
        if isinstance(item, Level):
            return index, item
        index += step
    return -1, None


def new_level(structure: Structure, position: int, chips: Sequence[int] = ()) -> Level:
    """A sensible level to insert at `position`: between its neighbours, or the next step up.

    Blinds come from the ladder directors use (25/50, 75/150, 600/1,200 ...) and can be paid with
    the chips in play there; the game, minutes and ante style follow the level before.

    >>> s = Structure("S", (Level(100, 200), Level(150, 300), Level(200, 400)))
    >>> new_level(s, 1).describe(), new_level(s, 3).describe(), new_level(s, 3, (100,)).describe()
    ('100/200', '250/500', '300/600')
    """
    before_row, before = _neighbour(structure, position - 1, -1)
    _unused, after = _neighbour(structure, position, 1)
    in_play = _chips_before(structure, position, chips)
    if before is None and after is None:
        return Level(5, 10) if not in_play else _with_blinds(Level(1, 2), in_play[0], None)
    ladder = blind_ladder(max(10, 4 * max(lv.small_blind for lv in (before, after) if lv)))
    candidates: list[int]
    if before is not None and after is not None:
        target = math.sqrt(before.small_blind * after.small_blind)
        candidates = [v for v in ladder if before.small_blind < v < after.small_blind]
    elif before is not None:
        _unused, earlier = _neighbour(structure, before_row - 1, -1)
        ratio = 1.5
        if earlier is not None and earlier.small_blind < before.small_blind:
            ratio = min(2.0, max(1.25, before.small_blind / earlier.small_blind))
        target = before.small_blind * ratio
        candidates = [v for v in ladder if before.small_blind < v <= 2 * before.small_blind]
    else:
        assert after is not None
        target = after.small_blind / 1.5
        candidates = [v for v in ladder if after.small_blind / 2 <= v < after.small_blind]
    template = before or after
    assert template is not None
    for small in sorted(candidates, key=lambda v: abs(math.log(v / target))):
        level = _with_blinds(template, small, before)
        if _payable(level, in_play):
            return level
    # No round value fits: a copy of a neighbour that the chips there can pay (after a color-up
    # the level before may need chips that are gone).
    copies = [replace(lv, label="") for lv in (before, after) if lv is not None]
    return next((lv for lv in copies if _payable(lv, in_play)), copies[0])


def insert_level(
    structure: Structure, position: int, chips: Sequence[int] = ()
) -> tuple[Structure, int]:
    """Insert a new level before row `position` (`len(levels)` appends); returns the new row.

    >>> s, row = insert_level(Structure("S", (Level(5, 10),)), 1, chips=(5, 25))
    >>> row, s.levels[1].describe()
    (1, '10/20')
    """
    position = max(0, min(position, len(structure.levels)))
    levels = list(structure.levels)
    levels.insert(position, new_level(structure, position, chips))
    return structure.with_levels(levels), position


def insert_break(structure: Structure, position: int, minutes: int = 15) -> tuple[Structure, int]:
    """Insert a break before row `position`, named after how many breaks come before it.

    >>> s, row = insert_break(Structure("S", (Level(5, 10), Level(10, 20))), 1)
    >>> s.levels[1].describe()
    'Break 1 15 min'
    """
    position = max(0, min(position, len(structure.levels)))
    number = 1 + sum(1 for item in structure.levels[:position] if item.is_break)
    levels = list(structure.levels)
    levels.insert(position, Break(minutes, label=f"Break {number}"))
    return structure.with_levels(levels), position


def duplicate_rows(structure: Structure, rows: Iterable[int]) -> tuple[Structure, list[int]]:
    """Copy the rows (a block) right after the last of them; returns the copies' rows.

    >>> s, rows = duplicate_rows(Structure("S", (Level(5, 10), Level(10, 20))), [0])
    >>> rows, [lv.describe() for lv in s.levels]
    ([1], ['5/10', '5/10', '10/20'])
    """
    chosen = sorted(set(rows))
    if not chosen:
        return structure, []
    copies = [structure.levels[r] for r in chosen]
    at = chosen[-1] + 1
    levels = list(structure.levels)
    levels[at:at] = copies
    return structure.with_levels(levels), list(range(at, at + len(copies)))


def delete_rows(structure: Structure, rows: Iterable[int]) -> Structure:
    """The structure without these rows.

    Raises:
        StructureError: Every level would be gone.

    >>> delete_rows(Structure("S", (Level(5, 10), Break(10), Level(10, 20))), [1]).level_count
    2
    """
    chosen = set(rows)
    levels = [item for i, item in enumerate(structure.levels) if i not in chosen]
    if not any(isinstance(item, Level) for item in levels):
        raise StructureError(_("A structure needs at least one level: this would delete them all."))
    return structure.with_levels(levels)


def move_rows(structure: Structure, rows: Iterable[int], delta: int) -> tuple[Structure, list[int]]:
    """Move the rows one place up (`delta=-1`) or down (`+1`); returns where they are now.

    Rows already at the edge stay where they are (with the block behind them).

    >>> s, rows = move_rows(Structure("S", (Level(5, 10), Break(10), Level(10, 20))), [1], -1)
    >>> rows, [item.is_break for item in s.levels]
    ([0], [True, False, False])
    """
    if delta not in (-1, 1):
        raise ValueError("move by one row at a time")
    chosen = sorted(set(rows))
    if not chosen:
        return structure, []
    levels = list(structure.levels)
    moved = set(chosen)
    order = chosen if delta < 0 else list(reversed(chosen))
    result = set()
    for row in order:
        target = row + delta
        if 0 <= target < len(levels) and target not in result:
            levels[row], levels[target] = levels[target], levels[row]
            result.add(target)
        else:
            result.add(row)
    if result == moved:
        return structure, chosen
    return structure.with_levels(levels), sorted(result)


def renamed(structure: Structure, name: str) -> Structure:
    """The same structure under another name.

    >>> renamed(Structure("S", (Level(5, 10),)), "  Friday  night ").name
    'Friday night'
    """
    cleaned = " ".join(name.split())
    if not cleaned:
        raise StructureError(_("Give the structure a name."))
    return Structure(cleaned, structure.levels, structure.planned_last_level)


def with_planned_last(structure: Structure, row: int | None) -> Structure:
    """Mark the level at `row` as the planned last level (None: no planned end).

    >>> with_planned_last(Structure("S", (Level(5, 10), Level(10, 20))), 0).planned_last_level
    1
    """
    number = None if row is None else structure.level_number(row)
    if row is not None and number is None:
        raise StructureError(
            _("{row_name}: a break cannot be the planned last level.").format(
                row_name=row_name(structure, row)
            )
        )
    return Structure(structure.name, structure.levels, number)
