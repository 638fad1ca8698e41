"""Fixtures for the Qt tests: offscreen platform, a tournament, its bus, a fake sound, windows.

`QT_QPA_PLATFORM=offscreen` is set at import, before pytest-qt creates the QApplication, so the
suite runs without a display.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest
from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from clockapp.services.app import Services
from clockapp.ui.bus import TournamentBus
from clockapp.ui.settings import UiSettings
from clockapp.ui.sound import Cue
from clockapp.ui.station.station import ClockStation
from tests.ui.gui_sql import GuiThreadSql
from tests.ui.polling import settle

W = TypeVar("W", bound=QWidget)


# Qt's offscreen platform says it cannot do a few window-manager things; that is not a bug.
OFFSCREEN_NOISE = ("propagateSizeHints", "This plugin does not support")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/ui/" in str(item.path).replace("\\", "/"):
            item.add_marker(pytest.mark.qt_log_ignore(*OFFSCREEN_NOISE))


@pytest.fixture(scope="session", autouse=True)
def gui_collector(qapp) -> Iterator[object]:
    """As in the app: cyclic garbage is collected on the GUI thread only (`GuiCollector`)."""
    from clockapp.ui.collector import GuiCollector

    collector = GuiCollector(qapp)
    collector.start()
    yield collector
    collector.stop()


@pytest.fixture(autouse=True)
def collected_after_each_test(gui_collector) -> Iterator[None]:
    """What a test left in cycles goes on the GUI thread, when it is due, before the next test."""
    yield
    gui_collector.collect()


#: How long one modal dialog may stay open before its test fails: a test answers in well under a
#: second, but one that drives a dialog through many steps on a loaded machine needs longer.
MODAL_LIMIT_S = 120


@pytest.fixture(autouse=True)
def no_modal_left_waiting(qapp) -> Iterator[None]:
    """A modal dialog nobody answers fails its test and is closed, instead of blocking the run.

    Offscreen, `exec()` on a dialog no test answers never returns; a check on a timer (which runs
    inside the dialog's own event loop) closes it after `MODAL_LIMIT_S` and names it.
    """
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QDialog

    waiting: dict[int, int] = {}
    stuck: list[str] = []

    def check() -> None:
        modal = QApplication.activeModalWidget()
        if modal is None:
            waiting.clear()
            return
        seconds = waiting.get(id(modal), 0) + 1
        waiting.clear()
        waiting[id(modal)] = seconds
        if seconds >= MODAL_LIMIT_S:
            text = getattr(modal, "text", lambda: "")()
            stuck.append(f"{type(modal).__name__} {modal.windowTitle()!r} {text!r}")
            waiting.clear()
            if isinstance(modal, QDialog):
                modal.reject()
            else:
                modal.close()

    timer = QTimer()
    timer.setInterval(1000)
    timer.timeout.connect(check)
    timer.start()
    yield
    timer.stop()
    if stuck:
        pytest.fail(f"a modal dialog was left waiting for an answer: {'; '.join(stuck)}")


@pytest.fixture
def tournament_id(services: Services) -> int:
    """A fresh tournament in the test database."""
    return services.tournaments.create("Friday Night Hold'em").value.id


@pytest.fixture
def bus(services: Services, tournament_id: int, qtbot) -> Iterator[TournamentBus]:
    """The tournament bus, without its poll timer (tests read the feed with `tests.ui.polling`)."""
    the_bus = TournamentBus(services, tournament_id, poll_interval_ms=0)
    yield the_bus
    the_bus.stop()
    the_bus.deleteLater()


class FakeSound:
    """Records cues and sentences instead of playing them (the app's `Sound` interface)."""

    def __init__(self) -> None:
        self.played: list[Cue | Path] = []
        self.said: list[str] = []
        self._muted = False

    @property
    def muted(self) -> bool:
        return self._muted

    def set_muted(self, muted: bool) -> None:
        self._muted = muted

    def play(self, cue: Cue | Path) -> None:
        if not self._muted:
            self.played.append(cue)

    def say(self, text: str) -> None:
        if not self._muted:
            self.said.append(text)

    def preload(self) -> None:
        """Nothing to load (the app's `Sound` loads its cues after start-up)."""


@pytest.fixture
def fake_sound() -> FakeSound:
    return FakeSound()


@pytest.fixture
def window_factory(qtbot) -> Iterator[Callable[[QWidget], QWidget]]:
    """Register a window: it is added to qtbot and closed and deleted at teardown."""
    windows: list[QWidget] = []

    def register(window: W) -> W:
        qtbot.addWidget(window)
        windows.append(window)
        return window

    yield register
    for window in windows:
        window.close()


@pytest.fixture
def ui_settings(tmp_path: Path) -> UiSettings:
    """Window settings in a temporary INI file."""
    return UiSettings(tmp_path / "ui-settings.ini")


class FakeTimer(QObject):
    """A single-shot timer that fires only when a test calls `fire()` (never on its own)."""

    timeout = Signal()

    def __init__(self) -> None:
        super().__init__()
        self._interval = 0
        self._active = False
        self.starts: list[int] = []

    def setSingleShot(self, _single: bool) -> None:
        pass

    def setTimerType(self, _kind: object) -> None:
        pass

    def setInterval(self, ms: int) -> None:
        self._interval = ms

    def interval(self) -> int:
        return self._interval

    def isActive(self) -> bool:
        return self._active

    def start(self, ms: int | None = None) -> None:
        if ms is not None:
            self._interval = ms
        self._active = True
        self.starts.append(self._interval)

    def stop(self) -> None:
        self._active = False

    def fire(self) -> None:
        """What Qt would do when the interval has passed."""
        self._active = False
        self.timeout.emit()


@pytest.fixture
def fake_timer() -> FakeTimer:
    return FakeTimer()


@pytest.fixture
def station(
    services: Services,
    bus: TournamentBus,
    fake_sound: FakeSound,
    ui_settings: UiSettings,
    fake_timer: FakeTimer,
    qtbot,
) -> Iterator[ClockStation]:
    """The clock's windows for a fresh tournament, shown windowed, with fakes for time and sound."""
    the_station = ClockStation(services, bus, fake_sound, ui_settings, timer=fake_timer)
    qtbot.addWidget(the_station.display)
    qtbot.addWidget(the_station.director)
    the_station.display.resize(1280, 720)
    the_station.display.show()
    with qtbot.waitActive(the_station.display):
        the_station.display.activateWindow()
    yield the_station
    the_station.close()


# ---------------------------------------------------------------- the cashier window
@pytest.fixture
def cashier_window(services: Services, bus: TournamentBus, qtbot) -> Iterator[QWidget]:
    """The cashier window on a fresh tournament, shown (the search box has the focus)."""
    from clockapp.ui.cashier import CashierWindow

    window = CashierWindow(services, bus)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    settle(qtbot, bus)  # what the window shows is read on the station's worker
    yield window
    window.close()


@pytest.fixture
def shown_window(window_factory, qtbot) -> Callable[..., QWidget]:
    """Register a window (closed at teardown), show it and wait until it is exposed.

    With `focus`, the window is also activated and that widget given the keyboard focus, so
    key clicks reach it as they would a director's typing.
    """

    def show(window: W, *, focus: QWidget | None = None) -> W:
        window_factory(window)
        window.show()
        qtbot.waitExposed(window)
        if focus is not None:
            window.activateWindow()
            focus.setFocus()
        return window

    return show


# ---------------------------------------------------------------- optional Qt parts
#: What a machine without libpulse0 cannot import (sound cues and speech).
OPTIONAL_QT = ("PySide6.QtMultimedia", "PySide6.QtTextToSpeech")


class _RefuseOptionalQt:
    """A meta-path finder that fails the optional Qt modules as a missing libpulse0 does."""

    def __init__(self, blocked: tuple[str, ...]) -> None:
        self.blocked = blocked

    def find_spec(self, name: str, path: object = None, target: object = None) -> None:
        if any(name == b or name.startswith(b + ".") for b in self.blocked):
            raise ImportError(
                f"{name}: libpulse.so.0: cannot open shared object file (simulated)", name=name
            )
        return None


@pytest.fixture
def block_qt(monkeypatch: pytest.MonkeyPatch) -> Callable[..., tuple[str, ...]]:
    """Make the named Qt modules fail to import for this test, as a missing system library does."""
    import sys

    def block(*modules: str) -> tuple[str, ...]:
        for name in list(sys.modules):
            if any(name == b or name.startswith(b + ".") for b in modules):
                monkeypatch.delitem(sys.modules, name)
        monkeypatch.setattr(sys, "meta_path", [_RefuseOptionalQt(modules), *sys.meta_path])
        return modules

    return block


@pytest.fixture
def without_optional_qt(block_qt) -> tuple[str, ...]:
    """Importing QtMultimedia or QtTextToSpeech fails for this test, as without libpulse0."""
    return block_qt(*OPTIONAL_QT)


# ---------------------------------------------------------------- SQL on the GUI thread
@pytest.fixture
def gui_thread_sql(engine) -> Iterator[GuiThreadSql]:
    """Every statement the services' engine runs on the GUI thread, with where it was asked."""
    recorder = GuiThreadSql(engine)
    recorder.start()
    yield recorder
    recorder.stop()
