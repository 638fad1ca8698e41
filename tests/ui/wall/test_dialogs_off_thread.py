"""The chip counts and chip race dialogs record on the station's worker: a call that waits on
the database leaves the event loop turning, the button that asked is busy and a second press
does nothing more, and the dialog shows the result once it answers."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from clockapp.core.wall import CHIP_LEADERS, CHIP_RACE
from clockapp.ui.station.station import ClockStation
from tests.ui.hung import Beat, answered_once, hang
from tests.ui.wall import test_chip_counts, test_chip_race
from tests.ui.wall.test_chip_counts import seats
from tests.ui.wall.test_chip_race import table

__all__ = ["seats", "table"]  # fixtures used here


@pytest.mark.slow
def test_recording_a_tables_counts_waits_without_freezing_the_dialog(
    station: ClockStation, seats: dict[tuple[int, int], int], qtbot, monkeypatch
) -> None:
    services, tid = station.services, station.bus.tournament_id
    dialog = test_chip_counts.open_dialog(station, qtbot)
    dialog.set_count("S01", 14_000)
    dialog.set_count("S02", 6_000)
    hung = hang(monkeypatch, services.chip_counts, "record")
    beat = Beat()
    with answered_once(hung, qtbot, station.bus, beat):
        qtbot.mouseClick(dialog.record_button, Qt.MouseButton.LeftButton)
        hung.waiting(qtbot, beat)
        assert not dialog.record_button.isEnabled()  # busy
        assert not dialog.record()  # a second press: nothing more
    assert dialog.record_button.isEnabled()
    assert services.chip_counts.counts(tid) == {seats[(1, 1)]: 14_000, seats[(1, 2)]: 6_000}
    assert "1 player not counted" in dialog.total_label.text()

    leaders = hang(monkeypatch, services.chip_counts, "show_leaders")
    with answered_once(leaders, qtbot, station.bus):
        qtbot.mouseClick(dialog.leaders_button, Qt.MouseButton.LeftButton)
        leaders.waiting(qtbot)
        assert not dialog.show_leaders()
    moment = services.wall.current(tid)
    assert moment is not None
    assert moment.kind == CHIP_LEADERS


@pytest.mark.slow
def test_a_chip_race_waits_without_freezing_the_dialog(
    station: ClockStation, table: dict[int, int], qtbot, monkeypatch
) -> None:
    services, tid = station.services, station.bus.tournament_id
    dialog = test_chip_race.open_dialog(station, qtbot)
    first, second, third = dialog.rows
    first.spins[0].setValue(3)
    second.spins[0].setValue(2)
    third.spins[0].setValue(1)
    hung = hang(monkeypatch, services.chip_race, "run")
    beat = Beat()
    with answered_once(hung, qtbot, station.bus, beat):
        qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
        hung.waiting(qtbot, beat)
        assert not dialog.run_button.isEnabled()  # busy
        assert not dialog.run_race()  # a second press races nothing more
        assert dialog.race is None
    assert dialog.race is not None
    assert "The race is on the wall" in dialog.summary_label.text()
    moment = services.wall.current(tid)
    assert moment is not None
    assert moment.kind == CHIP_RACE
