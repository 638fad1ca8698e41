"""The structure table's cells as pure rules: columns, row names, typed numbers, start times.

The structure editor (and the generator's preview) show a structure as rows of cells; these are
the rules for naming a row in a message, reading a number as a director types it (`1,000`), and
when each row starts. No Qt here, so the rules are tested directly.
"""

from __future__ import annotations

import enum
import re

from clockapp import formats
from clockapp.core.structure import Break, Structure, StructureError
from clockapp.i18n import N_
from clockapp.i18n import gettext as _


class Column(enum.IntEnum):
    """The editor table's columns, in order."""

    NUMBER = 0
    GAME = 1  # a level's game; a break's label
    SMALL_BLIND = 2
    BIG_BLIND = 3
    ANTE = 4
    BB_ANTE = 5
    MINUTES = 6
    STARTS = 7  # when the item starts, counted from the first level (read only)
    NOTE = 8  # a level's note; a break's color-up


#: Each column's header, in English: translate it where it is shown (`_(HEADERS[column])`).
HEADERS: dict[Column, str] = {
    Column.NUMBER: N_("Level"),
    Column.GAME: N_("Game"),
    Column.SMALL_BLIND: N_("Small blind"),
    Column.BIG_BLIND: N_("Big blind"),
    Column.ANTE: N_("Ante"),
    Column.BB_ANTE: N_("BB ante"),
    Column.MINUTES: N_("Minutes"),
    Column.STARTS: N_("Starts"),
    Column.NOTE: N_("Color up / note"),
}

#: The refusal of an edit of each column a break does not have, or that is never edited (one
#: sentence per column: a column's name does not fit into a sentence in every language).
NOT_EDITABLE: dict[Column, str] = {
    Column.NUMBER: N_("the level cannot be edited."),
    Column.SMALL_BLIND: N_("a break has no small blind."),
    Column.BIG_BLIND: N_("a break has no big blind."),
    Column.ANTE: N_("a break has no ante."),
    Column.BB_ANTE: N_("a break has no BB ante."),
    Column.STARTS: N_("the starts cannot be edited."),
}

AMOUNT_COLUMNS = frozenset({Column.SMALL_BLIND, Column.BIG_BLIND, Column.ANTE})
INTEGER_COLUMNS = AMOUNT_COLUMNS | {Column.MINUTES}

#: How messages name each number column's value, and the smallest value it takes.
FIELDS: dict[Column, tuple[str, int]] = {
    Column.SMALL_BLIND: ("the small blind", 1),
    Column.BIG_BLIND: ("the big blind", 1),
    Column.ANTE: ("the ante", 0),
    Column.MINUTES: ("the duration in minutes", 1),
}

# The core names a level by its blinds ("Level 200/100: ..."); the editor names the row instead.
_CORE_PREFIX = re.compile(r"^(Level -?[\d,]+/-?[\d,]+|Break '.*?'): ")


def row_name(structure: Structure, row: int) -> str:
    """How the editor names a row in a message: `Row 3, level 3` or `Row 6, break 'Dinner'`.

    >>> from clockapp.core.structure import Level
    >>> s = Structure("S", (Level(5, 10), Break(10, label="Dinner"), Level(10, 20)))
    >>> row_name(s, 1), row_name(s, 2)
    ("Row 2, break 'Dinner'", 'Row 3, level 2')
    """
    item = structure.levels[row]
    if isinstance(item, Break):
        return f"Row {row + 1}, break {item.label!r}"
    return f"Row {row + 1}, level {structure.level_number(row)}"


def named_error(where: str, error: StructureError) -> StructureError:
    """The core's message about an item, naming the editor's row instead (`where`)."""
    message = _CORE_PREFIX.sub("", str(error))
    return StructureError(
        _("{where}: {message}").format(where=where, message=message[:1].lower() + message[1:])
    )


def parse_int(text: str, what: str = "the number", minimum: int = 0) -> int:
    """A whole number as typed: `1,000`, `1 000` and `1_000` all read as 1000.

    Args:
        text: What the director typed.
        what: How a message names the value ("the ante").
        minimum: The smallest value accepted: 1 for blinds and minutes, 0 for an ante.

    Raises:
        StructureError: The text is not a whole number, or (naming `what`) it is below
            `minimum`, a minus sign included.

    >>> parse_int(" 2,500 "), parse_int("0")
    (2500, 0)
    >>> parse_int("-25", "the ante")
    Traceback (most recent call last):
    ...
    clockapp.core.structure.StructureError: the ante must be 0 or more (got -25).
    """
    cleaned = re.sub(r"[\s,_\u00a0\u202f]", "", text)
    # A typed minus may be the hyphen or the typographic minus sign.
    negative = cleaned[:1] in ("-", "\u2212")
    digits = cleaned[1:] if negative else cleaned
    if not digits.isdecimal():  # isdigit() would let "²" through to int()
        raise StructureError(_("{line!r} is not a whole number.").format(line=text.strip()))
    value = -int(digits) if negative else int(digits)
    if value < minimum:
        if minimum == 1:
            text = _("{what} must be above 0 (got {value}).")
        else:
            text = _("{what} must be {minimum} or more (got {value}).")
        raise StructureError(
            text.format(what=what, minimum=formats.number(minimum), value=formats.number(value))
        )
    return value


# ------------------------------------------------------------------------------ cell edits


def start_minutes(structure: Structure) -> tuple[int, ...]:
    """When each item starts, in minutes from the first level (breaks included).

    >>> from clockapp.core.structure import Level
    >>> start_minutes(Structure("S", (Level(5, 10, minutes=20), Break(10), Level(10, 20))))
    (0, 20, 30)
    """
    starts = []
    total = 0
    for item in structure.levels:
        starts.append(total)
        total += item.minutes
    return tuple(starts)


def format_hours(minutes: int) -> str:
    """`H:MM` for a span of minutes.

    >>> format_hours(0), format_hours(95), format_hours(600)
    ('0:00', '1:35', '10:00')
    """
    return f"{minutes // 60}:{minutes % 60:02d}"
