"""The director window: buttons, the level table, counts, hard end, and the errors it shows."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import timedelta

import pytest
import shiboken6
from PySide6.QtCore import Qt, QTime

from clockapp.ui.actions import Action
from clockapp.ui.clock import texts
from clockapp.ui.director.levels import COLUMNS, LevelTableModel
from tests.ui.polling import settle, submit_and_wait


def click(qtbot, station, button) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    settle(qtbot, station.bus)  # a clock press runs on the station's worker


@pytest.mark.slow
def test_buttons_drive_the_clock(qtbot, station, services, tournament_id) -> None:
    director = station.director
    buttons = director.buttons
    assert buttons[Action.TOGGLE_PAUSE].text() == "Start clock"
    assert not buttons[Action.UNDO].isEnabled()
    click(qtbot, station, buttons[Action.TOGGLE_PAUSE])
    assert services.clock.state(tournament_id).running
    assert buttons[Action.TOGGLE_PAUSE].text() == "Pause"
    assert buttons[Action.UNDO].text() == "Undo Start clock"
    click(qtbot, station, buttons[Action.NEXT_LEVEL])
    assert services.clock.state(tournament_id).index == 1
    assert director.levels_model.current() == 1
    click(qtbot, station, buttons[Action.PREVIOUS_LEVEL])
    assert services.clock.state(tournament_id).index == 0
    click(qtbot, station, buttons[Action.TOGGLE_PAUSE])
    assert buttons[Action.TOGGLE_PAUSE].text() == "Resume"
    assert director.mini_clock.status_label.text() == "PAUSED"
    click(qtbot, station, buttons[Action.UNDO])
    assert services.clock.state(tournament_id).running
    assert buttons[Action.REDO].isEnabled()
    assert buttons[Action.REDO].text() == "Redo Pause"
    click(qtbot, station, buttons[Action.REDO])
    assert not services.clock.state(tournament_id).running


def test_minute_buttons(qtbot, station, services, tournament_id) -> None:
    director = station.director
    full = services.clock.snapshot(tournament_id).structure.levels[0].minutes * 60_000
    click(qtbot, station, director.buttons[Action.ADD_MINUTE])
    assert services.clock.state(tournament_id).remaining_ms == full + 60_000
    click(qtbot, station, director.buttons[Action.REMOVE_MINUTE])
    click(qtbot, station, director.buttons[Action.REMOVE_MINUTE])
    assert services.clock.state(tournament_id).remaining_ms == full - 60_000
    click(qtbot, station, director.buttons[Action.RESTART_LEVEL])
    state = services.clock.state(tournament_id)
    assert state.remaining_ms in (None, full)


def test_jump_to_a_level_from_the_table(qtbot, station, services, tournament_id) -> None:
    director = station.director
    view = director.levels_view
    view.selectRow(4)
    click(qtbot, station, director.jump_button)
    assert services.clock.state(tournament_id).index == 4
    assert director.levels_model.current() == 4
    structure = services.clock.snapshot(tournament_id).structure
    item = structure.levels[4]
    if not item.is_break:
        assert station.display.blinds_label.text() == texts.blinds(item)
    # And undo goes back.
    click(qtbot, station, director.buttons[Action.UNDO])
    assert services.clock.state(tournament_id).index == 0


@pytest.mark.slow
def test_jump_without_a_selection_explains(qtbot, station) -> None:
    click(qtbot, station, station.director.jump_button)
    assert "Select a level" in station.director.error_label.text()


@pytest.mark.slow
def test_counts_by_hand(qtbot, station, services, tournament_id) -> None:
    director = station.director
    director.field_box.entries_spin.setValue(18)
    director.field_box.players_left_spin.setValue(14)
    click(qtbot, station, director.field_box.update_counts_button)
    stats = services.clock.snapshot(tournament_id).stats
    assert (stats.entries, stats.players_left) == (18, 14)
    assert station.display.players_block.value.text() == "14 / 18"
    stack = services.clock.snapshot(tournament_id).settings.starting_stack
    assert station.display.chips_block.value.text() == f"{18 * stack:,}"
    assert station.display.average_block.value.text() == f"{18 * stack // 14:,}"


@pytest.mark.slow
def test_bad_counts_are_refused_with_a_message(qtbot, station, services, tournament_id) -> None:
    director = station.director
    director.field_box.entries_spin.setValue(10)
    director.field_box.players_left_spin.setValue(12)
    click(qtbot, station, director.field_box.update_counts_button)
    assert "cannot be more than entries" in director.error_label.text()
    stats = services.clock.snapshot(tournament_id).stats
    assert (stats.entries, stats.players_left) == (0, 0)


@pytest.mark.slow
def test_hard_end(qtbot, station, services, tournament_id, fake_clock) -> None:
    director = station.director
    click(qtbot, station, director.buttons[Action.TOGGLE_PAUSE])
    local = (fake_clock() + timedelta(minutes=10)).astimezone()
    director.hard_end_box.check.setChecked(True)
    director.hard_end_box.edit.setTime(QTime(local.hour, local.minute))
    click(qtbot, station, director.hard_end_box.set_button)
    hard_end = services.clock.state(tournament_id).hard_end
    assert hard_end is not None
    assert timedelta(minutes=9) <= hard_end - fake_clock() <= timedelta(minutes=10)
    station.session.tick()
    settle(qtbot, station.bus)
    assert station.display.status_label.text().startswith("PLAY STOPS AT")
    fake_clock.advance(minutes=11)
    station.session.tick()
    settle(qtbot, station.bus)
    assert "PLAY STOPPED" in station.display.status_label.text()
    director.hard_end_box.check.setChecked(False)
    click(qtbot, station, director.hard_end_box.set_button)
    assert services.clock.state(tournament_id).hard_end is None


@pytest.mark.slow
def test_mute_and_announce_checkboxes(qtbot, station, services, tournament_id) -> None:
    director = station.director
    director.room_box.mute_check.setChecked(True)
    settle(qtbot, station.bus)  # kept on the station's worker
    assert services.clock.snapshot(tournament_id).settings.muted
    director.room_box.announce_check.setChecked(False)
    settle(qtbot, station.bus)
    assert not services.clock.snapshot(tournament_id).settings.announce


@pytest.mark.slow
def test_menus_hold_the_registry(station) -> None:
    titles = [a.text() for a in station.director.menuBar().actions()]
    assert titles == ["&File", "&Edit", "&View", "&Tournament", "T&ables", "W&all", "&Help"]
    in_menus = {
        action.data()
        for menu_action in station.director.menuBar().actions()
        for action in menu_action.menu().actions()
        if action.data()
    }
    assert in_menus == {a.name for a in Action}


@pytest.mark.slow
def test_structure_editor_entry(qtbot, station) -> None:
    from clockapp.ui.station.station import structure_editor_class

    action = station.director_actions[Action.STRUCTURE_EDITOR]
    assert action.isEnabled() == (structure_editor_class() is not None)


@pytest.mark.slow
def test_level_table_model(qtmodeltester, station, services, tournament_id) -> None:
    structure = services.clock.snapshot(tournament_id).structure
    model = LevelTableModel(structure)
    model.set_current(1)
    qtmodeltester.check(model)
    assert model.rowCount() == len(structure.levels)
    assert model.columnCount() == len(COLUMNS)
    first = structure.levels[0]
    assert model.data(model.index(0, 0)) == "1"
    assert model.data(model.index(0, 1)) == texts.blinds(first)
    assert model.headerData(1, Qt.Orientation.Horizontal) == "Blinds"
    assert model.data(model.index(1, 0), Qt.ItemDataRole.FontRole).bold()


@pytest.mark.slow
def test_pending_moves_model(qtmodeltester, qtbot, station, services, tournament_id) -> None:
    from clockapp.ui.display.moves import MOVE_HEADERS, PendingMovesModel
    from tests.services.seating.test_seating import place

    services.seating.add_tables(tournament_id, 2, seat_count=9)
    seats = place(services, tournament_id, {1: [1, 2, 3], 2: [1]})
    submit_and_wait(
        qtbot,
        station.bus,
        lambda: services.seating.move_player(tournament_id, seats[(1, 3)], 2, 4, "hand"),
    )
    model = PendingMovesModel()
    model.set_moves(station.session.moves)
    qtmodeltester.check(model)
    assert model.rowCount() == 1
    assert model.columnCount() == len(MOVE_HEADERS)
    assert [model.index(0, c).data() for c in range(4)] == [
        station.session.moves[0].name,
        "Table 1, seat 3",
        "Table 2, seat 4",
        "hand",
    ]
    assert model.index(0, 0).data(Qt.ItemDataRole.UserRole) == station.session.moves[0].id
    box = station.director.moves_box
    assert box.title() == "Seat moves on the clock display (1)"
    assert len(box.done_buttons) == 1
    # "All done" takes it off the wall.
    box.all_done_button.click()
    settle(qtbot, station.bus)  # acknowledged on the station's worker
    assert services.seating.pending_moves(tournament_id) == ()
    assert not box.isVisibleTo(station.director)


@pytest.mark.slow
def test_a_deleted_undo_stack_is_forgotten(
    qtbot, services, bus, fake_sound, ui_settings, fake_timer
) -> None:
    """At exit the station's undo stack can go before the director: nothing may raise."""
    import shiboken6

    from clockapp.ui.station.station import ClockStation

    for close_first in (True, False):
        station = ClockStation(services, bus, fake_sound, ui_settings, timer=fake_timer)
        qtbot.addWidget(station.display)
        qtbot.addWidget(station.director)
        director, stack = station.director, station.history.stack
        if close_first:
            station.close()
        shiboken6.delete(stack)
        assert not shiboken6.isValid(stack)
        director.on_stack_index_changed(0)  # the slot Qt would have called: a quiet no-op
        station.close()
        director.detach_history()


