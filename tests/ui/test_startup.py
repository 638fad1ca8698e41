"""Start-up: the clock is painted from the cache of the last clock, then the database takes over."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import Qt

from clockapp.ui.actions import Action
from clockapp.ui.clock.cache import (
    CachedClock,
    cache_file,
    load_cache,
    save_cache,
)
from clockapp.ui.clock.display import ClockDisplay
from clockapp.ui.clock.station import ClockStation, structure_editor_class


def test_cache_round_trip(tmp_path: Path, services, tournament_id, fake_clock) -> None:
    services.clock.start(tournament_id)
    services.clock.set_field(tournament_id, entries=12, players_left=9)
    snapshot = services.clock.snapshot(tournament_id)
    path = cache_file(tmp_path, "night.db")
    save_cache(path, snapshot, "night.db")
    cached = load_cache(path, "night.db")
    assert cached is not None
    assert cached.structure == snapshot.structure
    assert cached.state == snapshot.state
    assert cached.chip_set == snapshot.chip_set
    assert cached.tournament.name == snapshot.tournament.name
    assert cached.stats.players_left == 9
    assert cached.settings.starting_stack == snapshot.settings.starting_stack
    # Another database's cache, or a damaged file, is ignored.
    assert load_cache(path, "other.db") is None
    path.write_text("{not json", encoding="utf-8")
    assert load_cache(path, "night.db") is None
    assert load_cache(tmp_path / "missing.json", "night.db") is None


def test_cached_clock_shows_what_the_database_shows(
    qtbot, tmp_path: Path, services, bus, tournament_id, fake_clock, fake_sound, ui_settings
) -> None:
    services.clock.start(tournament_id)
    fake_clock.advance(minutes=3, seconds=7)
    path = tmp_path / "cache.json"
    save_cache(path, services.clock.snapshot(tournament_id), None)
    cached = load_cache(path, None)
    clock = CachedClock(cached, fake_clock)
    display = ClockDisplay(clock)
    qtbot.addWidget(display)
    clock.tick()
    early = (display.countdown_label.text(), display.blinds_label.text(), display.name_label.text())

    station = ClockStation(services, bus, fake_sound, ui_settings, display=display, cache=path)
    clock.stop()
    later = (display.countdown_label.text(), display.blinds_label.text(), display.name_label.text())
    assert early == later
    assert station.display is display
    # The display now follows the real session: a level change shows.
    station.controller.next_level()
    assert display.level_label.text().startswith("LEVEL 2")
    assert load_cache(path, None).state.index == 1  # the cache follows the database
    station.close()


def test_e_opens_the_structure_editor(qtbot, station) -> None:
    if structure_editor_class() is None:
        assert not station.display_actions[Action.STRUCTURE_EDITOR].isEnabled()
        return
    qtbot.keyClick(station.display, Qt.Key.Key_E)
    assert station.structure_editor is not None
    assert station.structure_editor.isVisible()


def run_clockapp(args: list[str], data: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", CLOCKAPP_DATA_DIR=str(data))
    return subprocess.run(
        [sys.executable, "-m", "clockapp", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_app_starts_reopens_and_paints(tmp_path: Path) -> None:
    db = str(tmp_path / "app.db")
    first = run_clockapp(["--db", db, "--demo", "--first-frame", "--windowed"], tmp_path)
    assert first.returncode == 0, first.stderr
    assert "first-frame" in first.stdout
    cached = load_cache(cache_file(tmp_path, db), db)
    assert cached is not None
    assert cached.tournament.name.startswith("Demo")
    second = run_clockapp(["--db", db, "--first-frame", "--windowed"], tmp_path)
    assert second.returncode == 0, second.stderr
    assert "first-frame" in second.stdout


def test_help_lists_the_command_line_tools() -> None:
    from clockapp.commands import command_names
    from clockapp.ui.app import build_parser

    text = build_parser().format_help()
    tools = text.split("command-line tools", 1)[1]
    for name in command_names():
        assert f"clockapp {name} " in tools
    assert "clockapp structure  suggest a blind structure" in tools


# ---------------------------------------------------------------------------- the demo
def test_the_demo_leaves_the_real_tournament_to_reopen(services) -> None:
    from clockapp.ui.app import choose_tournament

    real = services.tournaments.create("Sunday Deepstack").value
    shown = choose_tournament(services, demo=True, ask=False)
    assert shown is not None
    assert shown != real.id
    assert services.tournaments.last_opened() == real
    # The next start without --demo reopens the real one.
    assert choose_tournament(services, demo=False, ask=False) == real.id


def test_two_demo_runs_make_one_demo(tmp_path: Path) -> None:
    from clockapp.services.app import open_services
    from clockapp.ui.app import choose_tournament

    db = str(tmp_path / "two.db")
    shown = []
    for _ in range(2):  # two starts of `clockapp --demo`, each with its own services
        services = open_services(db)
        shown.append(choose_tournament(services, demo=True, ask=False))
        services.ctx.engine.dispose()
    services = open_services(db)
    assert shown[0] == shown[1]
    assert [t.id for t in services.tournaments.list()] == [shown[0]]
    # In an otherwise empty database the demo is the one to reopen.
    assert services.tournaments.last_opened().id == shown[0]
    services.ctx.engine.dispose()


def test_a_screenshot_of_an_empty_database_writes_no_demo_into_it(tmp_path: Path, qapp) -> None:
    from PySide6.QtGui import QImage

    from clockapp.services.app import open_services
    from clockapp.ui.app import run_app

    db = str(tmp_path / "empty.db")
    for extra in ([], ["--demo"]):
        out = tmp_path / f"shot{len(extra)}.png"
        assert run_app(["--db", db, "--screenshot", str(out), "--size", "640x360", *extra]) == 0
        assert QImage(str(out)).width() == 640
    services = open_services(db)
    assert services.tournaments.list() == ()
    services.ctx.engine.dispose()
