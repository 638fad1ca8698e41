"""The chips to hand over with an entry: a buy-in's starting stack, the big chips of a rebuy.

The cashier's confirm shows the same breakdown the sale records, so the cashier can count the
chips out while the player pays.
"""

from __future__ import annotations

from dataclasses import dataclass

from clockapp.core.chips import ChipError, ChipSet, StackBreakdown, rebuy_breakdown, stack_breakdown
from clockapp.core.money.entries import EntryKind


@dataclass(frozen=True)
class Handout:
    """Chips to hand over for one entry: the count per denomination, when the chip set allows.

    Attributes:
        kind: The entry the chips are for.
        chips: The total.
        breakdown: Chips per denomination (None when the chip set cannot make the amount).
        note: Why there is no breakdown.
    """

    kind: EntryKind
    chips: int
    breakdown: StackBreakdown | None
    note: str = ""

    def describe(self) -> str:
        """'4 x T1,000 + 9 x T500 ... = T10,000', or the chip total and the note."""
        if self.breakdown is not None:
            return self.breakdown.describe()
        return f"T{self.chips:,} ({self.note})" if self.note else f"T{self.chips:,}"


def handout(kind: EntryKind, chips: int, chip_set: ChipSet) -> Handout:
    """The chips to hand over for an entry: a stack breakdown for a buy-in or re-entry, the big
    chips for a rebuy or add-on; no breakdown (with the reason) when the chip set cannot make it.

    >>> chip_set = ChipSet.standard((25, 100))
    >>> handout(EntryKind.REBUY, 150, chip_set).describe()
    '1 x T100 + 2 x T25 = T150'
    >>> handout(EntryKind.BUY_IN, 10, chip_set).note
    'Starting stack T10: cannot be made with the chips T25, T100.'
    """
    try:
        if kind in (EntryKind.BUY_IN, EntryKind.RE_ENTRY):
            return Handout(kind, chips, stack_breakdown(chips, chip_set))
        return Handout(kind, chips, rebuy_breakdown(chips, chip_set))
    except ChipError as error:
        return Handout(kind, chips, None, str(error))
