"""Color-ups: which chips leave play at a break and which chips replace them.

A color-up trades every chip of the removed values for the smallest chip that stays in play, at
the rate their values give (4 green T25 for 1 black T100). The room needs both halves of that
sentence: a notice that only says "color up the T25" leaves the dealers asking "into what?".

>>> chips = ChipSet.standard((25, 100, 500))
>>> print(color_up_at(chips, (25,)).describe())
Color up: T25 chips (green) go; replace them with T100 chips (black): 4 green = 1 black
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from clockapp import formats
from clockapp.core.chips import ChipSet, Denomination
from clockapp.core.structure import Break, Level


@dataclass(frozen=True)
class Exchange:
    """How many of a removed chip buy how many of the replacement (`4 green = 1 black`)."""

    removed: Denomination
    removed_count: int
    target: Denomination
    target_count: int

    def describe(self) -> str:
        """`4 green = 1 black` (values instead of colors when two chips share a color name).

        >>> Exchange(Denomination.standard(5), 20, Denomination.standard(100), 1).describe()
        '20 red = 1 black'
        """
        same = self.removed.color.casefold() == self.target.color.casefold()
        left = f"T{formats.number(self.removed.value)}" if same else self.removed.color
        right = f"T{formats.number(self.target.value)}" if same else self.target.color
        removed, target = formats.number(self.removed_count), formats.number(self.target_count)
        return f"{removed} {left} = {target} {right}"


@dataclass(frozen=True)
class ColorUp:
    """One break's color-up.

    Attributes:
        removed: The chips that leave play, smallest first.
        target: The chip that replaces them (the smallest that stays), None when none stays.
    """

    removed: tuple[Denomination, ...]
    target: Denomination | None

    @property
    def exchanges(self) -> tuple[Exchange, ...]:
        """The rate for each removed chip (empty without a replacement).

        >>> up = color_up_at(ChipSet.standard((25, 100)), (25,))
        >>> [(e.removed_count, e.target_count) for e in up.exchanges]
        [(4, 1)]
        """
        if self.target is None:
            return ()
        target = self.target
        result = []
        for chip in self.removed:
            # The fewest chips of each kind worth the same: 4 x T75 = 3 x T100.
            common = math.lcm(chip.value, target.value)
            result.append(Exchange(chip, common // chip.value, target, common // target.value))
        return tuple(result)

    def gone(self) -> str:
        """`T5 (red) and T25 (green)`: the chips that leave."""
        parts = [f"T{formats.number(d.value)} ({d.color})" for d in self.removed]
        if len(parts) == 1:
            return f"T{formats.number(self.removed[0].value)} chips ({self.removed[0].color})"
        return ", ".join(parts[:-1]) + " and " + parts[-1] + " chips"

    def describe(self) -> str:
        """The full sentence for a notice.

        >>> print(color_up_at(ChipSet.standard((5, 25, 100)), (5, 25)).describe())
        Color up: T5 (red) and T25 (green) chips go; replace them with T100 chips (black): 20 red = 1 black, 4 green = 1 black
        >>> print(color_up_at(ChipSet.standard((5, 25)), (5, 25)).describe())
        Color up: T5 (red) and T25 (green) chips go; no smaller chip stays in play to replace them
        """  # noqa: E501 - a doctest's expected output cannot be wrapped
        text = f"Color up: {self.gone()} go; "
        if self.target is None:
            return text + "no smaller chip stays in play to replace them"
        rates = ", ".join(e.describe() for e in self.exchanges)
        value = formats.number(self.target.value)
        return f"{text}replace them with T{value} chips ({self.target.color}): {rates}"

    def short(self) -> str:
        """The wall's status line: `T25 green → T100 black (4 = 1)`.

        >>> color_up_at(ChipSet.standard((25, 100)), (25,)).short()
        'T25 green → T100 black (4 = 1)'
        >>> color_up_at(ChipSet.standard((5, 25, 100)), (5, 25)).short()
        'T5 red, T25 green → T100 black (20 = 1, 4 = 1)'
        """
        gone = ", ".join(d.label for d in self.removed)
        if self.target is None:
            return f"{gone} go"
        rates = ", ".join(
            f"{formats.number(e.removed_count)} = {formats.number(e.target_count)}"
            for e in self.exchanges
        )
        return f"{gone} → {self.target.label} ({rates})"


def _denomination(chip_set: ChipSet, value: int) -> Denomination:
    if value in chip_set.values:
        return chip_set.denomination(value)
    return Denomination.standard(value)


def color_up_at(
    chip_set: ChipSet, removed: Iterable[int], earlier: Iterable[Iterable[int]] = ()
) -> ColorUp:
    """The color-up that removes `removed` after the `earlier` color-ups have been done.

    Args:
        chip_set: The tournament's chips (their colors, and the values in play at the start).
        removed: The values leaving play at this break.
        earlier: The values removed at earlier breaks (no longer in play).

    >>> chips = ChipSet.standard((5, 25, 100, 500))
    >>> color_up_at(chips, (25,), earlier=[(5,)]).target.label
    'T100 black'
    """
    gone = sorted(set(removed))
    in_play = set(chip_set.values)
    for values in earlier:
        in_play -= set(values)
    staying = sorted(in_play - set(gone))
    target = _denomination(chip_set, staying[0]) if staying else None
    return ColorUp(tuple(_denomination(chip_set, v) for v in gone), target)


def break_color_ups(items: Sequence[Level | Break], chip_set: ChipSet) -> dict[int, ColorUp]:
    """Each break's color-up, by the break's index in `items`.

    >>> from clockapp.core.structure import Break, Level
    >>> items = (Level(5, 10), Break(10, color_up=(5,)), Level(25, 50), Break(10, color_up=(25,)))
    >>> ups = break_color_ups(items, ChipSet.standard((5, 25, 100)))
    >>> {i: up.target.value for i, up in ups.items()}
    {1: 25, 3: 100}
    """
    result: dict[int, ColorUp] = {}
    earlier: list[tuple[int, ...]] = []
    for index, item in enumerate(items):
        if isinstance(item, Break) and item.color_up:
            result[index] = color_up_at(chip_set, item.color_up, earlier)
            earlier.append(item.color_up)
    return result
