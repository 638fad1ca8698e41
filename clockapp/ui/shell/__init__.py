"""The app's shell: the command line, start-up and the offscreen clock.

- `entry`: the command line (`build_parser`, `parse_size`) and `run_app(argv)`, the entry point
  (`clockapp.__main__` calls it);
- `launcher`: the `Launcher` that paints the cached clock, then opens the database and the
  clock's windows, and `choose_tournament` (the tournament to show);
- `offscreen`: `--screenshot` (`render_screenshot`) and `--self-test`.

Each is imported from its own module. Nothing is imported here: the first clock frame must not
wait for the database layer.
"""
