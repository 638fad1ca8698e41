"""The all-in showdown never touches the database on the GUI thread: the dialog's players in
play, each show, the odds, the busts and the beat, and the station's showdown keys, all run on
the station's worker; the button that asked is busy meanwhile and a second press records
nothing more."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt

from clockapp.core.registration import RegistrationStatus
from clockapp.services.app import Services
from clockapp.ui.actions import Action
from clockapp.ui.station.station import ClockStation
from tests.ui.polling import settle
from tests.ui.wall.test_showdown import enter, moment_widget, open_dialog

#: Every call the dialog, the showdown keys and the beats window make to a service.
CALLS = {
    "showdown": ("show", "fill_odds", "confirm_busts", "record_beat", "latest", "beats"),
    "cashier": ("registrations",),
}


class Threads:
    """Which thread each patched service call ran on, and how often each was made."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, threading.Thread]] = []

    def wrap(self, name: str, call: Callable[..., Any]) -> Callable[..., Any]:
        def recorded(*args: Any, **kwargs: Any) -> Any:
            self.seen.append((name, threading.current_thread()))
            return call(*args, **kwargs)

        return recorded

    def names(self) -> set[str]:
        return {name for name, _thread in self.seen}

    def on_the_gui_thread(self) -> list[str]:
        return [name for name, thread in self.seen if thread is threading.main_thread()]

    def count(self, name: str) -> int:
        return sum(1 for seen, _thread in self.seen if seen == name)


@pytest.fixture
def threads(station: ClockStation, monkeypatch: pytest.MonkeyPatch) -> Threads:
    recorder = Threads()
    services: Services = station.services
    for service_name, calls in CALLS.items():
        service = getattr(services, service_name)
        for call in calls:
            monkeypatch.setattr(service, call, recorder.wrap(call, getattr(service, call)))
    return recorder


@pytest.fixture
def held(station: ClockStation) -> Iterator[threading.Event]:
    """The station's worker held by a slow job until the event is set (the database busy)."""
    release = threading.Event()
    yield release
    release.set()


def hold(station: ClockStation, release: threading.Event) -> None:
    assert station.bus.worker.submit(lambda: release.wait(10))


@pytest.mark.slow
def test_the_showdown_never_calls_a_service_on_the_gui_thread(
    station: ClockStation, players: dict[str, int], qtbot, threads: Threads
) -> None:
    dialog = open_dialog(station, qtbot)
    combo = dialog.rows[0].name
    assert [combo.itemText(i) for i in range(combo.count())] == ["", "Ann", "Bo", "Cy"]
    enter(dialog, qtbot, 0, "Ann", "As Ad", 5000)
    enter(dialog, qtbot, 1, "Bo", "Kh Qh", 9000)
    dialog.rows[1].bet.setValue(5000)
    # Preflop: the hands at once, the exact odds put up by a second call when worked out.
    qtbot.mouseClick(dialog.show_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "with the exact odds" in dialog.message_label.text(), timeout=10_000)
    # Dealt to the river, Enter shows it; the busts and the beat from the dialog's buttons.
    qtbot.keyClicks(dialog.board_edit, "2s Ah Ac Th Jh")
    qtbot.keyClick(dialog.board_edit, Qt.Key.Key_Return)
    settle(qtbot, station.bus)
    assert moment_widget(station).board.cards() == ("2s", "Ah", "Ac", "Th", "Jh")
    qtbot.mouseClick(dialog.busts_button, Qt.MouseButton.LeftButton)
    settle(qtbot, station.bus)
    assert dialog.message_label.text() == "Recorded: Ann out."
    services, tid = station.services, station.bus.tournament_id
    qtbot.mouseClick(dialog.beat_button, Qt.MouseButton.LeftButton)
    settle(qtbot, station.bus)
    assert dialog.message_label.text().startswith("Bad beat recorded: Bo won it 1 in")
    # The station's keys find the last showdown themselves once the dialog starts a new one.
    dialog.new_showdown()
    station.director_actions[Action.BAD_BEAT].trigger()
    settle(qtbot, station.bus)
    beats = station.showdown.beats_window
    assert beats is not None
    assert beats.model.rowCount() == 1
    open_dialog(station, qtbot)  # opened again: the players in play read again
    assert [combo.itemText(i) for i in range(combo.count())] == ["", "Bo", "Cy"]
    assert services.cashier.registration(tid, players["Ann"]).status == RegistrationStatus.BUSTED
    assert threads.names() == set(CALLS["showdown"]) | set(CALLS["cashier"])
    assert threads.on_the_gui_thread() == []


@pytest.mark.slow
def test_a_second_press_of_record_the_busts_records_nothing_more(
    station: ClockStation,
    players: dict[str, int],
    qtbot,
    threads: Threads,
    held: threading.Event,
) -> None:
    dialog = open_dialog(station, qtbot)
    enter(dialog, qtbot, 0, "Ann", "As Ad", 5000)
    enter(dialog, qtbot, 1, "Bo", "Kh Qh", 9000)
    dialog.rows[1].bet.setValue(5000)
    qtbot.keyClicks(dialog.board_edit, "2s Ah Ac Th Jh")
    qtbot.mouseClick(dialog.show_button, Qt.MouseButton.LeftButton)
    settle(qtbot, station.bus)
    hold(station, held)
    # A second Show while the first is pending does nothing.
    assert dialog.show_on_wall()
    assert not dialog.show_button.isEnabled()
    assert not dialog.show_on_wall()
    qtbot.mouseClick(dialog.busts_button, Qt.MouseButton.LeftButton)
    # Pending: the button is busy, and neither it nor the station's busts key asks again.
    assert not dialog.busts_button.isEnabled()
    qtbot.mouseClick(dialog.busts_button, Qt.MouseButton.LeftButton)
    assert not dialog.record_busts()
    station.director_actions[Action.SHOWDOWN_BUSTS].trigger()
    assert not station.showdown.record_busts()
    assert not dialog.busts_button.isEnabled()
    held.set()
    settle(qtbot, station.bus)
    assert dialog.busts_button.isEnabled()
    assert dialog.show_button.isEnabled()
    assert threads.count("confirm_busts") == 1
    assert threads.count("show") == 2
    assert dialog.message_label.text() == "Recorded: Ann out."
    reg = station.services.cashier.registration(station.bus.tournament_id, players["Ann"])
    assert reg.status == RegistrationStatus.BUSTED
    assert reg.busted_by_id == players["Bo"]
