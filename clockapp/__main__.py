"""`python -m clockapp` and the `clockapp` command.

`clockapp <command> ...` runs a command-line tool (see `clockapp.commands`); anything else
starts the desktop app, which is imported only then so the tools work without a display or Qt.
Both run inside `clockapp.commands.net.run_guarded`: no error ends in a traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Dispatch to a command-line tool or start the app; returns the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    from clockapp.commands import find_command, tools_epilog
    from clockapp.commands.net import run_guarded

    command = find_command(args[0]) if args else None
    if command is not None:
        from clockapp.i18n import set_language

        # A tool speaks the system's language (the app's own choice is a setting of its
        # windows, read when they start).
        set_language(None)
        # Every tool runs inside the net: one clear line on stderr and a non-zero status for
        # any error, a quiet end when its output pipe is closed.
        tool = command
        return run_guarded(f"clockapp {args[0]}", lambda: tool(args[1:]))
    from clockapp.ui.shell.entry import run_app

    return run_guarded("clockapp", lambda: run_app(args, epilog=tools_epilog()))


if __name__ == "__main__":
    sys.exit(main())
