"""Several stations at once, as real OS processes: the races the tests and the benches run.

Each station is a process with its own engine (spawned, so nothing is shared but the database),
started together through a barrier, pressing the clock as fast as it can. What each press was
told is counted: acknowledged, refused with the app's own error, or a raw error (never allowed).
"""

from __future__ import annotations

import multiprocessing
import traceback
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import text

from clockapp.core.clock import ClockState
from clockapp.errors import DomainError
from clockapp.persistence.db import make_engine
from clockapp.services.app import Services
from clockapp.services.changes import Change
from clockapp.services.clock import Seen

#: Each press adds this much to the level (so a paused clock counts every press exactly).
ADDED_MS = 1000


@dataclass
class Tally:
    """What the presses of one or more stations were told."""

    added: int = 0  # acknowledged "add time" presses
    toggled: int = 0  # acknowledged pause/resume presses
    refused: int = 0  # refused with the app's own error (the clock changed under the press)
    raw: list[str] = field(default_factory=list)  # anything else: a defect

    def merge(self, other: Tally) -> None:
        self.added += other.added
        self.toggled += other.toggled
        self.refused += other.refused
        self.raw.extend(other.raw)


#: The two rounds of a race: "add time" presses only (a paused clock then counts every one
#: exactly), then "add time" and pause/resume presses mixed.
ROUNDS = (False, True)


def _station(url: str, tid: int, presses: int, barrier: Any, out: Any) -> None:
    engine = make_engine(url)
    clock = Services(engine).clock
    for toggles in ROUNDS:
        tally = Tally()
        barrier.wait()  # everyone starts the round together (the judge has seen the last one)
        for i in range(presses):
            try:
                if toggles and i % 2:
                    # As a station does: the press applies to the clock it shows.
                    clock.toggle_pause(tid, Seen(clock.state(tid)))
                    tally.toggled += 1
                else:
                    clock.add_time(tid, ADDED_MS)
                    tally.added += 1
            except DomainError:
                tally.refused += 1
            except Exception:
                tally.raw.append(traceback.format_exc(limit=3))
        out.put(tally)
    engine.dispose()


def race(url: str, stations: int, presses: int) -> list[tuple[Tally, Verdict]]:
    """`stations` processes press one clock `presses` times each, all at once, in each round.

    Returns each round's tally and verdict.
    """
    tid, before = paused_clock(url)
    ctx = multiprocessing.get_context("spawn")
    barrier, out = ctx.Barrier(stations + 1), ctx.Queue()
    procs = [
        ctx.Process(target=_station, args=(url, tid, presses, barrier, out))
        for _ in range(stations)
    ]
    for proc in procs:
        proc.start()
    rounds: list[tuple[Tally, Verdict]] = []
    logged = 2  # the set-up's start and pause
    for toggles in ROUNDS:
        barrier.wait(timeout=120)
        total = Tally()
        for _ in procs:
            total.merge(out.get(timeout=300))
        verdict = judge(url, tid, before, total, toggles, logged)
        logged += total.added + total.toggled
        rounds.append((total, verdict))
        if not toggles:
            before = ClockState(**{**before.__dict__, "remaining_ms": _remaining(url, tid)})
    for proc in procs:
        proc.join(timeout=60)
    return rounds


def _remaining(url: str, tid: int) -> int | None:
    engine = make_engine(url)
    try:
        return Services(engine).clock.state(tid).remaining_ms
    finally:
        engine.dispose()


@dataclass(frozen=True)
class Verdict:
    """What a race did to the clock: presses lost and whether the clock row was corrupted."""

    lost: int
    corrupted: bool
    detail: str


def paused_clock(url: str, name: str = "Race") -> tuple[int, ClockState]:
    """A new tournament whose clock is started and paused in its first level."""
    engine = make_engine(url)
    services = Services(engine)
    tid = services.tournaments.create(name).value.id
    services.clock.start(tid)
    state = services.clock.pause(tid).value
    engine.dispose()
    return tid, state


def judge(
    url: str, tid: int, before: ClockState, tally: Tally, toggles: bool, logged_before: int
) -> Verdict:
    """Check the clock after a race against what the stations were told."""
    engine = make_engine(url)
    services = Services(engine)
    try:
        try:
            after = services.clock.state(tid)
        except DomainError as error:  # the row no longer makes a valid clock
            return Verdict(tally.added + tally.toggled, True, str(error))
        with engine.connect() as conn:
            logged = conn.execute(
                text('SELECT count(*) FROM "change" WHERE tournament_id = :t AND what = :w'),
                {"t": tid, "w": int(Change.CLOCK)},
            ).scalar_one()
        # Each acknowledged press committed one change.
        lost = logged_before + tally.added + tally.toggled - logged
        if toggles:
            # Every acknowledged pause/resume flipped the clock: the parity must match.
            lost += after.running != (tally.toggled % 2 == 1)
        else:
            # A paused clock: every acknowledged minute is there, exactly.
            expected = (before.remaining_ms or 0) + ADDED_MS * tally.added
            lost += abs((after.remaining_ms or 0) - expected) // ADDED_MS
        return Verdict(lost, False, f"{after} after {logged} logged clock changes")
    finally:
        engine.dispose()
