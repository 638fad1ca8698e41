"""The `Structure`: a named sequence of levels and breaks, its level numbers and chip checks.

Levels are numbered 1, 2, ... counting play levels only (breaks have no number);
`validate_chips` checks every blind and ante can be paid with the chips in play at its level,
naming the item, or the file row it was read from.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from clockapp import formats
from clockapp.core.chips import ChipSet, can_make
from clockapp.core.structure.items import Break, Item, Level, StructureError, check_int
from clockapp.i18n import gettext as _


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
                _("Structure {name!r}: {count} source rows named for {count2} items.").format(
                    name=self.name, count=len(self.source_rows), count2=len(self.levels)
                )
            )
        if not self.name.strip():
            raise StructureError(_("Structure: give it a name."))
        for i, item in enumerate(self.levels):
            if not isinstance(item, Level | Break):
                raise StructureError(
                    _(
                        "Structure {name!r}, item {value}: not a level or a break ({item!r})."
                    ).format(name=self.name, value=i + 1, item=item)
                )
        count = self.level_count
        if count == 0:
            raise StructureError(
                _("Structure {name!r}: add at least one level.").format(name=self.name)
            )
        if self.planned_last_level is not None:
            check_int(
                self.planned_last_level,
                f"Structure {self.name!r}: the planned last level",
                minimum=1,
            )
            if self.planned_last_level > count:
                raise StructureError(
                    _(
                        "Structure {name!r}: the planned last level ({planned_last_level}) is "
                        "after the last level ({count})."
                    ).format(
                        name=self.name, planned_last_level=self.planned_last_level, count=count
                    )
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
        raise StructureError(
            _("Structure {name!r} has no level {number}.").format(name=self.name, number=number)
        )

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
        >>> from clockapp.core.structure import structure_from_csv
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
                            _(
                                "{where}: colors up T{value}, which is not in the chip set "
                                "({values_text})."
                            ).format(
                                where=where(i),
                                value=formats.number(value),
                                values_text=_values_text(values),
                            )
                        )
                    if value not in in_play:
                        raise StructureError(
                            _("{where}: T{value} was already colored up earlier.").format(
                                where=where(i), value=formats.number(value)
                            )
                        )
                in_play = [v for v in in_play if v not in item.color_up]
                payable = {}
                if not in_play:
                    raise StructureError(
                        _("{where}: the color-up leaves no chips in play.").format(where=where(i))
                    )
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
                        _(
                            "{where}: the {what} {amount} cannot be paid with the chips in play "
                            "({values_text})."
                        ).format(
                            where=where(i),
                            what=what,
                            amount=formats.number(amount),
                            values_text=_values_text(in_play),
                        )
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
    return f"level {number}, {formats.number(item.small_blind)}/{formats.number(item.big_blind)}"


def _values_text(values: Iterable[int]) -> str:
    listed = ", ".join(f"T{formats.number(v)}" for v in values)
    return listed or "none"
