"""Start-up: the clock is painted from the cache of the last clock, then the database takes over.

There is one clock engine (`clockapp.core.clock`): the first frame is its view of the cached
facts, read back into the core's types, drawn by the same `ClockSession` and `ClockDisplay`.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from clockapp.core import clock as engine
from clockapp.core.chips import ChipSet
from clockapp.core.clock import ClockError, ClockState
from clockapp.core.structure import Break, Level, Structure
from clockapp.services.clock import ClockSnapshot, TournamentStats
from clockapp.services.structure import TournamentSettings
from clockapp.services.tournaments import TournamentInfo
from clockapp.ui.actions import Action
from clockapp.ui.clock.cache import (
    CACHE_VERSION,
    bounty_from_dict,
    bounty_to_dict,
    cache_file,
    load_cache,
    save_cache,
    snapshot_from_dict,
    snapshot_to_dict,
)
from clockapp.ui.clock.session import ClockSession
from clockapp.ui.display.theme import WallTheme
from clockapp.ui.display.window import ClockDisplay
from clockapp.ui.station.station import ClockStation, structure_editor_class
from tests.ui.polling import settle


def test_cache_round_trip(tmp_path: Path, services, tournament_id, fake_clock) -> None:
    services.clock.start(tournament_id)
    services.clock.set_field(tournament_id, entries=12, players_left=9)
    services.clock.set_hard_end(tournament_id, fake_clock() + timedelta(hours=3))
    snapshot = services.clock.snapshot(tournament_id)
    path = cache_file(tmp_path, "night.db")
    save_cache(path, snapshot, "night.db")
    cached = load_cache(path, "night.db")
    assert cached is not None
    # The clock's facts come back as the core's own values, equal to the database's.
    assert cached.structure == snapshot.structure
    assert cached.structure.planned_last_level == snapshot.structure.planned_last_level
    assert cached.state == snapshot.state
    assert cached.chip_set == snapshot.chip_set
    assert cached.tournament.name == snapshot.tournament.name
    assert cached.tournament.id == snapshot.tournament.id
    assert cached.stats.players_left == 9
    assert vars(cached.stats) == vars(snapshot.stats)
    assert cached.settings.starting_stack == snapshot.settings.starting_stack
    # Another database's cache, a damaged file or one of another version is ignored.
    assert load_cache(path, "other.db") is None
    good = path.read_text(encoding="utf-8")
    older = good.replace(f'"version": {CACHE_VERSION}', f'"version": {CACHE_VERSION - 1}')
    assert older != good
    path.write_text(older, encoding="utf-8")
    assert load_cache(path, "night.db") is None
    path.write_text(good.replace('"index": 0', '"index": 99'), encoding="utf-8")
    assert load_cache(path, "night.db") is None  # a clock outside its structure
    path.write_text(good.replace('"minutes": 20', '"minutes": -20'), encoding="utf-8")
    assert load_cache(path, "night.db") is None  # an item the core refuses
    path.write_text("{not json", encoding="utf-8")
    assert load_cache(path, "night.db") is None
    assert load_cache(tmp_path / "missing.json", "night.db") is None


def test_the_cached_clock_is_a_frozen_record(tmp_path: Path, services, tournament_id) -> None:
    # The first frame's snapshot is shared by the display and the session: nothing may change
    # it behind the other's back, as nothing can change the services' snapshot.
    path = cache_file(tmp_path, None)
    save_cache(path, services.clock.snapshot(tournament_id), None)
    cached = load_cache(path, None)
    assert cached is not None
    for part, name in (
        (cached, "state"),
        (cached.stats, "players_left"),
        (cached.settings, "muted"),
    ):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(part, name, None)


T0 = datetime(2026, 11, 21, 19, 0, 0, 123_456, tzinfo=UTC)
ITEMS = st.one_of(
    st.builds(
        Level,
        st.just(100),
        st.just(200),
        minutes=st.integers(1, 30),
        ante=st.sampled_from((0, 25)),
        game=st.sampled_from(("NLHE", "PLO")),
    ),
    st.builds(Break, st.integers(1, 20), color_up=st.sampled_from(((), (25,)))),
)
STEPS = st.lists(
    st.tuples(
        st.sampled_from(("toggle", "next", "previous", "add", "remove", "restart", "hard end")),
        st.integers(0, 50_000_000),
    ),
    max_size=8,
)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(
    levels=st.lists(ITEMS, min_size=1, max_size=7).filter(
        lambda items: any(not item.is_break for item in items)
    ),
    planned=st.integers(0, 4),
    steps=STEPS,
    later=st.lists(st.integers(0, 400 * 60_000), min_size=1, max_size=4),
)
def test_the_first_frame_is_the_engines_view_of_the_cached_clock(
    qapp, levels: list, planned: int, steps: list, later: list[int]
) -> None:
    """Any clock the engine can reach comes back from the cache equal, so reads the same."""
    numbers = sum(1 for item in levels if not item.is_break)
    structure = Structure("Night", tuple(levels), planned if 0 < planned <= numbers else None)
    state, at = ClockState(), T0
    for action, ms in steps:
        at += timedelta(milliseconds=ms)
        try:
            if action == "toggle":
                state = engine.toggle(state, structure, at)
            elif action == "next":
                state = engine.next_item(state, structure, at)
            elif action == "previous":
                state = engine.previous_item(state, structure, at)
            elif action in ("add", "remove"):
                sign = 1 if action == "add" else -1
                state = engine.add_time(state, structure, at, sign * 60_000)
            elif action == "restart":
                state = engine.restart_level(state, structure, at)
            else:
                end = at + timedelta(milliseconds=ms % (90 * 60_000) + 1)
                state = engine.set_hard_end(state, structure, at, end)
        except ClockError:
            continue  # refused (stopped by the hard end...): the clock stays as it was
    snapshot = ClockSnapshot(
        tournament=TournamentInfo(1, "Night", T0),
        structure=structure,
        state=state,
        chip_set=ChipSet.standard((25, 100)),
        stats=TournamentStats(entries=0, players_left=0, chips_in_play=0, average_stack=0),
        settings=TournamentSettings(starting_stack=1000, currency="$", muted=False, announce=False),
    )
    cached = snapshot_from_dict(json.loads(json.dumps(snapshot_to_dict(snapshot, None))))
    assert cached.state == state
    assert cached.structure == structure
    assert cached.structure.planned_last_level == structure.planned_last_level
    for ms in later:
        now = at + timedelta(milliseconds=ms)
        session = ClockSession.before_open(cached, lambda now=now: now)
        assert session.current_view() == engine.view(state, structure, now)


@pytest.mark.slow
def test_the_start_up_clock_shows_what_the_database_shows(
    qtbot, tmp_path: Path, services, bus, tournament_id, fake_clock, fake_sound, ui_settings
) -> None:
    services.clock.start(tournament_id)
    fake_clock.advance(minutes=3, seconds=7)
    path = tmp_path / "cache.json"
    save_cache(path, services.clock.snapshot(tournament_id), None)
    clock = ClockSession.before_open(load_cache(path, None), fake_clock)
    display = ClockDisplay(clock, WallTheme())
    qtbot.addWidget(display)
    clock.tick()
    early = (display.countdown_label.text(), display.blinds_label.text(), display.name_label.text())
    assert early[0] == "16:53"

    station = ClockStation(services, bus, fake_sound, ui_settings, display=display, cache=path)
    clock.stop()
    later = (display.countdown_label.text(), display.blinds_label.text(), display.name_label.text())
    assert early == later
    assert station.display is display
    # The display now follows the real session: a level change shows.
    station.controller.next_level()
    settle(qtbot, station.bus)
    assert display.level_label.text().startswith("LEVEL 2")
    assert load_cache(path, None).state.index == 1  # the cache follows the database
    fake_clock.advance(seconds=30)
    clock.tick()  # a late tick of the stopped start-up clock arms nothing
    assert not clock._timer.isActive()
    station.close()


def test_the_start_up_clock_ticks_as_precisely_as_the_databases(
    qapp, tmp_path: Path, services, tournament_id, fake_clock
) -> None:
    # A coarse timer may fire up to 5% of its interval late: the countdown's second would flip
    # visibly late on the wall until the database's session takes over.
    services.clock.start(tournament_id)
    path = tmp_path / "cache.json"
    save_cache(path, services.clock.snapshot(tournament_id), None)
    clock = ClockSession.before_open(load_cache(path, None), fake_clock)
    clock.tick()
    assert clock._timer.timerType() == Qt.TimerType.PreciseTimer
    clock.stop()


def test_the_start_up_clock_is_drawn_in_the_hosts_look(
    qtbot, tmp_path: Path, services, tournament_id, fake_clock
) -> None:
    # An event with its own colours starts in them, not in the default look until the
    # database opens (the cache keeps the look's fitted palette and its title).
    from clockapp.core.house import Look

    look = Look(title="Club Night", theme="day", colours={"BLINDS": "#5a3000"})
    services.house.set_look(tournament_id, look)
    path = tmp_path / "cache.json"
    save_cache(path, services.clock.snapshot(tournament_id), None)
    cached = load_cache(path, None)
    assert cached is not None
    assert cached.house.look.palette() == look.palette()
    clock = ClockSession.before_open(cached, fake_clock)
    display = ClockDisplay(clock, WallTheme())
    qtbot.addWidget(display)
    display.resize(1280, 720)
    clock.tick()
    assert display.look.palette() == look.palette()
    assert display.name_label.text() == "Club Night"
    corner = display.grab().toImage().pixelColor(3, 3).name()
    assert corner == look.palette().colours["BACKGROUND"]
    # A cache without a look (an older clockapp's) is the default look; a look that is not
    # one (a file edited by hand) makes the cache unusable, as any other damage does.
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["look"]
    assert snapshot_from_dict(data).house is None
    day = look.palette().colours["BACKGROUND"]
    path.write_text(path.read_text(encoding="utf-8").replace(day, "#nope"), encoding="utf-8")
    assert load_cache(path, None) is None


def test_the_first_frame_builds_only_what_it_shows(
    qtbot, tmp_path: Path, services, tournament_id, fake_clock
) -> None:
    """The start-up display builds the clock, and not the winner screen, the wall's stage, the
    logo, the seat-move banner or the money page it does not show: each comes on first use."""
    services.clock.start(tournament_id)
    path = tmp_path / "cache.json"
    save_cache(path, services.clock.snapshot(tournament_id), None)
    clock = ClockSession.before_open(load_cache(path, None), fake_clock)
    display = ClockDisplay(clock, WallTheme())
    qtbot.addWidget(display)
    display.resize(1280, 720)
    display.show()
    clock.tick()
    qtbot.waitExposed(display)
    names = {child.objectName() for child in display.findChildren(QWidget)}
    assert {"winner_screen", "wall_stage", "wall_logo"}.isdisjoint(names)
    assert not [w for w in display.findChildren(QWidget) if type(w).__name__ == "MovesBanner"]
    # No money taken yet: the starting stack's page alone, not the payout ladder's.
    assert display.money_stack.count() == 1
    assert display.money_stack.currentWidget() is display.no_money_area
    # Asked for, each is built (hidden) where it belongs, over or in the clock.
    assert not display.winner_screen.isVisible()
    assert not display.wall_stage.isVisible()
    assert display.wall_stage.geometry() == display.rect()
    assert not display.money_area.isVisible()
    assert display.money_stack.count() == 2


@pytest.mark.slow
def test_e_opens_the_structure_editor(qtbot, station) -> None:
    if structure_editor_class() is None:
        assert not station.display_actions[Action.STRUCTURE_EDITOR].isEnabled()
        return
    qtbot.keyClick(station.display, Qt.Key.Key_E)
    settle(qtbot, station.bus)
    assert station.windows.structure_editor is not None
    assert station.windows.structure_editor.isVisible()


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


@pytest.mark.slow
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


def test_help_lists_the_command_line_tools(capsys) -> None:
    from clockapp.__main__ import main
    from clockapp.commands import command_names

    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    tools = capsys.readouterr().out.split("command-line tools", 1)[1]
    for name in command_names():
        assert f"clockapp {name} " in tools
    # Each summary beside its name, in a column as wide as the longest name needs.
    assert re.search(r"\n  clockapp structure {2,}suggest a blind structure", tools)


# ---------------------------------------------------------------------------- the demo
@pytest.mark.slow
def test_the_demo_leaves_the_real_tournament_to_reopen(services) -> None:
    from clockapp.ui.shell.launcher import choose_tournament

    real = services.tournaments.create("Sunday Deepstack").value
    shown = choose_tournament(services, demo=True, ask=False)
    assert shown is not None
    assert shown != real.id
    assert services.tournaments.last_opened() == real
    # The next start without --demo reopens the real one.
    assert choose_tournament(services, demo=False, ask=False) == real.id


@pytest.mark.slow
def test_two_demo_runs_make_one_demo(tmp_path: Path) -> None:
    from clockapp.services.app import open_services
    from clockapp.ui.shell.launcher import choose_tournament

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


@pytest.mark.slow
def test_a_screenshot_of_an_empty_database_writes_no_demo_into_it(tmp_path: Path, qapp) -> None:
    from PySide6.QtGui import QImage

    from clockapp.services.app import open_services
    from clockapp.ui.shell.entry import run_app

    db = str(tmp_path / "empty.db")
    for extra in ([], ["--demo"]):
        out = tmp_path / f"shot{len(extra)}.png"
        assert run_app(["--db", db, "--screenshot", str(out), "--size", "640x360", *extra]) == 0
        assert QImage(str(out)).width() == 640
    services = open_services(db)
    assert services.tournaments.list() == ()
    services.ctx.engine.dispose()


def test_the_cache_keeps_the_walls_bounty_block() -> None:
    """A bounty event's first frame shows its biggest bounty as the real snapshot will."""
    from clockapp.services.results.views import WallBounty
    from clockapp.ui.display.present import bounty_block

    for bounty in (
        WallBounty("progressive", ("Ann Lee", 2250), heads=3),
        WallBounty("mystery", last_draw=("Bo", 5000), envelopes_left=7, stage="from level 6"),
    ):
        back = bounty_from_dict(json.loads(json.dumps(bounty_to_dict(bounty))))
        assert back is not None
        assert vars(back) == vars(bounty)
        assert bounty_block(back, "$") == bounty_block(bounty, "$")
    assert bounty_from_dict(bounty_to_dict(None)) is None
