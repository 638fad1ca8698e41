"""What the host needs for the night: chips per denomination for stacks, rebuys, color-ups, spares.

`chips_needed` adds them up and, when the host counted the chips owned, reports the shortfall.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from clockapp import formats
from clockapp.core.chips.chip_set import ChipError, ChipSet
from clockapp.core.chips.stacks import StackBreakdown, rebuy_breakdown
from clockapp.i18n import gettext as _


@dataclass(frozen=True)
class ChipNeed:
    """The chips of one denomination needed for a tournament, and the shortfall if any.

    Attributes:
        value: The denomination.
        for_stacks: Chips handed out in starting stacks.
        for_rebuys: Chips handed out for rebuys and add-ons.
        for_color_up: Chips of this value needed to exchange smaller chips at color-ups.
        spares: Extra chips for a late entry, a miscount, a chip on the floor.
        owned: How many the host owns (None when not counted).
    """

    value: int
    for_stacks: int
    for_rebuys: int
    for_color_up: int
    spares: int
    owned: int | None

    @property
    def total(self) -> int:
        """All the chips of this value the host should have ready."""
        return self.for_stacks + self.for_rebuys + self.for_color_up + self.spares

    @property
    def shortfall(self) -> int:
        """How many chips are missing (0 when the host owns enough or did not count)."""
        return 0 if self.owned is None else max(0, self.total - self.owned)


@dataclass(frozen=True)
class ChipsNeeded:
    """What the host needs, denomination by denomination (smallest first).

    `warnings` says, in a director's words, which chips are short.
    """

    needs: tuple[ChipNeed, ...]

    @property
    def short(self) -> tuple[ChipNeed, ...]:
        """The denominations the host does not own enough of."""
        return tuple(n for n in self.needs if n.shortfall > 0)

    @property
    def warnings(self) -> tuple[str, ...]:
        """One sentence per short denomination."""
        return tuple(
            _("You need {total} x T{value} chips but own {owned}: {shortfall} short.").format(
                total=formats.number(n.total),
                value=formats.number(n.value),
                owned=formats.number(n.owned or 0),
                shortfall=formats.number(n.shortfall),
            )
            for n in self.short
        )

    def need_of(self, value: int) -> ChipNeed:
        """The need for one denomination."""
        for need in self.needs:
            if need.value == value:
                return need
        raise ChipError(_("No chips of T{value} are needed.").format(value=formats.number(value)))


def chips_needed(
    players: int,
    rebuys: int,
    addons: int,
    starting: StackBreakdown,
    *,
    rebuy: StackBreakdown | None = None,
    addon: StackBreakdown | None = None,
    chip_set: ChipSet | None = None,
    color_ups: Sequence[Sequence[int]] = (),
    spare_percent: int = 10,
) -> ChipsNeeded:
    """The chips the host needs for the night, per denomination, with spares and any shortfall.

    Args:
        players: Players expected (one starting stack each).
        rebuys: Rebuys expected in total.
        addons: Add-ons expected in total.
        starting: The starting stack.
        rebuy: The rebuy stack (default: the same chips as `rebuy_breakdown` of the starting
            stack's value, in the starting stack's chips).
        addon: The add-on stack (default: like a rebuy).
        chip_set: The host's chips; its owned counts give the shortfall report, and its values
            are used for the default rebuy stack.
        color_ups: The denominations colored up at each break, in order. Each colored-up chip
            value is exchanged for the smallest chip still in play, so the host needs those too.
        spare_percent: Extra chips per denomination, rounded up (at least one of each used chip).

    >>> need = chips_needed(10, 0, 0, StackBreakdown(((25, 10), (5, 10))))
    >>> [(n.value, n.total) for n in need.needs]
    [(5, 110), (25, 110)]
    """
    if players < 0 or rebuys < 0 or addons < 0:
        raise ChipError(_("Chips needed: players, rebuys and add-ons must be 0 or more."))
    if not 0 <= spare_percent <= 100:
        raise ChipError(
            _("Spares: {spare_percent}% is not between 0% and 100%.").format(
                spare_percent=spare_percent
            )
        )
    pool = chip_set.values if chip_set is not None else starting.values
    rebuy = rebuy if rebuy is not None else rebuy_breakdown(starting.total, pool)
    addon = addon if addon is not None else rebuy
    values = sorted(set(starting.values) | set(rebuy.values) | set(addon.values))
    for_stacks = {v: players * starting.count_of(v) for v in values}
    for_rebuys = {v: rebuys * rebuy.count_of(v) + addons * addon.count_of(v) for v in values}
    for_color_up = dict.fromkeys(values, 0)
    in_play = set(values)
    for removed in color_ups:
        gone = set(removed) & in_play
        in_play -= gone
        if not gone or not in_play:
            continue
        # Everything colored up is traded for the smallest chip that stays.
        target = min(in_play)
        # Chips received at an earlier color-up are colored up again with the rest.
        value = sum((for_stacks[v] + for_rebuys[v] + for_color_up[v]) * v for v in gone)
        for_color_up[target] += math.ceil(value / target)
    needs = []
    for v in values:
        base = for_stacks[v] + for_rebuys[v] + for_color_up[v]
        if base == 0:
            continue  # e.g. a rebuy chip when no rebuys are expected
        spares = max(1, math.ceil(base * spare_percent / 100)) if base else 0
        owned = None
        if chip_set is not None and chip_set.owned is not None:
            owned = chip_set.owned_of(v) if v in chip_set.values else 0
        needs.append(ChipNeed(v, for_stacks[v], for_rebuys[v], for_color_up[v], spares, owned))
    return ChipsNeeded(tuple(needs))
