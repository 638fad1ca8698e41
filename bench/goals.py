"""How a bench script reports its goals, so that `make bench` lists the missed ones and fails.

The contract `bench/run.py` reads, the same for every `bench/bench_*.py`:

- Each goal is printed on one line, its figure beside the goal, and the word MISSED on that line
  when the figure misses it (`verdict` gives "met" or "MISSED"). Say what was measured on the
  line: the runner lists the line as it stands, prefixed by the script's name.
- A script that missed any goal exits with `MISSED_EXIT` (`exit_code`); every other non-zero
  exit means the script itself failed, and is listed too.
- A script runs on its own (`python bench/bench_x.py`), so it imports this module by its name:
  `from goals import exit_code, verdict` (the script's folder is first on the path).

>>> verdict(True), verdict(False), exit_code([True, True]), exit_code([True, False])
('met', 'MISSED', 0, 3)
"""

from __future__ import annotations

from collections.abc import Iterable

#: The word that marks a missed goal on its line.
MISSED = "MISSED"
#: The exit status of a script that ran through and missed at least one goal.
MISSED_EXIT = 3


def verdict(ok: bool) -> str:
    """The word printed beside a goal: "met" or "MISSED"."""
    return "met" if ok else MISSED


def exit_code(met: Iterable[bool]) -> int:
    """The script's exit status: 0 when every goal was met, else `MISSED_EXIT`."""
    return 0 if all(met) else MISSED_EXIT
