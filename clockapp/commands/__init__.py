"""Command-line tools: `clockapp structure suggest`, `hand`, `odds`, `pots`, `backup`, `restore`,
`web`, `export-tournament`, `import-tournament`.

Each tool is a module with `main(argv) -> int`; they print plain text, or JSON with `--json`, and
never import Qt. A tool module is imported only when its command is run.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence

from clockapp.i18n import N_
from clockapp.i18n import gettext as _

Command = Callable[[Sequence[str]], int]

# command name -> (module, function)
_COMMANDS: dict[str, tuple[str, str]] = {
    "structure": ("clockapp.commands.structure", "main"),
    "hand": ("clockapp.commands.poker", "hand_main"),
    "odds": ("clockapp.commands.poker", "odds_main"),
    "pots": ("clockapp.commands.poker", "pots_main"),
    "backup": ("clockapp.commands.backup", "backup_main"),
    "backups": ("clockapp.commands.backup", "backups_main"),
    "restore": ("clockapp.commands.backup", "restore_main"),
    "web": ("clockapp.commands.web", "main"),
    "export-tournament": ("clockapp.commands.tournament_file", "export_main"),
    "import-tournament": ("clockapp.commands.tournament_file", "import_main"),
}


def command_names() -> tuple[str, ...]:
    """The names of the command-line tools, for help text."""
    return tuple(_COMMANDS)


#: One line for each command-line tool in `clockapp --help` (a tool missing here is still listed).
TOOL_SUMMARIES = {
    "structure": N_("suggest a blind structure, or list the presets"),
    "hand": N_("who wins a showdown, and with what"),
    "odds": N_("each hand's chance to win, now or on a given board"),
    "pots": N_("settle a hand's chips: main and side pots, odd chips, payouts"),
    "backup": N_("back up the database now (--list: the backups, --keep N: how many)"),
    "backups": N_("list the database's backups, newest first"),
    "restore": N_("put a backup back (NAME or --latest)"),
    "web": N_("serve the live web view for phones and TVs (read-only)"),
    "export-tournament": N_("save a tournament as one file (FILE, --tournament ID)"),
    "import-tournament": N_("open a tournament file as a new tournament (--new-players)"),
}


def tools_epilog() -> str:
    """The `clockapp --help` epilog: the command-line tools, listed by name.

    >>> print(tools_epilog().splitlines()[0])
    command-line tools (clockapp TOOL --help for each; they need no display):
    """
    names = command_names()
    width = max((len(name) for name in names), default=0)
    lines = [_("command-line tools (clockapp TOOL --help for each; they need no display):")]
    for name in names:
        summary = _(TOOL_SUMMARIES[name]) if name in TOOL_SUMMARIES else ""
        lines.append(f"  clockapp {name:<{width}}  {summary}".rstrip())
    return "\n".join(lines)


def find_command(name: str) -> Command | None:
    """The tool called `name`, or None when `name` is not a tool (the app then starts).

    >>> find_command("--demo") is None
    True
    """
    entry = _COMMANDS.get(name)
    if entry is None:
        return None
    module = importlib.import_module(entry[0])
    function: Command = getattr(module, entry[1])
    return function
