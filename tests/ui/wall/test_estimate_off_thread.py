"""The director's estimated-end line never runs the night's simulation on the GUI thread: after
another station's entries and on the minute's timer, the estimate is read on the station's
worker and the line shows it when the read answers."""

from __future__ import annotations

import threading

import pytest

from clockapp.services.estimate import NightEstimate
from clockapp.ui.station.station import ClockStation
from tests.ui.polling import poll, settle


@pytest.mark.slow
def test_the_estimate_is_read_off_the_gui_thread(
    station: ClockStation, qtbot, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.services.seating.test_seating import buy_ins

    services, tid, line = station.services, station.bus.tournament_id, station.estimate_line
    asked_on: list[threading.Thread] = []
    estimate = services.estimate.estimate

    def recorded(tournament_id: int) -> NightEstimate | None:
        asked_on.append(threading.current_thread())
        return estimate(tournament_id)

    monkeypatch.setattr(services.estimate, "estimate", recorded)
    buy_ins(services, tid, 10)  # another station sells ten buy-ins
    poll(qtbot, station.bus)
    line.refresh()  # the minute's timer
    settle(qtbot, station.bus)
    assert asked_on
    assert threading.main_thread() not in asked_on
    assert line.text().startswith("Bubble around")
