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
from PySide6.QtWidgets import QWidget

from clockapp.services.app import Services
from clockapp.ui.bus import TournamentBus
from clockapp.ui.settings import UiSettings
from clockapp.ui.sound import Cue

W = TypeVar("W", bound=QWidget)


@pytest.fixture
def tournament_id(services: Services) -> int:
    """A fresh tournament in the test database."""
    return services.tournaments.create("Friday Night Hold'em").value.id


@pytest.fixture
def bus(services: Services, tournament_id: int, qtbot) -> Iterator[TournamentBus]:
    """The tournament bus, without its poll timer (tests call `bus.poll()` when they need it)."""
    the_bus = TournamentBus(services, tournament_id, poll_interval_ms=0)
    yield the_bus
    the_bus.deleteLater()


class FakeSound:
    """Records cues and sentences instead of playing them (the app's `Sound` interface)."""

    def __init__(self) -> None:
        self.played: list[Cue] = []
        self.said: list[str] = []
        self._muted = False

    @property
    def muted(self) -> bool:
        return self._muted

    def set_muted(self, muted: bool) -> None:
        self._muted = muted

    def play(self, cue: Cue) -> None:
        if not self._muted:
            self.played.append(cue)

    def say(self, text: str) -> None:
        if not self._muted:
            self.said.append(text)


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
