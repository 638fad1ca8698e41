"""The estimated end on the director's window (always) and on the wall (on demand)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from clockapp.core.wall import ESTIMATE
from clockapp.ui.actions import Action
from clockapp.ui.station.station import ClockStation
from clockapp.ui.wall.estimate import EstimateMoment
from clockapp.ui.wall.stage import registered_kinds
from tests.fakes import FakeClock
from tests.ui.polling import poll, refusal, settle, submit_and_wait


def test_the_estimate_kind_is_registered() -> None:
    assert ESTIMATE in registered_kinds()


@pytest.mark.slow
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
        submit_and_wait(qtbot, station.bus, lambda rid=rid: services.results.bust(tid, rid))
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
    station: ClockStation, qtbot
) -> None:
    from clockapp.errors import DomainError

    error = refusal(qtbot, station.bus, station.wall.show_estimate)
    assert isinstance(error, DomainError)
    assert "Nothing to estimate" in str(error)
    assert station.services.wall.current(station.bus.tournament_id) is None
    assert not station.display.wall_stage.isVisible()


def test_the_estimate_is_simulated_off_the_gui_thread_once_per_burst_of_sales(
    station: ClockStation, qtbot, monkeypatch
) -> None:
    import threading

    from clockapp.services.players.values import PlayerDetails

    services, tid, bus = station.services, station.bus.tournament_id, station.bus
    players = [services.players.create(PlayerDetails(f"Burst {n}")).value.id for n in range(6)]
    settle(qtbot, bus)
    asked_on: list[str] = []
    found: list[int] = []
    estimate = services.estimate.estimate

    def recorded(tournament_id: int):
        asked_on.append(threading.current_thread().name)
        night = estimate(tournament_id)
        found.append(0 if night is None else night.players_left)
        return night

    monkeypatch.setattr(services.estimate, "estimate", recorded)
    for player_id in players:  # the desk's sales, each answered by the worker
        bus.submit(lambda p=player_id: services.cashier.buy_in(tid, p))
    settle(qtbot, bus)
    assert asked_on, "the estimate was not read again after the sales"
    assert threading.main_thread().name not in asked_on  # before: on the GUI thread, each time
    assert len(asked_on) <= 2  # a read already on its way is followed by one more, not six
    assert found[-1] == 6  # the last read saw every sale
    assert "early guess" in station.estimate_line.text()
