"""Window settings survive a restart: geometry and the chosen screen."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

from clockapp.ui.settings import UiSettings


def test_geometry_round_trip(qtbot, tmp_path: Path) -> None:
    path = tmp_path / "ui.ini"
    first = QWidget()
    qtbot.addWidget(first)
    first.setGeometry(40, 50, 640, 360)
    settings = UiSettings(path)
    settings.save_geometry("director", first)
    settings.sync()

    second = QWidget()
    qtbot.addWidget(second)
    again = UiSettings(path)
    assert again.restore_geometry("director", second)
    assert (second.width(), second.height()) == (640, 360)
    assert not again.restore_geometry("unknown", second)


def test_display_screen_and_fullscreen(tmp_path: Path, qapp) -> None:
    settings = UiSettings(tmp_path / "ui.ini")
    assert settings.display_screen is None
    assert settings.display_fullscreen is False  # until the host asks for it
    screen = QGuiApplication.screens()[0]
    settings.display_screen = "HDMI-1"
    settings.display_fullscreen = True
    settings.sync()
    again = UiSettings(tmp_path / "ui.ini")
    assert again.display_screen == "HDMI-1"
    assert again.display_fullscreen is True
    assert again.screen_for_display() in QGuiApplication.screens()
    assert again.screen_for_display(index=0) is screen
    again.display_screen = None
    assert again.display_screen is None


def test_unknown_screen_falls_back(tmp_path: Path, qapp) -> None:
    settings = UiSettings(tmp_path / "ui.ini")
    settings.display_screen = "a projector not plugged in today"
    assert settings.screen_for_display() in QGuiApplication.screens()
    assert settings.screen_for_display(index=99) in QGuiApplication.screens()