@pytest.fixture
def india_time(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The machine's local time is UTC+5:30 (a POSIX zone: no tz database needed)."""
    monkeypatch.setenv("TZ", "IST-5:30")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.slow
def test_the_hard_end_reads_in_local_time(
    qtbot, india_time, station, services, tournament_id, fake_clock
) -> None:
    services.clock.start(tournament_id)
    services.clock.set_hard_end(tournament_id, fake_clock() + timedelta(minutes=10))  # 19:10 UTC
    station.session.reload()
    status = station.director.mini_clock.status_label
    assert status.text() == "Play stops at 00:40 (hard end, in 10:00)."
    assert station.display.status_label.text() == "PLAY STOPS AT 00:40"
    fake_clock.advance(minutes=11)
    station.session.tick()
    settle(qtbot, station.bus)
    assert status.text() == "Stopped at the hard end (00:40): places go by chip count."
    assert "UTC" not in status.text()
    # The time the director types is local too: 00:40 here is 19:10 UTC.
    assert station.director.hard_end_box.edit.time() == QTime(0, 40)


# ---------------------------------------------------------------------------- final chip counts
def buy_ins(qtbot, services, bus, tid: int, count: int) -> list[int]:
    from clockapp.services.players import PlayerDetails

    regs = []
    for name in ("Ann Lee", "Bob Marsh", "Carla Diaz", "Dev Patel")[:count]:
        player = services.players.create(PlayerDetails(name)).value.id
        regs.append(
            submit_and_wait(
                qtbot, bus, lambda p=player: services.cashier.buy_in(tid, p)
            ).registration.id
        )
    return regs


def type_count(qtbot, spin, chips: int) -> None:
    """Type a count the way the director does: select what is there, type, Tab."""
    spin.setFocus()
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin, str(chips))
    spin.interpretText()


