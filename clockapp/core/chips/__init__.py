"""Chips: denominations and colors, the host's chip set, stack breakdowns and what the host needs.

A chip set is the denominations a tournament plays with (each with a color) and, when the director
says so, how many of each the host owns. From it this module answers the questions a director asks
before the first card is dealt: which chips go into a starting stack (`stack_breakdown`), which go
out for a rebuy (`rebuy_breakdown`, large chips so the cashier counts fast), how many chips are
needed for the whole night with spares (`chips_needed`), and whether an amount can be paid at all
with the chips on the table (`can_make`).

>>> chips = ChipSet.standard((5, 25, 100, 500))
>>> stack_breakdown(1000, chips)
StackBreakdown(parts=((100, 6), (25, 12), (5, 20)))
>>> can_make(2250, (100, 500, 1000))
False
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from clockapp.core.errors import ValidationError


class ChipError(ValidationError):
    """A chip set, a stack or a chip count that cannot be accepted."""


#: The standard casino colors by value (name, hex). Blue has no standard value: it is offered as a
#: custom color, together with a few others for denominations outside the standard list.
STANDARD_COLORS: dict[int, tuple[str, str]] = {
    1: ("white", "#F5F5F5"),
    5: ("red", "#C62828"),
    25: ("green", "#2E7D32"),
    100: ("black", "#212121"),
    500: ("purple", "#6A1B9A"),
    1000: ("orange", "#EF6C00"),
    5000: ("grey", "#9E9E9E"),
}

#: Colors offered for denominations without a standard color, in the order they are handed out.
CUSTOM_COLORS: tuple[tuple[str, str], ...] = (
    ("blue", "#1565C0"),
    ("yellow", "#F9A825"),
    ("pink", "#D81B60"),
    ("brown", "#6D4C41"),
    ("light blue", "#4FC3F7"),
    ("burgundy", "#7B1E3A"),
    ("lime", "#9CCC65"),
    ("teal", "#00897B"),
)

_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")
#: The most a chip can be worth (a larger number is a typing slip, not a chip).
MAX_CHIP_VALUE = 10**9


@dataclass(frozen=True)
class Denomination:
    """One chip value with its color.

    Attributes:
        value: What the chip is worth, in tournament chips (T5, T25, ...).
        color: The color's name, as a director says it ("green").
        hex: The color for the screen, "#RRGGBB".

    >>> Denomination(25, "green", "#2E7D32").label
    'T25 green'
    """

    value: int
    color: str
    hex: str

    def __post_init__(self) -> None:
        if isinstance(self.value, bool) or not isinstance(self.value, int) or self.value <= 0:
            raise ChipError(
                f"Chip value {self.value!r}: a chip must be worth a whole number above 0."
            )
        if self.value > MAX_CHIP_VALUE:
            raise ChipError(
                f"Chip value {self.value:,}: a chip is worth at most T{MAX_CHIP_VALUE:,}."
            )
        if not self.color.strip():
            raise ChipError(f"Chip T{self.value}: give the chip a color name.")
        if len(self.hex) != 7 or self.hex[0] != "#" or not set(self.hex[1:]) <= _HEX_DIGITS:
            raise ChipError(f"Chip T{self.value}: color {self.hex!r} is not a #RRGGBB color.")

    @property
    def label(self) -> str:
        """`T25 green`: how the chip is named on screens and reports."""
        return f"T{self.value:,} {self.color}"

    @classmethod
    def standard(cls, value: int, custom_index: int = 0) -> Denomination:
        """The chip with its standard casino color, or a custom color when the value has none.

        >>> Denomination.standard(100).color, Denomination.standard(10).color
        ('black', 'blue')
        """
        if value in STANDARD_COLORS:
            name, hex_ = STANDARD_COLORS[value]
        else:
            name, hex_ = CUSTOM_COLORS[custom_index % len(CUSTOM_COLORS)]
        return cls(value, name, hex_)


@dataclass(frozen=True)
class ChipSet:
    """The denominations a tournament plays with and, optionally, how many of each the host owns.

    Attributes:
        denominations: The chips, sorted by value (smallest first), values unique.
        owned: How many chips of each denomination the host owns, in the same order; None when
            the director has not counted them (no shortfall report is made then).

    >>> ChipSet.standard((25, 5, 100), owned=(100, 200, 50)).owned_of(5)
    200
    """

    denominations: tuple[Denomination, ...]
    owned: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if not self.denominations:
            raise ChipError("Chip set: add at least one denomination.")
        values = [d.value for d in self.denominations]
        if len(set(values)) != len(values):
            duplicate = next(v for v in values if values.count(v) > 1)
            raise ChipError(f"Chip set: T{duplicate:,} is listed twice.")
        if values != sorted(values):
            raise ChipError("Chip set: list the denominations from the smallest to the largest.")
        if self.owned is not None:
            if len(self.owned) != len(self.denominations):
                raise ChipError(
                    f"Chip set: {len(self.owned)} counts given for "
                    f"{len(self.denominations)} denominations."
                )
            for denomination, count in zip(self.denominations, self.owned, strict=True):
                if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                    raise ChipError(
                        f"Chip set: the number of {denomination.label} chips owned must be 0 "
                        f"or more (got {count!r})."
                    )

    @classmethod
    def standard(cls, values: Iterable[int], owned: Sequence[int] | None = None) -> ChipSet:
        """A chip set in standard colors (custom colors for non-standard values), sorted.

        Args:
            values: The chip values, in any order.
            owned: How many of each the host owns, in the same order as `values`.

        >>> [d.label for d in ChipSet.standard((100, 5, 25)).denominations]
        ['T5 red', 'T25 green', 'T100 black']
        """
        values = list(values)
        for value in values:
            if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
                raise ChipError(
                    f"Chip value {value!r}: a chip must be worth a whole number above 0."
                )
            if value > MAX_CHIP_VALUE:
                raise ChipError(
                    f"Chip value {value:,}: a chip is worth at most T{MAX_CHIP_VALUE:,}."
                )
        if owned is not None and len(owned) != len(values):
            raise ChipError(f"Chip set: {len(owned)} counts given for {len(values)} denominations.")
        order = sorted(range(len(values)), key=lambda i: values[i])
        custom = 0
        denominations = []
        for i in order:
            denominations.append(Denomination.standard(values[i], custom))
            if values[i] not in STANDARD_COLORS:
                custom += 1
        counts = None if owned is None else tuple(owned[i] for i in order)
        return cls(tuple(denominations), counts)

    @property
    def values(self) -> tuple[int, ...]:
        """The chip values, smallest first."""
        return tuple(d.value for d in self.denominations)

    def denomination(self, value: int) -> Denomination:
        """The denomination worth `value`; raises ChipError when the set has none."""
        for d in self.denominations:
            if d.value == value:
                return d
        raise ChipError(f"Chip set has no T{value:,} chip (it has {_list_values(self.values)}).")

    def owned_of(self, value: int) -> int | None:
        """How many chips worth `value` the host owns (None when not counted)."""
        if self.owned is None:
            return None
        for d, count in zip(self.denominations, self.owned, strict=True):
            if d.value == value:
                return count
        raise ChipError(f"Chip set has no T{value:,} chip (it has {_list_values(self.values)}).")

    def with_owned(self, owned: Sequence[int] | None) -> ChipSet:
        """The same chips with new owned counts (smallest denomination first)."""
        return ChipSet(self.denominations, None if owned is None else tuple(owned))


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
            raise ChipError("Stack: list each chip once, the largest value first.")
        for value, count in self.parts:
            if value <= 0 or count <= 0:
                raise ChipError(f"Stack: T{value:,} x {count} is not a valid line.")

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
        lines = " + ".join(f"{c} x T{v:,}" for v, c in self.parts)
        return f"{lines} = T{self.total:,}"


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
            f"You need {n.total:,} x T{n.value:,} chips but own {n.owned:,}: {n.shortfall:,} short."
            for n in self.short
        )

    def need_of(self, value: int) -> ChipNeed:
        """The need for one denomination."""
        for need in self.needs:
            if need.value == value:
                return need
        raise ChipError(f"No chips of T{value:,} are needed.")


# ------------------------------------------------------------------------------ can_make


def _normalise_values(denominations: Iterable[int]) -> tuple[int, ...]:
    values = tuple(sorted({int(d) for d in denominations}))
    if values and values[0] <= 0:
        raise ChipError(f"Chip value {values[0]}: a chip must be worth more than 0.")
    return values


@lru_cache(maxsize=512)
def _smallest_by_residue(values: tuple[int, ...]) -> tuple[int, ...]:
    """For each residue r modulo the smallest chip, the smallest makeable amount congruent to r.

    A shortest-path over residues (the classic way to solve the coin problem for amounts of any
    size): an amount is makeable exactly when it is at least the smallest makeable amount with the
    same residue, because adding smallest chips walks up through that residue class.
    """
    modulus = values[0]
    best = [math.inf] * modulus
    best[0] = 0
    queue: list[tuple[int, int]] = [(0, 0)]
    while queue:
        amount, residue = heapq.heappop(queue)
        if amount > best[residue]:
            continue
        for value in values[1:]:
            candidate = amount + value
            target = candidate % modulus
            if candidate < best[target]:
                best[target] = candidate
                heapq.heappush(queue, (candidate, target))
    return tuple(-1 if b == math.inf else int(b) for b in best)


def can_make(amount: int, denominations: Iterable[int]) -> bool:
    """Whether `amount` can be paid exactly with chips of these values (any number of each).

    Args:
        amount: The bet, blind or ante (0 is always makeable).
        denominations: The chip values in play.

    >>> can_make(75, (25, 100)), can_make(60, (25, 100)), can_make(600, (500, 1000))
    (True, False, False)
    """
    if amount < 0:
        return False
    if amount == 0:
        return True
    values = _normalise_values(denominations)
    if not values:
        return False
    smallest = _smallest_by_residue(values)[amount % values[0]]
    return smallest != -1 and amount >= smallest


def _list_values(values: Iterable[int]) -> str:
    return ", ".join(f"T{v:,}" for v in values)


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
    values = chip_set.values if isinstance(chip_set, ChipSet) else _normalise_values(chip_set)
    if starting_stack <= 0:
        raise ChipError(f"Starting stack T{starting_stack:,}: a stack must be worth more than 0.")
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
        needed = f" and pay {_list_values(amounts)}" if amounts else ""
        raise ChipError(
            f"Starting stack T{starting_stack:,}: cannot be made{needed} with the chips "
            f"{_list_values(values)}."
        )
    _, window, counts = best
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
    values = chip_set.values if isinstance(chip_set, ChipSet) else _normalise_values(chip_set)
    smallest = min(breakdown.values)
    unused = [v for v in values if v < smallest]
    standard = [v for v in STANDARD_COLORS if v < smallest]
    if unused:
        advice = f"use the T{max(unused):,} chips too for a real stack"
    elif standard:
        advice = f"add a smaller denomination (T{max(standard):,}) for a real stack"
    else:
        advice = "a larger starting stack would feel like a real stack"
    used = "/".join(f"T{v:,}" for v in sorted(breakdown.values))
    return (
        f"A starting stack of T{breakdown.total:,} from {used} chips is only {count} "
        f"chip{'s' if count != 1 else ''}; {advice}."
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
    values = chip_set.values if isinstance(chip_set, ChipSet) else _normalise_values(chip_set)
    if stack <= 0:
        raise ChipError(f"Rebuy stack T{stack:,}: a stack must be worth more than 0.")
    counts = _fewest_chips(stack, values)
    if counts is None:
        raise ChipError(
            f"Rebuy stack T{stack:,}: cannot be made with the chips {_list_values(values)}."
        )
    parts = tuple((v, c) for v, c in zip(values, counts, strict=True) if c)
    return StackBreakdown(tuple(reversed(parts)))


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
        raise ChipError("Chips needed: players, rebuys and add-ons must be 0 or more.")
    if not 0 <= spare_percent <= 100:
        raise ChipError(f"Spares: {spare_percent}% is not between 0% and 100%.")
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
