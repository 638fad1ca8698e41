"""Benchmark: the SQL statements of one clock pause, its undo and its redo.

The director's path, end to end, on the demo tournament (a full field and money, so a whole
snapshot would read the cashier's till) in a SQLite file: the `ClockController` presses pause
through the `UndoHistory`, the bus publishes the Outcome's change flags, and the `ClockSession`
refreshes what they name. Every statement the engine executes is counted (SQLAlchemy's
`before_cursor_execute` event), the refresh and any sound claim included.

Printed: statements per pause, per undo and per redo (the largest over the repeats) beside the
goal of at most 10, the tables they touched, and whether the cashier's tables were read.

Run: `QT_QPA_PLATFORM=offscreen .venv/bin/python bench/bench_clock_statements.py [--repeats 20]`
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication
from sqlalchemy import event

from clockapp.core.clock import ClockStatus
from clockapp.services.app import open_services
from clockapp.ui.bus import TournamentBus
from clockapp.ui.clock.controller import ClockController
from clockapp.ui.clock.session import ClockSession
from clockapp.ui.undo import UndoHistory

GOAL = 10
#: The cashier's tables: a clock press must not read them.
TILL_TABLES = {"registration", "ledger_row", "cashier_config", "elimination", "deal", "player"}


class _Silent:
    muted = True

    def set_muted(self, muted: bool) -> None:
        """Ignored."""

    def play(self, cue: object) -> None:
        """Ignored."""

    def say(self, text: str) -> None:
        """Ignored."""


def main(argv: list[str]) -> int:
    """Press, undo and redo `--repeats` times; print the counts beside the goal."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=20)
    args = parser.parse_args(argv)
    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as folder:
        services = open_services(str(Path(folder) / "bench.db"))
        engine = services.ctx.engine
        tid = services.demo.create_demo().value.id
        bus = TournamentBus(services, tid, poll_interval_ms=0)
        session = ClockSession(services, bus, _Silent(), claim_sounds=True)
        controller = ClockController(session, UndoHistory(services, bus))
        if session.current_view().status is not ClockStatus.PAUSED:
            controller.toggle_pause()  # the timed press is a pause
        controller.toggle_pause()
        statements: list[str] = []

        def count(_conn, _cursor, statement, *_args) -> None:  # type: ignore[no-untyped-def]
            statements.append(" ".join(statement.split()))

        counts: dict[str, list[int]] = {"pause": [], "undo": [], "redo": []}
        touched: set[str] = set()
        steps: dict[str, Callable[[], bool]] = {
            "pause": controller.toggle_pause,
            "undo": controller.undo,
            "redo": controller.redo,
        }
        for _ in range(args.repeats):
            for name, step in steps.items():
                statements.clear()
                event.listen(engine, "before_cursor_execute", count)
                try:
                    if not step():
                        raise RuntimeError(f"the {name} was refused")
                finally:
                    event.remove(engine, "before_cursor_execute", count)
                counts[name].append(len(statements))
                for statement in statements:
                    touched.update(re.findall(r"(?:FROM|INTO|UPDATE) \"?(\w+)", statement))
            controller.toggle_pause()  # resume, so that the next press is a pause again
        engine.dispose()
    del app
    print(f"repeats: {args.repeats}, the demo tournament (a field and money) on a SQLite file")
    ok = True
    for name, found in counts.items():
        worst = max(found)
        ok = ok and worst <= GOAL
        print(
            f"one clock {name:<5} (refresh included): {min(found)}-{worst} statements "
            f"(goal <= {GOAL})"
        )
    print(f"tables touched: {', '.join(sorted(touched))}")
    till = sorted(touched & TILL_TABLES)
    print(f"cashier till read: {'yes: ' + ', '.join(till) if till else 'no'} (goal: no)")
    return 0 if ok and not till else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