def stopped_by_the_hard_end(station, services, tournament_id, fake_clock) -> None:
    services.clock.start(tournament_id)
    services.clock.set_hard_end(tournament_id, fake_clock() + timedelta(minutes=10))
    fake_clock.advance(minutes=11)
    station.session.reload()


@pytest.mark.slow
def test_final_chip_counts_rank_the_players_still_in(
    qtbot, station, services, tournament_id, fake_clock
) -> None:
    director = station.director
    ann, bob, carla, dev = buy_ins(qtbot, services, station.bus, tournament_id, 4)
    assert director.hard_end_box.final_counts_button.isHidden()
    stopped_by_the_hard_end(station, services, tournament_id, fake_clock)
    assert not director.hard_end_box.final_counts_button.isHidden()

    click(qtbot, station, director.hard_end_box.final_counts_button)
    dialog = director.final_counts_dialog
    assert dialog is not None
    assert dialog.isVisible()
    assert list(dialog.spins) == [ann, bob, carla, dev]
    assert not dialog.record_button.isEnabled()  # nobody counted yet
    in_play = services.clock.snapshot(tournament_id).stats.chips_in_play
    counts = {ann: in_play - 26_000, bob: 10_000, carla: 10_000, dev: 6_000}
    for rid, chips in counts.items():
        type_count(qtbot, dialog.spins[rid], chips)
    assert dialog.counts() == counts
    assert dialog.total_label.text() == f"Counted {in_play:,} of {in_play:,} chips in play."
    click(qtbot, station, dialog.record_button)  # recorded on the station's worker

    assert not shiboken6.isValid(dialog) or not dialog.isVisible()  # closed (and deleted)
    dues = {due.registration_id: due for due in services.cashier.dues(tournament_id)}
    assert [(dues[r].place, dues[r].tied) for r in (ann, bob, carla, dev)] == [
        (1, 1),
        (2, 2),
        (2, 2),
        (4, 1),
    ]
    assert dues[bob].prize == dues[carla].prize
    assert director.statusBar().currentMessage().endswith("Ann Lee wins.")
    assert station.display.players_block.value.text() == "1 / 4"


