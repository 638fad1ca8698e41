"""The host's events on the wall: they sound, speak and show once, and show without sound."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import Qt

from clockapp.core.host_events import HostEvent, Trigger
from clockapp.ui.optional import OptionalParts
from clockapp.ui.sound import Cue, Sound
from clockapp.ui.station.station import ClockStation
from clockapp.ui.wall.message import MessageMoment
from tests.ui.polling import settle

FIVE_LEFT = HostEvent(
    0,
    Trigger.MINUTES_BEFORE_END,
    minutes=5,
    sound="warning",
    spoken="Five minutes left in level {level}",
    wall_text="5 minutes left\nLevel {level}",
    seconds=20,
)


def wall_message(station: ClockStation) -> str:
    """The title of the message over the clock ("" when the clock shows alone)."""
    stage = station.display.wall_stage
    if not stage.isVisible():
        return ""
    widget = stage.current_widget()
    return widget.title_label.text() if isinstance(widget, MessageMoment) else ""


def walk(qtbot, station: ClockStation, fake_clock, fake_timer, seconds: int) -> None:
    """Move time on a second at a time, as the repaint timer would."""
    for _ in range(seconds):
        fake_clock.advance(seconds=1)
        fake_timer.fire()
        settle(qtbot, station.bus)


def start_with(qtbot, station: ClockStation, services, tournament_id, *events) -> None:
    for event in events:
        station.bus.submit(lambda event=event: services.host_events.save(tournament_id, event))
    settle(qtbot, station.bus)
    qtbot.keyClick(station.display, Qt.Key.Key_Space)
    settle(qtbot, station.bus)


def test_a_host_event_sounds_speaks_and_shows_for_its_seconds_once(
    qtbot, station, services, tournament_id, fake_sound, fake_clock, fake_timer
) -> None:
    start_with(qtbot, station, services, tournament_id, FIVE_LEFT)
    minutes = services.clock.snapshot(tournament_id).structure.levels[0].minutes
    fake_clock.advance(minutes=minutes - 5, seconds=-2)
    fake_timer.fire()
    settle(qtbot, station.bus)
    assert fake_sound.played == [Cue.LEVEL]
    walk(qtbot, station, fake_clock, fake_timer, 3)
    assert fake_sound.played == [Cue.LEVEL, Cue.WARNING]
    assert fake_sound.said[-1] == "Five minutes left in level 1"
    assert wall_message(station) == "5 minutes left"
    walk(qtbot, station, fake_clock, fake_timer, 19)
    assert wall_message(station) == ""  # its 20 seconds are up
    assert fake_sound.played == [Cue.LEVEL, Cue.WARNING]


def test_players_left_fires_when_a_bust_brings_the_count_down(
    qtbot, station, services, tournament_id, fake_sound, fake_clock, fake_timer
) -> None:
    station.bus.submit(lambda: services.clock.set_field(tournament_id, entries=12, players_left=11))
    event = HostEvent(0, Trigger.PLAYERS_LEFT, players=10, wall_text="{players_left} left!")
    start_with(qtbot, station, services, tournament_id, event)
    station.bus.submit(lambda: services.clock.set_field(tournament_id, players_left=10))
    settle(qtbot, station.bus)
    fake_timer.fire()
    assert wall_message(station) == "10 left!"


def test_without_sound_the_message_still_shows(
    qtbot,
    without_optional_qt,
    services,
    bus,
    ui_settings,
    fake_timer,
    tournament_id,
    fake_clock,
) -> None:
    parts = OptionalParts()
    station = ClockStation(
        services, bus, Sound(parts=parts), ui_settings, timer=fake_timer, parts=parts
    )
    qtbot.addWidget(station.display)
    qtbot.addWidget(station.director)
    station.display.resize(1280, 720)
    station.display.show()
    try:
        start_with(qtbot, station, services, tournament_id, FIVE_LEFT)
        minutes = services.clock.snapshot(tournament_id).structure.levels[0].minutes
        fake_clock.advance(minutes=minutes - 5, seconds=-2)
        fake_timer.fire()
        settle(qtbot, station.bus)
        walk(qtbot, station, fake_clock, fake_timer, 3)
        assert wall_message(station) == "5 minutes left"
        assert parts.notices()  # the director is told the sound is off
    finally:
        station.close()


@pytest.mark.slow
def test_a_bust_while_a_claim_is_on_its_way_is_claimed_after_it(
    qtbot, station, services, tournament_id, monkeypatch
) -> None:
    station.bus.submit(lambda: services.clock.set_field(tournament_id, entries=12, players_left=12))
    settle(qtbot, station.bus)
    event = HostEvent(0, Trigger.PLAYERS_LEFT, players=10, wall_text="{players_left} left!")
    start_with(qtbot, station, services, tournament_id, event)
    read = threading.Event()
    claim = services.clock.claim_host_events

    def claim_and_tell(*args):
        answer = claim(*args)
        read.set()
        return answer

    monkeypatch.setattr(services.clock, "claim_host_events", claim_and_tell)
    services.clock.set_field(tournament_id, players_left=11)
    assert station.session.claim_host_events()  # on the worker
    assert read.wait(10)  # that claim read 11 players; its answer is not back yet
    station.bus.submit(lambda: services.clock.set_field(tournament_id, players_left=10))
    settle(qtbot, station.bus)
    assert wall_message(station) == "10 left!"
