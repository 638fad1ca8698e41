"""The wall stage over the clock display, and the director's message and clear commands."""

from __future__ import annotations

import pytest

from clockapp.core.structure import Break, Level, Structure
from clockapp.core.wall import MESSAGE
from clockapp.ui.actions import Action
from clockapp.ui.station.station import ClockStation
from clockapp.ui.wall.stage import registered_kinds
from tests.ui.polling import poll, settle, submit_and_wait


def test_every_kind_the_core_names_that_has_a_widget_is_registered() -> None:
    assert MESSAGE in registered_kinds()


@pytest.mark.slow
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


@pytest.mark.slow
def test_an_unknown_kind_leaves_the_clock_shown(station: ClockStation, qtbot) -> None:
    station.wall.show("not-a-kind", {"x": 1})
    settle(qtbot, station.bus)
    assert station.services.wall.current(station.bus.tournament_id) is not None
    assert not station.display.wall_stage.isVisible()


@pytest.mark.slow
def test_the_strip_under_a_moment_in_a_break_names_the_game_play_resumes_with(
    station: ClockStation, qtbot, fake_clock
) -> None:
    """The wall's panel said "BB ANTE 400 · PLO" after the break; the strip under a moment
    said only "200 / 400", so a room watching the moment missed the change of game."""
    services, tid = station.services, station.bus.tournament_id
    mixed = Structure(
        "Mixed",
        (
            Level(100, 200, ante=200, big_blind_ante=True, minutes=20),
            Break(10),
            Level(200, 400, ante=400, big_blind_ante=True, minutes=20, game="PLO"),
            Break(10),
            Level(300, 600, ante=600, big_blind_ante=True, minutes=20, game="PLO"),
        ),
    )
    submit_and_wait(qtbot, station.bus, lambda: services.structure.replace(tid, mixed))
    services.clock.start(tid)
    poll(qtbot, station.bus)
    station.wall.show(MESSAGE, {"title": "Dinner"})
    stage = station.display.wall_stage
    qtbot.waitUntil(stage.isVisible)
    assert stage.strip_blinds.text() == "100 / 200"
    fake_clock.advance(minutes=21)
    station.session.tick()
    settle(qtbot, station.bus)
    assert station.display.ante_label.text() == "BB ANTE 400  ·  PLO"
    assert stage.strip_blinds.text() == "200 / 400  ·  PLO"
    # The next break changes no game: the strip shows the blinds alone.
    fake_clock.advance(minutes=30)
    station.session.tick()
    settle(qtbot, station.bus)
    assert station.display.blinds_caption.text() == "AFTER THE BREAK"
    assert stage.strip_blinds.text() == "300 / 600"
