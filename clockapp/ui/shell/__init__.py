"""The app's shell: the command line, start-up and the offscreen clock.

- `entry`: the command line (`build_parser`, `parse_size`) and `run_app(argv)`, the entry point;
- `launcher`: the `Launcher` that paints the cached clock, then opens the database and the
  clock's windows, and `choose_tournament` (the tournament to show);
- `offscreen`: `--screenshot` (`render_screenshot`) and `--self-test`.

`clockapp.ui.app` re-exports these names for the entry point and the tests. Nothing heavy is
imported here: the first clock frame must not wait for the database layer.
"""

from clockapp.ui.shell.entry import APP_NAME, build_parser, parse_size, run_app
from clockapp.ui.shell.launcher import Launcher, ask_for_tournament, choose_tournament
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
