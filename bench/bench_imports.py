"""Benchmark: imports on big files, through the services, database included.

Once a structure import of 100,000 levels took 358 s and a player import of 10,000 rows
18-29 s: both grew with the square of the file (every row counted the levels before it again;
every player was looked up with its own query and flushed on its own). Both are linear now. This
prints each figure beside its goal:

- a structure CSV of the most items a structure may hold (`MAX_ITEMS`; a break every tenth
  row, the chips checked for every blind) imported into a tournament
  (`services.structure.import_text`): goal under 1 s;
- a 10,000-row player CSV imported into a database that already holds 10,000 players, 1,000 of
  them named again in the file (`services.players.import_csv`): goal under 3 s;
- a 10,000-name pre-registration list, previewed then imported: shown for information.

Each is also run at a tenth of its size: when the time grows linearly the ratio is about 10 (a
quadratic import shows about 100). The database is a SQLite file with the app's settings, in a
temporary folder. The CPU time of this process is printed too: on a shared or busy machine the
wall clock also counts waiting for a CPU.

Run: `.venv/bin/python bench/bench_imports.py`
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from sqlmodel import Session

from clockapp.core.structure import CSV_COLUMNS, MAX_ITEMS
from clockapp.persistence.db import make_engine, migrate
from clockapp.persistence.models import PlayerRow
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails, apply_details

LEVELS = MAX_ITEMS  # a longer structure is refused (bench_hostile.py times the refusal)
PLAYERS = 10_000
GOAL_STRUCTURE_S = 1.0
GOAL_PLAYERS_S = 3.0


def structure_csv(items: int) -> str:
    """A structure CSV of `items` rows: levels with antes, a break with a label every tenth."""
    lines = [",".join(CSV_COLUMNS)]
    for i in range(items):
        if i % 10 == 9:
            lines.append(f'break,,,,,10,,"Break {i // 10}, short",,')
        else:
            blind = 100 * (1 + i % 50)
            lines.append(f"level,{blind},{2 * blind},{2 * blind},yes,20,NLHE,,,")
    return "\n".join(lines) + "\n"


def players_csv(rows: int, known: int) -> str:
    """A player CSV: `known` names already in the database, the rest new."""
    lines = ["name,nickname,phone,email,team,notes"]
    for n in range(rows):
        name = f"Known Player {n:05d}" if n < known else f"New Player {n:05d}"
        lines.append(f'{name},,555-{n:04d},p{n}@club.example,Team {n % 12},"note, {n}"')
    return "\n".join(lines) + "\n"


def fill_database(services: Services, count: int) -> None:
    """`count` players already in the database (written directly: only the import is timed)."""
    now = services.now()
    with Session(services.ctx.engine) as session, session.begin():
        for n in range(count):
            row = PlayerRow(name="", created_at=now)
            apply_details(row, PlayerDetails(f"Known Player {n:05d}"))
            session.add(row)


def timed(work: Callable[[], object]) -> tuple[float, float]:
    """(wall, CPU) seconds that `work` took."""
    start, cpu = time.perf_counter(), time.process_time()
    work()
    return time.perf_counter() - start, time.process_time() - cpu


def main() -> None:
    with tempfile.TemporaryDirectory(dir=Path.home() if Path.home().is_dir() else None) as folder:
        engine = make_engine(str(Path(folder) / "bench.db"))
        migrate(engine)
        services = Services(engine)
        figures: dict[str, tuple[float, float]] = {}

        for items in (LEVELS // 10, LEVELS):
            tid = services.tournaments.create(f"Structure {items}").value.id
            text = structure_csv(items)
            figures[f"structure {items}"] = timed(
                lambda tid=tid, text=text: services.structure.import_text(tid, text, "csv")
            )
            assert len(services.structure.get(tid).levels) == items

        fill_database(services, PLAYERS)
        for rows in (PLAYERS // 10, PLAYERS):
            text = players_csv(rows, rows // 10).replace("New Player", f"New{rows} Player")
            figures[f"players {rows}"] = timed(lambda text=text: services.players.import_csv(text))

        tid = services.tournaments.create("Pre-registrations").value.id
        names = "\n".join(f'"Guest {n:05d}, Table {n % 9}"' for n in range(PLAYERS)) + "\n"
        figures["preview"] = timed(lambda: services.cashier.preview_pre_registrations(tid, names))
        figures["pre-registrations"] = timed(
            lambda: services.cashier.import_pre_registrations(tid, names)
        )
        engine.dispose()

    def line(label: str, key: str, goal: float | None, small: str | None = None) -> None:
        wall, cpu = figures[key]
        text = f"  {label:<44} {wall:7.2f} s  (CPU {cpu:6.2f} s)"
        if small is not None:
            text += f"  x{wall / figures[small][0]:5.1f} for 10x the rows"
        if goal is not None:
            verdict = "ok" if wall < goal else "SLOW"
            text += f"   goal < {goal:.0f} s: {verdict}"
        print(text)

    print("Imports (SQLite file, through the services)")
    line(f"structure CSV, {LEVELS // 10:,} items", f"structure {LEVELS // 10}", None)
    line(
        f"structure CSV, {LEVELS:,} items",
        f"structure {LEVELS}",
        GOAL_STRUCTURE_S,
        f"structure {LEVELS // 10}",
    )
    line(f"player CSV, {PLAYERS // 10:,} rows", f"players {PLAYERS // 10}", None)
    line(
        f"player CSV, {PLAYERS:,} rows ({PLAYERS:,} in the DB)",
        f"players {PLAYERS}",
        GOAL_PLAYERS_S,
        f"players {PLAYERS // 10}",
    )
    line(f"pre-registration preview, {PLAYERS:,} names", "preview", None)
    line(f"pre-registration import, {PLAYERS:,} names", "pre-registrations", None)


if __name__ == "__main__":
    main()
