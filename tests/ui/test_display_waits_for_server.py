"""A display station started while its PostgreSQL server is down: no modal dialog that nobody at
the wall will click; it says it is waiting, keeps trying by itself, and opens as soon as the
server is back.

The real launcher, offscreen, and a server of the test's own stopped and started as a host would.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from clockapp.core.stations import Role
from clockapp.persistence.db import make_engine, migrate
from clockapp.services.app import Services
from clockapp.ui.shell.entry import build_parser
from clockapp.ui.shell.launcher import Launcher
from tests import pgserver
from tests.ui.conftest import FakeSound

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


@pytest.fixture
def server() -> Iterator[pgserver.Server]:
    bindir = pgserver.find_bin()
    if bindir is None:
        pytest.skip("stopping a server needs PostgreSQL's binaries (initdb, pg_ctl) here")
    with pgserver.restartable_server(bindir) as started:
        yield started


@pytest.fixture(autouse=True)
def recorded_sound(monkeypatch: pytest.MonkeyPatch) -> None:
    """The launcher builds the station's sound itself: a recording one here, as in every window
    test. Real sound effects load on QtMultimedia's own thread and warn when they are done, in
    whatever test runs then."""
    monkeypatch.setattr("clockapp.ui.sound.Sound", lambda parts=None: FakeSound())


@contextmanager
def closing_any_modal(shown: list[str]) -> Iterator[None]:
    """While inside, close a modal dialog if one opens (the old behaviour), noting its text, so
    the test fails instead of waiting on it for ever. The watch ends with the block: left
    running, it would close the dialogs of the tests after this one."""

    def look() -> None:
        box = QApplication.activeModalWidget()
        if box is not None:
            shown.append(box.findChild(QLabel).text() if box.findChild(QLabel) else "?")
            box.close()

    timer = QTimer()
    timer.setInterval(50)
    timer.timeout.connect(look)
    timer.start()
    try:
        yield
    finally:
        timer.stop()


def _waiting_screens() -> list[QWidget]:
    return [
        w
        for w in QApplication.topLevelWidgets()
        if w.objectName() == "waiting_for_database" and w.isVisible()
    ]


def test_a_display_started_while_the_server_is_down_waits_and_opens_when_it_is_back(
    server: pgserver.Server, qtbot, ui_settings
) -> None:
    engine = make_engine(server.url)
    migrate(engine)
    Services(engine).tournaments.create("Night")
    engine.dispose()
    server.stop()

    args = build_parser().parse_args(["--db", server.url, "--station", "display", "--windowed"])
    args.station = Role(args.station)
    launcher = Launcher(QApplication.instance(), args)
    launcher.settings = ui_settings
    modals: list[str] = []
    with closing_any_modal(modals):
        try:
            assert launcher._open()  # the station carries on, waiting
            assert modals == []
            assert launcher.station is None
            (waiting,) = _waiting_screens()
            assert isinstance(waiting, QLabel)
            assert "Waiting for the database server" in waiting.text()
            assert "Connection refused" in waiting.text()
            attempts = launcher.waiting.attempts
            qtbot.waitUntil(lambda: launcher.waiting.attempts >= attempts + 2, timeout=15_000)
            assert launcher.station is None

            server.start()
            qtbot.waitUntil(lambda: launcher.station is not None, timeout=15_000)
            assert launcher.station.display.isVisible()
            assert _waiting_screens() == []
            assert modals == []
        finally:
            if launcher.station is not None:
                _close_station(launcher)
            if launcher.waiting is not None:
                launcher.waiting.stop()


def _close_station(launcher: Launcher) -> None:
    """Close what the launcher opened, as the app does when it quits: every window, the clock's
    ticks and the bus (left open, they would tick and sound through the tests after this one)."""
    station = launcher.station
    assert station is not None
    station.close()
    station.session.stop()
    station.bus.stop()
    station.services.ctx.engine.dispose()


# The launcher's real sound and speech, on a machine with no sound server.
@pytest.mark.qt_log_ignore(
    *("pipewire", "PulseAudio", r"\bva\b", "libva", "speech", "not supported on the selected"),
    *("propagateSizeHints", "This plugin does not support"),  # offscreen, as every UI test
)
def test_a_wall_with_its_cached_clock_shows_the_dot_and_keeps_time_while_it_waits(
    server: pgserver.Server, qtbot, ui_settings
) -> None:
    engine = make_engine(server.url)
    migrate(engine)
    services = Services(engine)
    services.clock.start(services.tournaments.create("Night").value.id)
    engine.dispose()
    argv = ["--db", server.url, "--station", "display", "--windowed"]
    args = build_parser().parse_args(argv)
    args.station = Role(args.station)
    first = Launcher(QApplication.instance(), args)
    first.settings = ui_settings
    assert first._open()  # a night the wall ran: its clock is cached
    _close_station(first)
    server.stop()

    launcher = Launcher(QApplication.instance(), args)
    launcher.settings = ui_settings
    modals: list[str] = []
    with closing_any_modal(modals):
        try:
            assert launcher._show_cached_clock()
            display = launcher.display
            qtbot.waitUntil(lambda: launcher.waiting is not None, timeout=10_000)
            mark = display.findChild(QLabel, "offline_mark")
            assert mark is not None
            qtbot.waitUntil(mark.isVisible, timeout=5000)
            assert "Waiting for the database server" in mark.toolTip()
            shown = display.countdown_label.text()
            qtbot.waitUntil(lambda: display.countdown_label.text() != shown, timeout=5000)

            server.start()
            qtbot.waitUntil(lambda: launcher.station is not None, timeout=15_000)
            assert launcher.station.display is display  # the same wall, now the station's
            assert not any(m.isVisible() for m in display.findChildren(QLabel, "offline_mark"))
            assert modals == []
        finally:
            if launcher.station is not None:
                _close_station(launcher)
            if launcher.waiting is not None:
                launcher.waiting.stop()
