"""`run_app(argv)`: the desktop app's entry point (`clockapp [--db URL] [--demo] ...`).

The app's shell lives in `clockapp.ui.shell` (the command line, the launcher, the offscreen
clock); this module keeps the names the entry point (`clockapp.__main__`), the screenshot
script and the tests import from here.

`--screenshot out.png [--size 1920x1080]` renders the clock display of the current tournament (or
the demo, built in a throwaway database when the user's has none) offscreen to a PNG and exits, so
the display can be checked on a machine without a screen.
"""

from clockapp.ui.shell.entry import APP_NAME, build_parser, parse_size, run_app
from clockapp.ui.shell.launcher import (
    Launcher,
    ask_for_tournament,
    choose_tournament,
)
from clockapp.ui.shell.offscreen import render_screenshot, screenshot, self_test

__all__ = [
    "APP_NAME",
    "Launcher",
    "ask_for_tournament",
    "build_parser",
    "choose_tournament",
    "parse_size",
    "render_screenshot",
    "run_app",
    "screenshot",
    "self_test",
]
