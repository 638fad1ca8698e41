"""After a restart the director's Undo offers the tournament's last clock actions again, by name,
newest first, and each undo still puts the clock back exactly."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt

from clockapp.core.registration import RegistrationMode
from clockapp.services.app import Services
from clockapp.ui.actions import Action
from clockapp.ui.bus import TournamentBus
from clockapp.ui.station.station import ClockStation
from tests.ui.polling import poll, settle


def click(qtbot, station, action: Action) -> None:
    qtbot.mouseClick(station.director.buttons[action], Qt.MouseButton.LeftButton)
    settle(qtbot, station.bus)  # a clock press runs on the station's worker


@pytest.fixture
def restart(
    engine, fake_clock, tournament_id, fake_sound, ui_settings, fake_timer, qtbot
) -> Iterator:
    """Open the app again on the same database: new services, bus and windows."""
    opened: list[tuple[ClockStation, TournamentBus]] = []

    def open_again() -> ClockStation:
        services = Services(engine, now=fake_clock)
        bus = TournamentBus(services, tournament_id, poll_interval_ms=0)
        station = ClockStation(services, bus, fake_sound, ui_settings, timer=fake_timer)
        qtbot.addWidget(station.display)
        qtbot.addWidget(station.director)
        station.director.show()
        qtbot.waitExposed(station.director)
        settle(qtbot, bus)  # the history is read on the station's worker
        opened.append((station, bus))
        return station

    yield open_again
    for station, bus in opened:
        station.close()
        bus.stop()
        bus.deleteLater()


@pytest.mark.slow
def test_the_undo_history_comes_back_with_the_tournament(
    qtbot, station, services, tournament_id, fake_clock, restart
) -> None:
    click(qtbot, station, Action.TOGGLE_PAUSE)  # start
    fake_clock.advance(seconds=90)
    click(qtbot, station, Action.NEXT_LEVEL)
    at_level_two = services.clock.state(tournament_id)
    fake_clock.advance(seconds=30)
    click(qtbot, station, Action.ADD_MINUTE)
    last = services.clock.state(tournament_id)
    assert station.director.buttons[Action.UNDO].text() == "Undo Add a minute"
    station.close()

    again = restart()
    undo = again.director.buttons[Action.UNDO]
    assert undo.isEnabled()
    assert undo.text() == "Undo Add a minute"
    assert services.clock.state(tournament_id) == last  # nothing is redone on opening
    click(qtbot, again, Action.UNDO)
    assert services.clock.state(tournament_id) == at_level_two  # the minute, exactly
    assert undo.text() == "Undo Next level"
    assert again.director.buttons[Action.REDO].text() == "Redo Add a minute"
    click(qtbot, again, Action.UNDO)
    assert services.clock.state(tournament_id).index == 0
    assert undo.text() == "Undo Start clock"
    click(qtbot, again, Action.UNDO)
    assert not services.clock.state(tournament_id).started
    assert not undo.isEnabled()


@pytest.mark.slow
def test_an_undo_made_before_the_restart_stays_undone(
    qtbot, station, services, tournament_id, restart
) -> None:
    click(qtbot, station, Action.TOGGLE_PAUSE)  # start
    click(qtbot, station, Action.NEXT_LEVEL)
    click(qtbot, station, Action.UNDO)
    assert services.clock.state(tournament_id).index == 0
    station.close()

    again = restart()
    assert again.director.buttons[Action.UNDO].text() == "Undo Start clock"


@pytest.mark.slow
def test_another_stations_clock_change_since_offers_nothing_stale(
    qtbot, station, services, tournament_id, restart
) -> None:
    click(qtbot, station, Action.TOGGLE_PAUSE)  # start
    station.close()
    services.clock.pause(tournament_id)  # another station, while this one was closed

    again = restart()
    # Undoing the start would be refused now: the Undo does not offer it.
    assert not again.director.buttons[Action.UNDO].isEnabled()


@pytest.mark.slow
def test_switching_back_to_a_tournament_brings_its_undo_back(
    qtbot, station, services, tournament_id
) -> None:
    click(qtbot, station, Action.TOGGLE_PAUSE)  # start
    click(qtbot, station, Action.ADD_MINUTE)
    other = services.tournaments.create("Saturday Deepstack").value.id
    station.bus.switch_tournament(other)
    settle(qtbot, station.bus)
    undo = station.director.buttons[Action.UNDO]
    assert not undo.isEnabled()  # that tournament's clock has no history
    station.bus.switch_tournament(tournament_id)
    settle(qtbot, station.bus)
    assert undo.text() == "Undo Add a minute"
    click(qtbot, station, Action.UNDO)
    assert undo.text() == "Undo Start clock"


@pytest.mark.slow
def test_a_step_undone_before_the_restart_is_offered_for_redo(
    qtbot, station, services, tournament_id, fake_clock, restart
) -> None:
    click(qtbot, station, Action.TOGGLE_PAUSE)  # start
    fake_clock.advance(seconds=60)
    click(qtbot, station, Action.NEXT_LEVEL)
    at_level_two = services.clock.state(tournament_id)
    fake_clock.advance(seconds=30)
    click(qtbot, station, Action.ADD_MINUTE)
    last = services.clock.state(tournament_id)
    click(qtbot, station, Action.UNDO)
    click(qtbot, station, Action.UNDO)
    assert services.clock.state(tournament_id).index == 0
    station.close()

    again = restart()
    undo, redo = again.director.buttons[Action.UNDO], again.director.buttons[Action.REDO]
    assert services.clock.state(tournament_id).index == 0  # nothing is redone on opening
    assert undo.text() == "Undo Start clock"
    assert redo.isEnabled()
    assert redo.text() == "Redo Next level"
    click(qtbot, again, Action.REDO)
    assert services.clock.state(tournament_id) == at_level_two
    assert redo.text() == "Redo Add a minute"
    station_after = restart()  # a redo is kept too: the next opening offers the rest
    assert station_after.director.buttons[Action.REDO].text() == "Redo Add a minute"
    click(qtbot, station_after, Action.REDO)
    assert services.clock.state(tournament_id) == last
    assert not station_after.director.buttons[Action.REDO].isEnabled()


@pytest.mark.slow
def test_a_new_press_after_an_undo_is_not_followed_by_the_old_redo(
    qtbot, station, services, tournament_id, restart
) -> None:
    click(qtbot, station, Action.TOGGLE_PAUSE)  # start
    click(qtbot, station, Action.NEXT_LEVEL)
    click(qtbot, station, Action.UNDO)
    click(qtbot, station, Action.ADD_MINUTE)
    station.close()

    again = restart()
    assert again.director.buttons[Action.UNDO].text() == "Undo Add a minute"
    assert not again.director.buttons[Action.REDO].isEnabled()


@pytest.mark.slow
def test_closing_registration_comes_back_on_the_undo_after_a_restart(
    qtbot, station, services, tournament_id, restart
) -> None:
    from tests.ui.test_registration_ui import _field

    _field(services, tournament_id, ("Ann", "Bob"), late_until_level=4)
    poll(qtbot, station.bus)
    click(qtbot, station, Action.TOGGLE_PAUSE)  # start
    assert station.director.registration.action.isEnabled()
    station.director.registration.action.trigger()
    settle(qtbot, station.bus)
    assert services.registration.mode(tournament_id) is RegistrationMode.CLOSED
    station.close()

    again = restart()
    undo, redo = again.director.buttons[Action.UNDO], again.director.buttons[Action.REDO]
    assert undo.text() == "Undo Close registration"
    click(qtbot, again, Action.UNDO)
    assert services.registration.mode(tournament_id) is RegistrationMode.AUTO
    assert undo.text() == "Undo Start clock"  # the clock's steps and the registration's, in turn
    assert redo.text() == "Redo Close registration"
    again.close()

    third = restart()  # the undone close is offered for redo
    redo = third.director.buttons[Action.REDO]
    assert redo.text() == "Redo Close registration"
    click(qtbot, third, Action.REDO)
    assert services.registration.mode(tournament_id) is RegistrationMode.CLOSED
    assert third.director.buttons[Action.UNDO].text() == "Undo Close registration"
