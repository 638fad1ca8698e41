"""Start-up: the clock is painted from the cache of the last clock, then the database takes over."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt

from clockapp.core import clock as engine
from clockapp.core.chips import ChipSet
from clockapp.core.clock import ClockError, ClockState, ClockStatus, view
from clockapp.core.structure import Break, Level, Structure
from clockapp.ui.actions import Action
from clockapp.ui.clock import frame, present, texts
from clockapp.ui.clock.cache import (
    cache_file,
    load_cache,
    save_cache,
    snapshot_from_dict,
    snapshot_to_dict,
)
from clockapp.ui.clock.cached_clock import CachedClock
from clockapp.ui.clock.display import ClockDisplay
from clockapp.ui.clock.frame import frame_view
from clockapp.ui.clock.station import ClockStation, structure_editor_class


def test_cache_round_trip(tmp_path: Path, services, tournament_id, fake_clock) -> None:
    services.clock.start(tournament_id)
    services.clock.set_field(tournament_id, entries=12, players_left=9)
    services.clock.set_hard_end(tournament_id, fake_clock() + timedelta(hours=3))
    snapshot = services.clock.snapshot(tournament_id)
    path = cache_file(tmp_path, "night.db")
    save_cache(path, snapshot, "night.db")
    cached = load_cache(path, "night.db")
    assert cached is not None
    assert list(cached.items) == list(snapshot.structure.levels)
    assert cached.planned_last_level == snapshot.structure.planned_last_level
    state = snapshot.state
    assert (cached.state.index, cached.state.running, cached.state.ends_at) == (
        state.index,
        state.running,
        state.ends_at,
    )
    assert (cached.state.hard_end, cached.state.started) == (state.hard_end, state.started)
    assert [(d.value, d.label) for d in cached.chip_set.denominations] == [
        (d.value, d.label) for d in snapshot.chip_set.denominations
    ]
    assert cached.tournament.name == snapshot.tournament.name
    assert cached.stats.players_left == 9
    assert cached.settings.starting_stack == snapshot.settings.starting_stack
    # Read back, the clock reads as the engine does, now and later.
    for minutes in (0, 7, 95, 200):
        at = fake_clock() + timedelta(minutes=minutes)
        expected = view(snapshot.state, snapshot.structure, at)
        assert same_view(frame_view(cached.state, cached.items, at), expected)
    # Another database's cache, a damaged file or one of another version is ignored.
    assert load_cache(path, "other.db") is None
    path.write_text(path.read_text().replace('"version": 2', '"version": 1'), encoding="utf-8")
    assert load_cache(path, "night.db") is None
    path.write_text("{not json", encoding="utf-8")
    assert load_cache(path, "night.db") is None
    assert load_cache(tmp_path / "missing.json", "night.db") is None


#: What the display reads of a view (`message` is the director's, who is not up at start-up).
VIEW_FIELDS = (
    "status",
    "index",
    "item",
    "level_number",
    "remaining_ms",
    "duration_ms",
    "elapsed_fraction",
    "overtime_ms",
    "ends_at",
    "next_item",
    "next_level",
    "next_level_number",
    "ms_to_next_break",
    "next_break_index",
    "is_extra_level",
    "hard_end",
    "ms_to_hard_end",
    "hard_end_warning",
    "stopped_by_hard_end",
    "is_break",
    "running",
    "paused",
    "in_overtime",
)


def same_view(first, engine_view) -> bool:
    """Whether the start-up view says what the engine's says (items compared field by field)."""
    differ = [n for n in VIEW_FIELDS if getattr(first, n) != getattr(engine_view, n)]
    assert not differ, [(n, getattr(first, n), getattr(engine_view, n)) for n in differ]
    return True


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


@settings(max_examples=60, deadline=None)
@given(
    levels=st.lists(ITEMS, min_size=1, max_size=7).filter(
        lambda items: any(not item.is_break for item in items)
    ),
    planned=st.integers(0, 4),
    steps=STEPS,
    later=st.lists(st.integers(0, 400 * 60_000), min_size=1, max_size=4),
)
def test_the_first_frame_reads_the_clock_as_the_engine_does(
    levels: list, planned: int, steps: list, later: list[int]
) -> None:
    """`frame.frame_view` against the engine, on clocks driven through its own transitions."""
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
    snapshot = SimpleNamespace(
        tournament=SimpleNamespace(id=1, name="Night"),
        structure=structure,
        state=state,
        chip_set=ChipSet.standard((25, 100)),
        stats=SimpleNamespace(
            entries=0,
            players_left=0,
            chips_in_play=0,
            average_stack=0,
            prize_pool_cents=0,
            payouts=(),
            players_to_money=None,
        ),
        settings=SimpleNamespace(starting_stack=1000, currency="$", muted=False, announce=False),
    )
    cached = snapshot_from_dict(json.loads(json.dumps(snapshot_to_dict(snapshot, None))))
    for ms in later:
        now = at + timedelta(milliseconds=ms)
        engine_view = view(state, structure, now)
        first = frame_view(cached.state, cached.items, now, cached.planned_last_level)
        assert same_view(first, engine_view)
        assert texts.countdown(first) == texts.countdown(engine_view)
        assert present.status_line(first, {}) == present.status_line(engine_view, {})
        assert present.level_line(first) == present.level_line(engine_view)
        assert present.next_line(first) == present.next_line(engine_view)


def test_the_first_frame_speaks_the_engines_words() -> None:
    statuses = [frame.NOT_STARTED, frame.RUNNING, frame.PAUSED, frame.STOPPED_BY_HARD_END]
    assert statuses == [str(status) for status in ClockStatus]
    assert frame.HARD_END_WARNING_MS == engine.HARD_END_WARNING_MS
    for ms in (*range(0, 5_000, 7), 59_999, 60_000, 3_599_001, 3_600_000, 36_000_000):
        assert frame.format_clock(ms) == engine.format_clock(ms)


def test_the_first_frame_imports_neither_the_engine_nor_the_services() -> None:
    """What `clockapp --db X` imports before its first frame, in a fresh interpreter."""
    code = (
        "import sys, clockapp.ui.app, clockapp.ui.clock.cached_clock, "
        "clockapp.ui.clock.display, clockapp.ui.settings\n"
        "print(sorted(m for m in sys.modules if m.startswith(('clockapp.core', "
        "'clockapp.services', 'sqlalchemy', 'sqlmodel', 'dataclasses', 'clockapp.ui.sound', "
        "'clockapp.ui.clock.session', 'clockapp.ui.clock.moves', 'clockapp.commands.'))))"
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"


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


def test_help_lists_the_command_line_tools(capsys) -> None:
    from clockapp.__main__ import main
    from clockapp.commands import command_names

    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    tools = capsys.readouterr().out.split("command-line tools", 1)[1]
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
