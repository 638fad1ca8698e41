"""Clock drift: 8 simulated hours with 200 random pauses, 200 resumes and 200 minute changes.

A fake clock (whole milliseconds, the engine's resolution) jumps through an 8-hour night while a
director pauses, resumes and adds or removes minutes at random moments. After every action, and at
thousands of random moments in between, the time left that `clockapp.core.clock.view` shows is
compared with the exact expectation, computed independently from the total time the clock ran:

    expected position in the night = sum of the running intervals
    item boundaries = cumulative (scheduled minutes + minutes added to that item)
    time left = boundary of the current item - position

The state is also written out and read back as plain fields after every action, as the app does
when it saves to its database, so a restart at any moment would show the same.

Run: `.venv/bin/python bench/bench_drift.py [seed]`. Goal: 0 ms error, 0 wrong levels.
"""

from __future__ import annotations

import bisect
import random
import sys
import time
from dataclasses import fields
from datetime import UTC, datetime, timedelta

from clockapp.core.clock import (
    ONE_MINUTE_MS,
    ClockState,
    add_time,
    pause,
    resume,
    start,
    view,
)
from clockapp.core.structure import Break, Item, Level, Structure

NIGHT_MS = 8 * 3_600_000
ACTIONS_PER_KIND = 200
PROBES = 20_000
T0 = datetime(2025, 11, 21, 19, 0, tzinfo=UTC)


def night_structure() -> Structure:
    """A long evening: 20-minute levels with a 15-minute break every four levels."""
    items: list[Item] = []
    small = 25
    for number in range(1, 61):
        items.append(Level(small, 2 * small, minutes=20))
        small = small * 3 // 2 // 25 * 25 or 25
        if number % 4 == 0:
            items.append(Break(15))
    return Structure("Drift night", tuple(items))


class Expectation:
    """The exact answer, from sums of whole milliseconds: no stepping, no engine code."""

    def __init__(self, structure: Structure) -> None:
        self.lengths = [item.minutes * ONE_MINUTE_MS for item in structure.levels]
        self.added = [0] * len(self.lengths)
        self.position = 0  # milliseconds of play so far
        self.running_since: int | None = None

    def boundaries(self) -> list[int]:
        ends, total = [], 0
        for length, extra in zip(self.lengths, self.added, strict=True):
            total += length + extra
            ends.append(total)
        return ends

    def at(self, t: int) -> tuple[int, int]:
        """(item index, ms left) at fake time t."""
        position = self.position + (t - self.running_since if self.running_since is not None else 0)
        ends = self.boundaries()
        index = bisect.bisect_right(ends, position)
        index = min(index, len(ends) - 1)
        return index, ends[index] - position

    def pause(self, t: int) -> None:
        assert self.running_since is not None
        self.position += t - self.running_since
        self.running_since = None

    def resume(self, t: int) -> None:
        self.running_since = t

    def add(self, t: int, ms: int) -> None:
        index, left = self.at(t)
        # Never below 0: removing more than is left ends the item now.
        self.added[index] += max(ms, -left)


def main() -> int:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 2024
    rng = random.Random(seed)
    structure = night_structure()
    expectation = Expectation(structure)

    # 600 actions at distinct random whole-millisecond moments: pauses and resumes alternate,
    # minute changes fall anywhere.
    moments = sorted(rng.sample(range(1, NIGHT_MS), 3 * ACTIONS_PER_KIND))
    toggles = sorted(rng.sample(moments, 2 * ACTIONS_PER_KIND))
    toggle_set = set(toggles)
    probes = sorted(rng.randrange(NIGHT_MS) for _ in range(PROBES))

    state = start(ClockState(), structure, T0)
    expectation.resume(0)
    checks = 0
    max_error = 0
    wrong_levels = 0
    view_seconds = 0.0
    counts = {"pause": 0, "resume": 0, "add": 0}

    def check(t: int) -> None:
        nonlocal checks, max_error, wrong_levels, view_seconds
        began = time.perf_counter()
        shown = view(state, structure, T0 + timedelta(milliseconds=t))
        view_seconds += time.perf_counter() - began
        index, left = expectation.at(t)
        checks += 1
        if shown.index != index:
            wrong_levels += 1
        max_error = max(max_error, abs(shown.remaining_ms - left))

    probe_iter = iter(probes)
    next_probe = next(probe_iter, None)
    for t in moments:
        while next_probe is not None and next_probe < t:
            check(next_probe)
            next_probe = next(probe_iter, None)
        now = T0 + timedelta(milliseconds=t)
        if t in toggle_set:
            if state.running:
                state = pause(state, structure, now)
                expectation.pause(t)
                counts["pause"] += 1
            else:
                state = resume(state, structure, now)
                expectation.resume(t)
                counts["resume"] += 1
        else:
            ms = rng.choice((ONE_MINUTE_MS, -ONE_MINUTE_MS))
            state = add_time(state, structure, now, ms)
            expectation.add(t, ms)
            counts["add"] += 1
        # Saved and loaded as plain fields, as the database does.
        state = ClockState(**{f.name: getattr(state, f.name) for f in fields(ClockState)})
        check(t)
        check(t + 1)
    for probe in [*([next_probe] if next_probe is not None else []), *probe_iter]:
        check(probe)
    check(NIGHT_MS)

    final = view(state, structure, T0 + timedelta(milliseconds=NIGHT_MS))
    index, left = expectation.at(NIGHT_MS)
    print(f"bench_drift (seed {seed}): 8 simulated hours on a fake clock in whole milliseconds")
    print(
        f"  actions: {counts['pause']} pauses, {counts['resume']} resumes, "
        f"{counts['add']} minute changes (+/-1 min)"
    )
    print(f"  checks: {checks:,} moments (after every action and at random times)")
    print(
        f"  at 8:00:00.000 the clock shows item {final.index + 1}, {final.remaining_ms:,} ms left; "
        f"exact expectation: item {index + 1}, {left:,} ms left"
    )
    print(f"  max error: {max_error} ms   (goal: 0 ms)")
    print(f"  wrong level shown: {wrong_levels}   (goal: 0)")
    print(f"  view() cost: {view_seconds / checks * 1e6:.1f} us per call (computed from now)")
    ok = max_error == 0 and wrong_levels == 0 and final.remaining_ms == left
    print("  result:", "PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
