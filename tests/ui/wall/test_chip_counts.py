"""Chip counts typed per table on the real station, and the chip leaders on the wall."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from clockapp.core.wall import CHIP_LEADERS, MESSAGE
from clockapp.ui.actions import Action
from clockapp.ui.station.station import ClockStation
from clockapp.ui.wall.chip_counts_dialog import ChipCountsDialog
from clockapp.ui.wall.chip_leaders import ChipLeadersMoment
from clockapp.ui.wall.stage import registered_kinds
from tests.dbdump import dump_database as dump
from tests.ui.polling import settle


@pytest.fixture
def seats(station: ClockStation) -> dict[tuple[int, int], int]:
    """S01 and S02 at table 1, S03 at table 2, bought in with 10,000 chips each."""
    from tests.services.seating.test_seating import buy_ins

    services, tid = station.services, station.bus.tournament_id
    services.seating.add_tables(tid, 2, seat_count=9)
    ids = buy_ins(services, tid, 3)
    where = {}
    for rid, (table, seat) in zip(ids, [(1, 1), (1, 2), (2, 1)], strict=True):
        services.seating.seat_player(tid, rid, table, seat)
        where[(table, seat)] = rid
    return where


def open_dialog(station: ClockStation, qtbot) -> ChipCountsDialog:
    station.director_actions[Action.CHIP_COUNTS].trigger()
    settle(qtbot, station.bus)
    dialog = station.wall.chip_counts_dialog
    assert isinstance(dialog, ChipCountsDialog)
    qtbot.addWidget(dialog)
    return dialog


def test_the_chip_leaders_kind_is_registered() -> None:
    assert CHIP_LEADERS in registered_kinds()


@pytest.mark.slow
def test_each_table_is_counted_and_the_leaders_go_on_the_wall(
    station: ClockStation, seats: dict[tuple[int, int], int], qtbot
) -> None:
    dialog = open_dialog(station, qtbot)
    assert [p.name for p in dialog.table().players] == ["S01", "S02"]  # type: ignore[union-attr]
    dialog.set_count("S01", 14_000)
    dialog.set_count("S02", 6_000)
    qtbot.mouseClick(dialog.record_button, Qt.MouseButton.LeftButton)
    settle(qtbot, station.bus)
    assert dialog.error_label.text() == ""
    assert "1 player not counted" in dialog.total_label.text()
    dialog.table_combo.setCurrentIndex(1)
    dialog.set_count("S03", 9_500)
    qtbot.mouseClick(dialog.record_button, Qt.MouseButton.LeftButton)
    settle(qtbot, station.bus)
    assert dialog.total_label.text() == "Counted 29,500 of 30,000 chips in play: 500 missing."
    qtbot.mouseClick(dialog.leaders_button, Qt.MouseButton.LeftButton)
    settle(qtbot, station.bus)
    stage = station.display.wall_stage
    qtbot.waitUntil(stage.isVisible)
    widget = stage.current_widget()
    assert isinstance(widget, ChipLeadersMoment)
    shown = [line for line in widget.lines if line.isVisibleTo(widget)]
    assert [(x.name_label.text(), x.figure_labels[0].text()) for x in shown] == [
        ("S01", "14,000"),
        ("S03", "9,500"),
        ("S02", "6,000"),
    ]
    assert shown[0].figure_labels[1].text() == "140 BB"  # level 1's big blind is 100
    assert widget.average_label.text() == "Average stack 10,000 · 100 BB"
    station.display.resize(1920, 1080)
    QApplication.processEvents()
    assert shown[0].name_label.fitted_pixel() >= 40


@pytest.mark.slow
def test_an_uncounted_player_or_a_zero_count_is_refused_in_the_dialog(
    station: ClockStation, seats: dict[tuple[int, int], int], qtbot
) -> None:
    station.wall.show(MESSAGE, {"title": "Break"})
    settle(qtbot, station.bus)  # kept on the station's worker
    before = dump(station.services.ctx.engine)
    dialog = open_dialog(station, qtbot)
    dialog.set_count("S01", 14_000)  # S02 left at "not counted" (-1)
    qtbot.mouseClick(dialog.record_button, Qt.MouseButton.LeftButton)
    settle(qtbot, station.bus)
    assert dialog.error_label.text() == "Count every player at Table 1: S02 not counted yet."
    dialog.set_count("S02", 0)
    qtbot.mouseClick(dialog.record_button, Qt.MouseButton.LeftButton)
    settle(qtbot, station.bus)
    assert "S02: a stack of 0 is a bust" in dialog.error_label.text()
    assert dump(station.services.ctx.engine) == before
    moment = station.display.wall_stage.moment
    assert moment is not None
    assert moment.kind == MESSAGE


@pytest.mark.slow
def test_enter_after_the_last_count_records_the_table_and_keeps_the_dialog(
    station: ClockStation, seats: dict[tuple[int, int], int], qtbot
) -> None:
    # The director types a count and presses Enter: that records the table (the dialog's
    # default button), it never closes the dialog and loses the counts typed.
    dialog = open_dialog(station, qtbot)
    dialog.set_count("S01", 14_000)
    dialog.set_count("S02", 6_000)
    spin = dialog.spins[seats[(1, 2)]]
    spin.setFocus()
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    settle(qtbot, station.bus)  # recorded on the station's worker
    assert dialog.isVisible()
    assert dialog.error_label.text() == ""
    assert station.services.chip_counts.counts(station.bus.tournament_id) == {
        seats[(1, 1)]: 14_000,
        seats[(1, 2)]: 6_000,
    }