@pytest.mark.slow
def test_final_chip_counts_from_the_menu_explain_a_refusal(
    qtbot, station, services, tournament_id
) -> None:
    director = station.director
    titles = {a.text(): a for a in director.menuBar().actions()}
    items = [a.text() for a in titles["&Tournament"].menu().actions()]
    assert "Final chip counts…" in items
    # No players at the cashier: nothing to rank, and the director is told where to look.
    director.final_counts_action.trigger()
    settle(qtbot, station.bus)
    assert director.final_counts_dialog is None
    assert "cashier" in director.error_label.text()

    ann, bob, carla = buy_ins(qtbot, services, station.bus, tournament_id, 3)
    director.final_counts_action.trigger()  # any time, not only at the hard end
    settle(qtbot, station.bus)
    dialog = director.final_counts_dialog
    for rid, chips in ((ann, 12_000), (bob, 9_000), (carla, 3_000)):
        type_count(qtbot, dialog.spins[rid], chips)
    assert "missing" in dialog.total_label.text()  # 24,000 counted of more in play
    assert not dialog.record_button.isEnabled()  # a miscount: count again, or confirm it
    assert dialog.confirm_box.isVisibleTo(dialog)
    assert "chips missing" in dialog.confirm_box.text()
    dialog.confirm_box.setChecked(True)
    assert dialog.record_button.isEnabled()
    # Meanwhile the cashier records Carla's bust: the counts no longer match the field.
    submit_and_wait(
        qtbot, station.bus, lambda: services.results.bust(tournament_id, carla, busted_by=ann)
    )
    click(qtbot, station, dialog.record_button)
    assert dialog.isVisible()
    assert dialog.error_label.text() == "Carla Diaz is not in play, so has no chips to count."
    assert services.clock.snapshot(tournament_id).stats.players_left == 2
    dialog.reject()


@pytest.mark.slow
def test_the_director_levels_say_what_each_color_up_trades_into(
    qtbot, qtmodeltester, station, services, tournament_id
) -> None:
    """The colour-up notice named the chips leaving but not what replaces them."""
    from clockapp.core.structure import Break, Level, Structure

    structure = Structure("Color-ups", (Level(25, 50), Break(10, color_up=(25,)), Level(100, 200)))
    submit_and_wait(
        qtbot, station.bus, lambda: services.structure.replace(tournament_id, structure)
    )
    chips = services.clock.snapshot(tournament_id).chip_set
    model = station.director.levels_model
    qtmodeltester.check(model)
    green, black = chips.denomination(25).color, chips.denomination(100).color
    note = model.data(model.index(1, len(COLUMNS) - 1))
    assert note == f"Color up T25 {green} → T100 {black} (4 = 1)"
    tip = model.data(model.index(1, 0), Qt.ItemDataRole.ToolTipRole)
    assert tip.endswith(f"replace them with T100 chips ({black}): 4 {green} = 1 {black}")
