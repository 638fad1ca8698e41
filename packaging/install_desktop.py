#!/usr/bin/env python3
"""Put clockapp in this user's application menu: its desktop entry and its icon (Linux).

Run from the unpacked Linux bundle, `./install-desktop` (beside the `clockapp` executable) adds
a menu entry that starts that executable; from a checkout, `make install-desktop` does the same for
the built bundle in dist/clockapp. `--exec PATH` names another program (an installed `clockapp`
command), `--uninstall` takes both files away again. Files go where the XDG base directory
specification says: $XDG_DATA_HOME (~/.local/share when unset)/applications and
icons/hicolor/scalable/apps. Standard library only, so any python3 runs it.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
NAME = "clockapp"


def data_home() -> Path:
    """$XDG_DATA_HOME, or ~/.local/share when it is unset or not absolute (as the spec says)."""
    value = os.environ.get("XDG_DATA_HOME", "")
    return Path(value) if os.path.isabs(value) else Path.home() / ".local" / "share"


def exec_value(program: Path) -> str:
    """`program` as the Exec key's first word: quoted, the characters the spec reserves escaped.

    >>> exec_value(Path("/opt/poker night/clockapp"))
    '"/opt/poker night/clockapp"'
    >>> exec_value(Path('/opt/a"b$c/clockapp'))
    '"/opt/a\\\\"b\\\\$c/clockapp"'
    """
    text = str(program)
    for char in ("\\", '"', "`", "$"):
        text = text.replace(char, "\\" + char)
    return f'"{text.replace("%", "%%")}"'


def desktop_entry(template: str, program: Path) -> str:
    """The desktop entry `template` with its Exec line starting `program`."""
    lines = [
        f"Exec={exec_value(program)} %F" if line.startswith("Exec=") else line
        for line in template.splitlines()
    ]
    return "\n".join(lines) + "\n"


def targets(home: Path) -> tuple[Path, Path]:
    """Where the desktop entry and the icon go under the data folder `home`."""
    return (
        home / "applications" / f"{NAME}.desktop",
        home / "icons" / "hicolor" / "scalable" / "apps" / f"{NAME}.svg",
    )


def source(name: str) -> Path:
    """A file beside this script (the bundle; the entry in a checkout), or the checkout's icon."""
    beside = HERE / name
    return beside if beside.exists() else HERE.parent / "clockapp" / "resources" / "icons" / name


def refresh(home: Path) -> None:
    """Tell the menus and the icon cache, where their tools are installed (they are optional)."""
    for command in (
        ["update-desktop-database", str(home / "applications")],
        ["gtk-update-icon-cache", "--ignore-theme-index", str(home / "icons" / "hicolor")],
    ):
        if shutil.which(command[0]):
            subprocess.run(command, check=False, capture_output=True)


def main(argv: list[str] | None = None) -> int:
    """Install (or with --uninstall remove) the entry and the icon; 0 when done."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--exec", type=Path, help="the program the entry starts")
    parser.add_argument("--uninstall", action="store_true", help="remove the entry and icon")
    args = parser.parse_args(argv)
    home = data_home()
    entry, icon = targets(home)
    if args.uninstall:
        for path in (entry, icon):
            path.unlink(missing_ok=True)
            print(f"removed {path}")
        refresh(home)
        return 0
    program = (args.exec or HERE / NAME).absolute()
    if not (program.is_file() and os.access(program, os.X_OK)):
        print(f"install-desktop: {program} is not a program to start", file=sys.stderr)
        return 1
    template = source(f"{NAME}.desktop").read_text(encoding="utf-8")
    entry.parent.mkdir(parents=True, exist_ok=True)
    icon.parent.mkdir(parents=True, exist_ok=True)
    entry.write_text(desktop_entry(template, program), encoding="utf-8")
    shutil.copyfile(source(f"{NAME}.svg"), icon)
    refresh(home)
    print(f"installed {entry} (starts {program}) and {icon}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
