"""Final chip counts are recorded on the station's worker: a recording that waits on the
database leaves the event loop turning, Record is busy meanwhile (a second press records nothing
more), and the dialog closes once it has answered."""

from __future__ import annotations

import pytest
import shiboken6
from PySide6.QtCore import Qt

from tests.ui.director.test_window import buy_ins, stopped_by_the_hard_end, type_count
from tests.ui.hung import Beat, answered_once, hang
from tests.ui.polling import settle


@pytest.mark.slow
def test_recording_the_counts_waits_without_freezing_the_window(
    qtbot, station, services, tournament_id, fake_clock, monkeypatch
) -> None:
    director = station.director
    ann, bob = buy_ins(qtbot, services, station.bus, tournament_id, 2)
    stopped_by_the_hard_end(station, services, tournament_id, fake_clock)
    assert director.open_final_counts()
    settle(qtbot, station.bus)  # the field is read on the station's worker
    dialog = director.final_counts_dialog
    assert dialog is not None
    in_play = services.clock.snapshot(tournament_id).stats.chips_in_play
    type_count(qtbot, dialog.spins[ann], in_play - 4_000)
    type_count(qtbot, dialog.spins[bob], 4_000)
    hung = hang(monkeypatch, services.hard_end, "finish_by_chips")
    beat = Beat()
    with answered_once(hung, qtbot, station.bus, beat):
        qtbot.mouseClick(dialog.record_button, Qt.MouseButton.LeftButton)
        hung.waiting(qtbot, beat)
        assert dialog.isVisible()  # open until it has answered
        assert not dialog.record_button.isEnabled()  # busy
        dialog.accept()  # Enter pressed again: nothing more
    assert not shiboken6.isValid(dialog) or not dialog.isVisible()
    dues = {due.registration_id: due.place for due in services.cashier.dues(tournament_id)}
    assert (dues[ann], dues[bob]) == (1, 2)
    assert director.statusBar().currentMessage().endswith("Ann Lee wins.")
