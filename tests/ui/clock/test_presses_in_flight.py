"""Clock presses run on the station's worker, in the order pressed: presses made while the worker
is still busy land in that order, an undo undoes the press made just before it, a second press of
the same key while the first is on its way does nothing, and the director's button for it shows
it is busy meanwhile."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt

from clockapp.core.clock import ONE_MINUTE_MS, ClockStatus, view
from clockapp.ui.actions import Action
from tests.ui.polling import settle


@pytest.fixture
def gate(station) -> Iterator[threading.Event]:
    """The station's worker held busy (as by a slow database) until the test opens the gate."""
    opened = threading.Event()
    station.bus.worker.submit(lambda: opened.wait(10))
    yield opened
    opened.set()


def status(services, tid) -> ClockStatus:
    snap = services.clock.snapshot(tid)
    return view(snap.state, snap.structure, services.now()).status


def key(qtbot, station, key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.keyClick(station.display, key, modifier)


@pytest.mark.slow
def test_an_undo_pressed_before_its_press_has_landed_undoes_that_press(
    qtbot, station, services, tournament_id, gate
) -> None:
    services.clock.start(tournament_id)
    station.session.reload()
    key(qtbot, station, Qt.Key.Key_Space)  # pause
    key(qtbot, station, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # undo it
    assert status(services, tournament_id) is ClockStatus.RUNNING  # nothing ran yet
    gate.set()
    settle(qtbot, station.bus)
    assert status(services, tournament_id) is ClockStatus.RUNNING  # paused, then undone
    assert station.history.stack.count() == 1
    assert station.history.stack.index() == 0
    assert station.display.status_label.text() == ""


@pytest.mark.slow
def test_presses_made_before_the_first_has_landed_apply_one_after_another(
    qtbot, station, services, tournament_id, gate
) -> None:
    errors: list[str] = []
    station.controller.error_raised.connect(errors.append)
    services.clock.start(tournament_id)
    station.session.reload()
    before = services.clock.state(tournament_id)
    key(qtbot, station, Qt.Key.Key_Space)  # pause
    key(qtbot, station, Qt.Key.Key_Right)  # next level, pressed on the same (old) picture
    gate.set()
    settle(qtbot, station.bus)
    assert errors == []
    after = services.clock.snapshot(tournament_id)
    assert after.state.index == before.index + 1
    assert status(services, tournament_id) is ClockStatus.PAUSED
    assert station.history.stack.count() == 2
    assert "LEVEL 2" in station.display.level_label.text()


@pytest.mark.slow
def test_a_second_press_of_the_same_key_while_the_first_is_pending_does_nothing(
    qtbot, station, services, tournament_id, gate
) -> None:
    services.clock.start(tournament_id)
    station.session.reload()
    left = services.clock.state(tournament_id)
    key(qtbot, station, Qt.Key.Key_Space)
    key(qtbot, station, Qt.Key.Key_Space)  # would resume it
    gate.set()
    settle(qtbot, station.bus)
    assert status(services, tournament_id) is ClockStatus.PAUSED
    assert station.history.stack.count() == 1
    assert services.clock.state(tournament_id) != left


@pytest.mark.slow
def test_the_directors_button_is_busy_while_its_press_is_on_its_way(
    qtbot, station, services, tournament_id, gate
) -> None:
    services.clock.start(tournament_id)  # the fake clock stands still: no time passes
    station.session.reload()
    station.director.show()
    button = station.director.buttons[Action.ADD_MINUTE]
    before = services.clock.snapshot(tournament_id)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert not button.isEnabled()
    assert button.cursor().shape() == Qt.CursorShape.BusyCursor
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)  # disabled: nothing
    gate.set()
    settle(qtbot, station.bus)
    assert button.isEnabled()
    after = services.clock.snapshot(tournament_id)
    shown = view(after.state, after.structure, services.now())
    full = before.structure.levels[0].minutes * 60_000
    assert shown.remaining_ms == full + ONE_MINUTE_MS  # one minute, not two
    assert station.history.stack.count() == 1


@pytest.mark.slow
def test_a_refused_press_is_said_in_words_and_records_nothing(
    qtbot, station, services, tournament_id, gate
) -> None:
    errors: list[str] = []
    station.controller.error_raised.connect(errors.append)
    services.clock.start(tournament_id)  # another station starts it: this one still shows it not
    key(qtbot, station, Qt.Key.Key_Left)  # previous level of a clock it has not seen start
    gate.set()
    settle(qtbot, station.bus)
    assert errors
    assert station.history.stack.count() == 0
