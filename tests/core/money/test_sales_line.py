"""The wall's sales line at every point of a night, against the entry checks that sell."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import pytest

from clockapp.core.money.entries import (
    ClockPosition,
    EntryContext,
    EntryPrice,
    EntryRefused,
    PlayerEntries,
)
from clockapp.core.money.entry_checks import check_add_on, check_rebuy
from clockapp.core.money.entry_rules import AddOnRule, EntryRules, RebuyRule, RegistrationRule
from clockapp.core.money.sales_line import SaleWindows, position_at
from clockapp.core.structure import Break, Level

PRICE = EntryPrice(2000)
RULES = EntryRules(
    RegistrationRule(PRICE, 5000),
    rebuy=RebuyRule(PRICE, 5000, last_level=3),
    add_on=AddOnRule(PRICE, 5000, at_break_after_level=3),
)
NOW = datetime(2026, 12, 2, 20, tzinfo=UTC)


@pytest.mark.parametrize(
    ("position", "line"),
    [
        (ClockPosition(0), "Rebuys until level 3"),
        (ClockPosition(1), "Rebuys until level 3"),
        (ClockPosition(2, on_break=True), "Rebuys until level 3"),
        (ClockPosition(3), "Last level for rebuys"),
        (ClockPosition(3, on_break=True), "Last rebuys this break  ·  Add-ons on sale now"),
        (ClockPosition(4), ""),
        (ClockPosition(9, on_break=True), ""),
    ],
)
def test_the_line_through_the_night(position: ClockPosition, line: str) -> None:
    assert SaleWindows.of(RULES).line(position) == line


@pytest.mark.parametrize("level", range(1, 7))
@pytest.mark.parametrize("on_break", [False, True])
def test_the_line_says_on_sale_exactly_when_the_cashier_sells(level: int, on_break: bool) -> None:
    position = ClockPosition(level, on_break=on_break)
    ctx = EntryContext(position, NOW)
    busted = PlayerEntries("Ann", registered=True, stack=0)
    playing = PlayerEntries("Ann", registered=True, stack=4000)
    line = SaleWindows.of(RULES).line(position)

    def sold(check: Callable[[EntryRules, PlayerEntries, EntryContext], object], player) -> bool:
        try:
            check(RULES, player, ctx)
        except EntryRefused:
            return False
        return True

    assert ("ebuys" in line) == sold(check_rebuy, busted)
    assert ("Add-ons on sale now" in line) == sold(check_add_on, playing)


def test_no_windows_say_nothing() -> None:
    plain = EntryRules(RegistrationRule(PRICE, 5000))
    assert SaleWindows.of(plain).line(ClockPosition(1)) == ""
    assert SaleWindows.of(plain) == SaleWindows()


def test_a_position_counts_play_levels_only() -> None:
    levels = (Level(25, 50), Break(10), Level(50, 100), Level(75, 150), Break(15))
    assert [position_at(levels, i) for i in range(len(levels))] == [
        ClockPosition(1),
        ClockPosition(1, on_break=True),
        ClockPosition(2),
        ClockPosition(3),
        ClockPosition(3, on_break=True),
    ]
