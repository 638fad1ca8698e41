"""Preflop on the wall: the hands at once, the exact odds from the worker, stale odds dropped."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, Qt, QThread, QTimer

from clockapp.poker.allin import AllInReading, read_allin
from clockapp.ui.rulings.verdict import percent
from clockapp.ui.station.station import ClockStation
from clockapp.ui.wall.showdown import PENDING
from clockapp.ui.wall.showdown_dialog import ShowdownDialog
from tests.ui.polling import settle
from tests.ui.wall.test_showdown import enter, moment_widget, open_dialog


class Gate:
    """Holds the worker's odds until released, and says which thread worked them out."""

    def __init__(self, read: Callable[..., AllInReading]) -> None:
        self._read = read
        self.started = threading.Event()
        self.release = threading.Event()
        self.threads: list[QThread] = []

    def __call__(self, *args: Any) -> AllInReading:
        self.threads.append(QThread.currentThread())
        self.started.set()
        self.release.wait(10)
        return self._read(*args)


@pytest.fixture
def gate(station: ClockStation, monkeypatch: pytest.MonkeyPatch) -> Gate:
    held = Gate(station.services.showdown.read)
    monkeypatch.setattr(station.services.showdown, "read", held)
    return held


def two_hands(station: ClockStation, qtbot) -> ShowdownDialog:
    dialog = open_dialog(station, qtbot)
    enter(dialog, qtbot, 0, "Ann", "As Ad", 5000)
    enter(dialog, qtbot, 1, "Bo", "Kh Qh", 9000)
    dialog.rows[1].bet.setValue(5000)
    return dialog


@pytest.mark.slow
def test_the_hands_go_up_at_once_and_the_exact_odds_follow(
    station: ClockStation, qtbot, gate: Gate
) -> None:
    dialog = two_hands(station, qtbot)
    qtbot.mouseClick(dialog.show_button, Qt.MouseButton.LeftButton)
    settle(qtbot, station.bus)  # the show answers from the station's worker
    # Shown while the odds are still being worked out (the odds runner is held): nothing waits.
    wall = moment_widget(station)
    assert wall.title_label.text() == "ALL IN"
    assert [p.cards.cards() for p in wall.panels] == [("As", "Ad"), ("Kh", "Qh")]
    assert [p.chance_label.text() for p in wall.panels] == [PENDING] * 2
    assert not any(p.is_leader() for p in wall.panels)
    assert "Working out the exact odds" in dialog.message_label.text()
    qtbot.waitUntil(gate.started.is_set, timeout=5000)
    assert gate.threads[0] is not QThread.currentThread()
    # The laptop stays live meanwhile: a timer fires and typing reaches the board field.
    ticks: list[int] = []
    QTimer.singleShot(0, lambda: ticks.append(1))
    qtbot.keyClicks(dialog.board_edit, "2s")
    qtbot.waitUntil(lambda: ticks == [1], timeout=1000)
    assert dialog.board_edit.text() == "2s"
    assert dialog.odds.is_busy()
    gate.release.set()
    exact = read_allin(dialog.entries(), "")
    want = [f"WIN {percent(h.win)}   TIE {percent(h.tie)}" for h in exact.hands]
    qtbot.waitUntil(
        lambda: [p.chance_label.text() for p in moment_widget(station).panels] == want,
        timeout=10_000,
    )
    assert want[0].startswith("WIN 8")  # aces about 82 %
    assert moment_widget(station).panels[0].is_leader()
    assert "with the exact odds" in dialog.message_label.text()
    shown = station.services.wall.current(station.bus.tournament_id)
    assert shown is not None
    assert shown.payload["pending"] is False
    assert [h["win"] for h in shown.payload["hands"]] == [h.win for h in exact.hands]


@pytest.mark.slow
def test_odds_overtaken_by_the_flop_are_dropped(
    station: ClockStation, qtbot, gate: Gate, monkeypatch: pytest.MonkeyPatch
) -> None:
    filled: list[object] = []
    fill = station.services.showdown.fill_odds
    monkeypatch.setattr(
        station.services.showdown, "fill_odds", lambda *a: filled.append(a) or fill(*a)
    )
    dialog = two_hands(station, qtbot)
    qtbot.mouseClick(dialog.show_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(gate.started.is_set, timeout=5000)
    # The flop comes before the preflop odds: it is shown at once, exact (within 100 ms).
    qtbot.keyClicks(dialog.board_edit, "2s Ah Ac")
    qtbot.mouseClick(dialog.show_button, Qt.MouseButton.LeftButton)
    settle(qtbot, station.bus)
    wall = moment_widget(station)
    assert wall.title_label.text() == "ALL IN · THE FLOP"
    assert wall.panels[1].chance_label.text() == "WIN 0.1%   TIE 0.0%"
    gate.release.set()
    assert dialog.odds.wait(10_000)  # the preflop job has finished and posted its result
    QCoreApplication.processEvents()  # ... which is delivered, and dropped
    assert filled == []
    assert not dialog.odds.is_busy()
    wall = moment_widget(station)
    assert wall.title_label.text() == "ALL IN · THE FLOP"
    assert wall.panels[1].chance_label.text() == "WIN 0.1%   TIE 0.0%"
    shown = station.services.wall.current(station.bus.tournament_id)
    assert shown is not None
    assert shown.payload["street"] == "flop"
    assert shown.payload["hands"][1]["win"] == pytest.approx(1 / 990)


@pytest.mark.slow
def test_a_new_showdown_still_gets_the_last_ones_odds(
    station: ClockStation, qtbot, gate: Gate
) -> None:
    dialog = two_hands(station, qtbot)
    qtbot.mouseClick(dialog.show_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(gate.started.is_set, timeout=5000)
    dialog.new_showdown()  # clears the rows; the wall keeps the last showdown
    gate.release.set()
    qtbot.waitUntil(
        lambda: moment_widget(station).panels[0].chance_label.text().startswith("WIN 8"),
        timeout=10_000,
    )
