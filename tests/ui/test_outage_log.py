"""A planned server outage under a running station: the log says so in a line or two, and holds
no traceback (an outage is expected; a traceback is for what nobody expected).

Real windows offscreen, the bus with its real timers, and a server of the test's own stopped and
started again the way a host would.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QLabel, QWidget

from clockapp.persistence.db import make_engine, migrate
from clockapp.services.app import Services
from clockapp.ui.bus import TournamentBus
from clockapp.ui.station.station import ClockStation
from tests import pgserver

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


@pytest.fixture
def server() -> Iterator[pgserver.Server]:
    bindir = pgserver.find_bin()
    if bindir is None:
        pytest.skip("stopping a server needs PostgreSQL's binaries (initdb, pg_ctl) here")
    with pgserver.restartable_server(bindir) as started:
        yield started


def _offline(window: QWidget) -> bool:
    mark = window.findChild(QLabel, "offline_mark")
    assert mark is not None
    return mark.isVisible()


def test_a_planned_outage_is_a_line_in_the_log_not_tracebacks(
    server: pgserver.Server, qtbot, fake_sound, ui_settings, caplog: pytest.LogCaptureFixture
) -> None:
    engine = make_engine(server.url)
    migrate(engine)
    services = Services(engine)
    tid = services.tournaments.create("Night").value.id
    services.clock.start(tid)
    bus = TournamentBus(services, tid)
    station = ClockStation(services, bus, fake_sound, ui_settings)
    caplog.set_level(logging.DEBUG, logger="clockapp")
    try:
        for window in (station.director, station.display):
            qtbot.addWidget(window)
            window.show()
        station.windows.open_cashier()
        qtbot.waitUntil(lambda: station.display.countdown_label.text() != "", timeout=5000)
        caplog.clear()

        server.stop()
        qtbot.waitUntil(lambda: _offline(station.director), timeout=5000)
        for _ in range(3):  # the station ticks on through the outage
            shown = station.display.countdown_label.text()
            qtbot.waitUntil(
                lambda shown=shown: station.display.countdown_label.text() != shown, timeout=3000
            )
        server.start()
        qtbot.waitUntil(lambda: not _offline(station.director), timeout=15_000)
    finally:
        station.close()
        bus.stop()
        engine.dispose()
    written = [r for r in caplog.records if r.levelno >= logging.INFO]
    tracebacks = [r for r in written if r.exc_info]
    assert tracebacks == [], [repr(r.exc_info[1]) for r in tracebacks]
    assert 1 <= len(written) <= 2, [f"{r.name}: {r.getMessage()}" for r in written]
    assert "lost the database server" in written[0].getMessage()
