"""The director drives the clock from the keyboard on the display; the DB and the screen agree."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from clockapp.core.clock import ClockStatus, format_clock
from clockapp.ui.actions import Action
from clockapp.ui.clock import texts
from tests.ui.polling import poll, settle


def press(qtbot, station, key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.keyClick(station.display, key, modifier)
    settle(qtbot, station.bus)  # the press runs on the station's worker


def db_view(services, tid):
    """The clock as the database says it reads now."""
    from clockapp.core.clock import view

    snap = services.clock.snapshot(tid)
    return view(snap.state, snap.structure, services.now())


@pytest.mark.slow
def test_a_new_tournament_waits_to_start(station, services, tournament_id) -> None:
    display = station.display
    first = services.clock.snapshot(tournament_id).structure.levels[0]
    assert display.level_label.text().startswith("LEVEL 1")
    assert display.countdown_label.text() == format_clock(first.minutes * 60_000)
    assert display.status_label.text() == "STARTING SOON"
    assert display.blinds_label.text() == texts.blinds(first)
    assert display.name_label.text() == "Friday Night Hold'em"


@pytest.mark.slow
def test_space_starts_then_pauses_and_undo_resumes(
    qtbot, station, services, tournament_id, fake_clock
) -> None:
    display = station.display
    press(qtbot, station, Qt.Key.Key_Space)
    assert services.clock.state(tournament_id).running
    assert display.status_label.text() == ""

    fake_clock.advance(seconds=65)
    station.session.tick()
    settle(qtbot, station.bus)
    full = services.clock.snapshot(tournament_id).structure.levels[0].minutes * 60_000
    assert display.countdown_label.text() == format_clock(full - 65_000)

    press(qtbot, station, Qt.Key.Key_Space)
    assert display.status_label.text() == "PAUSED"
    assert not services.clock.state(tournament_id).running
    assert db_view(services, tournament_id).status is ClockStatus.PAUSED
    paused_text = display.countdown_label.text()
    fake_clock.advance(minutes=5)  # a long pause: the time left does not move
    station.session.tick()
    settle(qtbot, station.bus)
    assert display.countdown_label.text() == paused_text

    press(qtbot, station, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert services.clock.state(tournament_id).running
    assert display.status_label.text() == ""
    # Undo restores the state from before the pause: its absolute end time, so the five
    # minutes of the pause count as played.
    assert display.countdown_label.text() == format_clock(full - 65_000 - 5 * 60_000)

    press(
        qtbot,
        station,
        Qt.Key.Key_Z,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert not services.clock.state(tournament_id).running
    assert display.status_label.text() == "PAUSED"


@pytest.mark.slow
def test_n_and_arrows_change_level(qtbot, station, services, tournament_id) -> None:
    display = station.display
    levels = services.clock.snapshot(tournament_id).structure.levels
    press(qtbot, station, Qt.Key.Key_Space)
    press(qtbot, station, Qt.Key.Key_N)
    assert services.clock.state(tournament_id).index == 1
    assert display.blinds_label.text() == texts.blinds(levels[1])
    assert display.level_label.text().startswith("LEVEL 2")
    press(qtbot, station, Qt.Key.Key_Right)
    assert services.clock.state(tournament_id).index == 2
    press(qtbot, station, Qt.Key.Key_Left)
    press(qtbot, station, Qt.Key.Key_P)
    assert services.clock.state(tournament_id).index == 0
    assert display.blinds_label.text() == texts.blinds(levels[0])
    # Undo walks back through the level changes.
    for expected in (1, 2, 1, 0):
        press(qtbot, station, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        assert services.clock.state(tournament_id).index == expected


@pytest.mark.slow
def test_plus_and_minus_change_the_time_by_a_minute(
    qtbot, station, services, tournament_id, fake_clock
) -> None:
    press(qtbot, station, Qt.Key.Key_Space)
    fake_clock.advance(seconds=30)
    station.session.tick()
    settle(qtbot, station.bus)
    before = db_view(services, tournament_id).remaining_ms
    shown = station.display.countdown_label.text()
    assert shown == format_clock(before)

    press(qtbot, station, Qt.Key.Key_Plus)
    assert db_view(services, tournament_id).remaining_ms == before + 60_000
    assert station.display.countdown_label.text() == format_clock(before + 60_000)
    press(qtbot, station, Qt.Key.Key_Minus)
    press(qtbot, station, Qt.Key.Key_Minus)
    assert db_view(services, tournament_id).remaining_ms == before - 60_000
    assert station.display.countdown_label.text() == format_clock(before - 60_000)
    press(qtbot, station, Qt.Key.Key_Equal)  # the + key without Shift
    assert db_view(services, tournament_id).remaining_ms == before


@pytest.mark.slow
def test_r_restarts_the_level(qtbot, station, services, tournament_id, fake_clock) -> None:
    press(qtbot, station, Qt.Key.Key_Space)
    fake_clock.advance(minutes=4)
    press(qtbot, station, Qt.Key.Key_R)
    full = services.clock.snapshot(tournament_id).structure.levels[0].minutes * 60_000
    assert db_view(services, tournament_id).remaining_ms == full
    assert station.display.countdown_label.text() == format_clock(full)


def test_an_impossible_action_is_explained_and_changes_nothing(
    qtbot, station, services, tournament_id
) -> None:
    press(qtbot, station, Qt.Key.Key_P)  # there is no level before the first
    assert "first level" in station.director.error_label.text()
    assert services.clock.state(tournament_id).index == 0
    assert station.history.stack.count() == 0


@pytest.mark.slow
def test_help_overlay_lists_every_action(qtbot, station) -> None:
    overlay = station.director.help_overlay
    assert not overlay.isVisible()
    press(qtbot, station, Qt.Key.Key_Question)
    assert overlay.isVisible()
    listed = overlay.listed()
    assert [name for _keys, name, _desc in listed] == [a.text for a in Action]
    assert [desc for _k, _n, desc in listed] == [a.description for a in Action]
    assert ("Space", Action.TOGGLE_PAUSE.text, Action.TOGGLE_PAUSE.description) in listed
    press(qtbot, station, Qt.Key.Key_Escape)
    assert not overlay.isVisible()
    press(qtbot, station, Qt.Key.Key_F1)
    assert overlay.isVisible()
    qtbot.mouseClick(overlay, Qt.MouseButton.LeftButton)
    assert not overlay.isVisible()


@pytest.mark.slow
def test_f_toggles_fullscreen_and_esc_leaves_it(qtbot, station, ui_settings) -> None:
    display = station.display
    press(qtbot, station, Qt.Key.Key_F)
    assert display.isFullScreen()
    assert ui_settings.display_fullscreen is True
    press(qtbot, station, Qt.Key.Key_Escape)
    assert not display.isFullScreen()
    assert ui_settings.display_fullscreen is False
    press(qtbot, station, Qt.Key.Key_F)
    assert display.isFullScreen()
    display.fullscreen.exit_button.click()
    assert not display.isFullScreen()


@pytest.mark.slow
def test_m_mutes_in_the_database(qtbot, station, services, tournament_id, fake_sound) -> None:
    press(qtbot, station, Qt.Key.Key_M)
    assert services.clock.snapshot(tournament_id).settings.muted
    assert fake_sound.muted
    assert station.director.room_box.mute_check.isChecked()
    press(qtbot, station, Qt.Key.Key_M)
    assert not services.clock.snapshot(tournament_id).settings.muted
    assert not fake_sound.muted


@pytest.mark.slow
def test_keys_work_from_the_director_window_too(qtbot, station, services, tournament_id) -> None:
    director = station.director
    director.show()
    with qtbot.waitActive(director):
        director.activateWindow()
    qtbot.keyClick(director, Qt.Key.Key_Space)
    settle(qtbot, station.bus)
    qtbot.keyClick(director, Qt.Key.Key_N)
    settle(qtbot, station.bus)
    assert services.clock.state(tournament_id).index == 1
    assert services.clock.state(tournament_id).running


@pytest.mark.slow
def test_a_press_on_a_clock_another_station_just_changed_is_refused_with_why(
    qtbot, station, services, tournament_id, engine, fake_clock
) -> None:
    from clockapp.services.app import Services

    press(qtbot, station, Qt.Key.Key_Space)  # this station starts the clock
    cashier = Services(engine, now=fake_clock)  # another station, same room, same database
    cashier.clock.pause(tournament_id)  # ... pauses it before this station has polled
    press(qtbot, station, Qt.Key.Key_Space)  # Space here would otherwise resume it
    assert "changed at another station" in station.director.error_label.text()
    assert not services.clock.state(tournament_id).running
    assert station.history.stack.count() == 1  # the refused press is not in the undo history

    poll(qtbot, station.bus)  # the station sees the pause ...
    assert station.display.status_label.text() == "PAUSED"
    press(qtbot, station, Qt.Key.Key_Space)  # ... and a press on what it shows applies
    assert services.clock.state(tournament_id).running

    cashier.clock.next_level(tournament_id)
    press(qtbot, station, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert "another station" in station.director.error_label.text()
    assert services.clock.state(tournament_id).index == 1  # the other station's press stands
    assert station.history.stack.count() == 1  # the stale step left the history
    assert station.history.stack.index() == 1


@pytest.mark.slow
def test_the_wall_opens_windowed_and_esc_leaves_fullscreen_before_any_click(
    qtbot, station, ui_settings
) -> None:
    from PySide6.QtWidgets import QApplication

    station.display.hide()
    station.show()  # the first start: the host has not asked for fullscreen
    assert not station.display.isFullScreen()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is station.director)
    # Asked for (--fullscreen): the wall takes the keys at once, and Esc, pressed wherever the
    # focus is, leaves fullscreen without a click on the clock first.
    station.display.hide()
    station.show(fullscreen=True)
    assert station.display.isFullScreen()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is station.display)
    qtbot.keyClick(QApplication.focusWidget() or station.display, Qt.Key.Key_Escape)
    assert not station.display.isFullScreen()


@pytest.mark.slow
def test_esc_in_the_directors_window_leaves_the_walls_fullscreen(qtbot, station) -> None:
    from PySide6.QtWidgets import QApplication

    press(qtbot, station, Qt.Key.Key_F)
    assert station.display.isFullScreen()
    director = station.director
    director.show()
    with qtbot.waitActive(director):
        director.activateWindow()
    qtbot.keyClick(QApplication.focusWidget() or director, Qt.Key.Key_Escape)
    assert not station.display.isFullScreen()
