"""Stacks: the chips in a starting stack (about 1:2:3:4, 20 to 60 chips) and in a rebuy.

`stack_breakdown` shapes a starting stack that feels like one, `thin_stack_warning` says when it
cannot, and `rebuy_breakdown` hands out the fewest chips so the cashier counts fast.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from clockapp import formats
from clockapp.core.chips.chip_set import STANDARD_COLORS, ChipError, ChipSet, chip_values_text
from clockapp.core.chips.makeable import can_make, normalise_values
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext


@dataclass(frozen=True)
class StackBreakdown:
    """Chips making up one stack: (value, count) pairs, largest value first.

    >>> b = StackBreakdown(((100, 6), (25, 12), (5, 20)))
    >>> b.total, b.chip_count, b.values
    (1000, 38, (100, 25, 5))
    """

    parts: tuple[tuple[int, int], ...]

    def __post_init__(self) -> None:
        values = [v for v, _ in self.parts]
        if values != sorted(set(values), reverse=True):
            raise ChipError(_("Stack: list each chip once, the largest value first."))
        for value, count in self.parts:
            if value <= 0 or count <= 0:
                raise ChipError(
                    _("Stack: T{value} x {count} is not a valid line.").format(
                        value=formats.number(value), count=count
                    )
                )

    @property
    def total(self) -> int:
        """The stack's value in chips."""
        return sum(v * c for v, c in self.parts)

    @property
    def chip_count(self) -> int:
        """How many physical chips the stack has."""
        return sum(c for _, c in self.parts)

    @property
    def values(self) -> tuple[int, ...]:
        """The denominations in the stack, largest first."""
        return tuple(v for v, _ in self.parts)

    def count_of(self, value: int) -> int:
        """How many chips of `value` the stack holds (0 when none)."""
        return next((c for v, c in self.parts if v == value), 0)

    def describe(self) -> str:
        """`6 x T100 + 12 x T25 + 20 x T5 = T1,000`.

        >>> StackBreakdown(((25, 10), (5, 10))).describe()
        '10 x T25 + 10 x T5 = T300'
        """
        lines = " + ".join(f"{c} x T{formats.number(v)}" for v, c in self.parts)
        return f"{lines} = T{formats.number(self.total)}"


# ------------------------------------------------------------------------------ breakdowns

#: A starting stack should feel like a stack: fewer chips look thin, more are slow to count.
STACK_CHIPS_MIN = 20
STACK_CHIPS_MAX = 60


def _shape_error(counts: Sequence[int]) -> float:
    """How far counts (largest value first) are from 1:2:3:4; 0 is a perfect match."""
    weights = range(1, len(counts) + 1)
    total_counts = sum(counts)
    total_weights = sum(weights)
    return sum(
        abs(math.log((c / total_counts) / (w / total_weights)))
        for c, w in zip(counts, weights, strict=True)
    ) / len(counts)


def _chip_count_penalty(chips: int) -> float:
    if chips < STACK_CHIPS_MIN:
        return math.log(STACK_CHIPS_MIN / chips) * 2
    if chips > STACK_CHIPS_MAX:
        return math.log(chips / STACK_CHIPS_MAX) * 2
    return 0.0


#: A candidate stack: (score, chip values largest first, their counts).
_Found = tuple[float, tuple[int, ...], tuple[int, ...]]


