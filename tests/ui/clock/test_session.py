"""The repaint timer lands on whole seconds; the bus refreshes only what changed."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from clockapp.ui.clock.session import TICK_MARGIN_MS
from tests.ui.polling import poll, settle


@pytest.mark.slow
def test_timer_is_armed_for_the_next_whole_second(qtbot, station, fake_clock, fake_timer) -> None:
    qtbot.keyClick(station.display, Qt.Key.Key_Space)
    settle(qtbot, station.bus)
    fake_clock.advance(ms=300)
    station.session.tick()
    settle(qtbot, station.bus)
    assert fake_timer.interval() == 700 + TICK_MARGIN_MS
    fake_clock.advance(ms=700)
    station.session.tick()
    settle(qtbot, station.bus)
    assert fake_timer.interval() == 1000 + TICK_MARGIN_MS


@pytest.mark.slow
def test_paused_clock_wakes_only_for_the_time_of_day(
    qtbot, station, fake_clock, fake_timer
) -> None:
    # FakeClock starts at 19:00:00 UTC; 25.5 s later the next minute is 34.5 s away.
    fake_clock.advance(seconds=25.5)
    station.session.tick()
    settle(qtbot, station.bus)
    assert fake_timer.interval() == 34_500 + TICK_MARGIN_MS


@pytest.mark.slow
def test_each_tick_shows_the_time_from_now_not_a_count(
    qtbot, station, fake_clock, fake_timer
) -> None:
    qtbot.keyClick(station.display, Qt.Key.Key_Space)
    settle(qtbot, station.bus)
    start = station.display.countdown_label.text()
    for _ in range(5):  # the timer firing twice within one second changes nothing
        fake_timer.fire()
    assert station.display.countdown_label.text() == start
    fake_clock.advance(seconds=10)
    fake_timer.fire()
    minutes, seconds = (int(p) for p in start.split(":"))
    total = minutes * 60 + seconds - 10
    assert station.display.countdown_label.text() == f"{total // 60:02d}:{total % 60:02d}"


@pytest.mark.slow
def test_another_stations_change_arrives_through_the_bus(
    qtbot, station, services, bus, tournament_id
) -> None:
    levels = services.clock.snapshot(tournament_id).structure.levels
    services.clock.jump(tournament_id, 2)  # as if a second machine did it
    services.clock.set_field(tournament_id, entries=30, players_left=21)
    assert station.display.players_block.value.text() == "0 / 0"
    poll(qtbot, bus)
    assert station.display.players_block.value.text() == "21 / 30"
    assert station.director.field_box.players_left_spin.value() == 21
    from clockapp.ui.clock import texts

    if not levels[2].is_break:
        assert station.display.blinds_label.text() == texts.blinds(levels[2])
    assert station.director.levels_model.current() == 2


@pytest.mark.slow
def test_unrelated_changes_do_not_reload(qtbot, station, bus, tournament_id, monkeypatch) -> None:
    from clockapp.services.changes import Change, Changes

    reloads = []
    clock = station.services.clock
    state, snapshot = clock.state, clock.snapshot

    def read_state(tid):
        reloads.append("clock row")
        return state(tid)

    def read_snapshot(tid):
        reloads.append("snapshot")
        return snapshot(tid)

    monkeypatch.setattr(clock, "state", read_state)
    monkeypatch.setattr(clock, "snapshot", read_snapshot)
    bus.changed.emit(Changes(tournament_id, Change.SEATING | Change.PLAYERS, 99))
    bus.changed.emit(Changes(tournament_id + 1, Change.CLOCK, 100))
    settle(qtbot, bus)  # the reads run on the station's worker
    assert reloads == []
    # The clock alone changed (a press, an undo): the clock row is read again, nothing else.
    bus.changed.emit(Changes(tournament_id, Change.CLOCK | Change.SEATING, 101))
    settle(qtbot, bus)
    assert reloads == ["clock row"]
    # The clock and the field: the whole snapshot.
    bus.changed.emit(Changes(tournament_id, Change.CLOCK | Change.ENTRIES, 102))
    settle(qtbot, bus)
    assert reloads == ["clock row", "snapshot"]
    assert station.session.last_changes == Change.CLOCK | Change.ENTRIES


@pytest.mark.slow
def test_a_count_change_does_not_claim_sounds(
    qtbot, station, bus, tournament_id, monkeypatch
) -> None:
    from clockapp.services.changes import Change, Changes

    claims = []
    monkeypatch.setattr(station.session, "claim_sounds", lambda: claims.append(1))
    bus.changed.emit(Changes(tournament_id, Change.ENTRIES, 7))
    settle(qtbot, bus)  # the snapshot is read on the station's worker
    assert claims == []
    bus.changed.emit(Changes(tournament_id, Change.CLOCK | Change.ENTRIES, 8))
    settle(qtbot, bus)
    assert claims == [1]
