"""The clock station's parts, each on its own: what it needs is what its constructor takes.

The station and the display own these parts (composed, not mixed in); here each is
driven without the rest of the station where it can be, so its interface is all it relies on.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from clockapp.services.app import Services
from clockapp.ui.director.web_view import WebViewSwitch
from clockapp.ui.display.fullscreen import Fullscreen
from clockapp.ui.station.station import ClockStation
from clockapp.ui.station.switching import TournamentSwitching
from clockapp.ui.station.windows import WINDOW_CASHIER, WINDOW_TABLES, StationWindows
from tests.ui.polling import settle


def test_fullscreen_works_for_any_window(qtbot) -> None:
    """A plain widget goes fullscreen and back; the way out sits in its top right corner."""
    window = QWidget()
    qtbot.addWidget(window)
    window.resize(800, 450)
    window.show()
    fullscreen = Fullscreen(window)
    seen: list[bool] = []
    fullscreen.changed.connect(seen.append)

    fullscreen.toggle()
    assert window.isFullScreen()
    button = fullscreen.exit_button
    assert button.isVisible()
    assert button.parentWidget() is window
    assert button.geometry().right() < window.width()
    assert button.geometry().right() > window.width() * 0.8  # in the corner

    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert not window.isFullScreen()
    assert not button.isVisible()
    assert seen == [True, False]
    fullscreen.set(False)  # already windowed: nothing happens, nothing is said
    assert seen == [True, False]

    # Shown, the button follows the window's size (the window calls `window_resized`).
    fullscreen.show_exit_button(True)
    window.resize(640, 360)
    fullscreen.window_resized()
    assert 640 * 0.8 < button.geometry().right() < 640


def test_the_way_out_shows_with_the_displays_first_fullscreen_frame(
    qtbot, services, bus, fake_sound, ui_settings, fake_timer
) -> None:
    # A display put fullscreen before it ever painted (the wall at start-up) has its way out.
    station = ClockStation(services, bus, fake_sound, ui_settings, timer=fake_timer)
    qtbot.addWidget(station.display)
    qtbot.addWidget(station.director)
    display = station.display
    display.fullscreen.show_exit_button(True)
    assert display.fullscreen.exit_button.isVisibleTo(display)
    station.close()


@pytest.mark.slow
def test_the_station_owns_one_part_per_job(station: ClockStation) -> None:
    """No mixins: the station and the display are plain Qt classes that own their parts."""
    assert ClockStation.__mro__[1].__name__ == "QObject"
    assert type(station.display).__mro__[1].__name__ == "QWidget"
    assert isinstance(station.windows, StationWindows)
    assert isinstance(station.tournaments, TournamentSwitching)
    assert isinstance(station.web, WebViewSwitch)
    assert isinstance(station.display.fullscreen, Fullscreen)


@pytest.mark.slow
def test_the_other_windows_open_once_and_are_listed_by_key(
    qtbot, station: ClockStation, services: Services, bus, ui_settings
) -> None:
    windows = StationWindows(services, bus, ui_settings, station.director)
    assert not windows
    cashier = windows.open_cashier()
    qtbot.addWidget(cashier)
    assert windows.open_window(WINDOW_CASHIER) is cashier  # raised, not built again
    tables = windows.open_tables()
    qtbot.addWidget(tables)
    assert dict(windows) == {WINDOW_CASHIER: cashier, WINDOW_TABLES: tables}
    assert windows.forget(WINDOW_CASHIER) is cashier
    assert WINDOW_CASHIER not in windows
    again = windows.open_cashier()
    qtbot.addWidget(again)
    assert again is not cashier
    windows.close_all()
    assert not again.isVisible()
    assert not tables.isVisible()


@pytest.mark.slow
def test_a_refused_switch_is_shown_on_the_director_and_changes_nothing(
    qtbot, station: ClockStation, services: Services, tournament_id: int, monkeypatch
) -> None:
    shown: list[str] = []
    monkeypatch.setattr(station.director, "show_error", shown.append)
    switching = TournamentSwitching(services, station.bus, station.director)
    assert switching.switch_to(tournament_id + 999)  # asked on the station's worker
    settle(qtbot, station.bus)
    assert len(shown) == 1
    assert station.bus.tournament_id == tournament_id
    assert services.tournaments.last_opened().id == tournament_id
