"""The chips to hand over with an entry: a buy-in's starting stack, the big chips of a rebuy.

The cashier's confirm shows the same breakdown the sale records, so the cashier can count the
chips out while the player pays. When the structure was suggested, the stacks the generator
checked against the chips the host owns (`PlannedStacks`) are the ones handed out, and
`chip_warnings` says before a colour runs out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from clockapp import formats
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
        return (
            f"T{formats.number(self.chips)} ({self.note})"
            if self.note
            else f"T{formats.number(self.chips)}"
        )


@dataclass(frozen=True)
class PlannedStacks:
    """The stacks checked against the chips the host owns when the structure was chosen.

    Attributes:
        starting: The chips of a buy-in (and a re-entry).
        rebuy: The chips of a rebuy (None: none planned).
        add_on: The chips of an add-on (None: none planned).

    >>> plan = PlannedStacks(StackBreakdown(((100, 8), (25, 8))))
    >>> plan.for_entry(EntryKind.RE_ENTRY, 1000).describe()
    '8 x T100 + 8 x T25 = T1,000'
    >>> plan.for_entry(EntryKind.BUY_IN, 1500) is None  # the stack was changed since
    True
    """

    starting: StackBreakdown
    rebuy: StackBreakdown | None = None
    add_on: StackBreakdown | None = None

    def for_entry(self, kind: EntryKind, chips: int) -> StackBreakdown | None:
        """The planned chips of `kind` when they still add up to `chips`, else None."""
        if kind in (EntryKind.BUY_IN, EntryKind.RE_ENTRY):
            planned: StackBreakdown | None = self.starting
        elif kind is EntryKind.REBUY:
            planned = self.rebuy
        else:
            planned = self.add_on
        return planned if planned is not None and planned.total == chips else None


def handout(
    kind: EntryKind, chips: int, chip_set: ChipSet, planned: PlannedStacks | None = None
) -> Handout:
    """The chips to hand over for an entry: the planned stack when one was checked against the
    chips owned (and still adds up to `chips` in the chip set's colours), else a stack breakdown
    for a buy-in or re-entry and the big chips for a rebuy or add-on; no breakdown (with the
    reason) when the chip set cannot make it.

    >>> chip_set = ChipSet.standard((25, 100))
    >>> handout(EntryKind.REBUY, 150, chip_set).describe()
    '1 x T100 + 2 x T25 = T150'
    >>> handout(EntryKind.BUY_IN, 10, chip_set).note
    'Starting stack T10: cannot be made with the chips T25, T100.'
    >>> plan = PlannedStacks(StackBreakdown(((25, 6),)), rebuy=StackBreakdown(((25, 6),)))
    >>> handout(EntryKind.REBUY, 150, chip_set, plan).describe()
    '6 x T25 = T150'
    """
    chosen = planned.for_entry(kind, chips) if planned is not None else None
    if chosen is not None and set(chosen.values) <= set(chip_set.values):
        return Handout(kind, chips, chosen)
    try:
        if kind in (EntryKind.BUY_IN, EntryKind.RE_ENTRY):
            return Handout(kind, chips, stack_breakdown(chips, chip_set))
        return Handout(kind, chips, rebuy_breakdown(chips, chip_set))
    except ChipError as error:
        return Handout(kind, chips, None, str(error))


def handed_out(handouts: Iterable[Handout]) -> dict[int, int]:
    """Chips handed out so far, per denomination.

    >>> handed_out([Handout(EntryKind.BUY_IN, 150, StackBreakdown(((100, 1), (25, 2))))] * 2)
    {100: 2, 25: 4}
    """
    out: dict[int, int] = {}
    for given in handouts:
        if given.breakdown is not None:
            for value, count in given.breakdown.parts:
                out[value] = out.get(value, 0) + count
    return out


def chip_warnings(
    chip_set: ChipSet, given: Mapping[int, int], next_sale: Iterable[Handout]
) -> tuple[str, ...]:
    """What to tell the cashier before a colour runs out: for each colour of the next sale, the
    chips owned minus those handed out so far (`given`) against what the sale takes.

    Nothing when the host did not count the chips owned. The sale stays possible: the host may
    colour up or borrow chips.

    >>> chips = ChipSet.standard((25, 100), owned=(30, 100))
    >>> sale = [Handout(EntryKind.BUY_IN, 1000, StackBreakdown(((100, 8), (25, 8))))]
    >>> chip_warnings(chips, {25: 16, 100: 16}, sale)
    ()
    >>> chip_warnings(chips, {25: 24, 100: 24}, sale)
    ('T25 chips are running out: 6 left, a buy-in takes 8.',)
    >>> chip_warnings(chips, {25: 40, 100: 40}, sale)
    ('T25 chips have run out: 10 more handed out than you own, a buy-in takes 8.',)
    """
    if chip_set.owned is None:
        return ()
    needs: dict[int, int] = {}
    for sale in next_sale:
        if sale.breakdown is not None:
            for value, count in sale.breakdown.parts:
                needs[value] = needs.get(value, 0) + count
    kinds = " and ".join(dict.fromkeys(_KIND_WORDS[s.kind] for s in next_sale))
    warnings = []
    for value in sorted(needs):
        owned = chip_set.owned_of(value) if value in chip_set.values else 0
        left = (owned or 0) - given.get(value, 0)
        if left < 0:
            warnings.append(
                f"T{formats.number(value)} chips have run out: {formats.number(-left)} more handed "
                "out than you own, "
                f"{kinds} takes {formats.number(needs[value])}."
            )
        elif left < needs[value]:
            warnings.append(
                f"T{formats.number(value)} chips are running out: {formats.number(left)} left, "
                f"{kinds} takes {formats.number(needs[value])}."
            )
    return tuple(warnings)


_KIND_WORDS = {
    EntryKind.BUY_IN: "a buy-in",
    EntryKind.RE_ENTRY: "a re-entry",
    EntryKind.REBUY: "a rebuy",
    EntryKind.ADD_ON: "an add-on",
}
