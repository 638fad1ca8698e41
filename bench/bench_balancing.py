"""Benchmark: balancing and breaking a 1,000-player event on 100 tables of 10.

Players are drawn at random, every table gets a button, then 990 players go out in random order.
After each bust one decision runs: `plan_table_breaks` (tables break as soon as the players fit
at one table fewer; the final table forms at 10) and `plan_balance` (TDA moves within the policy).
When the planner asks for a button the clock stops while the "director" answers (a random occupied
seat), then the planner runs again: that second run counts in the same decision. A hand is played
at the busted player's table before each bust, so buttons move as they would in a room.

The goal is on wall-clock time. CPU time of this process is printed too, because on a shared or
busy machine the wall clock also counts time spent waiting for a CPU.

Run: `.venv/bin/python bench/bench_balancing.py`
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter
from dataclasses import dataclass

from clockapp.core.seating import (
    Seating,
    Table,
    advance_button,
    draw_seats,
    set_button,
    without_player,
)
from clockapp.core.seating.balancing import BalancePlan, BalancePolicy, NeedButton, plan_balance
from clockapp.core.seating.planning import MoveStats
from clockapp.core.seating.table_breaks import plan_table_breaks

PLAYERS = 1000
TABLES = 100
SEATS = 10
BUSTS = 990
GOAL_P99_MS = 20.0


@dataclass(frozen=True)
class Figures:
    """What one run measured (times in milliseconds, the whole run in seconds)."""

    p50: float
    p99: float
    max: float
    cpu_p50: float
    cpu_p99: float
    whole: float
    kinds: Counter[str]
    questions: int


def run(
    policy: BalancePolicy, seed: int, forget_buttons: bool = False, teams: bool = False
) -> Figures:
    """One whole event; returns the figures to print.

    With `forget_buttons`, a table's button is cleared after it gave or got a player (as a
    service might do, since the button moves every hand), so the planner has to ask again.
    With `teams`, 400 of the players are on 50 teams of 8, which every decision keeps spread.
    """
    rng = random.Random(seed)
    tables = tuple(Table(n, seat_count=SEATS) for n in range(1, TABLES + 1))
    team_of = {p: f"team {p % 50}" for p in range(1, 401)} if teams else None
    room = draw_seats(Seating(tables), list(range(1, PLAYERS + 1)), rng, teams=team_of).seating
    for table in tables:
        room = set_button(room, table.number, rng.choice(sorted(room.players_at(table.number))))
    stats = MoveStats()
    out_order = list(range(1, PLAYERS + 1))
    rng.shuffle(out_order)
    decisions: list[float] = []
    cpu: list[float] = []
    kinds: Counter[str] = Counter()
    questions = 0
    run_start = time.perf_counter()
    for player in out_order[:BUSTS]:
        seat = room.seat_of(player)
        assert seat is not None
        table = room.table(seat.table)
        if table.button is not None and room.count(table.number) >= 2:
            room = advance_button(room, table.number)
        room = without_player(room, player)
        spent = spent_cpu = 0.0
        started, started_cpu = time.perf_counter(), time.process_time()
        breaks = plan_table_breaks(room, rng, stats=stats, teams=team_of)
        result: BalancePlan | NeedButton = plan_balance(
            breaks.seating, policy, breaks.stats, teams=team_of
        )
        spent += time.perf_counter() - started
        spent_cpu += time.process_time() - started_cpu
        answered = breaks.seating
        while isinstance(result, NeedButton):
            questions += 1
            taken = sorted(answered.players_at(result.table))
            answered = set_button(answered, result.table, rng.choice(taken))
            started, started_cpu = time.perf_counter(), time.process_time()
            result = plan_balance(answered, policy, breaks.stats, teams=team_of)
            spent += time.perf_counter() - started
            spent_cpu += time.process_time() - started_cpu
        decisions.append(spent)
        cpu.append(spent_cpu)
        room, stats = result.seating, result.stats
        if forget_buttons:
            for move in result.moves:
                for number in (move.from_seat.table, move.to_seat.table):
                    room = set_button(room, number, None)
        kinds.update(m.kind.value for m in breaks.moves + result.moves)
        counts = room.counts().values()
        assert max(counts) - min(counts) <= policy.allowed_difference(len(counts))
    whole = time.perf_counter() - run_start
    assert room.player_count == PLAYERS - BUSTS
    assert len(room.tables) == 1
    ms = [d * 1000 for d in decisions]
    cpu_ms = [d * 1000 for d in cpu]
    return Figures(
        p50=statistics.median(ms),
        p99=statistics.quantiles(ms, n=100)[98],
        max=max(ms),
        cpu_p50=statistics.median(cpu_ms),
        cpu_p99=statistics.quantiles(cpu_ms, n=100)[98],
        whole=whole,
        kinds=kinds,
        questions=questions,
    )


def main() -> None:
    print(
        f"bench_balancing: {PLAYERS:,} players on {TABLES} tables of {SEATS}, "
        f"{BUSTS} busts in random order, break + balance after each"
    )
    runs = (
        (BalancePolicy.within_one(), 2026, False, False),
        (BalancePolicy.within_two_from(3), 7, False, False),
        (BalancePolicy.within_one(), 99, True, False),
        (BalancePolicy.within_one(), 2026, False, True),
    )
    for policy, seed, forget, teams in runs:
        f = run(policy, seed, forget, teams)
        verdict = "OK" if f.p99 < GOAL_P99_MS else "MISSED"
        buttons = "buttons cleared after each use" if forget else "buttons kept"
        if teams:
            buttons += ", 50 teams of 8 kept spread"
        print(f"  policy: {policy}  (seed {seed}, {buttons})")
        print(
            f"    moves: {f.kinds['balance']} balance, {f.kinds['break']} break, "
            f"{f.kinds['final table']} final-table redraw; button questions: {f.questions}"
        )
        print(
            f"    per decision (wall): p50 {f.p50:.2f} ms, p99 {f.p99:.2f} ms, max {f.max:.2f} ms"
            f"   goal: p99 < {GOAL_P99_MS:.0f} ms  {verdict}"
        )
        print(
            f"    per decision (CPU of this process): p50 {f.cpu_p50:.2f} ms, "
            f"p99 {f.cpu_p99:.2f} ms"
        )
        print(
            f"    whole run: {f.whole:.2f} s for {BUSTS} busts "
            "(without_player + plan + apply)   goal: none set"
        )


if __name__ == "__main__":
    main()
