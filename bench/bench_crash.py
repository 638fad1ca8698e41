"""Benchmark: SIGKILL at 100 random moments of a scripted tournament night.

Each run starts from a database left by an older clockapp (revision 0003, with a tournament in
it), so the night begins with an upgrade (and the backup taken before it); then players buy in,
and each few buy-ins the level changes and an automatic backup is taken, as the clock does. The
child prints an acknowledgement after each action commits (or each backup is complete); the
parent kills it at a random moment (SIGKILL: no clean-up of any kind) and checks what it left:

* the database opens (`open_database`) and SQLite's integrity check says ok,
* every acknowledged buy-in is in the ledger, the clock is at least at every acknowledged level,
* every acknowledged backup exists and is itself a sound database; no half backup is listed.

Goal: 0 unopenable, 0 acknowledged actions lost, 0 broken backups.

Run: `.venv/bin/python bench/bench_crash.py` (POSIX; 30 s to 2 min).
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from clockapp.persistence.backup import check_backup, list_backups  # noqa: E402
from clockapp.persistence.db import open_database  # noqa: E402
from clockapp.persistence.errors import BackupError  # noqa: E402
from clockapp.services.app import Services  # noqa: E402
from clockapp.services.backups import BackupNote  # noqa: E402
from clockapp.services.players import PlayerDetails  # noqa: E402
from tests.persistence.migration_kills import prepare_older  # noqa: E402

KILLS = 100
PLAYERS = 40
LEVEL_EVERY = 5  # buy-ins between level changes (each with a backup)
GOAL = 0


def night(path: Path, acks: int) -> None:
    """The scripted night, in the child: each line on `acks` is a promise made to the room."""

    def ack(line: str) -> None:
        os.write(acks, (line + "\n").encode())

    services = Services(open_database(str(path)))  # the upgrade, after its backup
    ack("migrated")
    services.backups.set_keep(1000)  # keep them all, to check each one
    tid = services.tournaments.create("Crash night").value.id
    ack(f"tournament {tid}")
    services.clock.start(tid)
    for number in range(PLAYERS):
        player = services.players.create(PlayerDetails(f"Player {number}")).value.id
        receipt = services.cashier.buy_in(tid, player).value
        ack(f"buyin {receipt.rows[0].id}")
        if number % LEVEL_EVERY == LEVEL_EVERY - 1:
            state = services.clock.next_level(tid).value
            ack(f"level {tid} {state.index}")
            taken = services.backups.take("level", BackupNote(tid, "Crash night", "", None))
            ack(f"backup {taken.path}")
    services.ctx.engine.dispose()


@dataclass
class Tally:
    """What the kills left, over all runs."""

    runs: int = 0
    unopenable: int = 0
    lost: int = 0
    broken_backups: int = 0
    acknowledged: int = 0
    backups: int = 0
    notes: list[str] = field(default_factory=list)


def check(path: Path, lines: list[str], tally: Tally) -> None:
    """Judge one killed run's database and backups against its acknowledgements."""
    tally.runs += 1
    tally.acknowledged += len(lines)
    try:
        services = Services(open_database(str(path)))
    except Exception as error:  # what the director would see: it does not open
        tally.unopenable += 1
        tally.notes.append(f"unopenable: {type(error).__name__}: {error}")
        return
    try:
        with sqlite3.connect(path) as raw:
            if raw.execute("PRAGMA integrity_check").fetchone() != ("ok",):
                tally.unopenable += 1
            ledger = {row for (row,) in raw.execute("SELECT id FROM ledger_row")}
            clocks = dict(raw.execute("SELECT tournament_id, item_index FROM clock_state"))
        raw.close()
        for line in lines:
            kind, *rest = line.split()
            if _lost(kind, rest, ledger, clocks):
                tally.lost += 1
            elif kind == "backup":
                tally.backups += 1
                try:
                    check_backup(Path(rest[0]))
                except BackupError as error:
                    tally.broken_backups += 1
                    tally.notes.append(str(error))
        for listed in list_backups(path):  # a half-written backup must never be listed
            try:
                check_backup(listed.path)
            except BackupError as error:
                tally.broken_backups += 1
                tally.notes.append(f"listed: {error}")
    finally:
        services.ctx.engine.dispose()


def _lost(kind: str, rest: list[str], ledger: set[int], clocks: dict[int, int]) -> bool:
    """Whether an acknowledged buy-in or level change is missing from the database."""
    if kind == "buyin":
        return int(rest[0]) not in ledger
    if kind == "level":
        return clocks.get(int(rest[0]), -1) < int(rest[1])
    return False


def fork_night(path: Path) -> tuple[int, int]:
    """Start the night on `path` in a forked child; its pid and the read end of its pipe."""
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - the child
        os.close(read)
        try:
            night(path, write)
        except BaseException:
            traceback.print_exc()
        finally:
            os._exit(0)
    os.close(write)
    return child, read


def run_once(older: Path, folder: Path, delay: float) -> tuple[Path, list[str]]:
    """Copy the older database, run the night in a forked child and kill it after `delay` s."""
    path = folder / "night.db"
    path.write_bytes(older.read_bytes())
    child, read = fork_night(path)
    time.sleep(delay)
    os.kill(child, signal.SIGKILL)
    os.waitpid(child, 0)
    with os.fdopen(read) as pipe:
        lines = pipe.read().splitlines()
    return path, lines


def main() -> int:
    """Time a whole night, kill 100 at random moments within it, and print the tally."""
    if sys.platform == "win32":
        print("bench_crash: needs fork (POSIX); skipped")
        return 0
    random.seed(9)
    with tempfile.TemporaryDirectory(prefix="clockapp-crash-") as base:
        older = Path(base) / "older.db"
        prepare_older(older, "0003")
        whole = Path(base) / "whole"
        whole.mkdir()
        (whole / "night.db").write_bytes(older.read_bytes())
        start = time.perf_counter()
        night_in_child(whole / "night.db")
        duration = time.perf_counter() - start
        tally = Tally()
        began = time.perf_counter()
        for kill in range(KILLS):
            folder = Path(base) / f"kill-{kill}"
            folder.mkdir()
            path, lines = run_once(older, folder, random.uniform(0, duration))
            check(path, lines, tally)
        seconds = time.perf_counter() - began
    print(
        f"crash: {tally.runs} SIGKILLs over a {duration:.2f} s night (upgrade, "
        f"{PLAYERS} buy-ins, {PLAYERS // LEVEL_EVERY} levels with backups) "
        f"[{seconds:.1f} s, {datetime.now(UTC):%H:%M} UTC]"
    )
    print(f"  acknowledged actions checked   {tally.acknowledged:6d}")
    print(f"  unopenable databases           {tally.unopenable:6d} (goal {GOAL})")
    print(f"  acknowledged actions lost      {tally.lost:6d} (goal {GOAL})")
    print(
        f"  backups checked / broken       {tally.backups:6d} / {tally.broken_backups} "
        f"(goal {GOAL})"
    )
    for note in tally.notes[:5]:
        print(f"    {note}")
    return 1 if tally.unopenable or tally.lost or tally.broken_backups else 0


def night_in_child(path: Path) -> None:
    """Run the whole night once in a forked child (to time it as the kills will see it)."""
    child, read = fork_night(path)
    with os.fdopen(read) as pipe:
        pipe.read()
    os.waitpid(child, 0)


if __name__ == "__main__":
    sys.exit(main())
