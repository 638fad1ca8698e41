"""Benchmark: exact ICM (Malmuth-Harville) up to 20 players; goal: 20 players under 1 s.

Run: `.venv/bin/python bench/bench_icm.py`. Each size is timed on a realistic final table (varied
stacks, every place paid) several times; the best and the median are printed next to the goal,
with a check that the equities add up exactly to the prizes. Up to 10 players ICM runs in
fractions, from 11 to 20 over every subset with numpy (MTT Tournament Director is exact up to 20).
A 24-player estimate (Monte Carlo, default samples) is timed too, with the margin it states.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from clockapp.core.icm import DEFAULT_SAMPLES, icm_equities, propose_deal

GOAL_SECONDS = 1.0
REPEATS = 5


def final_table(players: int, seed: int) -> tuple[list[int], list[int]]:
    """Stacks between 5 and 40 big blinds' worth of chips, and a payout ladder (cents)."""
    rng = random.Random(seed)
    stacks = [rng.randrange(50_000, 4_000_000, 25) for _ in range(players)]
    prizes = [int(1_000_000 / place) // 100 * 100 for place in range(1, players + 1)]
    return stacks, prizes


def timed(action: Callable[[], object]) -> tuple[float, float]:
    """Best and median wall time over REPEATS runs, in seconds."""
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def main() -> None:
    """Print the timings with the goal next to them."""
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
            line += f"   goal < {GOAL_SECONDS * 1000:.0f} ms: {'met' if ok else 'MISSED'}"
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
    print("result:", "goal met" if all(verdicts) else "goal MISSED")


if __name__ == "__main__":
    main()
