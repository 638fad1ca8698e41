"""Before the desktop app starts on Linux: are the system libraries Qt needs installed?

Qt's wheels carry Qt itself but not the X11/OpenGL/font libraries of the system; without one of
them Qt aborts with a hint that names one library at a time (`make run` on a fresh Debian needed
libxcb-icccm4, then libxcb-keysyms1, then libxcb-cursor0). This check loads each library the way
Qt will (`ctypes.CDLL` by soname) and names every missing Debian/Ubuntu package at once.

It uses the standard library only, so `make run` can call it before the virtual environment is
even created: `python3 clockapp/preflight.py` (or `python -m clockapp.preflight`). It checks only
where it applies: Linux with an X display and the xcb platform (not `QT_QPA_PLATFORM=offscreen`).
`clockapp` runs it too before it opens its windows.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple


class Library(NamedTuple):
    """A shared library Qt loads, the Debian/Ubuntu package with it, and what it is for.

    A named tuple rather than a dataclass: `clockapp` imports this module on every start, where
    a dataclass's generated methods cost about a millisecond.
    """

    soname: str
    package: str
    purpose: str = ""


_WINDOW = "Qt's xcb platform plugin (opening a window)"
#: What Qt's xcb platform plugin, QtGui and QtWidgets load from the system (`ldd` on
#: PySide6/Qt/plugins/platforms/libqxcb.so and Qt/lib/libQt6{XcbQpa,Gui,Widgets}.so.6, minus
#: what every Debian system has).
REQUIRED = tuple(
    Library(soname, package, _WINDOW)
    for soname, package in (
        ("libGL.so.1", "libgl1"),
        ("libEGL.so.1", "libegl1"),
        ("libfontconfig.so.1", "libfontconfig1"),
        ("libfreetype.so.6", "libfreetype6"),
        ("libglib-2.0.so.0", "libglib2.0-0"),
        ("libgthread-2.0.so.0", "libglib2.0-0"),
        ("libdbus-1.so.3", "libdbus-1-3"),
        ("libxkbcommon.so.0", "libxkbcommon0"),
        ("libxkbcommon-x11.so.0", "libxkbcommon-x11-0"),
        ("libX11.so.6", "libx11-6"),
        ("libX11-xcb.so.1", "libx11-xcb1"),
        ("libxcb.so.1", "libxcb1"),
        ("libxcb-cursor.so.0", "libxcb-cursor0"),
        ("libxcb-icccm.so.4", "libxcb-icccm4"),
        ("libxcb-image.so.0", "libxcb-image0"),
        ("libxcb-keysyms.so.1", "libxcb-keysyms1"),
        ("libxcb-randr.so.0", "libxcb-randr0"),
        ("libxcb-render.so.0", "libxcb-render0"),
        ("libxcb-render-util.so.0", "libxcb-render-util0"),
        ("libxcb-shape.so.0", "libxcb-shape0"),
        ("libxcb-shm.so.0", "libxcb-shm0"),
        ("libxcb-sync.so.1", "libxcb-sync1"),
        ("libxcb-util.so.1", "libxcb-util1"),
        ("libxcb-xfixes.so.0", "libxcb-xfixes0"),
        ("libxcb-xkb.so.1", "libxcb-xkb1"),
    )
)
#: Without these the app runs, with a part switched off (and a notice to the director).
OPTIONAL = (
    Library("libpulse.so.0", "libpulse0", "sound cues and spoken announcements"),
    # Qt's CUPS plugin links it; without it the print dialog still saves a PDF.
    Library("libcups.so.2", "libcups2", "printouts on a printer"),
)


def applies(platform: str = sys.platform, env: Mapping[str, str] = os.environ) -> bool:
    """Whether the check means anything here: Linux, an X display, and Qt's xcb platform.

    A Wayland session is left alone (Qt uses its wayland plugin there first), as are the
    platforms that open no window.

    >>> applies("linux", {"DISPLAY": ":0"})
    True
    >>> applies("linux", {"DISPLAY": ":0", "QT_QPA_PLATFORM": "offscreen"})
    False
    >>> applies("linux", {"DISPLAY": ":0", "XDG_SESSION_TYPE": "wayland"})
    False
    >>> applies("linux", {"DISPLAY": ":0", "XDG_SESSION_TYPE": "wayland", "QT_QPA_PLATFORM": "xcb"})
    True
    >>> applies("linux", {})
    False
    >>> applies("win32", {"DISPLAY": ":0"})
    False
    """
    if not platform.startswith("linux") or not env.get("DISPLAY"):
        return False
    qpa = env.get("QT_QPA_PLATFORM", "").split(";")[0].split(":")[0].strip()
    if qpa:
        return qpa == "xcb"
    return env.get("XDG_SESSION_TYPE") != "wayland"


def can_load(soname: str) -> bool:
    """Whether the dynamic loader finds and loads `soname`, as Qt's plugin will."""
    import ctypes

    try:
        ctypes.CDLL(soname)
    except OSError:
        return False
    return True


def missing(libraries: Sequence[Library], load: Callable[[str], bool] = can_load) -> list[Library]:
    """The libraries of `libraries` that cannot be loaded.

    >>> [lib.package for lib in missing(REQUIRED, load=lambda soname: "EGL" not in soname)]
    ['libegl1']
    """
    return [library for library in libraries if not load(library.soname)]


def packages(libraries: Sequence[Library]) -> list[str]:
    """The Debian packages to install for `libraries`, each once, in order.

    >>> packages([Library("a.so", "liba"), Library("b.so", "liba"), Library("c.so", "libc")])
    ['liba', 'libc']
    """
    return list(dict.fromkeys(library.package for library in libraries))


def report(required: Sequence[Library], optional: Sequence[Library]) -> list[str]:
    """The lines to print for what is missing (none when nothing is)."""
    lines: list[str] = []
    if required:
        lines.append(
            "clockapp cannot open its windows: system libraries that Qt needs are missing."
        )
        lines += [f"  {lib.soname}  (package {lib.package})" for lib in required]
        lines.append("On Debian or Ubuntu, install them with:")
        lines.append(f"  sudo apt install {' '.join(packages(required))}")
        lines.append("(Other Linux distributions name these packages differently.)")
    for lib in optional:
        lines.append(
            f"clockapp: {lib.soname} is missing, so {lib.purpose} will be off "
            f"(install the {lib.package} package to have them)."
        )
    return lines


def main(
    argv: Sequence[str] = (),
    load: Callable[[str], bool] = can_load,
    platform: str = sys.platform,
    env: Mapping[str, str] = os.environ,
) -> int:
    """Check the system libraries; 0 when the app can start, 1 (and what to install) if not."""
    if "--force" not in argv and not applies(platform, env):
        return 0
    required = missing(REQUIRED, load)
    lines = report(required, missing(OPTIONAL, load))
    stream = sys.stderr if required else sys.stdout
    for line in lines:
        print(line, file=stream)
    return 1 if required else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
