"""The clock never stops: an optional part that fails, or a listener that raises, costs no tick.

On a machine without libpulse0, QtMultimedia and QtTextToSpeech cannot load; the clock used to
freeze for good at the one-minute warning, when the first cue raised ImportError out of the tick
before the repaint timer was armed again.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from clockapp.ui.clock.cache import load_cache, save_cache
from clockapp.ui.clock.session import RETRY_MS, ClockSession
from clockapp.ui.display import theme
from clockapp.ui.display.widgets import FitLabel
from clockapp.ui.optional import OptionalParts, Part
from clockapp.ui.sound import Cue, Sound
from clockapp.ui.station.station import ClockStation
from tests.ui.polling import settle


def wall_texts(station: ClockStation) -> list[str]:
    """Everything written on the clock display (the wall)."""
    return [label.text() for label in station.display.findChildren(FitLabel)]


@pytest.fixture
def station_with_real_sound(
    qtbot, services, bus, ui_settings, fake_timer, tournament_id
) -> ClockStation:
    parts = OptionalParts()
    station = ClockStation(
        services, bus, Sound(parts=parts), ui_settings, timer=fake_timer, parts=parts
    )
    qtbot.addWidget(station.display)
    qtbot.addWidget(station.director)
    station.display.resize(1280, 720)
    station.display.show()
    station.director.show()
    yield station
    station.close()


def fire_and_read(station: ClockStation, fake_timer) -> str:
    """One repaint as Qt would do it; the countdown on the wall afterwards."""
    fake_timer.fire()
    assert fake_timer.isActive(), "the repaint timer was not armed again"
    return station.display.countdown_label.text()


@pytest.mark.slow
def test_without_libpulse_the_clock_counts_on_past_the_warning_and_the_level_change(
    qtbot,
    without_optional_qt,
    station_with_real_sound,
    services,
    tournament_id,
    fake_clock,
    fake_timer,
) -> None:
    station = station_with_real_sound
    station.controller.toggle_pause()  # the level cue: sound is found to be off here
    settle(qtbot, station.bus)
    levels = services.clock.snapshot(tournament_id).structure.levels
    first_label = station.display.level_label.text()
    fake_clock.advance(minutes=levels[0].minutes - 1, seconds=-3)
    shown = [fire_and_read(station, fake_timer)]
    for _ in range(10):  # through the one-minute warning, a second at a time
        fake_clock.advance(seconds=1)
        shown.append(fire_and_read(station, fake_timer))
    assert shown[0] == "01:03"
    assert shown[-1] == "00:53"
    assert len(set(shown)) == len(shown), "every second shows a new time"
    fake_clock.advance(seconds=60)
    fire_and_read(station, fake_timer)  # the next level (or break) started 7 s ago
    assert station.display.level_label.text() != first_label
    for _ in range(5):
        fake_clock.advance(seconds=1)
        shown.append(fire_and_read(station, fake_timer))
    assert len(set(shown[-5:])) == 5
    station.controller.next_level()  # a level change by hand plays a cue too
    settle(qtbot, station.bus)
    fire_and_read(station, fake_timer)

    # One notice for each part that is off, on the director's screen only.
    notices = station.director.notices.messages()
    assert len(notices) == 2
    assert notices[0].startswith("Sound cues are off")
    assert notices[1].startswith("Spoken announcements are off")
    assert all("libpulse0" in notice for notice in notices)
    assert not station.director.notices.isHidden()
    assert not any("off" in text for text in wall_texts(station))


@pytest.mark.slow
def test_the_notice_box_can_be_dismissed(
    without_optional_qt, qtbot, station_with_real_sound, fake_clock, fake_timer
) -> None:
    station = station_with_real_sound
    station.controller.toggle_pause()
    settle(qtbot, station.bus)
    box = station.director.notices
    assert len(box.messages()) == 2
    qtbot.mouseClick(box.dismiss_button, Qt.MouseButton.LeftButton)
    assert box.isHidden()
    station.controller.next_level()  # no new failure: the box stays closed
    settle(qtbot, station.bus)
    assert box.isHidden()
    assert len(box.messages()) == 2


@pytest.mark.slow
def test_a_listener_that_raises_does_not_stop_the_ticks(
    qtbot, station, fake_sound, fake_clock, fake_timer, caplog
) -> None:
    def broken_play(_cue: Cue) -> None:
        raise RuntimeError("the audio device went away")

    def broken_listener(_view: object) -> None:
        raise ValueError("a broken window")

    fake_sound.play = broken_play  # type: ignore[method-assign]
    station.session.ticked.connect(broken_listener)
    shown = []
    with qtbot.captureExceptions() as exceptions, caplog.at_level(logging.WARNING):
        qtbot.keyClick(station.display, Qt.Key.Key_Space)  # the level cue raises
        settle(qtbot, station.bus)
        for _ in range(5):
            fake_clock.advance(seconds=1)
            shown.append(fire_and_read(station, fake_timer))
        qtbot.keyClick(station.display, Qt.Key.Key_N)  # and again at the next level
        settle(qtbot, station.bus)
        fake_clock.advance(seconds=1)
        shown.append(fire_and_read(station, fake_timer))
    assert shown == ["19:59", "19:58", "19:57", "19:56", "19:55", "19:59"]  # level 2 at the end
    assert station.display.level_label.text().startswith("LEVEL 2")
    # The listener's error went to Qt's handler each time; the tick carried on regardless.
    assert exceptions
    assert all(isinstance(info[1], ValueError) for info in exceptions)
    # The sound failure is logged once and shown to the director once.
    assert station.director.notices.messages() == (
        "Sound cues are off: this computer cannot play them (the audio device went away). "
        "The clock keeps running.",
    )
    assert any(
        "the audio device went away" in str(r.exc_info[1]) for r in caplog.records if r.exc_info
    )


@pytest.mark.slow
def test_the_tick_is_armed_again_when_the_view_cannot_be_computed(
    qtbot, station, fake_clock, fake_timer, monkeypatch: pytest.MonkeyPatch, caplog
) -> None:
    session = station.session
    station.controller.toggle_pause()
    settle(qtbot, station.bus)
    before = station.display.countdown_label.text()

    def broken_view() -> None:
        raise ArithmeticError("a corrupt snapshot")

    with monkeypatch.context() as patch:
        patch.setattr(session, "current_view", broken_view)
        with caplog.at_level(logging.ERROR):
            fake_timer.fire()
            fake_timer.fire()
        assert fake_timer.isActive()
        assert fake_timer.interval() == RETRY_MS
    assert session.tick_errors.count == 2
    logged = [
        r for r in caplog.records if r.exc_info and "a corrupt snapshot" in str(r.exc_info[1])
    ]
    assert len(logged) == 1  # the traceback once, not every second
    fake_clock.advance(seconds=2)
    assert fire_and_read(station, fake_timer) != before  # the view is back: ticking as before


def test_the_start_up_clock_is_armed_again_whatever_its_tick_raises(
    qtbot, tmp_path: Path, services, tournament_id, fake_clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    services.clock.start(tournament_id)
    path = tmp_path / "cache.json"
    save_cache(path, services.clock.snapshot(tournament_id), None)
    clock = ClockSession.before_open(load_cache(path, None), fake_clock)

    def broken_view() -> None:
        raise ArithmeticError("a bad cache")

    monkeypatch.setattr(clock, "current_view", broken_view)
    clock._timer.timeout.emit()  # as Qt does when the timer fires
    assert clock._timer.isActive()
    assert clock._timer.interval() == RETRY_MS
    clock.stop()
    assert not clock._timer.isActive()


def test_a_failing_poll_is_logged_and_the_bus_polls_again(
    qtbot, bus, services, monkeypatch: pytest.MonkeyPatch, caplog
) -> None:
    calls = []

    def unreachable(*_args: object) -> None:
        calls.append(1)
        raise ConnectionError("server closed the connection unexpectedly")

    monkeypatch.setattr(services.tournaments, "changes_since", unreachable)
    with caplog.at_level(logging.ERROR):
        for _ in range(3):
            with qtbot.waitSignal(bus.polled):  # the read runs on the worker
                bus._timer.timeout.emit()  # nothing reaches Qt's exception handler
    assert len(calls) == 3
    assert sum("server closed" in str(r.exc_info[1]) for r in caplog.records if r.exc_info) == 1


@pytest.mark.slow
def test_a_missing_font_is_one_notice_and_the_clock_still_draws(
    qtbot, services, bus, ui_settings, fake_sound, fake_timer, tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.setenv("CLOCKAPP_RESOURCES", str(tmp_path / "nothing-here"))
    theme._load_fonts.cache_clear()
    try:
        station = ClockStation(services, bus, fake_sound, ui_settings, timer=fake_timer)
        qtbot.addWidget(station.display)
        qtbot.addWidget(station.director)
        assert theme.font_family() == theme.FALLBACK_FAMILY
        assert station.parts.failed(Part.FONT)
        (message,) = station.director.notices.messages()
        assert message.startswith("The clock's font could not be loaded")
        assert "InterDisplay-Bold.otf is missing" in message
        station.controller.toggle_pause()
        settle(qtbot, station.bus)
        fire_and_read(station, fake_timer)
        station.close()
    finally:
        monkeypatch.undo()
        theme._load_fonts.cache_clear()


BLOCKER = """
import importlib.abc, sys

class _Refuse(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[:2] in (["PySide6", "QtMultimedia"], ["PySide6", "QtTextToSpeech"]):
            raise ImportError(f"{name}: libpulse.so.0: cannot open shared object file")
        return None

sys.meta_path.insert(0, _Refuse())
"""


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "expected"),
    [(["--self-test"], "self-test: ok"), (["--demo", "--first-frame"], "first-frame")],
)
def test_the_app_starts_on_a_machine_without_libpulse(
    tmp_path: Path, args: list[str], expected: str
) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(BLOCKER)
    root = Path(__file__).resolve().parents[3]
    env = dict(
        os.environ,
        PYTHONPATH=os.pathsep.join([str(site), str(root)]),
        QT_QPA_PLATFORM="offscreen",
        CLOCKAPP_DATA_DIR=str(tmp_path / "data"),
    )
    check = "import PySide6.QtMultimedia"
    blocked = subprocess.run(
        [sys.executable, "-c", check], env=env, capture_output=True, timeout=60, check=False
    )
    assert blocked.returncode != 0  # the simulation works
    done = subprocess.run(
        [sys.executable, "-m", "clockapp", *args],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert expected in done.stdout
