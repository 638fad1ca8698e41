"""Blind structures: levels and breaks, their validation, and CSV/JSON import and export.

A structure is an ordered tuple of items. Every item reads the same way (`small_blind`,
`big_blind`, `ante`, `big_blind_ante`, `minutes`, `game`, `label`, `color_up`, `is_break`), so a
table or a clock can show any of them without asking what it is; a `Break` simply has no blinds.
Levels are numbered 1, 2, ... counting play levels only (breaks have no number).

The generator for directors who do not know where to start lives in `clockapp.core.generator`;
`suggest_structure` is re-exported here, its documented entry point.

>>> s = Structure("Home", (Level(5, 10, minutes=20), Break(10), Level(10, 20, minutes=20)))
>>> [s.level_number(i) for i in range(len(s.levels))]
[1, None, 2]
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from clockapp.core.chips import ChipSet, can_make
from clockapp.core.errors import ValidationError

# The file formats (`clockapp.core.userfiles`: csv, re) are imported by the functions that read
# and write files: the clock's first frame needs only the structure's values.
if TYPE_CHECKING:  # at run time these come from the module __getattr__ at the bottom
    from clockapp.core.generator import AnteStyle as AnteStyle
    from clockapp.core.generator import SuggestedStructure as SuggestedStructure
    from clockapp.core.generator import suggest_structure as suggest_structure


class StructureError(ValidationError):
    """A level, a break, a structure or an import file that cannot be accepted."""


#: Upper bounds that catch typos (an extra zero) without limiting any real tournament.
MAX_MINUTES = 24 * 60
MAX_AMOUNT = 10**12


def _check_int(value: object, what: str, *, minimum: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise StructureError(f"{what} must be a whole number (got {value!r}).")
    if value < minimum:
        above = "above 0" if minimum == 1 else f"{minimum} or more"
        raise StructureError(f"{what} must be {above} (got {value:,}).")


@dataclass(frozen=True)
class Level:
    """A play level.

    Attributes:
        small_blind: The small blind.
        big_blind: The big blind.
        ante: The ante (0 when none). With `big_blind_ante` it is what the big blind pays for
            the whole table; otherwise every player pays it.
        big_blind_ante: The big blind pays the ante for the table instead of everyone.
        minutes: How long the level lasts.
        game: The game played ("NLHE", "PLO", "HORSE", ...).
        label: An optional note shown with the level ("Last level before dinner").

    >>> Level(100, 200, ante=200, big_blind_ante=True, minutes=20).describe()
    '100/200, big blind ante 200'
    >>> Level(200, 100, minutes=20)
    Traceback (most recent call last):
    ...
    clockapp.core.structure.StructureError: Level 200/100: the small blind (200) is above the big blind (100).
    """  # noqa: E501

    small_blind: int
    big_blind: int
    ante: int = 0
    big_blind_ante: bool = False
    minutes: int = 20
    game: str = "NLHE"
    label: str = ""
    color_up: tuple[int, ...] = field(default=(), init=False)
    is_break: bool = field(default=False, init=False)

    def __post_init__(self) -> None:
        name = f"Level {self.small_blind}/{self.big_blind}"
        _check_int(self.small_blind, f"{name}: the small blind", minimum=1)
        _check_int(self.big_blind, f"{name}: the big blind", minimum=1)
        _check_int(self.ante, f"{name}: the ante", minimum=0)
        _check_int(self.minutes, f"{name}: the duration in minutes", minimum=1)
        if self.small_blind > self.big_blind:
            raise StructureError(
                f"{name}: the small blind ({self.small_blind:,}) is above the big blind "
                f"({self.big_blind:,})."
            )
        if max(self.big_blind, self.ante) > MAX_AMOUNT:
            raise StructureError(f"{name}: the amounts are too large to be real.")
        if self.minutes > MAX_MINUTES:
            raise StructureError(f"{name}: {self.minutes:,} minutes is longer than a day.")
        if not isinstance(self.big_blind_ante, bool):
            raise StructureError(f"{name}: big blind ante must be yes or no.")
        if self.big_blind_ante and self.ante == 0:
            raise StructureError(f"{name}: a big blind ante needs an ante amount above 0.")
        if not self.game.strip():
            raise StructureError(f"{name}: give the game (NLHE, PLO, ...).")

    @property
    def amounts(self) -> tuple[int, ...]:
        """The amounts players must be able to pay: small blind, big blind and ante (if any)."""
        return (
            (self.small_blind, self.big_blind, self.ante)
            if self.ante
            else (
                self.small_blind,
                self.big_blind,
            )
        )

    def describe(self) -> str:
        """`100/200, ante 25` as announced to the room."""
        text = f"{self.small_blind:,}/{self.big_blind:,}"
        if self.ante:
            kind = "big blind ante" if self.big_blind_ante else "ante"
            text += f", {kind} {self.ante:,}"
        return text


@dataclass(frozen=True)
class Break:
    """A break between levels, possibly with a color-up.

    Attributes:
        minutes: How long the break lasts.
        label: What the screen calls it ("Break", "Dinner").
        color_up: The chip values removed from play at this break.

    >>> Break(15, color_up=(5,)).describe()
    'Break 15 min, color up T5'
    """

    minutes: int
    label: str = "Break"
    color_up: tuple[int, ...] = ()
    small_blind: int = field(default=0, init=False)
    big_blind: int = field(default=0, init=False)
    ante: int = field(default=0, init=False)
    big_blind_ante: bool = field(default=False, init=False)
    game: str = field(default="", init=False)
    is_break: bool = field(default=True, init=False)

    def __post_init__(self) -> None:
        _check_int(self.minutes, f"Break {self.label!r}: the duration in minutes", minimum=1)
        if self.minutes > MAX_MINUTES:
            raise StructureError(f"Break {self.label!r}: {self.minutes:,} minutes is too long.")
        if not isinstance(self.color_up, tuple):
            object.__setattr__(self, "color_up", tuple(self.color_up))
        for value in self.color_up:
            _check_int(value, f"Break {self.label!r}: the colored-up chip", minimum=1)
        if len(set(self.color_up)) != len(self.color_up):
            raise StructureError(f"Break {self.label!r}: a chip is colored up twice.")

    @property
    def amounts(self) -> tuple[int, ...]:
        """Nothing is paid during a break."""
        return ()

    def describe(self) -> str:
        """`Break 15 min, color up T5`."""
        text = f"{self.label} {self.minutes} min"
        if self.color_up:
            text += ", color up " + ", ".join(f"T{v:,}" for v in self.color_up)
        return text


Item = Level | Break


def item_name(structure: Structure, index: int) -> str:
    """How a director refers to item `index` (0-based): `Level 3` or `Break (item 4)`."""
    number = structure.level_number(index)
    if number is None:
        return f"Break (item {index + 1})"
    return f"Level {number}"


@dataclass(frozen=True)
class Structure:
    """A named blind structure.

    Attributes:
        name: What the director calls it.
        levels: The levels and breaks in order (play levels are `Level`, breaks are `Break`).
        planned_last_level: The level number at which the planned time runs out (later levels
            are extra levels in case the game runs long), or None.
        source_rows: How the file the structure was read from names each item, in order
            (`Row 2 (file line 3)` for a CSV import), so later messages point at the same row as
            the import's own; empty when it was not read from such a file. It is not part of the
            structure's value: `==` ignores it and an edit (`with_levels`) drops it.

    >>> Structure("Empty", ())
    Traceback (most recent call last):
    ...
    clockapp.core.structure.StructureError: Structure 'Empty': add at least one level.
    """

    name: str
    levels: tuple[Item, ...]
    planned_last_level: int | None = None
    source_rows: tuple[str, ...] = field(default=(), compare=False, repr=False, kw_only=True)

    def __post_init__(self) -> None:
        if not isinstance(self.levels, tuple):
            object.__setattr__(self, "levels", tuple(self.levels))
        if not isinstance(self.source_rows, tuple):
            object.__setattr__(self, "source_rows", tuple(self.source_rows))
        if self.source_rows and len(self.source_rows) != len(self.levels):
            raise StructureError(
                f"Structure {self.name!r}: {len(self.source_rows)} source rows named for "
                f"{len(self.levels)} items."
            )
        if not self.name.strip():
            raise StructureError("Structure: give it a name.")
        for i, item in enumerate(self.levels):
            if not isinstance(item, Level | Break):
                raise StructureError(
                    f"Structure {self.name!r}, item {i + 1}: not a level or a break ({item!r})."
                )
        count = self.level_count
        if count == 0:
            raise StructureError(f"Structure {self.name!r}: add at least one level.")
        if self.planned_last_level is not None:
            _check_int(
                self.planned_last_level,
                f"Structure {self.name!r}: the planned last level",
                minimum=1,
            )
            if self.planned_last_level > count:
                raise StructureError(
                    f"Structure {self.name!r}: the planned last level "
                    f"({self.planned_last_level}) is after the last level ({count})."
                )

    @property
    def level_count(self) -> int:
        """How many play levels (breaks not counted)."""
        return sum(1 for item in self.levels if not item.is_break)

    def level_number(self, index: int) -> int | None:
        """The play level number (1-based) of item `index` (0-based), or None for a break.

        >>> Structure("S", (Break(10), Level(1, 2))).level_number(1)
        1
        """
        return self._level_numbers[index]

    @cached_property
    def _level_numbers(self) -> tuple[int | None, ...]:
        # Counted once for every item: asking item by item (validation, export) stays linear.
        numbers: list[int | None] = []
        seen = 0
        for item in self.levels:
            if item.is_break:
                numbers.append(None)
            else:
                seen += 1
                numbers.append(seen)
        return tuple(numbers)

    def index_of_level(self, number: int) -> int:
        """The item index (0-based) of play level `number` (1-based).

        >>> Structure("S", (Break(10), Level(1, 2))).index_of_level(1)
        1
        """
        seen = 0
        for i, item in enumerate(self.levels):
            if not item.is_break:
                seen += 1
                if seen == number:
                    return i
        raise StructureError(f"Structure {self.name!r} has no level {number}.")

    def play_levels(self) -> tuple[Level, ...]:
        """The play levels only, in order."""
        return tuple(item for item in self.levels if isinstance(item, Level))

    def denominations_in_play(self, chips: Iterable[int]) -> tuple[tuple[int, ...], ...]:
        """For each item, the chip values still in play during it (color-ups remove chips).

        A break's color-up takes effect from the break itself: the chips are exchanged then.

        >>> s = Structure("S", (Level(5, 10), Break(10, color_up=(5,)), Level(25, 50)))
        >>> s.denominations_in_play((5, 25))
        ((5, 25), (25,), (25,))
        """
        in_play = sorted(set(chips))
        result = []
        for item in self.levels:
            if item.color_up:
                in_play = [v for v in in_play if v not in item.color_up]
            result.append(tuple(in_play))
        return tuple(result)

    def validate_chips(self, chips: ChipSet | Iterable[int]) -> None:
        """Check that every blind and ante can be paid with the chips in play at its level.

        Raises:
            StructureError: Naming the item (1-based, or the file's row when the structure was
                read from a CSV file: see `source_rows`) and the problem: an amount that cannot
                be made with the chips in play, a color-up of a chip the set does not have (or
                that was already colored up), or a color-up that leaves no chips at all.

        >>> s = Structure("S", (Level(5, 10), Break(10, color_up=(5,)), Level(10, 20)))
        >>> s.validate_chips((5, 25))
        Traceback (most recent call last):
        ...
        clockapp.core.structure.StructureError: Item 3 (level 2, 10/20): the small blind 10 cannot be paid with the chips in play (T25).
        >>> text = "small_blind,big_blind,minutes\\n10,20,20\\n15,30,20\\n"
        >>> structure_from_csv(text).validate_chips((10, 25))
        Traceback (most recent call last):
        ...
        clockapp.core.structure.StructureError: Row 2 (file line 3), level 2, 15/30: the small blind 15 cannot be paid with the chips in play (T10, T25).
        """  # noqa: E501
        values = chips.values if isinstance(chips, ChipSet) else tuple(sorted(set(chips)))
        in_play = list(values)
        # Whether each amount is payable, for the chips now in play: a long structure repeats
        # its amounts, and the chips change only at a color-up.
        payable: dict[int, bool] = {}

        def where(i: int) -> str:  # only worked out for the message
            if self.source_rows:
                return f"{self.source_rows[i]}, {_short_name(self, i)}"
            return f"Item {i + 1} ({_short_name(self, i)})"

        for i, item in enumerate(self.levels):
            if item.color_up:
                for value in item.color_up:
                    if value not in values:
                        raise StructureError(
                            f"{where(i)}: colors up T{value:,}, which is not in the chip set "
                            f"({_values_text(values)})."
                        )
                    if value not in in_play:
                        raise StructureError(
                            f"{where(i)}: T{value:,} was already colored up earlier."
                        )
                in_play = [v for v in in_play if v not in item.color_up]
                payable = {}
                if not in_play:
                    raise StructureError(f"{where(i)}: the color-up leaves no chips in play.")
            for what, amount in (
                ("small blind", item.small_blind),
                ("big blind", item.big_blind),
                ("ante", item.ante),
            ):
                if not amount:
                    continue
                ok = payable.get(amount)
                if ok is None:
                    ok = payable[amount] = can_make(amount, in_play)
                if not ok:
                    raise StructureError(
                        f"{where(i)}: the {what} {amount:,} cannot be paid with the chips in "
                        f"play ({_values_text(in_play)})."
                    )

    def with_levels(self, levels: Sequence[Item]) -> Structure:
        """The same structure with other items (planned last level kept when still valid)."""
        planned = self.planned_last_level
        count = sum(1 for item in levels if not item.is_break)
        if planned is not None and planned > count:
            planned = None
        return Structure(self.name, tuple(levels), planned)


def _short_name(structure: Structure, index: int) -> str:
    item = structure.levels[index]
    number = structure.level_number(index)
    if number is None:
        return f"break {item.label!r}" if isinstance(item, Break) else "break"
    return f"level {number}, {item.small_blind:,}/{item.big_blind:,}"


def _values_text(values: Iterable[int]) -> str:
    listed = ", ".join(f"T{v:,}" for v in values)
    return listed or "none"


# ------------------------------------------------------------------------------ JSON

JSON_FORMAT = "clockapp-structure"
JSON_VERSION = 1


def item_to_dict(item: Item) -> dict[str, Any]:
    """A level or break as a JSON-ready dict.

    >>> item_to_dict(Break(10, color_up=(5,)))
    {'type': 'break', 'minutes': 10, 'label': 'Break', 'color_up': [5]}
    """
    if isinstance(item, Break):
        return {
            "type": "break",
            "minutes": item.minutes,
            "label": item.label,
            "color_up": list(item.color_up),
        }
    data: dict[str, Any] = {
        "type": "level",
        "small_blind": item.small_blind,
        "big_blind": item.big_blind,
        "ante": item.ante,
        "big_blind_ante": item.big_blind_ante,
        "minutes": item.minutes,
        "game": item.game,
    }
    if item.label:
        data["label"] = item.label
    return data


def structure_to_dict(structure: Structure) -> dict[str, Any]:
    """A structure as a JSON-ready dict (the format `structure_from_dict` reads)."""
    return {
        "format": JSON_FORMAT,
        "version": JSON_VERSION,
        "name": structure.name,
        "planned_last_level": structure.planned_last_level,
        "levels": [item_to_dict(item) for item in structure.levels],
    }


def structure_to_json(structure: Structure) -> str:
    """The structure as JSON text.

    >>> text = structure_to_json(Structure("S", (Level(5, 10),)))
    >>> structure_from_json(text) == Structure("S", (Level(5, 10),))
    True
    """
    return json.dumps(structure_to_dict(structure), indent=2) + "\n"


_LEVEL_KEYS = frozenset(
    {"type", "small_blind", "big_blind", "ante", "big_blind_ante", "minutes", "game", "label"}
)
_BREAK_KEYS = frozenset({"type", "minutes", "label", "color_up"})


def _json_int(data: Mapping[str, Any], key: str, where: str, default: int | None = None) -> int:
    if key not in data:
        if default is None:
            raise StructureError(f"{where}: {key!r} is missing.")
        return default
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise StructureError(f"{where}: {key!r} must be a whole number (got {value!r}).")
    return value


def _json_str(data: Mapping[str, Any], key: str, where: str, default: str) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise StructureError(f"{where}: {key!r} must be text (got {value!r}).")
    return value


def item_from_dict(data: object, where: str = "Item") -> Item:
    """Read one level or break from a JSON-like dict; `where` starts every error message.

    >>> item_from_dict({"type": "level", "small_blind": 5, "big_blind": 10, "minutes": 15})
    Level(small_blind=5, big_blind=10, ante=0, big_blind_ante=False, minutes=15, game='NLHE', label='', color_up=(), is_break=False)
    """  # noqa: E501
    if not isinstance(data, dict):
        raise StructureError(f"{where}: expected an object with the level's fields.")
    kind = data.get("type", "break" if data.get("is_break") is True else "level")
    try:
        if kind == "break":
            unknown = set(data) - _BREAK_KEYS - {"is_break"}
            if unknown:
                raise StructureError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}.")
            color_up = data.get("color_up", [])
            if not isinstance(color_up, list):
                raise StructureError(f"{where}: 'color_up' must be a list of chip values.")
            values = []
            for value in color_up:
                if isinstance(value, bool) or not isinstance(value, int):
                    raise StructureError(
                        f"{where}: color-up value {value!r} is not a whole number."
                    )
                values.append(value)
            return Break(
                _json_int(data, "minutes", where),
                label=_json_str(data, "label", where, "Break"),
                color_up=tuple(values),
            )
        if kind != "level":
            raise StructureError(f"{where}: type {kind!r} is neither 'level' nor 'break'.")
        unknown = set(data) - _LEVEL_KEYS - {"is_break", "color_up"}
        if unknown:
            raise StructureError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}.")
        bba = data.get("big_blind_ante", False)
        if not isinstance(bba, bool):
            raise StructureError(f"{where}: 'big_blind_ante' must be true or false.")
        return Level(
            _json_int(data, "small_blind", where),
            _json_int(data, "big_blind", where),
            ante=_json_int(data, "ante", where, 0),
            big_blind_ante=bba,
            minutes=_json_int(data, "minutes", where),
            game=_json_str(data, "game", where, "NLHE"),
            label=_json_str(data, "label", where, ""),
        )
    except StructureError as error:
        message = str(error)
        if message.startswith(where):
            raise
        raise StructureError(f"{where}: {message}") from None


def structure_from_dict(data: object, *, name: str | None = None) -> Structure:
    """Read a structure from a JSON-like dict; errors name the item (1-based) and the problem.

    Args:
        data: The decoded JSON.
        name: A name to use instead of the file's own (or when the file has none).
    """
    if not isinstance(data, dict):
        raise StructureError("Structure file: expected an object with 'name' and 'levels'.")
    if "format" in data and data["format"] != JSON_FORMAT:
        raise StructureError(f"Structure file: format {data['format']!r} is not {JSON_FORMAT!r}.")
    items = data.get("levels")
    if not isinstance(items, list):
        raise StructureError("Structure file: 'levels' must be a list of levels and breaks.")
    chosen = name if name is not None else data.get("name", "Imported structure")
    if not isinstance(chosen, str):
        raise StructureError("Structure file: 'name' must be text.")
    levels = tuple(
        item_from_dict(item, f"Item {i + 1} of 'levels'") for i, item in enumerate(items)
    )
    planned = data.get("planned_last_level")
    if planned is not None and (isinstance(planned, bool) or not isinstance(planned, int)):
        raise StructureError("Structure file: 'planned_last_level' must be a level number.")
    return Structure(chosen, levels, planned)


def structure_from_json(text: str, *, name: str | None = None) -> Structure:
    """Read a structure from JSON text (as written by `structure_to_json`).

    Raises:
        StructureError: The text is not JSON (with the line and column), too big or nested too
            deep (see `load_json`), or an item is invalid (naming the item, 1-based, and the
            problem).

    >>> structure_from_json('{"name": "S", "levels": [{"type": "level", "minutes": 20}]}')
    Traceback (most recent call last):
    ...
    clockapp.core.structure.StructureError: Item 1 of 'levels': 'small_blind' is missing.
    """
    from clockapp.core.userfiles import FileFormatError, load_json

    try:
        data = load_json(text)
    except FileFormatError as error:
        raise StructureError(f"Structure file: {error.problem}.") from None
    return structure_from_dict(data, name=name)


# ------------------------------------------------------------------------------ CSV

CSV_COLUMNS = (
    "type",
    "small_blind",
    "big_blind",
    "ante",
    "big_blind_ante",
    "minutes",
    "game",
    "label",
    "color_up",
    "planned_last",
)

_YES = frozenset({"yes", "y", "true", "1", "x"})
_NO = frozenset({"no", "n", "false", "0", ""})
_YES_OR_NO = _YES | _NO


def structure_to_csv(structure: Structure) -> str:
    """The structure as CSV text with a header row; color-ups are chip values separated by spaces.

    A label or game that a spreadsheet would run as a formula (`=...`) is written with a leading
    quote (`clockapp.core.userfiles.safe_cell`), which `structure_from_csv` removes again.

    >>> print(structure_to_csv(Structure("S", (Level(5, 10), Break(10, color_up=(5,))))), end="")
    type,small_blind,big_blind,ante,big_blind_ante,minutes,game,label,color_up,planned_last
    level,5,10,0,no,20,NLHE,,,
    break,,,,,10,,Break,5,
    """
    rows: list[list[object]] = []
    numbers = structure._level_numbers
    for i, item in enumerate(structure.levels):
        if isinstance(item, Break):
            color_up = " ".join(str(v) for v in item.color_up)
            rows.append(["break", "", "", "", "", item.minutes, "", item.label, color_up, ""])
        else:
            planned = "yes" if numbers[i] == structure.planned_last_level else ""
            rows.append(
                [
                    "level",
                    item.small_blind,
                    item.big_blind,
                    item.ante,
                    "yes" if item.big_blind_ante else "no",
                    item.minutes,
                    item.game,
                    item.label,
                    "",
                    planned,
                ]
            )
    from clockapp.core.userfiles import csv_text

    return csv_text(CSV_COLUMNS, rows)


def _csv_int(row: Mapping[str, str], key: str, where: str, default: int | None) -> int:
    text = row.get(key, "").strip().replace(",", "").replace("_", "")
    if not text:
        if default is None:
            raise StructureError(f"{where}: the {key.replace('_', ' ')} is missing.")
        return default
    try:
        return int(text)
    except ValueError:
        raise StructureError(
            f"{where}: the {key.replace('_', ' ')} {row[key].strip()!r} is not a whole number."
        ) from None


def structure_from_csv(text: str, *, name: str = "Imported structure") -> Structure:
    """Read a structure from CSV text with a header row.

    The columns are those of `CSV_COLUMNS` (in any order, case and spaces ignored); only
    `minutes` and, for levels, `small_blind` and `big_blind` are required. A row whose `type`
    is `break` (or, without a `type` column, a row with no blinds) is a break. Errors name the row,
    counting data rows from 1 (the header is not counted) and the file line it starts on. Quotes
    are read strictly: a quote left open (`"20` that swallows the next line) or text after a
    closing quote is refused rather than guessed at. The structure keeps each item's row name in
    `source_rows`, so `validate_chips` names the same rows as the import.

    >>> structure_from_csv("small_blind,big_blind,minutes\\n5,10,20\\n,,10\\n").levels[1].is_break
    True
    >>> structure_from_csv("small_blind,big_blind,minutes\\n5,ten,20\\n")
    Traceback (most recent call last):
    ...
    clockapp.core.structure.StructureError: Row 1 (file line 2): the big blind 'ten' is not a whole number.
    """  # noqa: E501
    from clockapp.core.userfiles import FileFormatError, csv_records

    records = csv_records(text)
    try:
        header = next(records).cells
    except StopIteration:
        raise StructureError("Structure file is empty: expected a header row.") from None
    except FileFormatError as error:
        where = "Header row (file line 1)" if error.line is not None else "Structure file"
        raise StructureError(f"{where}: {error.problem}.") from None
    keys = [h.strip().lower().replace(" ", "_").replace("-", "_") for h in header]
    unknown = [h for h, k in zip(header, keys, strict=True) if k not in CSV_COLUMNS]
    if unknown:
        raise StructureError(
            f"Header row: unknown column(s) {', '.join(repr(u) for u in unknown)}; "
            f"known columns are {', '.join(CSV_COLUMNS)}."
        )
    if "minutes" not in keys:
        raise StructureError("Header row: the 'minutes' column is missing.")
    if len(set(keys)) != len(keys):
        raise StructureError("Header row: a column appears twice.")
    items: list[Item] = []
    names: list[str] = []
    planned: int | None = None
    row_number = 0
    level_count = 0
    while True:
        try:
            record = next(records)
        except StopIteration:
            break
        except FileFormatError as error:
            raise StructureError(
                f"Row {row_number + 1} (file line {error.line}): {error.problem}."
            ) from None
        cells = record.cells
        joined = "".join(cells)
        if not joined.strip():
            continue  # a blank line (or a line of empty cells)
        row_number += 1
        where = f"Row {row_number} (file line {record.line})"
        # Only a label can hold a line break; anywhere else a quote swallowed the next line
        # (`"20` with its closing quote forgotten on a later row).
        if "\n" in joined or "\r" in joined:
            for i, cell in enumerate(cells):
                if ("\n" in cell or "\r" in cell) and (i >= len(keys) or keys[i] != "label"):
                    raise StructureError(f"{where}: a quote is not closed.")
        if len(cells) > len(keys):
            raise StructureError(
                f"{where}: {len(cells)} cells but the header has {len(keys)} columns."
            )
        row = dict(zip(keys, cells, strict=False))
        item = _csv_item(row, where)
        items.append(item)
        names.append(where)
        if not item.is_break:
            level_count += 1
        flag = row.get("planned_last", "").strip().lower()
        if flag not in _YES_OR_NO:
            raise StructureError(f"{where}: planned last {flag!r} is not yes or no.")
        if flag in _YES:
            if items[-1].is_break:
                raise StructureError(f"{where}: a break cannot be the planned last level.")
            if planned is not None:
                raise StructureError(f"{where}: a second level is marked as planned last.")
            planned = level_count
    if not items:
        raise StructureError("Structure file has a header but no levels.")
    return Structure(name, tuple(items), planned, source_rows=tuple(names))


def _csv_item(row: Mapping[str, str], where: str) -> Item:
    kind = row.get("type", "").strip().lower()
    if not kind:
        blinds = row.get("small_blind", "").strip() or row.get("big_blind", "").strip()
        kind = "level" if blinds else "break"
    try:
        if kind == "break":
            for key in ("small_blind", "big_blind", "ante"):
                if row.get(key, "").strip() not in ("", "0"):
                    raise StructureError(f"a break has no {key.replace('_', ' ')}")
            raw = row.get("color_up", "").replace(",", " ").replace(";", " ").split()
            values = []
            for token in raw:
                try:
                    values.append(int(token.lstrip("Tt")))
                except ValueError:
                    raise StructureError(f"color-up value {token!r} is not a chip value") from None
            label = row.get("label", "").strip() or "Break"
            return Break(_csv_int(row, "minutes", where, None), label=label, color_up=tuple(values))
        if kind != "level":
            raise StructureError(f"type {kind!r} is neither 'level' nor 'break'")
        if row.get("color_up", "").strip():
            raise StructureError("only a break can color up chips")
        bba_text = row.get("big_blind_ante", "").strip().lower()
        if bba_text not in _YES_OR_NO:
            raise StructureError(f"big blind ante {bba_text!r} is not yes or no")
        return Level(
            _csv_int(row, "small_blind", where, None),
            _csv_int(row, "big_blind", where, None),
            ante=_csv_int(row, "ante", where, 0),
            big_blind_ante=bba_text in _YES,
            minutes=_csv_int(row, "minutes", where, None),
            game=row.get("game", "").strip() or "NLHE",
            label=row.get("label", "").strip(),
        )
    except StructureError as error:
        message = str(error).rstrip(".")
        if message.startswith(where):
            raise
        raise StructureError(f"{where}: {message}.") from None


def __getattr__(name: str) -> Any:
    # The generator imports this module, so it is loaded lazily to keep imports one-way.
    if name in {"suggest_structure", "SuggestedStructure", "AnteStyle"}:
        return getattr(importlib.import_module("clockapp.core.generator"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
