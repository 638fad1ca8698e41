"""Backups in the GUI: one as each level and break starts, and Tournament > Restore from backup."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from clockapp.persistence.backup import list_backups
from clockapp.services.changes import Change, Changes, Outcome
from clockapp.ui.bus import TournamentBus
from tests.ui.polling import poll, settle, submit_and_wait


def _level_starts(qtbot, station, fake_clock, fake_timer, services, tournament_id) -> list[str]:
    """Start the clock, then let the first level run out: two items start."""
    with qtbot.waitSignal(station.auto_backup.taken, raising=True):
        qtbot.keyClick(station.display, Qt.Key.Key_Space)
        settle(qtbot, station.bus)
    structure = services.clock.snapshot(tournament_id).structure
    fake_clock.advance(minutes=structure.levels[0].minutes, seconds=1)
    with qtbot.waitSignal(station.auto_backup.taken, raising=True) as second:
        fake_timer.fire()
    station.auto_backup.wait()
    return [second.args[0].kind, "break" if structure.levels[1].is_break else "level"]


@pytest.mark.slow
def test_each_level_and_break_start_is_backed_up_with_its_label(
    qtbot, station, services, tournament_id, fake_clock, fake_timer, db_path: Path
) -> None:
    # Counted by the director (through the bus, as the app does: the station's snapshot follows).
    assert station.controller.set_field(entries=30, players_left=27)
    settle(qtbot, station.bus)
    kinds = _level_starts(qtbot, station, fake_clock, fake_timer, services, tournament_id)
    assert kinds[0] == kinds[1]
    backups = services.backups.list()
    assert [b.kind for b in backups] == [kinds[0], "level"]
    first = backups[-1]
    assert (first.tournament, first.players_left) == ("Friday Night Hold'em", 27)
    assert first.level.startswith("Level 1 (")
    assert list_backups(db_path)[0].path.parent == db_path.parent / "backups"


@pytest.mark.slow
def test_a_failing_backup_is_reported_once_and_the_clock_carries_on(
    qtbot, station, services, tournament_id, fake_clock, fake_timer, monkeypatch
) -> None:
    from clockapp.persistence.errors import BackupError

    def broken(*_args: object, **_kwargs: object) -> None:
        raise BackupError("The disk is full.")

    monkeypatch.setattr(type(services.backups), "take", broken)
    with qtbot.waitSignal(station.auto_backup.failed, raising=True) as report:
        qtbot.keyClick(station.display, Qt.Key.Key_Space)
        settle(qtbot, station.bus)
    assert "The disk is full." in report.args[0]
    assert "The disk is full." in station.director.error_label.text()
    qtbot.keyClick(station.display, Qt.Key.Key_N)  # a second failure: not reported again
    settle(qtbot, station.bus)
    station.auto_backup.wait()
    qtbot.waitUntil(lambda: station.auto_backup.failures == 2)
    assert services.clock.state(tournament_id).running
    before = station.display.countdown_label.text()
    fake_clock.advance(seconds=5)
    fake_timer.fire()  # the clock still ticks
    assert station.display.countdown_label.text() != before


@pytest.mark.slow
def test_restore_from_backup_lists_newest_first_and_puts_it_back(
    qtbot, station, services, tournament_id, fake_clock, qtmodeltester
) -> None:
    services.clock.set_field(tournament_id, entries=30, players_left=30)
    services.backups.take("level", services.backups.note(tournament_id, "level started"))
    fake_clock.advance(minutes=20)
    services.clock.set_field(tournament_id, entries=30, players_left=12)
    poll(qtbot, station.bus)
    newest = services.backups.take("break", services.backups.note(tournament_id))
    assert station.director.field_box.players_left_spin.value() == 12

    station.director.restore_action.trigger()
    settle(qtbot, station.bus)  # the backups are read on the station's worker
    dialog = station.director.restore_dialog
    assert dialog is not None
    qtmodeltester.check(dialog.model)
    assert dialog.model.rowCount() == 2
    assert dialog.model.index(0, 1).data() == "Break started"
    assert dialog.model.index(0, 4).data() == "12"
    assert dialog.model.index(1, 4).data() == "30"
    assert dialog.model.index(0, 0).data(Qt.ItemDataRole.ToolTipRole) == newest.name
    asked: list[str] = []
    dialog.confirm = lambda backup: asked.append(backup.name) or True
    dialog.view.selectRow(1)
    qtbot.mouseClick(dialog.restore_button, Qt.MouseButton.LeftButton)
    settle(qtbot, station.bus)  # restored on the station's worker
    assert len(asked) == 1
    assert station.director.field_box.players_left_spin.value() == 30  # every window re-read
    assert services.clock.snapshot(tournament_id).stats.players_left == 30
    assert services.backups.list()[0].kind == "restore"  # the replaced state was kept
    assert "Restored the backup" in station.director.statusBar().currentMessage()


@pytest.mark.slow
def test_saying_no_restores_nothing(qtbot, station, services, tournament_id) -> None:
    services.backups.take("level")
    services.clock.set_field(tournament_id, entries=9, players_left=9)
    dialog = station.director.open_restore()
    settle(qtbot, station.bus)
    dialog.confirm = lambda _backup: False
    qtbot.mouseClick(dialog.restore_button, Qt.MouseButton.LeftButton)
    settle(qtbot, station.bus)
    assert services.clock.snapshot(tournament_id).stats.players_left == 9
    assert len(services.backups.list()) == 1
    dialog.close()


@pytest.mark.slow
def test_no_backups_yet_says_so(qtbot, station) -> None:
    dialog = station.director.open_restore()
    settle(qtbot, station.bus)
    assert "No backups yet" in dialog.note.text()
    assert not dialog.restore_button.isEnabled()
    dialog.close()


@pytest.mark.slow
def test_a_slow_backup_never_holds_the_clock(
    qtbot, station, services, fake_clock, fake_timer, monkeypatch
) -> None:
    import threading

    gate = threading.Event()
    real_take = type(services.backups).take

    def slow_take(self, *args, **kwargs):
        gate.wait(timeout=60)  # a USB stick taking its time
        return real_take(self, *args, **kwargs)

    monkeypatch.setattr(type(services.backups), "take", slow_take)
    qtbot.keyClick(station.display, Qt.Key.Key_Space)  # the level starts; its backup waits
    settle(qtbot, station.bus)
    shown = station.display.countdown_label.text()
    fake_clock.advance(seconds=3)
    fake_timer.fire()
    assert station.display.countdown_label.text() != shown  # the clock moved on meanwhile
    assert services.backups.list() == ()
    with qtbot.waitSignal(station.auto_backup.taken, raising=True):
        gate.set()
    assert [b.kind for b in services.backups.list()] == ["level"]


@pytest.mark.slow
def test_a_backup_without_the_tournament_shown_switches_every_station_to_one_it_holds(
    qtbot, station, services, tournament_id, fake_clock
) -> None:
    # The director opened Friday's tournament after the backup of Thursday's was taken.
    thursday = services.tournaments.get(tournament_id).name
    services.clock.set_field(tournament_id, entries=10, players_left=10)
    services.backups.take("level", services.backups.note(tournament_id, "level started"))
    fake_clock.advance(minutes=30)
    friday = services.tournaments.create("Friday").value.id
    station.tournaments.switch_to(friday)
    settle(qtbot, station.bus)  # opened on the station's worker
    other = TournamentBus(services, friday, poll_interval_ms=0)  # another station's window
    switched: list[int] = []
    other.tournament_switched.connect(switched.append)

    station.director.restore_action.trigger()
    settle(qtbot, station.bus)
    dialog = station.director.restore_dialog
    dialog.confirm = lambda backup: True
    dialog.view.selectRow(0)
    with qtbot.capture_exceptions() as raised:
        qtbot.mouseClick(dialog.restore_button, Qt.MouseButton.LeftButton)
        settle(qtbot, station.bus)
        poll(qtbot, other)
    assert not raised
    assert station.bus.tournament_id == tournament_id
    assert other.tournament_id == tournament_id
    assert switched == [tournament_id]
    message = station.director.statusBar().currentMessage()
    assert f"The tournament shown was not in it: now showing {thursday}." in message
    assert station.director.field_box.players_left_spin.value() == 10
    other.stop()


def test_a_database_left_with_no_tournament_gets_a_new_one_shown(qtbot, services) -> None:
    # A restored backup taken before any tournament existed: the windows need one to show.
    bus = TournamentBus(services, 99, poll_interval_ms=0)
    submit_and_wait(
        qtbot, bus, lambda: Outcome(None, Changes(tournament_id=None, what=Change.ALL, revision=1))
    )
    (only,) = services.tournaments.list()
    assert bus.tournament_id == only.id
    assert only.name == "Tournament"
