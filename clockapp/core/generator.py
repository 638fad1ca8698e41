"""The structure generator: a sensible blind structure from a few facts about the night.

For the director who does not know where to start. Given the players expected, the starting stack,
the rebuys and add-ons expected, the time budget, the level length and the chip set, it follows the
rules experienced hosts use:

- the first big blind is 1-2% of the starting stack and the small blind is half the big blind;
- the planned last big blind is about 5% of all chips in play (players x stack, plus rebuys and
  add-ons), reached at `planned_last_level`, the level at which the time budget runs out (breaks
  count: the budget is wall-clock time);
- blinds grow by an even ratio, rounded to the values directors use (25/50, 75/150, 600/1,200...),
  each level at most double the one before and at least 1.2 times it (a level that barely moves,
  7,500/15,000 to 8,000/16,000, is never suggested; when the time budget holds more levels than
  the chips need, the blinds overshoot the target and the director is warned);
- every blind and ante can be paid with the chips in play at that level; the smallest chip stops
  being used once the small blind is 20 times its value, and a chip that the remaining levels no
  longer need is colored up at the next break;
- 3 to 5 extra levels follow the planned last one, in case the game runs long;
- breaks come at a chosen interval of play, and antes start at a chosen level;
- it suggests a starting stack breakdown, the rebuy and add-on stacks in large chips, and the chips
  the host needs with spares, and says when the host does not own enough.

`suggest_structure` is also importable from `clockapp.core.structure`.

>>> result = suggest_structure(15, 1000, 20, 300, (5, 25, 100, 500), rebuys=3)
>>> result.planned_last_level, result.levels[0].describe(), result.breakdown.describe()
(14, '5/10', '6 x T100 + 12 x T25 + 20 x T5 = T1,000')
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from clockapp.core.chips import (
    STACK_CHIPS_MAX,
    STACK_CHIPS_MIN,
    ChipError,
    ChipSet,
    ChipsNeeded,
    StackBreakdown,
    can_make,
    chips_needed,
    rebuy_breakdown,
    stack_breakdown,
    thin_stack_warning,
)
from clockapp.core.errors import ValidationError
from clockapp.core.structure import MAX_AMOUNT, Break, Item, Level, Structure


class GeneratorError(ValidationError):
    """Inputs the generator cannot work with (no players, a stack the chips cannot make, ...)."""


class AnteStyle(StrEnum):
    """How antes are paid once they start."""

    NONE = "none"
    PER_PLAYER = "per player"
    BIG_BLIND = "big blind"


#: The smallest chip stops being used for blinds once the small blind is this many times its value.
RETIRE_FACTOR = 20
#: The planned last big blind, as a share of all chips in play (percent).
LAST_BIG_BLIND_PERCENT = 5
#: The share of the planned last big blind the result may miss by before a warning (x or 1/x).
TARGET_TOLERANCE = 1.5
#: No big blind beyond this many times all the chips in play (the game ended many levels
#: before), nor beyond what a level can hold: a long time budget of short levels gets fewer
#: levels rather than astronomical blinds. Ordinary evenings never come near it.
BLIND_CAP_FACTOR = 100
#: The largest inputs taken: beyond them a number is a typing slip, not a tournament.
MAX_PLAYERS = 100_000
MAX_STACK = 10**9
MAX_MINUTES = 7 * 24 * 60
MAX_ENTRIES = 1_000_000
MAX_LEVEL_NUMBER = 1000
MAX_SPARE_PERCENT = 100


@dataclass(frozen=True)
class SuggestedStructure:
    """What `suggest_structure` proposes.

    Attributes:
        structure: The levels and breaks (its `planned_last_level` is set).
        planned_last_level: The level number at which the time budget runs out.
        starting_stack: The starting stack's value.
        breakdown: The chips of one starting stack.
        rebuy_breakdown: The chips of one rebuy, in large denominations.
        addon_breakdown: The chips of one add-on, in large denominations.
        chips_needed: The chips the host needs, per denomination, with spares and shortfalls.
        total_chips: All chips expected in play (stacks, rebuys and add-ons).
        target_last_big_blind: About 5% of `total_chips`: the aim for the planned last level.
        denominations_in_play: The chip values handed out (in stacks, rebuys and add-ons).
        warnings: What the director should know, in plain words (empty when all is well).
    """

    structure: Structure
    planned_last_level: int
    starting_stack: int
    breakdown: StackBreakdown
    rebuy_breakdown: StackBreakdown
    addon_breakdown: StackBreakdown
    chips_needed: ChipsNeeded
    total_chips: int
    target_last_big_blind: int
    denominations_in_play: tuple[int, ...]
    warnings: tuple[str, ...]

    @property
    def name(self) -> str:
        """The structure's name."""
        return self.structure.name

    @property
    def levels(self) -> tuple[Item, ...]:
        """The levels and breaks, like `Structure.levels`."""
        return self.structure.levels

    @property
    def planned_last_big_blind(self) -> int:
        """The big blind of the planned last level."""
        index = self.structure.index_of_level(self.planned_last_level)
        return self.structure.levels[index].big_blind


