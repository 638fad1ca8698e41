"""The director's undo, redo and settings run on the station's worker: a service call that waits
on the database leaves the event loop turning, the window shows the result once it answers, and
a second press while the first is on its way does nothing more."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt

from clockapp.core.clock import ClockStatus, view
from clockapp.core.registration import RegistrationMode
from clockapp.ui.actions import Action
from tests.ui.hung import Beat, HungCall, answered_once, hang
from tests.ui.polling import poll, settle
from tests.ui.test_registration_ui import _field

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def beat() -> Iterator[Beat]:
    the_beat = Beat()
    yield the_beat
    the_beat.stop()


def status(services, tid) -> ClockStatus:
    snap = services.clock.snapshot(tid)
    return view(snap.state, snap.structure, services.now()).status


@pytest.fixture
def paused(qtbot, station, services, tournament_id):
    """A running clock the director has just paused (one step on the stack)."""
    services.clock.start(tournament_id)
    station.session.reload()
    settle(qtbot, station.bus)
    qtbot.keyClick(station.display, Qt.Key.Key_Space)
    settle(qtbot, station.bus)
    assert status(services, tournament_id) is ClockStatus.PAUSED
    return station


def release_after(hung: HungCall) -> Iterator[HungCall]:
    yield hung
    hung.release.set()


@pytest.fixture
def hung_restore(monkeypatch, services) -> Iterator[HungCall]:
    yield from release_after(hang(monkeypatch, services.clock, "restore"))


@pytest.mark.slow
def test_an_undo_waiting_on_the_database_leaves_the_window_running(
    qtbot, paused, services, tournament_id, hung_restore: HungCall, beat: Beat
) -> None:
    station = paused
    station.director.show()
    button = station.director.buttons[Action.UNDO]
    qtbot.keyClick(station.display, Qt.Key.Key_Z, CTRL)
    qtbot.waitUntil(hung_restore.entered.is_set)
    assert hung_restore.off_the_gui_thread
    beat.wait_beats(qtbot)  # the event loop turns while the undo waits
    assert hung_restore.off_the_gui_thread
    assert not button.isEnabled()  # the control that asked shows it is on its way
    assert station.history.stack.index() == 1  # not moved before it has answered
    qtbot.keyClick(station.display, Qt.Key.Key_Z, CTRL)  # again: nothing more
    hung_restore.release.set()
    settle(qtbot, station.bus)
    assert beat.stop()
    assert hung_restore.calls == 1
    assert status(services, tournament_id) is ClockStatus.RUNNING
    assert station.history.stack.index() == 0
    assert station.history.stack.count() == 1
    assert button.text() == "Undo"  # nothing left to undo
    assert station.director.buttons[Action.REDO].isEnabled()
    assert station.display.status_label.text() == ""  # the display shows it running


@pytest.mark.slow
def test_a_redo_waiting_on_the_database_leaves_the_window_running(
    qtbot, station, services, tournament_id, monkeypatch, beat: Beat
) -> None:
    hung = hang(monkeypatch, services.clock, "toggle_pause")  # the press keeps what it calls
    hung.release.set()  # the pause answers at once
    services.clock.start(tournament_id)
    station.session.reload()
    settle(qtbot, station.bus)
    qtbot.keyClick(station.display, Qt.Key.Key_Space)
    settle(qtbot, station.bus)
    qtbot.keyClick(station.display, Qt.Key.Key_Z, CTRL)
    settle(qtbot, station.bus)
    assert status(services, tournament_id) is ClockStatus.RUNNING
    hung.release.clear()
    hung.entered.clear()
    hung.threads.clear()
    with answered_once(hung, qtbot, station.bus, beat):
        assert station.controller.redo()
        hung.waiting(qtbot, beat)
        assert not station.controller.redo()  # a second press while it is on its way
        assert station.history.stack.index() == 0
    assert status(services, tournament_id) is ClockStatus.PAUSED
    assert station.history.stack.index() == 1
    # The state the redo left is what the next undo puts back from: it undoes cleanly.
    assert station.controller.undo()
    settle(qtbot, station.bus)
    assert status(services, tournament_id) is ClockStatus.RUNNING


@pytest.mark.slow
def test_an_undo_refused_by_another_station_drops_the_step_and_says_why(
    qtbot, paused, services, tournament_id
) -> None:
    station = paused
    errors: list[str] = []
    station.controller.error_raised.connect(errors.append)
    services.clock.next_level(tournament_id)  # another station moves the clock on
    assert station.controller.undo()
    settle(qtbot, station.bus)
    assert errors  # said in words
    assert station.history.stack.count() == 0  # the step no longer applies: dropped
    assert services.clock.state(tournament_id).index == 1  # nothing overwritten


@pytest.mark.slow
def test_counts_kept_on_the_worker_leave_the_window_running(
    qtbot, station, services, tournament_id, monkeypatch, beat: Beat
) -> None:
    director = station.director
    director.show()
    hung = hang(monkeypatch, services.clock, "set_field")
    button = director.field_box.update_counts_button
    director.field_box.entries_spin.setValue(18)
    director.field_box.players_left_spin.setValue(14)
    with answered_once(hung, qtbot, station.bus, beat):
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        hung.waiting(qtbot, beat)
        assert not button.isEnabled()
        assert not station.controller.set_field(18, 14)  # the same again: nothing more
    assert button.isEnabled()
    assert station.display.players_block.value.text() == "14 / 18"


@pytest.mark.slow
@pytest.mark.parametrize(("setter", "method"), [("set_muted", True), ("set_announce", False)])
def test_sound_settings_kept_on_the_worker_leave_the_window_running(
    qtbot, station, services, tournament_id, monkeypatch, beat: Beat, setter, method
) -> None:
    hung = hang(monkeypatch, services.clock, setter)
    with answered_once(hung, qtbot, station.bus, beat):
        assert getattr(station.controller, setter)(method)
        hung.waiting(qtbot, beat)
        assert not getattr(station.controller, setter)(method)  # pressed twice: once
    settings = services.clock.snapshot(tournament_id).settings
    assert (settings.muted if setter == "set_muted" else settings.announce) is method


@pytest.mark.slow
def test_closing_registration_on_the_worker_leaves_the_window_running(
    qtbot, station, services, tournament_id, monkeypatch, beat: Beat
) -> None:
    _field(services, tournament_id, ("Ann", "Bob"), late_until_level=4)
    poll(qtbot, station.bus)
    action = station.director.registration.action
    hung = hang(monkeypatch, services.registration, "close")
    with answered_once(hung, qtbot, station.bus, beat):
        action.trigger()
        hung.waiting(qtbot, beat)
        assert not action.isEnabled()  # busy: a second press cannot close (or reopen) too
        action.trigger()
        assert station.history.stack.count() == 0
    assert services.registration.mode(tournament_id) is RegistrationMode.CLOSED
    assert station.display.registration_label.text() == "Registration closed"
    assert action.text() == "Reopen registration"
    assert station.history.stack.undoText() == "Close registration"


@pytest.mark.slow
def test_all_moves_done_waiting_on_the_database_leaves_the_window_running(
    qtbot, station, services, tournament_id, monkeypatch, beat: Beat
) -> None:
    from tests.services.seating.test_seating import place

    services.seating.add_tables(tournament_id, 2, seat_count=9)
    seats = place(services, tournament_id, {1: [1, 2], 2: [1]})
    services.seating.move_player(tournament_id, seats[(1, 2)], 2, 5)
    poll(qtbot, station.bus)
    banner = station.display.moves_banner
    assert banner.isVisibleTo(station.display)
    hung = hang(monkeypatch, services.seating, "acknowledge_all")
    with answered_once(hung, qtbot, station.bus, beat):
        assert station.acknowledge_all_moves()
        hung.waiting(qtbot, beat)
        assert not station.acknowledge_all_moves()  # pressed twice: once
        assert banner.isVisibleTo(station.display)  # shown until it has answered
    assert services.seating.pending_moves(tournament_id) == ()
    assert not banner.isVisibleTo(station.display)


@pytest.mark.slow
def test_opening_another_tournament_waits_without_freezing_the_window(
    qtbot, station, services, tournament_id, monkeypatch, beat: Beat
) -> None:
    other = services.tournaments.create("Sunday Turbo").value.id
    station.tournaments.ask_tournament = lambda: other
    hung = hang(monkeypatch, services.tournaments, "open")
    with answered_once(hung, qtbot, station.bus, beat):
        assert station.tournaments.open_tournament()
        hung.waiting(qtbot, beat)
        assert station.bus.tournament_id == tournament_id  # shown once it has answered
        assert not station.tournaments.open_tournament()  # pressed twice: once
    assert station.bus.tournament_id == other
    assert services.tournaments.last_opened().id == other
    assert station.display.name_label.text().startswith("Sunday Turbo")


@pytest.mark.slow
def test_saving_the_display_pin_waits_without_freezing_the_window(
    qtbot, station, services, monkeypatch, beat: Beat
) -> None:
    hung = hang(monkeypatch, services.stations, "set_pin")
    dialog = station.ask_display_pin()
    dialog.new.setText("246813")
    dialog.repeat.setText("246813")
    with answered_once(hung, qtbot, station.bus, beat):
        qtbot.mouseClick(dialog.ok_button(), Qt.MouseButton.LeftButton)
        hung.waiting(qtbot, beat)
        assert dialog.isVisible()  # open until it has answered
        assert not dialog.ok_button().isEnabled()  # busy: a second OK saves nothing more
    assert not dialog.isVisible()
    assert services.stations.check_pin("246813")
