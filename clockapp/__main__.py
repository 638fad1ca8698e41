"""`python -m clockapp` and the `clockapp` command.

`clockapp <command> ...` runs a command-line tool (see `clockapp.commands`); anything else
starts the desktop app, which is imported only then so the tools work without a display or Qt.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Dispatch to a command-line tool or start the app; returns the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    from clockapp.commands import find_command

    command = find_command(args[0]) if args else None
    if command is not None:
        return command(args[1:])
    from clockapp.ui.app import run_app

    return run_app(args)


if __name__ == "__main__":
    sys.exit(main())
