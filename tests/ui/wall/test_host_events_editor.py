"""The host's events editor: add, undo and redo, test now, and a sound file that cannot play."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from sqlalchemy import text

from clockapp.core.host_events import HostEvent, Trigger
from clockapp.paths import resource_path
from clockapp.ui.actions import Action
from clockapp.ui.sound import Cue
from clockapp.ui.station.station import ClockStation
from clockapp.ui.wall.host_events_dialog import HostEventsDialog
from clockapp.ui.wall.message import MessageMoment
from tests.ui.polling import settle


def open_editor(qtbot, station: ClockStation) -> HostEventsDialog:
    station.director_actions[Action.HOST_EVENTS].trigger()
    dialog = station.host_events.dialog
    assert dialog is not None
    qtbot.addWidget(dialog)
    assert dialog.isVisible()
    return dialog


def click(qtbot, button) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def fill_form(qtbot, dialog: HostEventsDialog, trigger: Trigger, wall: str) -> None:
    dialog.trigger_box.setCurrentIndex(dialog.trigger_box.findData(str(trigger)))
    dialog.wall_edit.clear()
    qtbot.keyClicks(dialog.wall_edit, wall)


def wall_message(station: ClockStation) -> str:
    stage = station.display.wall_stage
    widget = stage.current_widget()
    if not stage.isVisible() or not isinstance(widget, MessageMoment):
        return ""
    return widget.title_label.text()


def claims(engine) -> int:
    with engine.connect() as connection:
        return connection.execute(text("SELECT count(*) FROM host_event_claim")).scalar_one()


def test_the_model_is_a_sound_qt_model(qtmodeltester, qtbot, station) -> None:
    dialog = open_editor(qtbot, station)
    dialog.model.set_events((HostEvent(1, Trigger.FINAL_TABLE, wall_text="Final table"),))
    qtmodeltester.check(dialog.model)


def test_add_then_undo_and_redo(qtbot, station, services, tournament_id) -> None:
    dialog = open_editor(qtbot, station)
    fill_form(qtbot, dialog, Trigger.FINAL_TABLE, "Final table!")
    click(qtbot, dialog.add_button)
    settle(qtbot, station.bus)
    (saved,) = services.host_events.events(tournament_id)
    assert saved.wall_text == "Final table!"
    assert dialog.model.rowCount() == 1
    assert dialog.model.index(0, 0).data() == "the final table"
    click(qtbot, dialog.undo_button)
    settle(qtbot, station.bus)
    assert services.host_events.events(tournament_id) == ()
    assert dialog.model.rowCount() == 0
    click(qtbot, dialog.redo_button)
    settle(qtbot, station.bus)
    assert services.host_events.events(tournament_id) == (saved,)  # under its old id
    assert dialog.model.rowCount() == 1


@pytest.mark.slow
def test_edit_and_remove_are_undone_too(qtbot, station, services, tournament_id) -> None:
    dialog = open_editor(qtbot, station)
    fill_form(qtbot, dialog, Trigger.BREAK_STARTED, "Break")
    click(qtbot, dialog.add_button)
    settle(qtbot, station.bus)
    dialog.table.selectRow(0)
    fill_form(qtbot, dialog, Trigger.BREAK_STARTED, "Break: {break_minutes} minutes")
    click(qtbot, dialog.save_button)
    settle(qtbot, station.bus)
    assert services.host_events.events(tournament_id)[0].wall_text.startswith("Break: ")
    click(qtbot, dialog.remove_button)
    settle(qtbot, station.bus)
    assert services.host_events.events(tournament_id) == ()
    click(qtbot, dialog.undo_button)
    settle(qtbot, station.bus)
    click(qtbot, dialog.undo_button)
    settle(qtbot, station.bus)
    assert [e.wall_text for e in services.host_events.events(tournament_id)] == ["Break"]


def test_an_event_with_an_unknown_field_is_refused_and_nothing_kept(
    qtbot, station, services, tournament_id
) -> None:
    dialog = open_editor(qtbot, station)
    fill_form(qtbot, dialog, Trigger.FINAL_TABLE, "{winner} wins")
    click(qtbot, dialog.add_button)
    settle(qtbot, station.bus)
    assert '"{winner}" is not a field' in dialog.banner.text()
    assert services.host_events.events(tournament_id) == ()
    assert not dialog.undo_button.isEnabled()


def test_test_now_plays_and_shows_at_once_and_claims_nothing(
    qtbot, station, services, tournament_id, fake_sound, engine
) -> None:
    dialog = open_editor(qtbot, station)
    fill_form(qtbot, dialog, Trigger.PLAYERS_LEFT, "{players_left} players left")
    dialog.sound_box.setCurrentIndex(dialog.sound_box.findData("warning"))
    click(qtbot, dialog.test_button)
    players = services.clock.snapshot(tournament_id).stats.players_left
    assert wall_message(station) == f"{players} players left"
    assert fake_sound.played == [Cue.WARNING]
    settle(qtbot, station.bus)
    assert services.host_events.events(tournament_id) == ()
    assert claims(engine) == 0


def test_a_sound_file_that_cannot_be_played_is_refused_with_the_reason(
    qtbot, station, tmp_path: Path
) -> None:
    dialog = open_editor(qtbot, station)
    bad = tmp_path / "bell.wav"
    bad.write_bytes(b"ID3 this is an mp3 renamed")
    dialog.ask_sound_file = lambda: bad
    dialog.sound_box.setCurrentIndex(dialog.sound_box.findData("A file of my own"))
    click(qtbot, dialog.file_button)
    assert "bell.wav cannot be played: it is not an uncompressed WAV file" in dialog.banner.text()
    assert dialog.file_label.text() == ""
    good = tmp_path / "gong.wav"
    shutil.copyfile(resource_path("sounds", "level.wav"), good)
    assert dialog.choose_sound_file(good)
    assert dialog.file_label.text() == "gong.wav"
    assert dialog.form_event().sound == str(good.resolve())
    missing = tmp_path / "gone.wav"
    assert not dialog.choose_sound_file(missing)
    assert "gone.wav is not there" in dialog.banner.text()
