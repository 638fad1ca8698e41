"""The shot clock on the real station: called from the laptop, counted on the wall, spoken."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from clockapp.core.shot_clock import ShotClockError
from clockapp.core.wall import MESSAGE, SHOT_CLOCK
from clockapp.ui.actions import Action
from clockapp.ui.station.station import ClockStation
from clockapp.ui.wall.shot_clock import ShotClockMoment
from clockapp.ui.wall.shot_clock_panel import ShotClockPanel
from clockapp.ui.wall.stage import registered_kinds
from tests.dbdump import dump_database as dump
from tests.fakes import FakeClock
from tests.ui.conftest import FakeSound
from tests.ui.polling import refusal, settle


@pytest.fixture
def seats(station: ClockStation) -> dict[tuple[int, int], int]:
    from tests.services.seating.test_seating import place

    station.services.seating.add_tables(station.bus.tournament_id, 1, seat_count=9)
    return place(station.services, station.bus.tournament_id, {1: [2, 5]})


def test_the_shot_clock_kind_is_registered() -> None:
    assert SHOT_CLOCK in registered_kinds()


@pytest.mark.slow
def test_the_clock_called_counts_on_the_wall_and_laptop_says_the_last_ten_then_time(
    station: ClockStation,
    seats: dict[tuple[int, int], int],
    fake_clock: FakeClock,
    fake_sound: FakeSound,
    qtbot,
) -> None:
    station.wall.ask_player = lambda players: players[1]
    station.director_actions[Action.SHOT_CLOCK].trigger()
    settle(qtbot, station.bus)
    panel = station.wall.shot_clock_panel
    assert isinstance(panel, ShotClockPanel)
    qtbot.addWidget(panel)
    stage = station.display.wall_stage
    qtbot.waitUntil(stage.isVisible)
    widget = stage.current_widget()
    assert isinstance(widget, ShotClockMoment)
    assert widget.title_label.text() == "Clock called on P02"
    assert widget.seat_label.text() == "Table 1, seat 5"
    assert widget.count_label.text() == "60"
    assert panel.count_label.text() == "60"
    for second in range(1, 61):
        fake_clock.advance(seconds=1)
        panel.tick()
        widget.tick(station.services.now())
        if second == 45:
            assert widget.count_label.text() == "15"
            assert widget.count_label.color() == station.look.TEXT
        if second == 51:  # the last ten seconds are red on the wall
            assert widget.count_label.text() == "9"
            assert widget.count_label.color() == station.look.WARNING
    assert widget.count_label.text() == "TIME"
    assert widget.note_label.text() == "The hand is dead"
    said = [w for w in fake_sound.said if w.isdigit() or w == "Time"]
    assert said == [str(n) for n in range(10, 0, -1)] + ["Time"]
    # The count reads from the back of the room.
    station.display.resize(1920, 1080)
    QApplication.processEvents()
    assert widget.count_label.fitted_pixel() >= 1080 // 5
    qtbot.mouseClick(panel.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not stage.isVisible())
    assert station.services.wall.current(station.bus.tournament_id) is None


@pytest.mark.slow
def test_cancelling_takes_the_clock_off_the_wall(
    station: ClockStation, seats: dict[tuple[int, int], int], qtbot
) -> None:
    station.wall.ask_player = lambda players: players[0]
    assert station.wall.call_clock()
    settle(qtbot, station.bus)  # called on the station's worker
    panel = station.wall.shot_clock_panel
    assert isinstance(panel, ShotClockPanel)
    qtbot.addWidget(panel)
    qtbot.mouseClick(panel.cancel_button, Qt.MouseButton.LeftButton)
    settle(qtbot, station.bus)  # cancelled on the station's worker
    assert station.services.wall.current(station.bus.tournament_id) is None
    assert not panel.isVisible()


@pytest.mark.slow
def test_a_clock_on_a_player_busted_meanwhile_is_refused_and_the_wall_is_unchanged(
    station: ClockStation, seats: dict[tuple[int, int], int], qtbot
) -> None:
    from tests.services.seating.test_seating import bust

    station.wall.show(MESSAGE, {"title": "Dinner"})
    settle(qtbot, station.bus)
    busted = seats[(1, 2)]
    # The list was read before another station recorded his bust.
    stale = station.services.shot_clock.players(station.bus.tournament_id)
    bust(station.services, busted)
    station.wall.ask_player = lambda _players: next(p for p in stale if p.registration_id == busted)
    before_moment = station.display.wall_stage.moment
    before = dump(station.services.ctx.engine)
    error = refusal(qtbot, station.bus, station.wall.call_clock)
    assert isinstance(error, ShotClockError)
    assert "P01 is not in play" in str(error)
    assert station.wall.shot_clock_panel is None
    assert station.display.wall_stage.moment == before_moment
    assert before_moment is not None
    assert before_moment.kind == MESSAGE
    assert dump(station.services.ctx.engine) == before


@pytest.mark.slow
def test_another_moment_closes_the_laptop_panel(
    station: ClockStation, seats: dict[tuple[int, int], int], qtbot
) -> None:
    station.wall.ask_player = lambda players: players[0]
    assert station.wall.call_clock()
    settle(qtbot, station.bus)
    panel = station.wall.shot_clock_panel
    assert panel is not None
    qtbot.addWidget(panel)
    station.wall.show(MESSAGE, {"title": "Break"})
    settle(qtbot, station.bus)
    assert not panel.isVisible()
