"""Sounds play once: at the right moment, never again after an undo or on a second window."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from clockapp.ui.sound import Cue
from clockapp.ui.station.station import ClockStation
from tests.ui.polling import settle


@pytest.mark.slow
def test_start_plays_the_level_cue_and_announces_the_blinds(
    qtbot, station, services, tournament_id, fake_sound
) -> None:
    qtbot.keyClick(station.display, Qt.Key.Key_Space)
    settle(qtbot, station.bus)
    assert fake_sound.played == [Cue.LEVEL]
    first = services.clock.snapshot(tournament_id).structure.levels[0]
    expected = f"Blinds are now {first.small_blind:,}-{first.big_blind:,}"
    assert len(fake_sound.said) == 1
    assert fake_sound.said[0].startswith(expected)
    station.session.tick()
    settle(qtbot, station.bus)
    station.session.tick()
    settle(qtbot, station.bus)
    assert fake_sound.played == [Cue.LEVEL]


@pytest.mark.slow
def test_one_minute_warning_then_the_next_level(
    qtbot, station, services, tournament_id, fake_sound, fake_clock, fake_timer
) -> None:
    qtbot.keyClick(station.display, Qt.Key.Key_Space)
    settle(qtbot, station.bus)
    structure = services.clock.snapshot(tournament_id).structure
    minutes = structure.levels[0].minutes
    # Walk the clock forward as the repaint timer would, a second at a time near the warning.
    fake_clock.advance(minutes=minutes - 1, seconds=-2)
    fake_timer.fire()
    settle(qtbot, station.bus)  # the claim runs on the worker
    assert fake_sound.played == [Cue.LEVEL]
    for _ in range(3):
        fake_clock.advance(seconds=1)
        fake_timer.fire()
        settle(qtbot, station.bus)  # the claim runs on the worker
    assert fake_sound.played == [Cue.LEVEL, Cue.WARNING]
    fake_clock.advance(seconds=60)
    fake_timer.fire()
    settle(qtbot, station.bus)  # the claim runs on the worker
    next_cue = Cue.BREAK_START if structure.levels[1].is_break else Cue.LEVEL
    assert fake_sound.played == [Cue.LEVEL, Cue.WARNING, next_cue]
    assert station.display.level_label.text() != ""
    fake_timer.fire()
    settle(qtbot, station.bus)  # the claim runs on the worker
    fake_timer.fire()
    settle(qtbot, station.bus)  # the claim runs on the worker
    assert len(fake_sound.played) == 3


@pytest.mark.slow
def test_undo_and_redo_do_not_replay(qtbot, station, services, tournament_id, fake_sound) -> None:
    qtbot.keyClick(station.display, Qt.Key.Key_Space)
    settle(qtbot, station.bus)
    qtbot.keyClick(station.display, Qt.Key.Key_N)
    settle(qtbot, station.bus)
    assert fake_sound.played == [Cue.LEVEL, Cue.LEVEL]
    qtbot.keyClick(station.display, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    settle(qtbot, station.bus)
    assert services.clock.state(tournament_id).index == 0
    qtbot.keyClick(station.display, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    settle(qtbot, station.bus)
    assert services.clock.state(tournament_id).index == 1
    station.session.tick()
    settle(qtbot, station.bus)
    assert fake_sound.played == [Cue.LEVEL, Cue.LEVEL]


@pytest.mark.slow
def test_a_second_window_on_the_same_database_stays_silent(
    qtbot, station, services, bus, tournament_id, fake_sound, ui_settings, fake_timer
) -> None:
    qtbot.keyClick(station.display, Qt.Key.Key_Space)
    settle(qtbot, station.bus)
    assert fake_sound.played == [Cue.LEVEL]

    from tests.ui.conftest import FakeSound, FakeTimer

    other_sound = FakeSound()
    other = ClockStation(services, bus, other_sound, ui_settings, timer=FakeTimer())
    qtbot.addWidget(other.display)
    qtbot.addWidget(other.director)
    other.session.tick()
    settle(qtbot, other.bus)
    assert other_sound.played == []
    other.close()


@pytest.mark.slow
def test_muted_means_silent(qtbot, station, fake_sound) -> None:
    qtbot.keyClick(station.display, Qt.Key.Key_M)
    settle(qtbot, station.bus)
    qtbot.keyClick(station.display, Qt.Key.Key_Space)
    settle(qtbot, station.bus)
    assert fake_sound.played == []
    assert fake_sound.said == []


@pytest.mark.slow
def test_announcements_can_be_switched_off(qtbot, station, services, tournament_id, fake_sound):
    qtbot.keyClick(station.display, Qt.Key.Key_A)
    settle(qtbot, station.bus)
    assert not services.clock.snapshot(tournament_id).settings.announce
    qtbot.keyClick(station.display, Qt.Key.Key_Space)
    settle(qtbot, station.bus)
    assert fake_sound.played == [Cue.LEVEL]
    assert fake_sound.said == []
