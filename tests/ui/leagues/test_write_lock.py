"""The league and team event windows never wait on the database: while another OS process holds
SQLite's write lock, "Count this tournament", "Run as a team event" and "Check in" keep the event
loop turning, their button shows busy, a second click meanwhile does nothing, and the action is
applied once when the lock is released."""

from __future__ import annotations

import itertools
import time

import pytest
from PySide6.QtCore import Qt, QTimer
from sqlalchemy.engine import Engine

from clockapp.core.points import Role
from clockapp.ui.leagues import LeagueWindow, TeamEventWindow
from tests.ui.leagues.test_window import finished
from tests.ui.polling import settle
from tests.write_lock import other_process_holding

__all__ = ["finished"]  # a fixture used here

pytestmark = pytest.mark.slow

HOLD_S = 2.0


def test_counting_the_tournament_during_a_write_lock_never_stalls_the_window(
    qtbot, services, tournament_id, bus, window_factory, engine: Engine
) -> None:
    league = services.leagues.create("Winter", "entrants - place + 1").value.id
    window = window_factory(LeagueWindow(services, bus))
    window.show()
    settle(qtbot, bus)
    assert window.league is not None
    assert window.league.id == league
    beats: list[float] = []
    heartbeat = QTimer()
    heartbeat.setInterval(25)
    heartbeat.timeout.connect(lambda: beats.append(time.monotonic()))
    with other_process_holding(engine.url.database, HOLD_S) as locker:
        heartbeat.start()
        locked_at = time.monotonic()
        qtbot.mouseClick(window.add_button, Qt.MouseButton.LeftButton)
        pressed_in = time.monotonic() - locked_at
        busy = not window.add_button.isEnabled()
        qtbot.mouseClick(window.add_button, Qt.MouseButton.LeftButton)  # again: nothing
        qtbot.waitUntil(lambda: not locker.is_alive(), timeout=int(HOLD_S * 1000) + 10_000)
        settle(qtbot, bus)
        heartbeat.stop()
    gaps = [b - a for a, b in itertools.pairwise(beats)]
    assert pressed_in < 1.0, f"the click took {pressed_in:.2f} s"
    assert max(gaps) < 1.0, f"the event loop stalled {max(gaps):.2f} s"
    assert busy, "the button did not show it was busy"
    assert [info.id for info in services.leagues.leagues_of(tournament_id)] == [league]
    assert window.league is not None
    assert [tid for tid, _name in window.league.tournaments] == [tournament_id]
    assert not window.add_button.isEnabled()  # counted: nothing left to add
    assert window.remove_button.isEnabled()


@pytest.mark.parametrize("action", ["set up", "check in"])
def test_a_team_event_action_during_a_write_lock_never_stalls_the_window(
    qtbot, services, tournament_id, bus, finished, window_factory, engine: Engine, action: str
) -> None:
    if action == "check in":
        services.team_event.set_up(tournament_id, "2")
    window = window_factory(TeamEventWindow(services, bus))
    window.show()
    settle(qtbot, bus)
    if action == "check in":
        button = window.check_in_button
        window.name_edit.setText("Sue")
        window.team_combo.setEditText("Kings")
        window.role_combo.setCurrentIndex(window.role_combo.findData(Role.SPECTATOR))
    else:
        button = window.set_up_button
    assert button.isEnabled()
    beats: list[float] = []
    heartbeat = QTimer()
    heartbeat.setInterval(25)
    heartbeat.timeout.connect(lambda: beats.append(time.monotonic()))
    with other_process_holding(engine.url.database, HOLD_S) as locker:
        heartbeat.start()
        locked_at = time.monotonic()
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        pressed_in = time.monotonic() - locked_at
        busy = not button.isEnabled()
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)  # again: nothing
        qtbot.waitUntil(lambda: not locker.is_alive(), timeout=int(HOLD_S * 1000) + 10_000)
        settle(qtbot, bus)
        heartbeat.stop()
    gaps = [b - a for a, b in itertools.pairwise(beats)]
    assert pressed_in < 1.0, f"the click took {pressed_in:.2f} s"
    assert max(gaps) < 1.0, f"the event loop stalled {max(gaps):.2f} s"
    assert busy, "the button did not show it was busy"
    view = services.team_event.view(tournament_id)
    assert view is not None
    assert window.view == view
    if action == "check in":
        assert [a.name for a in view.attendance if a.registration_id is None] == ["Sue"]
        assert window.attendance_model.rowCount() == 1
        assert window.name_edit.text() == ""
        assert button.isEnabled()
    else:
        assert not window.set_up_button.isEnabled()  # a team event now
        assert window.check_in_button.isEnabled()
