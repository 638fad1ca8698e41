"""The size of the built app folder beside its goal: `python packaging/bundle_size.py [FOLDER]`.

`make package-check` and the package workflow print it for dist/clockapp after the self-test;
`make bench` prints the same line from a fresh build and lists it when the goal is missed
(bench/bench_bundle.py). `--check` makes it exit 1 over the goal. The size is the sum of
the files' own sizes (symbolic links count nothing), so it is the same on every file system;
`du -sm` shows a few MB more, as it counts whole blocks.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

#: The Linux folder's goal, in MB (2**20 bytes).
GOAL_MB = 150
DEFAULT = Path(__file__).resolve().parents[1] / "dist" / "clockapp"


def folder_mb(folder: Path) -> float:
    """The sum of the sizes of the files under `folder`, in MB."""
    total = 0
    for root, _dirs, files in os.walk(folder):
        for name in files:
            path = Path(root) / name
            if not path.is_symlink():
                total += path.stat().st_size
    return total / 2**20


def report(folder: Path) -> tuple[str, bool]:
    """The line to print, and whether the folder is under the goal."""
    size = folder_mb(folder)
    ok = size < GOAL_MB
    verdict = "met" if ok else "MISSED"
    return f"packaged app {folder.name}/: {size:.0f} MB (goal < {GOAL_MB} MB): {verdict}", ok


def main(argv: list[str]) -> int:
    """Print the line; 0 (with `--check`: 0 under the goal, 1 over it), 2 without a build."""
    check = "--check" in argv
    argv = [arg for arg in argv if arg != "--check"]
    folder = Path(argv[0]) if argv else DEFAULT
    if not folder.is_dir():
        print(f"bundle_size: {folder} is not built (make package)", file=sys.stderr)
        return 2
    line, ok = report(folder)
    print(line)
    return 1 if check and not ok else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
