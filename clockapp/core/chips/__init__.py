"""Chips: denominations and colors, the host's chip set, stack breakdowns and what the host needs.

A chip set is the denominations a tournament plays with (each with a color) and, when the director
says so, how many of each the host owns. From it this package answers the questions a director asks
before the first card is dealt: which chips go into a starting stack (`stack_breakdown`), which go
out for a rebuy (`rebuy_breakdown`, large chips so the cashier counts fast), how many chips are
needed for the whole night with spares (`chips_needed`), and whether an amount can be paid at all
with the chips on the table (`can_make`).

The package, one job per module (import the names from `clockapp.core.chips` itself):

* `chip_set`: `Denomination` and its colors, `ChipSet`, and `ChipError`.
* `makeable`: whether an amount can be paid exactly with the chips (`can_make`).
* `stacks`: `StackBreakdown`, the starting stack, the thin-stack warning and the rebuy stack.
* `needs`: the chips the host needs for the night and any shortfall (`chips_needed`).

>>> from clockapp.core.chips import stack_breakdown  # loaded on first use (see `_LAZY`)
>>> chips = ChipSet.standard((5, 25, 100, 500))
>>> stack_breakdown(1000, chips)
StackBreakdown(parts=((100, 6), (25, 12), (5, 20)))
>>> can_make(2250, (100, 500, 1000))
False
"""

from typing import TYPE_CHECKING

from clockapp.core.chips.chip_set import (
    CUSTOM_COLORS,
    MAX_CHIP_VALUE,
    STANDARD_COLORS,
    ChipError,
    ChipSet,
    Denomination,
)
from clockapp.core.chips.makeable import can_make
from clockapp.core.lazy import lazy_getattr

if TYPE_CHECKING:  # at run time these come from the module __getattr__ at the bottom
    from clockapp.core.chips.needs import ChipNeed as ChipNeed
    from clockapp.core.chips.needs import ChipsNeeded as ChipsNeeded
    from clockapp.core.chips.needs import chips_needed as chips_needed
    from clockapp.core.chips.stacks import STACK_CHIPS_MAX as STACK_CHIPS_MAX
    from clockapp.core.chips.stacks import STACK_CHIPS_MIN as STACK_CHIPS_MIN
    from clockapp.core.chips.stacks import StackBreakdown as StackBreakdown
    from clockapp.core.chips.stacks import rebuy_breakdown as rebuy_breakdown
    from clockapp.core.chips.stacks import stack_breakdown as stack_breakdown
    from clockapp.core.chips.stacks import thin_stack_warning as thin_stack_warning

__all__ = [
    "CUSTOM_COLORS",
    "MAX_CHIP_VALUE",
    "STACK_CHIPS_MAX",
    "STACK_CHIPS_MIN",
    "STANDARD_COLORS",
    "ChipError",
    "ChipNeed",
    "ChipSet",
    "ChipsNeeded",
    "Denomination",
    "StackBreakdown",
    "can_make",
    "chips_needed",
    "rebuy_breakdown",
    "stack_breakdown",
    "thin_stack_warning",
]


#: Loaded on first use: the chip set and `can_make` are all the first clock frame needs.
_LAZY = {
    **dict.fromkeys(("ChipNeed", "ChipsNeeded", "chips_needed"), "clockapp.core.chips.needs"),
    **dict.fromkeys(
        (
            "STACK_CHIPS_MAX",
            "STACK_CHIPS_MIN",
            "StackBreakdown",
            "rebuy_breakdown",
            "stack_breakdown",
            "thin_stack_warning",
        ),
        "clockapp.core.chips.stacks",
    ),
}


__getattr__ = lazy_getattr(__name__, _LAZY)