@lru_cache(maxsize=1024)
def _best_counts(
    stack: int, window: tuple[int, ...], min_chips: int = 1
) -> tuple[float, tuple[int, ...]] | None:
    """The best count vector for chips `window` (largest first) summing exactly to `stack`,
    with at least `min_chips` chips in all.

    The largest chip's count is tried over its whole useful range (it decides how many chips the
    stack has; sampled when that range is huge); each smaller chip's count is searched around
    the 1:2:3:4 share of what is left.
    """
    n = len(window)
    lowest = window[-1]
    best: tuple[float, tuple[int, ...]] | None = None

    def search(i: int, remaining: int, chosen: tuple[int, ...]) -> None:
        nonlocal best
        if i == n - 1:
            if remaining <= 0 or remaining % lowest:
                return
            counts = (*chosen, remaining // lowest)
            if sum(counts) < min_chips:
                return
            score = _shape_error(counts) + _chip_count_penalty(sum(counts))
            if best is None or score < best[0]:
                best = (score, counts)
            return
        most = (remaining - 1) // window[i]
        if i == 0:
            # Every count of the largest chip up to 60; beyond that (a stack too big for the
            # chip set) an even sample of 60 counts, so the search stays fast.
            stride = max(1, most // STACK_CHIPS_MAX)
            for count in range(stride, most + 1, stride):
                search(1, remaining - count * window[0], (count,))
            return
        # Counts of the chips still to place, relative to this one: i+1, i+2, ... of 1:2:3:4.
        share = sum((j + 1) * window[j] for j in range(i, n))
        ideal = remaining / share * (i + 1)
        # Wide enough to find an exact sum, narrow enough to stay fast with big stacks.
        spread = min(6, max(3, math.ceil(ideal * 0.5)))
        low = max(1, math.floor(ideal) - spread)
        high = min(math.ceil(ideal) + spread, most)
        for count in range(low, high + 1):
            search(i + 1, remaining - count * window[i], (*chosen, count))

    search(0, stack, ())
    return best


def stack_breakdown(
    starting_stack: int,
    chip_set: ChipSet | Iterable[int],
    *,
    must_make: Iterable[int] = (),
) -> StackBreakdown:
    """Suggest the chips for one starting stack.

    About 1:2:3:4 counted from the highest denomination down (one big chip for two of the next,
    three of the next, four of the smallest), in 3 or 4 colors next to each other in the chip set
    (2 or 1 when the set has no more), with 20 to 60 chips so it feels like a stack, summing exactly
    to `starting_stack`. A stack that would be thin (fewer than 20 chips) takes more small chips
    instead: in 3-4 colors when they can make 20, else in two smaller colors (T1,000 from
    T25-T5,000 is 6 x T100 + 16 x T25, not 1 x T500 + 2 x T100 + 12 x T25);
    `thin_stack_warning` names the stacks that stay thin.

    Args:
        starting_stack: The stack's value.
        chip_set: The chip set, or just the chip values.
        must_make: Amounts the stack's chips must be able to pay (the first blinds).

    Raises:
        ChipError: No combination of the chips makes the stack (and the amounts to pay).

    >>> stack_breakdown(10_000, (25, 100, 500, 1000, 5000)).describe()
    '4 x T1,000 + 9 x T500 + 11 x T100 + 16 x T25 = T10,000'
    """
    values = chip_set.values if isinstance(chip_set, ChipSet) else normalise_values(chip_set)
    if starting_stack <= 0:
        raise ChipError(
            _("Starting stack T{starting_stack}: a stack must be worth more than 0.").format(
                starting_stack=formats.number(starting_stack)
            )
        )
    amounts = tuple(must_make)
    usable = [v for v in values if v <= starting_stack]

    def best_of(sizes: Sequence[int], min_chips: int = 1) -> _Found | None:
        chosen: _Found | None = None
        for size in sizes:
            for start in range(len(usable) - size + 1):
                window = tuple(reversed(usable[start : start + size]))
                if not all(can_make(a, window) for a in amounts):
                    continue
                found = _best_counts(starting_stack, window, min_chips)
                if found is not None and (chosen is None or found[0] < chosen[0]):
                    chosen = (found[0], window, found[1])
        return chosen

    # Prefer 3-4 colors, falling back to fewer only when no 3-4 color stack can be made. A
    # stack too thin to feel like one (T1,000 as 1 x T500, 2 x T100, 12 x T25) first tries a
    # few more small chips in 3-4 colors, then two smaller colors (6 x T100, 16 x T25); when
    # neither works it stays thin and `thin_stack_warning` says so.
    best = best_of((4, 3)) or best_of((2,)) or best_of((1,))
    if best is not None and sum(best[2]) < STACK_CHIPS_MIN:
        thicker = best_of((4, 3), STACK_CHIPS_MIN) or best_of((2,), STACK_CHIPS_MIN)
        if thicker is not None and sum(thicker[2]) <= STACK_CHIPS_MAX:
            best = thicker
    if best is None:
        needed = f" and pay {chip_values_text(amounts)}" if amounts else ""
        raise ChipError(
            _(
                "Starting stack T{starting_stack}: cannot be made{needed} with the chips "
                "{chip_values_text}."
            ).format(
                starting_stack=formats.number(starting_stack),
                needed=needed,
                chip_values_text=chip_values_text(values),
            )
        )
    _unused, window, counts = best
    return StackBreakdown(tuple(zip(window, counts, strict=True)))


def thin_stack_warning(
    breakdown: StackBreakdown, chip_set: ChipSet | Iterable[int] = ()
) -> str | None:
    """A warning, in plain words, when a starting stack has too few chips to feel like a stack.

    Below `STACK_CHIPS_MIN` chips a stack looks thin and the first blinds eat whole colors. The
    advice names a smaller chip: one of the set's own that the stack leaves out, else the next
    standard value below the stack's smallest chip.

    Args:
        breakdown: The starting stack.
        chip_set: The chips of the tournament (to tell a chip to add from one to use).

    Returns:
        The warning, or None when the stack has enough chips.

    >>> thin_stack_warning(StackBreakdown(((500, 1), (100, 5))), (100, 500))
    'A starting stack of T1,000 from T100/T500 chips is only 6 chips; add a smaller denomination (T25) for a real stack.'
    >>> thin_stack_warning(StackBreakdown(((100, 6), (25, 16))), (25, 100, 500)) is None
    True
    """  # noqa: E501
    count = breakdown.chip_count
    if count >= STACK_CHIPS_MIN:
        return None
    values = chip_set.values if isinstance(chip_set, ChipSet) else normalise_values(chip_set)
    smallest = min(breakdown.values)
    unused = [v for v in values if v < smallest]
    standard = [v for v in STANDARD_COLORS if v < smallest]
    if unused:
        text = ngettext(
            "A starting stack of T{total} from {used} chips is only {count} chip; use the "
            "T{chip} chips too for a real stack.",
            "A starting stack of T{total} from {used} chips is only {count} chips; use the "
            "T{chip} chips too for a real stack.",
            count,
        )
        chip = max(unused)
    elif standard:
        text = ngettext(
            "A starting stack of T{total} from {used} chips is only {count} chip; add a "
            "smaller denomination (T{chip}) for a real stack.",
            "A starting stack of T{total} from {used} chips is only {count} chips; add a "
            "smaller denomination (T{chip}) for a real stack.",
            count,
        )
        chip = max(standard)
    else:
        text = ngettext(
            "A starting stack of T{total} from {used} chips is only {count} chip; a larger "
            "starting stack would feel like a real stack.",
            "A starting stack of T{total} from {used} chips is only {count} chips; a larger "
            "starting stack would feel like a real stack.",
            count,
        )
        chip = 0
    used = "/".join(f"T{formats.number(v)}" for v in sorted(breakdown.values))
    return text.format(
        total=formats.number(breakdown.total), used=used, count=count, chip=formats.number(chip)
    )


def _fewest_chips(amount: int, values: Sequence[int]) -> tuple[int, ...] | None:
    """Counts per value (same order) paying `amount` with the fewest chips, or None."""
    if not can_make(amount, values):
        return None
    # Greedy is optimal for the usual chip sets; check it and fall back to an exact search.
    counts = []
    rest = amount
    for value in sorted(values, reverse=True):
        counts.append(rest // value)
        rest %= value
    if rest == 0:
        order = sorted(values, reverse=True)
        return tuple(counts[order.index(v)] for v in values)
    best: dict[int, tuple[int, ...]] = {0: tuple(0 for _ in values)}
    frontier = [0]
    while frontier and amount not in best:
        nxt = []
        for paid in frontier:
            for i, value in enumerate(values):
                total = paid + value
                if total <= amount and total not in best:
                    best[total] = tuple(c + (j == i) for j, c in enumerate(best[paid]))
                    nxt.append(total)
        frontier = nxt
    return best.get(amount)


def rebuy_breakdown(stack: int, chip_set: ChipSet | Iterable[int]) -> StackBreakdown:
    """The chips for a rebuy or add-on: the fewest chips, so large denominations.

    The cashier hands out a rebuy fast and the player's small chips stay in play.

    >>> rebuy_breakdown(1500, (5, 25, 100, 500)).describe()
    '3 x T500 = T1,500'
    """
    values = chip_set.values if isinstance(chip_set, ChipSet) else normalise_values(chip_set)
    if stack <= 0:
        raise ChipError(
            _("Rebuy stack T{stack}: a stack must be worth more than 0.").format(
                stack=formats.number(stack)
            )
        )
    counts = _fewest_chips(stack, values)
    if counts is None:
        raise ChipError(
            _("Rebuy stack T{stack}: cannot be made with the chips {chip_values_text}.").format(
                stack=formats.number(stack), chip_values_text=chip_values_text(values)
            )
        )
    parts = tuple((v, c) for v, c in zip(values, counts, strict=True) if c)
    return StackBreakdown(tuple(reversed(parts)))
