"""The director's wall commands run on the station's worker: one that waits on the database
leaves the event loop turning, a second press while it is on its way does nothing more, and the
wall shows the moment once it answers."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from clockapp.core.wall import MESSAGE, SHOT_CLOCK
from clockapp.ui.actions import Action
from clockapp.ui.station.station import ClockStation
from clockapp.ui.wall.shot_clock_panel import ShotClockPanel
from tests.ui.hung import Beat, answered_once, hang


@pytest.fixture
def beat() -> Iterator[Beat]:
    the_beat = Beat()
    yield the_beat
    the_beat.stop()


@pytest.mark.slow
def test_a_message_waiting_on_the_database_leaves_the_window_running(
    station: ClockStation, qtbot, monkeypatch, beat: Beat
) -> None:
    services, tid = station.services, station.bus.tournament_id
    hung = hang(monkeypatch, services.wall, "show")
    station.wall.ask_message = lambda: ("Dinner is served", "")
    action = station.director_actions[Action.WALL_MESSAGE]
    with answered_once(hung, qtbot, station.bus, beat):
        action.trigger()
        hung.waiting(qtbot, beat)
        action.trigger()  # the same message again while the first is on its way
        assert not station.display.wall_stage.isVisible()
    moment = services.wall.current(tid)
    assert moment is not None
    assert moment.kind == MESSAGE
    qtbot.waitUntil(station.display.wall_stage.isVisible)

    cleared = hang(monkeypatch, services.wall, "clear")
    with answered_once(cleared, qtbot, station.bus):
        station.director_actions[Action.CLEAR_WALL].trigger()
        cleared.waiting(qtbot)
        assert not station.wall.clear()  # pressed twice: once
    assert services.wall.current(tid) is None
    qtbot.waitUntil(lambda: not station.display.wall_stage.isVisible())


@pytest.mark.slow
def test_a_clock_call_waiting_on_the_database_leaves_the_window_running(
    station: ClockStation, qtbot, monkeypatch, beat: Beat
) -> None:
    from tests.services.seating.test_seating import place

    services, tid = station.services, station.bus.tournament_id
    services.seating.add_tables(tid, 1, seat_count=9)
    place(services, tid, {1: [2, 5]})
    hung = hang(monkeypatch, services.shot_clock, "call")
    station.wall.ask_player = lambda players: players[0]
    with answered_once(hung, qtbot, station.bus, beat):
        station.director_actions[Action.SHOT_CLOCK].trigger()
        hung.waiting(qtbot, beat)
        assert station.wall.shot_clock_panel is None  # shown once it answers
        assert not station.wall.call_clock()  # a second call while it is on its way
    panel = station.wall.shot_clock_panel
    assert isinstance(panel, ShotClockPanel)
    qtbot.addWidget(panel)
    moment = services.wall.current(tid)
    assert moment is not None
    assert moment.kind == SHOT_CLOCK
