"""A station whose PostgreSQL server goes away under it: it says so on every window at
once (the wall only with a discreet dot), keeps the clock running from the stored end time,
refuses changes in words, and comes back by itself when the server does.

Real windows offscreen, the bus with its real timers, and a server of the test's own that is
stopped and started again the way a host would.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QLabel, QWidget

from clockapp.errors import DomainError
from clockapp.persistence.db import make_engine, migrate
from clockapp.services.app import Services
from clockapp.ui.bus import TournamentBus
from clockapp.ui.station.station import ClockStation
from tests import pgserver
from tests.ui.polling import submit_and_wait

pytestmark = pytest.mark.postgres


@pytest.fixture
def server() -> Iterator[pgserver.Server]:
    bindir = pgserver.find_bin()
    if bindir is None:
        pytest.skip("stopping a server needs PostgreSQL's binaries (initdb, pg_ctl) here")
    with pgserver.restartable_server(bindir) as started:
        yield started


def _mark(window: QWidget) -> QLabel:
    mark = window.findChild(QLabel, "offline_mark")
    assert mark is not None
    return mark


@pytest.mark.slow
def test_a_station_that_loses_its_server_says_so_keeps_time_and_comes_back(
    server: pgserver.Server, qtbot, fake_sound, ui_settings
) -> None:
    engine = make_engine(server.url)
    migrate(engine)
    services = Services(engine)
    tid = services.tournaments.create("Night").value.id
    services.clock.start(tid)
    bus = TournamentBus(services, tid)  # the real poll and watch timers
    station = ClockStation(services, bus, fake_sound, ui_settings)
    try:
        for window in (station.director, station.display):
            qtbot.addWidget(window)
            window.show()
        cashier = station.windows.open_cashier()
        windows = (station.director, cashier, station.display)
        qtbot.waitUntil(lambda: station.display.countdown_label.text() != "", timeout=5000)
        assert not any(_mark(w).isVisible() for w in windows)

        server.stop()
        qtbot.waitUntil(lambda: all(_mark(w).isVisible() for w in windows), timeout=2000)
        assert "cannot be reached" in _mark(station.director).text()
        assert "cannot be reached" in _mark(cashier).text()
        assert _mark(station.display).text() == ""  # the wall: a dot, no words for the room
        assert _mark(station.display).width() <= 20

        # The clock goes on from the stored end time.
        shown = station.display.countdown_label.text()
        qtbot.waitUntil(lambda: station.display.countdown_label.text() != shown, timeout=3000)
        # A change is refused in words, and the database is untouched.
        with pytest.raises(DomainError, match="cannot be reached, so nothing was changed"):
            submit_and_wait(qtbot, bus, lambda: services.clock.add_time(tid, 60_000))

        server.start()
        qtbot.waitUntil(lambda: not any(_mark(w).isVisible() for w in windows), timeout=10_000)
        before = services.clock.state(tid)
        submit_and_wait(qtbot, bus, lambda: services.clock.add_time(tid, 60_000))  # back to normal
        assert services.clock.state(tid) != before
    finally:
        station.close()
        bus.stop()
        engine.dispose()
