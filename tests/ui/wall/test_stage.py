"""The wall stage over the clock display, and the director's message and clear commands."""

from __future__ import annotations

from clockapp.core.wall import MESSAGE
from clockapp.ui.actions import Action
from clockapp.ui.station.station import ClockStation
from clockapp.ui.wall.stage import registered_kinds
from tests.ui.polling import settle


def test_every_kind_the_core_names_that_has_a_widget_is_registered() -> None:
    assert MESSAGE in registered_kinds()


def test_a_message_covers_the_clock_until_the_director_clears_it(
    station: ClockStation, qtbot
) -> None:
    station.wall.ask_message = lambda: ("Dinner is served", "Back at level 7\nin the kitchen")
    station.director_actions[Action.WALL_MESSAGE].trigger()
    settle(qtbot, station.bus)
    stage = station.display.wall_stage
    qtbot.waitUntil(stage.isVisible)
    widget = stage.current_widget()
    assert widget is not None
    assert widget.title_label.text() == "Dinner is served"
    assert [label.text() for label in widget.line_labels] == [
        "Back at level 7",
        "in the kitchen",
        "",
    ]
    assert stage.geometry() == station.display.rect()
    # The clock keeps counting under the moment.
    assert stage.strip_countdown.text() == station.display.countdown_label.text() != ""
    assert stage.strip_level.text() == station.display.level_label.text()
    station.director_actions[Action.CLEAR_WALL].trigger()
    settle(qtbot, station.bus)
    qtbot.waitUntil(lambda: not stage.isVisible())
    assert station.services.wall.current(station.bus.tournament_id) is None


def test_a_cancelled_or_empty_message_changes_nothing(qtbot, station: ClockStation) -> None:
    for answer in (None, ("  ", "")):
        station.wall.ask_message = lambda answer=answer: answer
        station.director_actions[Action.WALL_MESSAGE].trigger()
        settle(qtbot, station.bus)
        assert station.services.wall.current(station.bus.tournament_id) is None
        assert not station.display.wall_stage.isVisible()


def test_an_unknown_kind_leaves_the_clock_shown(station: ClockStation) -> None:
    station.wall.show("not-a-kind", {"x": 1})
    assert station.services.wall.current(station.bus.tournament_id) is not None
    assert not station.display.wall_stage.isVisible()
