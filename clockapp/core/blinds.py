"""Blind ladders, the evening's timeline and the blind progression of the structure generator.

The round values directors use (`blind_ladder`, `ante_ladder`), where the levels and breaks fall in
a time budget (`plan_timeline`), and the shortest-path search that picks each level's small blind
(`blind_progression`). `clockapp.core.generator` puts them together into a suggestion.

>>> plan_timeline(20, 300, 90, 15, 4)
(13, 17, (5, 9, 14))
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Iterable, Sequence

from clockapp.core.chips import ChipSet, can_make

#: The smallest chip stops being used for blinds once the small blind is this many times its value.
RETIRE_FACTOR = 20

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


def breaks_after(levels: int, level_minutes: int, every: int) -> frozenset[int]:
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

    The planned last level is the one whose end (breaks before it included) is nearest to
    `duration_minutes` of wall-clock time, the earlier of two equally near: the schedule ends
    within half a level of the budget, or half a level and a break when the budget runs out in
    a break. (It used to be the level being played when the budget ran out, counting the break
    after it too: the planned end overshot by up to a level and a break, 10 minutes on average.)

    >>> plan_timeline(20, 300, 90, 15, 4)  # level 13 ends at 4:50, level 14 at 5:10
    (13, 17, (5, 9, 14))
    >>> plan_timeline(30, 60, 0, 15, 3)
    (2, 5, ())
    """
    # Lay out generously, then cut: breaks depend only on level numbers and play time.
    generous = duration_minutes // level_minutes + 2
    breaks = breaks_after(generous + extra_levels + 1, level_minutes, break_every_minutes)
    clock = 0
    planned, miss = 1, math.inf
    for number in range(1, generous + 1):
        clock += level_minutes  # the end of this level
        if abs(clock - duration_minutes) < miss:
            planned, miss = number, abs(clock - duration_minutes)
        if clock >= duration_minutes:
            break
        if number in breaks:
            clock += break_minutes
    total = planned + extra_levels
    return planned, total, tuple(sorted(b for b in breaks if b < total))


# ------------------------------------------------------------------------------ the generator


def _log_distance(a: float, b: float) -> float:
    return abs(math.log(a / b))


def first_blinds(
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
#: Cost of a level that holds the blinds of the one before (only ever to keep the hosts' rule).
_HOLD_COST = 0.5
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


def blind_grid(ladder: Sequence[int], start_chips: Sequence[int]) -> list[int]:
    """The round small blinds whose blinds the chips handed out can pay."""
    return [s for s in ladder if can_make(s, start_chips) and can_make(2 * s, start_chips)]


def _slowest_next(small: int, grid: Sequence[int]) -> int:
    """The smallest small blind that can follow `small`: the least round real step, or double."""
    after = bisect.bisect_left(grid, _least_next(small))
    return grid[after] if after < len(grid) and grid[after] <= 2 * small else 2 * small


def levels_within(first_sb: int, grid: Sequence[int], cap_sb: int, limit: int) -> int:
    """How many levels (at most `limit`) the slowest real progression keeps within `cap_sb`.

    >>> levels_within(5, blind_ladder(1000), 100, 50)  # 5 6 8 10 15 20 25 30 40 50 60 75 100
    13
    """
    small, count = first_sb, 1
    while count < limit:
        small = _slowest_next(small, grid)
        if small > cap_sb:
            break
        count += 1
    return count


def blind_progression(
    first_sb: int,
    step: float,
    target_bb: int,
    planned: int,
    total_levels: int,
    start_chips: Sequence[int],
    ladder: Sequence[int],
    cap_sb: int,
    *,
    band: float = 1.0,
) -> list[int]:
    """The small blinds of every level: as even a progression as the chips allow.

    A shortest path over (level, small blind): each level's blind is a round value at least
    `MIN_STEP` times the previous one and at most double it; the cost adds up how far each step
    is from the even ratio `step` (squared, in log terms), how far the planned last big blind is
    from the target, and penalties for blinds that need a chip the structure had stopped using or
    that are not round. Level 1 is `first_sb`; no small blind exceeds `cap_sb`, which the
    slowest progression respects for `total_levels` levels (`levels_within`).

    The hosts' rule comes before smoothness: with `band` above 1, the planned last big blind is
    kept within `target_bb / band` to `target_bb * band` whenever doubling can still get there.
    Levels up to the planned last one may then hold the blinds of the level before (at a cost,
    so only when the round values between the first blind and the target are fewer than the
    levels the time budget holds); a rise is still a real step, never a crawl.

    Eight levels from 25/50 with T25 chips, aiming at a big blind of 200 at level 6: smoothness
    alone overshoots to 250/500; the band holds 100/200 for a level and ends at 150/300.

    >>> ladder = blind_ladder(2000)
    >>> blind_progression(25, 1.2, 200, 6, 8, (25, 100), ladder, 10**6)
    [25, 50, 75, 100, 150, 200, 250, 300]
    >>> blind_progression(25, 1.2, 200, 6, 8, (25, 100), ladder, 10**6, band=1.5)
    [25, 50, 75, 100, 100, 150, 200, 250]
    """
    log_step = math.log(step)
    grid = blind_grid(ladder, start_chips)
    lo_bb, hi_bb = target_bb / band, target_bb * band
    # Whether the band can be reached at all: doubling every level from the first blind.
    keep_band = (
        band > 1.0
        and target_bb > 0
        and 2 * first_sb <= hi_bb
        and 2 * first_sb * 2 ** (planned - 1) >= lo_bb
    )

    def on_course(small: int, number: int) -> bool:
        """From `small` at level `number`, the band is still within reach at `planned`."""
        if not keep_band or number > planned:
            return True
        return 2 * small <= hi_bb and 2 * small * 2 ** (planned - number) >= lo_bb

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
        holds = keep_band and number <= planned
        if holds:
            for previous in reachable:
                options.setdefault(previous, 0.0)
        within = {s: c for s, c in options.items() if s <= cap_sb}
        # Round steps may fall short of the doubling the band needs (a field of thousands on
        # small chips): then the band is out of reach, and the smoothest path goes on.
        options = {s: c for s, c in within.items() if on_course(s, number)} or within
        new_costs: dict[int, float] = {}
        links: dict[int, int] = {}
        for small, base in options.items():
            penalty = base
            if small not in payable:
                penalty += _RETIRED_CHIP_COST
            if number == planned and target_bb > 0:
                penalty += _TARGET_WEIGHT * math.log(2 * small / target_bb) ** 2
            log_small = math.log(small)
            if holds and small in costs:
                new_costs[small] = costs[small] + log_step**2 + _HOLD_COST + penalty
                links[small] = small
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


def choose_ante(
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


def color_ups(
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
