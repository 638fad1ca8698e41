"""Benchmark: exact ICM (Malmuth-Harville); goals: 20 players under 1 s, and exact wherever it
is the quicker.

Run: `.venv/bin/python bench/bench_icm.py`. Each size is timed on a realistic final table (varied
stacks, every place paid) several times; the best and the median are printed next to the goal,
with a check that the equities add up exactly to the prizes. Up to 10 players ICM runs in
fractions, then over every subset with numpy up to `SUBSET_PLAYER_LIMIT` (MTT Tournament Director
is exact up to 20). A 24-player estimate (Monte Carlo, default samples) is timed too, with the
margin it states.

Then the switch: the exact walk over every subset doubles in cost with each player, the estimate
barely grows. Both are timed from 19 to 23 players; the size where the exact walk stops being the
quicker is printed beside `SUBSET_PLAYER_LIMIT`, which should sit there (and at 22 at least: an
exact answer is worth a little more time than an estimate with a margin).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from goals import exit_code, verdict

from clockapp.core.icm import DEFAULT_SAMPLES, SUBSET_PLAYER_LIMIT, icm_equities, propose_deal
from clockapp.core.icm_compute import estimate, subset_equities

GOAL_SECONDS = 1.0
REPEATS = 5
#: Exact ICM up to at least this many players, even where the estimate would be a little quicker.
EXACT_AT_LEAST = 22
#: The sizes timed both ways for the switch, and the runs of each (the large ones are slow).
SWITCH_SIZES = range(19, 24)
SWITCH_REPEATS = 3


def final_table(players: int, seed: int) -> tuple[list[int], list[int]]:
    """Stacks between 5 and 40 big blinds' worth of chips, and a payout ladder (cents)."""
    rng = random.Random(seed)
    stacks = [rng.randrange(50_000, 4_000_000, 25) for _ in range(players)]
    prizes = [int(1_000_000 / place) // 100 * 100 for place in range(1, players + 1)]
    return stacks, prizes


def timed(action: Callable[[], object], repeats: int = REPEATS) -> tuple[float, float]:
    """Best and median wall time over `repeats` runs, in seconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def main() -> int:
    """Print the timings with the goal next to them; `goals.MISSED_EXIT` when one is missed."""
    print(f"ICM (Malmuth-Harville), best / median of {REPEATS} runs; goal: 20 players < 1 s")
    verdicts = []
    for players in (8, 10, 12, 16, 20):
        stacks, prizes = final_table(players, seed=players)
        result = icm_equities(stacks, prizes)
        if not result.exact or sum(result.equities) != sum(prizes):
            raise SystemExit(f"{players} players: expected exact equities adding up to the prizes")
        best, median = timed(lambda s=stacks, p=prizes: icm_equities(s, p))
        deal_best, _ = timed(lambda s=stacks, p=prizes: propose_deal(s, p, unit=500))
        line = (
            f"  {players:>2} players, exact:   best {best * 1000:8.1f} ms   "
            f"median {median * 1000:8.1f} ms   (deal in $5 units: {deal_best * 1000:7.1f} ms)"
        )
        if players == 20:
            ok = median < GOAL_SECONDS
            verdicts.append(ok)
            line += f"   goal < {GOAL_SECONDS * 1000:.0f} ms: {verdict(ok)}"
        print(line)
    stacks, prizes = final_table(24, seed=24)
    result = icm_equities(stacks, prizes)
    if result.exact or sum(result.equities) != sum(prizes):
        raise SystemExit("24 players: expected a flagged estimate adding up to the prizes")
    best, median = timed(lambda: icm_equities(stacks, prizes))
    print(
        f"  24 players, estimate ({DEFAULT_SAMPLES:,} samples): best {best * 1000:8.1f} ms   "
        f"median {median * 1000:8.1f} ms   (no goal; {result.method})"
    )
    verdicts.append(switch())
    return exit_code(verdicts)


def switch() -> bool:
    """Time the exact walk and the estimate side by side; True when the limit sits where it should.

    The limit should be the largest size at which the exact walk is still the quicker, and at
    least `EXACT_AT_LEAST`.
    """
    print(
        f"Exact over every subset against the estimate ({DEFAULT_SAMPLES:,} samples), best of "
        f"{SWITCH_REPEATS}"
    )
    quicker = []
    for players in SWITCH_SIZES:
        stacks, prizes = final_table(players, seed=players)
        exact, _ = timed(lambda s=tuple(stacks), p=prizes: subset_equities(s, p), SWITCH_REPEATS)
        guess, _ = timed(
            lambda s=tuple(stacks), p=prizes: estimate(s, p, DEFAULT_SAMPLES, 0), SWITCH_REPEATS
        )
        faster = "exact" if exact <= guess else "estimate"
        if exact <= guess:
            quicker.append(players)
        print(
            f"  {players:>2} players: exact {exact * 1000:8.1f} ms   "
            f"estimate {guess * 1000:8.1f} ms   ({faster} quicker)"
        )
    # The largest size of the run of sizes, from the first, where exact is the quicker.
    last_quicker = SWITCH_SIZES[0] - 1
    for players in SWITCH_SIZES:
        if players not in quicker:
            break
        last_quicker = players
    wanted = max(last_quicker, EXACT_AT_LEAST)
    ok = wanted == SUBSET_PLAYER_LIMIT
    print(
        f"  exact is the quicker up to {last_quicker} players here; exact is used up to "
        f"{SUBSET_PLAYER_LIMIT} (goal: {wanted}, the larger of that and {EXACT_AT_LEAST}): "
        f"{verdict(ok)}"
    )
    return ok


if __name__ == "__main__":
    raise SystemExit(main())
