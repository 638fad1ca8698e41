"""The structure generator over the whole grid of a host's inputs: how far it misses the rules.

Prints, over players 2..60, time budgets 1h..8h, level lengths 10..40 minutes and common starting
stacks (chips T25-T5,000, a 500-chip home case counted):
- the end of the planned last level against the time budget (minutes over and under);
- the planned last big blind as a share of the chips in play (the hosts' rule: about 5%);
- suggestions that need more chips of a colour than the host owns without saying so.

Goals: the planned last level ends within one level of the budget; the last big blind
is never above 7.5% of the chips in play (the hosts' rule: about 5%); a shortfall of owned chips is
always said, never silent.

    python bench/bench_generator_grid.py
"""

from __future__ import annotations

import itertools
import statistics
import sys
import time

from clockapp.core.chips import ChipSet
from clockapp.core.generator import suggest_structure
from clockapp.errors import DomainError

PLAYERS = (2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60)
HOURS = (1, 2, 3, 4, 5, 6, 7, 8)
LEVEL_MINUTES = (10, 15, 20, 25, 30, 40)
STACKS = (1500, 3000, 5000, 10_000, 20_000)
#: A common home case: T25 green, T100 black, T500 purple, T1,000 yellow, T5,000 orange.
CHIPS = ChipSet.standard((25, 100, 500, 1000, 5000), owned=(300, 300, 150, 100, 50))


def planned_end(structure, planned: int) -> int:
    index = structure.index_of_level(planned)
    return sum(item.minutes for item in structure.levels[: index + 1])


def main() -> int:
    began = time.perf_counter()
    overs, unders, shares, errors, silent_short, said_short, far = [], [], [], 0, 0, 0, 0
    high = beyond = 0
    worst_over = worst_share = None
    count = 0
    for players, hours, level, stack in itertools.product(PLAYERS, HOURS, LEVEL_MINUTES, STACKS):
        if level > hours * 60:
            continue
        count += 1
        try:
            r = suggest_structure(players, stack, level, hours * 60, CHIPS)
        except DomainError:
            errors += 1
            continue
        end = planned_end(r.structure, r.planned_last_level)
        delta = end - hours * 60
        (overs if delta > 0 else unders).append(abs(delta))
        if delta > level and (worst_over is None or delta > worst_over[0]):
            worst_over = (delta, players, hours, level, stack)
        share = 100 * r.planned_last_big_blind / r.total_chips
        shares.append(share)
        if not 5 / 1.5 <= share <= 5 * 1.5:
            far += 1
        high += share > 5 * 1.5
        beyond += abs(delta) > level
        if share > 5 and (worst_share is None or share > worst_share[0]):
            worst_share = (share, players, hours, level, stack)
        short = r.chips_needed.short
        if short:
            if any("short" in w or "more" in w for w in r.warnings):
                said_short += 1
            else:
                silent_short += 1
    print(f"inputs: {count} (errors {errors}) in {time.perf_counter() - began:.1f} s")
    print(
        f"end of the planned last level vs budget: over in {len(overs)}, max over "
        f"{max(overs, default=0)} min, mean over {statistics.fmean(overs or [0]):.1f} min; "
        f"max under {max(unders, default=0)} min"
    )
    print(f"  more than one level off the budget: {beyond}   (goal: 0)")
    shares.sort()
    print(
        f"last BB % of chips in play: min {shares[0]:.2f} median {statistics.median(shares):.2f} "
        f"max {shares[-1]:.2f}; outside 3.33-7.5%: {far}; highest: {worst_share}"
    )
    print(f"  last BB above 7.5% of chips in play: {high}   (goal: 0)")
    print(f"chip shortfalls: said {said_short}")
    print(f"  shortfalls not said: {silent_short}   (goal: 0)")
    missed = beyond + high + silent_short + errors
    print("goals: met" if not missed else "goals: MISSED")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
