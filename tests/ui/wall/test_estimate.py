"""The estimated end on the director's window (always) and on the wall (on demand)."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from clockapp.core.wall import ESTIMATE
from clockapp.ui.actions import Action
from clockapp.ui.station.station import ClockStation
from clockapp.ui.wall.estimate import EstimateMoment
from clockapp.ui.wall.stage import registered_kinds
from tests.fakes import FakeClock
from tests.ui.polling import poll, settle


def test_the_estimate_kind_is_registered() -> None:
    assert ESTIMATE in registered_kinds()


def test_the_director_always_sees_the_estimate_and_it_follows_the_busts(
    station: ClockStation, fake_clock: FakeClock, qtbot
) -> None:
    from tests.services.seating.test_seating import buy_ins

    line = station.estimate_line
    assert line.text() == "Estimated end: needs two players or more"
    services, tid = station.services, station.bus.tournament_id
    ids = buy_ins(services, tid, 10)
    poll(qtbot, station.bus)
    qtbot.waitUntil(lambda: line.text().startswith("Bubble around"))
    assert "early guess" in line.text()
    services.clock.start(tid)
    for rid in ids[:3]:
        fake_clock.advance(minutes=6)
        station.bus.run(lambda rid=rid: services.results.eliminate(tid, rid))
    assert "From the pace of the night's 3 busts" in line.text()

    station.director_actions[Action.ESTIMATE].trigger()
    settle(qtbot, station.bus)
    stage = station.display.wall_stage
    qtbot.waitUntil(stage.isVisible)
    widget = stage.current_widget()
    assert isinstance(widget, EstimateMoment)
    assert widget.bubble_label.text().startswith("In the money around ")
    assert widget.end_label.text().startswith("The end around ")
    assert widget.end_range.text().startswith("between ")
    station.display.resize(1920, 1080)
    QApplication.processEvents()
    assert widget.end_label.fitted_pixel() >= 60


def test_an_estimate_with_nobody_in_play_is_refused_and_the_wall_is_unchanged(
    station: ClockStation,
) -> None:
    import pytest

    from clockapp.core.errors import DomainError

    with pytest.raises(DomainError, match="Nothing to estimate"):
        station.wall.show_estimate()
    assert station.services.wall.current(station.bus.tournament_id) is None
    assert not station.display.wall_stage.isVisible()
