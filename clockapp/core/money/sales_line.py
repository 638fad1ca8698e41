"""What the wall says about rebuys and add-ons: "Rebuys until level 3", "Add-ons on sale now".

The wall keeps the room told, as it does for late registration, of what the cashier sells now:
rebuys while their period lasts (the last level says so), and the add-on during its break.
`SaleWindows` holds the two windows of a tournament's entry rules; its `line` reads the clock's
position, so the wall can ask it again at every tick and the line moves with the levels without
reading the database.

>>> windows = SaleWindows(rebuy_last_level=3, add_on_break_after=3)
>>> [windows.line(ClockPosition(level)) for level in (1, 3, 4)]
['Rebuys until level 3', 'Last level for rebuys', '']
>>> windows.line(ClockPosition(3, on_break=True))
'Last rebuys this break  ·  Add-ons on sale now'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from clockapp.core.money.entries import ClockPosition, at_or_before
from clockapp.core.money.entry_rules import EntryRules
from clockapp.core.structure.items import Item

#: How the wall joins its parts on one line.
SEPARATOR = "  ·  "


@dataclass(frozen=True)
class SaleWindows:
    """When rebuys and the add-on are sold, as the wall tells the room.

    Attributes:
        rebuy_last_level: Rebuys are sold through this level and the break after it (None: the
            tournament has no rebuys).
        add_on_break_after: The add-on is sold during the break after this level (None: no
            add-on sold at a break).
    """

    rebuy_last_level: int | None = None
    add_on_break_after: int | None = None

    @classmethod
    def of(cls, rules: EntryRules) -> SaleWindows:
        """The windows of a tournament's entry rules.

        >>> from clockapp.core.money.entries import EntryPrice
        >>> from clockapp.core.money.entry_rules import RebuyRule, RegistrationRule
        >>> rules = EntryRules(RegistrationRule(EntryPrice(2000), 5000),
        ...                    rebuy=RebuyRule(EntryPrice(2000), 5000, last_level=4))
        >>> SaleWindows.of(rules)
        SaleWindows(rebuy_last_level=4, add_on_break_after=None)
        """
        add_on = rules.add_on.at_break_after_level if rules.add_on is not None else None
        rebuy = rules.rebuy.last_level if rules.rebuy is not None else None
        return cls(rebuy, add_on)

    def line(self, position: ClockPosition) -> str:
        """The wall's line at `position` ("" when nothing is on sale).

        Before the start the rebuy period is announced; on the break after the last rebuy level
        the rebuys are still sold, for the last time.

        >>> SaleWindows(rebuy_last_level=6).line(ClockPosition(0))
        'Rebuys until level 6'
        >>> SaleWindows(add_on_break_after=2).line(ClockPosition(2))
        ''
        >>> SaleWindows(add_on_break_after=2).line(ClockPosition(2, on_break=True))
        'Add-ons on sale now'
        >>> SaleWindows().line(ClockPosition(1))
        ''
        """
        parts: list[str] = []
        last = self.rebuy_last_level
        if last is not None and at_or_before(position, last):
            if position.level < last:
                parts.append(f"Rebuys until level {last}")
            elif position.on_break:
                parts.append("Last rebuys this break")
            else:
                parts.append("Last level for rebuys")
        if position.on_break and position.level == self.add_on_break_after:
            parts.append("Add-ons on sale now")
        return SEPARATOR.join(parts)


def position_at(levels: Sequence[Item], index: int, *, started: bool = True) -> ClockPosition:
    """Where the clock is, as the entry rules count levels, on item `index` of `levels`.

    A break belongs to the level before it; before the start the position is level 0.

    >>> from clockapp.core.structure import Break, Level
    >>> levels = (Level(50, 100), Level(100, 200), Break(15), Level(200, 400))
    >>> position_at(levels, 1), position_at(levels, 2), position_at(levels, 3)
    (ClockPosition(level=2, on_break=False), ClockPosition(level=2, on_break=True), \
ClockPosition(level=3, on_break=False))
    >>> position_at(levels, 2, started=False)
    ClockPosition(level=0, on_break=False)
    """
    if not started:
        return ClockPosition(0)
    level = sum(1 for item in levels[: index + 1] if not item.is_break)
    return ClockPosition(level, on_break=levels[index].is_break and level > 0)