# ------------------------------------------------------------------------------ ladders


def blind_ladder(limit: int) -> tuple[int, ...]:
    """The small blinds directors use, up to `limit` (the big blind is always twice as much).

    Round values in each power of ten (1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, plus 7.5 from 75 and 1.2 from
    1,200), keeping only whole numbers.

    >>> blind_ladder(300)
    (1, 2, 3, 4, 5, 6, 8, 10, 15, 20, 25, 30, 40, 50, 60, 75, 80, 100, 150, 200, 250, 300)
    """
    values: set[int] = set()
    scale = 1
    while scale <= limit:
        mantissas = [10, 15, 20, 25, 30, 40, 50, 60, 80]
        if scale >= 10:
            mantissas.append(75)
        if scale >= 1000:
            mantissas.append(12)
        for m in mantissas:
            value = m * scale
            if value % 10 == 0 and value // 10 <= limit:
                values.add(value // 10)
        scale *= 10
    return tuple(sorted(values))


def ante_ladder(limit: int) -> tuple[int, ...]:
    """Round per-player antes up to `limit`: the blind ladder plus 125, 1,250 ...

    >>> ante_ladder(130)[-4:]
    (80, 100, 125, 130)
    """
    values = set(blind_ladder(limit))
    scale = 100
    while scale * 1.25 <= limit:
        values.add(scale * 5 // 4)
        scale *= 10
    values.add(limit)
    return tuple(sorted(v for v in values if v <= limit))


# ------------------------------------------------------------------------------ timeline


def _breaks_after(levels: int, level_minutes: int, every: int) -> frozenset[int]:
    """Levels followed by a break: the first level whose play time reaches each multiple of
    `every` minutes (no break after the last level)."""
    if every <= 0:
        return frozenset()
    result = set()
    for number in range(1, levels):
        if (number * level_minutes) // every > ((number - 1) * level_minutes) // every:
            result.add(number)
    return frozenset(result)


def plan_timeline(
    level_minutes: int,
    duration_minutes: int,
    break_every_minutes: int,
    break_minutes: int,
    extra_levels: int,
) -> tuple[int, int, tuple[int, ...]]:
    """(planned last level, total levels, levels followed by a break) for a time budget.

    The planned last level is the level being played when `duration_minutes` of wall-clock time
    (levels and breaks) have passed; if the budget runs out during a break, the level before it.

    >>> plan_timeline(20, 300, 90, 15, 4)
    (14, 18, (5, 9, 14))
    """
    # Lay out generously, then cut: breaks depend only on level numbers and play time.
    generous = duration_minutes // level_minutes + 2
    breaks = _breaks_after(generous + extra_levels + 1, level_minutes, break_every_minutes)
    clock = 0
    planned = 0
    for number in range(1, generous + 1):
        clock += level_minutes
        if number in breaks:
            clock += break_minutes
        planned = number
        if clock >= duration_minutes:
            break
    total = planned + extra_levels
    return planned, total, tuple(sorted(b for b in breaks if b < total))


# ------------------------------------------------------------------------------ the generator


def _log_distance(a: float, b: float) -> float:
    return abs(math.log(a / b))


def _first_blinds(
    stack: int, chip_set: ChipSet, ratio_for: dict[int, float]
) -> tuple[list[int], bool]:
    """Small blinds to try for level 1, best first, and whether they are within 1-2%."""
    low = math.ceil(stack / 100)
    high = stack // 50
    ladder = blind_ladder(max(1, stack))
    feasible = [
        s for s in ladder if can_make(s, chip_set.values) and can_make(2 * s, chip_set.values)
    ]
    inside = [s for s in feasible if low <= 2 * s <= high]
    if inside:
        # The smallest blind gives the most play, unless the blinds would have to more than
        # double each level to reach the target; then the gentlest progression wins.
        gentle = [s for s in inside if ratio_for.get(s, 1.0) <= 2.0]
        rest = sorted((s for s in inside if s not in gentle), reverse=True)
        return gentle + rest, True
    centre = math.sqrt(max(low, 1) * max(high, 1))
    return sorted(feasible, key=lambda s: (_log_distance(2 * s, centre), s)), False


#: Cost of a level that needs a chip the blinds had stopped using (it is still in play then).
_RETIRED_CHIP_COST = 1.0
#: Cost of a small blind outside the round ladder (only ever a doubling, as a last resort).
_OFF_LADDER_COST = 2.0
#: The smallest rise from one level to the next, as a fraction (6/5: after 250/500 comes
#: 300/600 or more). A smaller step looks like the blinds stood still (75/150 to 80/160), so it
#: is never taken: a doubling is always payable, so a real step always exists. When the time
#: budget holds more levels than the chips need, the blinds keep rising by real steps and
#: overshoot the target (the director is warned) rather than crawl.
MIN_STEP = (6, 5)
#: Paths costing this much more than the best one so far are abandoned.
_PRUNE_MARGIN = 3.0
#: Weight of missing the target big blind at the planned last level, against uneven steps.
_TARGET_WEIGHT = 2.0


def _least_next(small: int) -> int:
    """The smallest blind that is a real step up from `small` (at least `MIN_STEP` times it).

    Whole numbers throughout, so 250 -> 300 (exactly 1.2x) counts as a real step.

    >>> _least_next(250), _least_next(7500)
    (300, 9000)
    """
    num, den = MIN_STEP
    return -(-small * num // den)


def _blind_grid(ladder: Sequence[int], start_chips: Sequence[int]) -> list[int]:
    """The round small blinds whose blinds the chips handed out can pay."""
    return [s for s in ladder if can_make(s, start_chips) and can_make(2 * s, start_chips)]


def _slowest_next(small: int, grid: Sequence[int]) -> int:
    """The smallest small blind that can follow `small`: the least round real step, or double."""
    after = bisect.bisect_left(grid, _least_next(small))
    return grid[after] if after < len(grid) and grid[after] <= 2 * small else 2 * small


def _levels_within(first_sb: int, grid: Sequence[int], cap_sb: int, limit: int) -> int:
    """How many levels (at most `limit`) the slowest real progression keeps within `cap_sb`.

    >>> _levels_within(5, blind_ladder(1000), 100, 50)  # 5 6 8 10 15 20 25 30 40 50 60 75 100
    13
    """
    small, count = first_sb, 1
    while count < limit:
        small = _slowest_next(small, grid)
        if small > cap_sb:
            break
        count += 1
    return count


def _blind_progression(
    first_sb: int,
    step: float,
    target_bb: int,
    planned: int,
    total_levels: int,
    start_chips: Sequence[int],
    ladder: Sequence[int],
    cap_sb: int,
) -> list[int]:
    """The small blinds of every level: as even a progression as the chips allow.

    A shortest path over (level, small blind): each level's blind is a round value at least
    `MIN_STEP` times the previous one and at most double it; the cost adds up how far each step
    is from the even ratio `step` (squared, in log terms), how far the planned last big blind is
    from the target, and penalties for blinds that need a chip the structure had stopped using or
    that are not round. Level 1 is `first_sb`; no small blind exceeds `cap_sb`, which the
    slowest progression respects for `total_levels` levels (`_levels_within`).
    """
    log_step = math.log(step)
    grid = _blind_grid(ladder, start_chips)
    payable_by: dict[tuple[int, ...], frozenset[int]] = {}
    costs: dict[int, float] = {first_sb: 0.0}
    back: list[dict[int, int]] = []
    for number in range(2, total_levels + 1):
        ideal_sb = first_sb * step ** (number - 1)
        allowed = tuple(
            v for v in start_chips if v * RETIRE_FACTOR > ideal_sb or v == start_chips[-1]
        )
        if allowed not in payable_by:
            payable_by[allowed] = frozenset(
                s for s in grid if can_make(s, allowed) and can_make(2 * s, allowed)
            )
        payable = payable_by[allowed]
        reachable = sorted(costs)
        start = bisect.bisect_left(grid, _least_next(reachable[0]))
        stop = bisect.bisect_right(grid, 2 * reachable[-1])
        options = dict.fromkeys(grid[start:stop], 0.0)
        for previous in reachable:
            # A blind with no round value from a real step up to double goes to double itself
            # (always payable: twice an amount the chips make).
            after = bisect.bisect_left(grid, _least_next(previous))
            if after == len(grid) or grid[after] > 2 * previous:
                options.setdefault(2 * previous, _OFF_LADDER_COST)
        options = {s: c for s, c in options.items() if s <= cap_sb}
        new_costs: dict[int, float] = {}
        links: dict[int, int] = {}
        for small, base in options.items():
            penalty = base
            if small not in payable:
                penalty += _RETIRED_CHIP_COST
            if number == planned and target_bb > 0:
                penalty += _TARGET_WEIGHT * math.log(2 * small / target_bb) ** 2
            log_small = math.log(small)
            # Only blinds from half this one up to a real step below it can come before it.
            first = bisect.bisect_left(reachable, (small + 1) // 2)
            for previous in reachable[first:]:
                if _least_next(previous) > small:
                    break
                log_ratio = log_small - math.log(previous)
                total = costs[previous] + (log_ratio - log_step) ** 2 + penalty
                if small not in new_costs or total < new_costs[small]:
                    new_costs[small] = total
                    links[small] = previous
        # Paths far costlier than the best cannot come back: dropping them keeps this fast.
        best = min(new_costs.values())
        costs = {s: c for s, c in new_costs.items() if c <= best + _PRUNE_MARGIN}
        # The slowest path is always kept, so the cap leaves a way on at every level.
        lowest = min(new_costs)
        costs[lowest] = new_costs[lowest]
        back.append(links)
    small = min(costs, key=lambda s: (costs[s], s))
    path = [small]
    for links in reversed(back):
        small = links[small]
        path.append(small)
    return path[::-1]


def _choose_ante(
    big_blind: int, small_blind: int, previous: int, allowed: Sequence[int], fallback: Sequence[int]
) -> int:
    """A per-player ante near an eighth of the big blind (100/200 ante 25), never decreasing."""
    for chips in (allowed, fallback):
        candidates = [
            a for a in ante_ladder(small_blind) if a >= previous and can_make(a, chips) and a > 0
        ]
        if candidates:
            return min(candidates, key=lambda a: (_log_distance(a, big_blind / 8), a))
    return small_blind


def _color_ups(
    levels: Sequence[tuple[int, ...]], break_after: Iterable[int], start: Sequence[int]
) -> dict[int, tuple[int, ...]]:
    """For each break (by the level number before it), the chips colored up there.

    At each break the smallest chip in play goes if no later level needs it, then the next
    smallest, and so on (larger chips stay: a color-up trades small chips for bigger ones).
    """
    in_play = sorted(set(start))
    result: dict[int, tuple[int, ...]] = {}
    for number in sorted(break_after):
        later = [a for amounts in levels[number:] for a in amounts]
        removed = []
        while len(in_play) > 1:
            candidate = in_play[0]
            rest = in_play[1:]
            if all(can_make(a, rest) for a in later):
                removed.append(candidate)
                in_play = rest
            else:
                break
        result[number] = tuple(removed)
    return result


def _check_positive(value: int, what: str, minimum: int = 1, maximum: int | None = None) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        bound = "above 0" if minimum == 1 else f"{minimum} or more"
        raise GeneratorError(f"{what} must be a whole number {bound} (got {value!r}).")
    if maximum is not None and value > maximum:
        raise GeneratorError(f"{what} must be at most {maximum:,} (got {value:,}).")


def suggest_structure(
    players: int,
    starting_stack: int,
    level_minutes: int,
    duration_minutes: int,
    chips: ChipSet | Iterable[int],
    rebuys: int = 0,
    addons: int = 0,
    addon_stack: int | None = None,
    break_every_minutes: int = 90,
    break_minutes: int = 15,
    antes_from_level: int | None = None,
    extra_levels: int = 4,
    *,
    rebuy_stack: int | None = None,
    ante_style: AnteStyle = AnteStyle.BIG_BLIND,
    game: str = "NLHE",
    name: str | None = None,
    spare_percent: int = 10,
) -> SuggestedStructure:
    """Suggest a blind structure, stack breakdown and chip count for the night.

    Args:
        players: Players expected (2 or more).
        starting_stack: The starting stack.
        level_minutes: The length of every level.
        duration_minutes: The time budget: how long the tournament should last, breaks included.
        chips: The chip set (or its values, in standard colors).
        rebuys: Rebuys expected in total.
        addons: Add-ons expected in total.
        addon_stack: The chips one add-on gives (default: the starting stack).
        break_every_minutes: Play between breaks (0: no breaks).
        break_minutes: The length of a break.
        antes_from_level: The first level with an ante (default: the first level after the first
            break, or a third of the way through when there is no break).
        extra_levels: Levels after the planned last one, 3 to 5.
        rebuy_stack: The chips one rebuy gives (default: the starting stack).
        ante_style: Big blind ante (the default), per-player ante, or none.
        game: The game label of every level.
        name: The structure's name (default: describes the inputs).
        spare_percent: Spare chips per denomination, in percent.

    Returns:
        The suggestion; `warnings` says what could not be done as the rules ask.

    Raises:
        GeneratorError: An input is out of range, or the chips cannot make the starting stack.

    >>> r = suggest_structure(10, 300, 20, 240, (5, 25))
    >>> [lv.big_blind for lv in r.structure.play_levels()][:5], r.warnings[0][:40]
    ([10, 20, 30, 40, 50], 'First big blind 10 is 3.3% of the starti')
    """
    _check_positive(players, "Players", 2, MAX_PLAYERS)
    _check_positive(starting_stack, "Starting stack", 1, MAX_STACK)
    _check_positive(level_minutes, "Level length (minutes)", 1, MAX_MINUTES)
    _check_positive(duration_minutes, "Time budget (minutes)", 1, MAX_MINUTES)
    _check_positive(rebuys, "Rebuys", 0, MAX_ENTRIES)
    _check_positive(addons, "Add-ons", 0, MAX_ENTRIES)
    _check_positive(break_every_minutes, "Break interval (minutes)", 0, MAX_MINUTES)
    _check_positive(break_minutes, "Break length (minutes)", 1, MAX_MINUTES)
    _check_positive(spare_percent, "Spares (%)", 0, MAX_SPARE_PERCENT)
    if duration_minutes < level_minutes:
        raise GeneratorError(
            f"Time budget: {duration_minutes} minutes is shorter than one level "
            f"({level_minutes} minutes)."
        )
    if isinstance(extra_levels, bool) or not isinstance(extra_levels, int):
        raise GeneratorError(f"Extra levels must be a whole number (got {extra_levels!r}).")
    if not 3 <= extra_levels <= 5:
        raise GeneratorError(f"Extra levels: {extra_levels} is not between 3 and 5.")
    if antes_from_level is not None:
        _check_positive(antes_from_level, "Antes from level", 1, MAX_LEVEL_NUMBER)
    ante_style = AnteStyle(ante_style)
    rebuy_stack = starting_stack if rebuy_stack is None else rebuy_stack
    addon_stack = starting_stack if addon_stack is None else addon_stack
    _check_positive(rebuy_stack, "Rebuy stack", 1, MAX_STACK)
    _check_positive(addon_stack, "Add-on stack", 1, MAX_STACK)
    try:
        chip_set = chips if isinstance(chips, ChipSet) else ChipSet.standard(chips)
    except ChipError as error:
        raise GeneratorError(str(error)) from None

    warnings: list[str] = []
    total_chips = players * starting_stack + rebuys * rebuy_stack + addons * addon_stack
    target = total_chips * LAST_BIG_BLIND_PERCENT // 100
    planned, total_levels, break_after = plan_timeline(
        level_minutes, duration_minutes, break_every_minutes, break_minutes, extra_levels
    )

    # Level 1 and the starting stack go together: the stack's chips must pay the first blinds.
    def ratio(first_sb: int) -> float:
        return (target / (2 * first_sb)) ** (1 / max(1, planned - 1)) if target > 0 else 1.0

    # Round values far enough up for the extra levels of even the slowest-growing structure,
    # but never past the cap: a big blind beyond every chip in play is not a level.
    cap_sb = min(BLIND_CAP_FACTOR * total_chips, MAX_AMOUNT) // 2
    ladder = blind_ladder(min(max(target, starting_stack) * 2 ** min(total_levels, 40), cap_sb))
    ratios = {s: ratio(s) for s in ladder}
    candidates, inside = _first_blinds(starting_stack, chip_set, ratios)
    # The first blind whose stack is easiest to handle (20-60 chips) wins, in preference order.
    options: list[tuple[int, StackBreakdown]] = []
    for sb in candidates:
        try:
            options.append((sb, stack_breakdown(starting_stack, chip_set, must_make=(sb, 2 * sb))))
        except ChipError:
            continue
        if STACK_CHIPS_MIN <= options[-1][1].chip_count <= STACK_CHIPS_MAX:
            break
    handy = [o for o in options if STACK_CHIPS_MIN <= o[1].chip_count <= STACK_CHIPS_MAX]
    if not options:
        raise GeneratorError(
            f"Starting stack T{starting_stack:,} cannot be made with the chips "
            f"{', '.join(f'T{v:,}' for v in chip_set.values)} together with a first small "
            "blind and big blind."
        )
    first_sb, breakdown = handy[-1] if handy else options[0]
    if not inside:
        share = 200 * first_sb / starting_stack
        warnings.append(
            f"First big blind {2 * first_sb:,} is {share:.1f}% of the starting stack: the chips "
            "cannot make a big blind of 1-2% with a small blind of half."
        )
    try:
        rebuy_chips = rebuy_breakdown(rebuy_stack, chip_set)
        addon_chips = rebuy_breakdown(addon_stack, chip_set)
    except ChipError as error:
        raise GeneratorError(str(error)) from None
    issued = set(breakdown.values)
    if rebuys:
        issued |= set(rebuy_chips.values)
    if addons:
        issued |= set(addon_chips.values)
    start_chips = tuple(sorted(issued))
    if breakdown.chip_count > STACK_CHIPS_MAX:
        warnings.append(
            f"A starting stack takes {breakdown.chip_count} chips: larger denominations would "
            "make it easier to handle."
        )
    thin = thin_stack_warning(breakdown, chip_set)
    if thin is not None:
        warnings.append(thin)

    # Short levels over a long budget: more levels than any real progression can fill before
    # the blinds pass every chip in play. The structure stops there.
    usable = _levels_within(first_sb, _blind_grid(ladder, start_chips), cap_sb, total_levels)
    if usable < total_levels:
        warnings.append(
            f"The time budget holds {total_levels} levels of {level_minutes} minutes, more "
            f"levels than the chips can use: by level {usable + 1} the big blind would pass "
            f"{BLIND_CAP_FACTOR} times the {total_chips:,} chips in play, so the structure "
            f"stops at level {usable}. Longer levels would fill the time budget."
        )
        total_levels = usable
        planned = max(1, min(planned, usable - extra_levels))
        break_after = tuple(b for b in break_after if b < total_levels)

    # The even curve from the first big blind to the target at the planned last level.
    step = ratio(first_sb)
    if step > 2.0:
        warnings.append(
            f"The blinds would have to more than double each level to reach "
            f"{target:,} ({LAST_BIG_BLIND_PERCENT}% of the chips) by level {planned}: "
            "they double instead, so expect the game to run long (longer budget or shorter "
            "levels would help)."
        )
        step = 2.0
    step = max(step, 1.0)
    if ante_style is AnteStyle.NONE:
        antes_from = None
    elif antes_from_level is not None:
        antes_from = antes_from_level
    elif break_after:
        antes_from = min(break_after) + 1
    else:
        antes_from = max(2, planned // 3 + 1)

    smalls = _blind_progression(
        first_sb, step, target, planned, total_levels, start_chips, ladder, cap_sb
    )
    amounts: list[tuple[int, int, int]] = []
    previous_ante = 0
    for number, small in enumerate(smalls, start=1):
        big = 2 * small
        ante = 0
        if antes_from is not None and number >= antes_from:
            if ante_style is AnteStyle.BIG_BLIND:
                ante = big
            else:
                allowed = [
                    v for v in start_chips if v * RETIRE_FACTOR > small or v == start_chips[-1]
                ]
                ante = _choose_ante(big, small, previous_ante, allowed, start_chips)
                previous_ante = ante
        amounts.append((small, big, ante))

    last_bb = amounts[planned - 1][1]
    if target and last_bb > target * TARGET_TOLERANCE:
        warnings.append(
            f"The planned last big blind ({last_bb:,} at level {planned}) is far from "
            f"{target:,}, {LAST_BIG_BLIND_PERCENT}% of the {total_chips:,} chips in play: the "
            "time budget holds more levels than the chips need, so the blinds outgrow the "
            "stacks; longer levels or a shorter budget would fit better."
        )
    elif target and last_bb * TARGET_TOLERANCE < target:
        warnings.append(
            f"The planned last big blind ({last_bb:,} at level {planned}) is far from "
            f"{target:,}, {LAST_BIG_BLIND_PERCENT}% of the {total_chips:,} chips in play: "
            "expect the game to run past the time budget."
        )

    level_amounts = [tuple(a for a in triple if a) for triple in amounts]
    color_ups = _color_ups(level_amounts, break_after, start_chips)
    items: list[Item] = []
    break_count = 0
    for number, (small, big, ante) in enumerate(amounts, start=1):
        items.append(
            Level(
                small,
                big,
                ante=ante,
                big_blind_ante=ante_style is AnteStyle.BIG_BLIND and ante > 0,
                minutes=level_minutes,
                game=game,
            )
        )
        if number in break_after:
            break_count += 1
            items.append(
                Break(break_minutes, label=f"Break {break_count}", color_up=color_ups[number])
            )
    title = name or (
        f"T{starting_stack:,}, {players} players, {level_minutes}-minute levels, "
        f"{duration_minutes // 60}h{duration_minutes % 60:02d}"
    )
    structure = Structure(title, tuple(items), planned)
    structure.validate_chips(start_chips)  # true by construction; a failure here is a bug

    needed = chips_needed(
        players,
        rebuys,
        addons,
        breakdown,
        rebuy=rebuy_chips,
        addon=addon_chips,
        chip_set=chip_set,
        color_ups=[item.color_up for item in items if item.is_break],
        spare_percent=spare_percent,
    )
    warnings.extend(needed.warnings)
    return SuggestedStructure(
        structure=structure,
        planned_last_level=planned,
        starting_stack=starting_stack,
        breakdown=breakdown,
        rebuy_breakdown=rebuy_chips,
        addon_breakdown=addon_chips,
        chips_needed=needed,
        total_chips=total_chips,
        target_last_big_blind=target,
        denominations_in_play=start_chips,
        warnings=tuple(warnings),
    )
