"""The chip race from the director's laptop onto the wall, on the real station."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel

from clockapp.core.chips import ChipSet
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.core.structure import Break, Level, Structure
from clockapp.core.wall import CHIP_RACE, MESSAGE
from clockapp.services.players import PlayerDetails
from clockapp.ui.actions import Action
from clockapp.ui.station.station import ClockStation
from clockapp.ui.wall.chip_race import ChipRaceMoment
from clockapp.ui.wall.chip_race_dialog import ChipRaceDialog
from clockapp.ui.wall.stage import registered_kinds
from tests.dbdump import dump_database as dump
from tests.ui.polling import settle, submit_and_wait

COLOR_UPS = Structure(
    "Color-ups",
    (Level(25, 50, minutes=20), Break(10, color_up=(25,)), Level(100, 200, minutes=20)),
)


@pytest.fixture
def table(station: ClockStation) -> dict[int, int]:
    """Table 1 with three players in seats 1, 2 and 3: seat -> registration id."""
    from tests.services.seating.test_seating import place

    services, tid = station.services, station.bus.tournament_id
    services.structure.replace(tid, COLOR_UPS)
    services.structure.set_chip_set(tid, ChipSet.standard((25, 100, 500)))
    services.seating.add_tables(tid, 1, seat_count=9)
    placed = place(services, tid, {1: [1, 2, 3]})
    return {seat: rid for (_table, seat), rid in placed.items()}


def open_dialog(station: ClockStation, qtbot) -> ChipRaceDialog:
    station.director_actions[Action.CHIP_RACE].trigger()
    settle(qtbot, station.bus)
    dialog = station.wall.chip_race_dialog
    assert isinstance(dialog, ChipRaceDialog)
    qtbot.addWidget(dialog)
    return dialog


def test_the_chip_race_kind_is_registered() -> None:
    assert CHIP_RACE in registered_kinds()


@pytest.mark.slow
def test_the_director_races_a_table_and_the_wall_shows_the_cards_and_winners(
    station: ClockStation, table: dict[int, int], qtbot
) -> None:
    dialog = open_dialog(station, qtbot)
    assert "replace them with T100 chips (black): 4 green = 1 black" in dialog.notice_label.text()
    names = [r.name_label.text() for r in dialog.rows]
    assert len(names) == 3
    first, second, third = (dialog.row(n) for n in names)
    first.spins[0].setValue(3)
    second.spins[0].setValue(2)
    third.spins[0].setValue(1)
    third.last_box.setChecked(True)
    assert dialog.summary_label.text() == (
        "Odd chips worth T150: 2 × T100 black raced (rounded up at half or more)."
    )
    dialog.real_radio.setChecked(True)
    first.cards_edit.setText("Kh 2c 3d")
    second.cards_edit.setText("As, Qd")
    third.cards_edit.setText("4c")
    qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    settle(qtbot, station.bus)  # raced on the station's worker
    assert dialog.error_label.text() == ""
    assert not dialog.run_button.isEnabled()
    assert f"{names[2]} takes 1 × T100 black (1 so no one is raced out)" in (
        dialog.summary_label.text()
    )
    stage = station.display.wall_stage
    qtbot.waitUntil(stage.isVisible)
    widget = stage.current_widget()
    assert isinstance(widget, ChipRaceMoment)
    assert widget.title_label.text() == "Chip race · Table 1"
    rows = [r for r in widget.rows if r.isVisibleTo(widget)]
    assert [r.name_label.text() for r in rows] == [f"★ {names[0]}", f"★ {names[1]}", names[2]]
    assert [c.text() for c in rows[0].card_labels[:4]] == ["K♥", "3♦", "2♣", ""]
    assert rows[1].result_label.text() == "WINS · takes 1 × T100"
    assert rows[2].result_label.text() == "gets 1 × T100 (not raced out)"
    # Readable from the back of the room: the names and cards are large on a 1080p wall.
    station.display.resize(1920, 1080)
    QApplication.processEvents()
    assert rows[0].card_labels[0].fitted_pixel() >= 40
    assert rows[0].name_label.fitted_pixel() >= 40


@pytest.mark.slow
@pytest.mark.parametrize(
    ("chips", "cards", "message"),
    [
        ((4, 0, 0), None, "no odd chips"),
        ((1, 1, 0), ("As", "as", ""), "dealt once"),
        ((2, 1, 0), ("As", "Kd", ""), "enter 2 cards, not 1"),
    ],
)
def test_a_refused_race_says_why_and_leaves_the_wall_alone(
    station: ClockStation,
    table: dict[int, int],
    qtbot,
    chips: tuple[int, ...],
    cards: tuple[str, ...] | None,
    message: str,
) -> None:
    station.wall.show(MESSAGE, {"title": "Break: 10 minutes"})
    settle(qtbot, station.bus)  # kept on the station's worker
    before = dump(station.services.ctx.engine)
    dialog = open_dialog(station, qtbot)
    if cards is not None:
        dialog.real_radio.setChecked(True)
    for row, count, hand in zip(dialog.rows, chips, cards or ("", "", ""), strict=True):
        row.spins[0].setValue(count)
        row.cards_edit.setText(hand)
    dialog.run_button.click()
    settle(qtbot, station.bus)
    assert message in dialog.error_label.text()
    assert dialog.run_button.isEnabled()
    assert dump(station.services.ctx.engine) == before
    moment = station.display.wall_stage.moment
    assert moment is not None
    assert moment.kind == MESSAGE


@pytest.mark.slow
def test_the_chip_race_renders_on_the_wall_at_both_screen_sizes(
    station: ClockStation, tmp_path: Path, qtbot
) -> None:
    from clockapp.ui.wall.demos import demo_payload

    station.wall.show(CHIP_RACE, demo_payload(CHIP_RACE, station.services.now()))
    display = station.display
    qtbot.waitUntil(display.wall_stage.isVisible)
    for size in ((1920, 1080), (1366, 768)):
        display.resize(*size)
        QApplication.processEvents()
        path = tmp_path / f"chip_race_{size[0]}.png"
        assert display.grab().save(str(path))
        widget = display.wall_stage.current_widget()
        assert isinstance(widget, ChipRaceMoment)
        assert widget.rows[0].name_label.fitted_pixel() >= size[1] // 40


@pytest.mark.slow
def test_the_odd_chips_can_come_from_the_chip_counts(
    station: ClockStation, table: dict[int, int], qtbot
) -> None:
    from tests.services.seating.test_seating import buy_ins

    services, tid = station.services, station.bus.tournament_id
    dialog = open_dialog(station, qtbot)
    assert dialog.take_from_counts() == 0
    assert "No chip counts at this table yet" in dialog.error_label.text()
    # Counts need players bought in at the cashier: a fresh table of them.
    services.seating.add_tables(tid, 1, seat_count=9)
    ids = buy_ins(services, tid, 2)
    for seat, rid in enumerate(ids, start=1):
        services.seating.seat_player(tid, rid, 2, seat)
    services.chip_counts.record(tid, 2, [(ids[0], 12_075), (ids[1], 50)])
    dialog = open_dialog(station, qtbot)
    numbers = [t.number for t in dialog.setup.tables]
    dialog.table_combo.setCurrentIndex(numbers.index(2))
    assert dialog.take_from_counts() == 2
    first, second = dialog.rows
    assert (first.spins[0].value(), first.last_box.isChecked()) == (3, False)
    assert (second.spins[0].value(), second.last_box.isChecked()) == (2, True)
    assert dialog.summary_label.text().startswith("Odd chips worth T125: 1 × T100 black raced")


@pytest.mark.slow
def test_enter_in_the_last_input_runs_the_race_and_keeps_the_dialog(
    station: ClockStation, table: dict[int, int], qtbot
) -> None:
    # "Run the race" is the dialog's default button: Enter after the last count runs it and
    # shows what each player takes; it never closes the dialog and loses what was typed.
    dialog = open_dialog(station, qtbot)
    first, second, third = dialog.rows
    first.spins[0].setValue(3)
    second.spins[0].setValue(2)
    third.spins[0].setValue(1)
    third.spins[0].setFocus()
    qtbot.keyClick(third.spins[0], Qt.Key.Key_Return)
    settle(qtbot, station.bus)  # raced on the station's worker
    assert dialog.isVisible()
    assert dialog.error_label.text() == ""
    assert dialog.race is not None
    assert "The race is on the wall" in dialog.summary_label.text()


@pytest.mark.slow
def test_the_director_races_the_tables_one_after_the_other_in_one_opening(
    station: ClockStation, qtbot
) -> None:
    # A colour-up races every table: the director races one, picks the next, races it, and
    # the tables already raced say so, so none is raced twice or forgotten.
    from tests.services.seating.test_seating import place

    services, tid = station.services, station.bus.tournament_id
    services.structure.replace(tid, COLOR_UPS)
    services.structure.set_chip_set(tid, ChipSet.standard((25, 100, 500)))
    services.seating.add_tables(tid, 2, seat_count=9)
    place(services, tid, {1: [1, 2], 2: [1, 2]})
    dialog = open_dialog(station, qtbot)
    assert [t.number for t in dialog.tables] == [1, 2]
    for row, count in zip(dialog.rows, (3, 1), strict=True):
        row.spins[0].setValue(count)
    qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    settle(qtbot, station.bus)  # raced on the station's worker
    assert dialog.error_label.text() == ""
    assert not dialog.run_button.isEnabled()
    assert "raced" in dialog.table_combo.itemText(0)
    assert "raced" not in dialog.table_combo.itemText(1)
    assert not dialog.rows[0].spins[0].isEnabled()
    # The next table is one pick away, and it can be raced.
    dialog.table_combo.setCurrentIndex(1)
    assert dialog.run_button.isEnabled()
    assert dialog.rows[0].spins[0].isEnabled()
    QApplication.processEvents()  # the new rows show; the old ones go on a later turn
    box = dialog.rows[0].name_label.parentWidget()
    shown = [w.text() for w in box.findChildren(QLabel) if w.isVisibleTo(box)]
    assert sorted(t for t in shown if not t.startswith("<b>")) == sorted(
        r.name_label.text() for r in dialog.rows
    )
    assert "The race is on the wall" not in dialog.summary_label.text()
    for row, count in zip(dialog.rows, (2, 2), strict=True):
        row.spins[0].setValue(count)
    qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    settle(qtbot, station.bus)  # raced on the station's worker
    assert dialog.error_label.text() == ""
    assert "raced" in dialog.table_combo.itemText(1)
    assert not dialog.run_button.isEnabled()
    assert [r.table_number for r in services.chip_race.races(tid)] == [1, 2]
    widget = station.display.wall_stage.current_widget()
    assert isinstance(widget, ChipRaceMoment)
    assert widget.title_label.text() == "Chip race · Table 2"
    # Back on the first table: what its players take is still there, and it is not raced again.
    dialog.table_combo.setCurrentIndex(0)
    assert "The race is on the wall" in dialog.summary_label.text()
    assert not dialog.run_button.isEnabled()


@pytest.mark.slow
def test_the_chips_in_play_on_the_wall_follow_the_race(station: ClockStation, qtbot) -> None:
    # The race rounds: 150 in green goes and two black chips (200) come in, so the room has 50
    # more chips than the buy-ins handed out, and the wall's chips and average say so.
    services, tid = station.services, station.bus.tournament_id
    services.structure.replace(tid, COLOR_UPS)
    services.structure.set_chip_set(tid, ChipSet.standard((25, 100, 500)))
    services.seating.add_tables(tid, 1, seat_count=9)
    rules = EntryRules(RegistrationRule(EntryPrice(2000), 10_000))
    services.cashier.set_config(tid, CashierConfig(rules))
    for seat, name in enumerate(("Ann Lee", "Bob Marsh", "Carla Diaz"), start=1):
        pid = services.players.create(PlayerDetails(name)).value.id
        rid = submit_and_wait(
            qtbot, station.bus, lambda pid=pid: services.cashier.buy_in(tid, pid)
        ).registration.id
        submit_and_wait(
            qtbot,
            station.bus,
            lambda rid=rid, seat=seat: services.seating.seat_player(tid, rid, 1, seat),
        )
    settle(qtbot, station.bus)
    display = station.display
    qtbot.waitUntil(lambda: display.chips_block.value.text() == "30,000")
    dialog = open_dialog(station, qtbot)
    for row, count in zip(dialog.rows, (3, 2, 1), strict=True):
        row.spins[0].setValue(count)
    qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    settle(qtbot, station.bus)  # raced on the station's worker
    assert dialog.race is not None
    assert dialog.race.raced == 2
    settle(qtbot, station.bus)
    qtbot.waitUntil(lambda: display.chips_block.value.text() == "30,050")
    assert display.average_block.value.text() == "10,016"


@pytest.mark.slow
def test_a_table_raced_stays_marked_when_the_dialog_is_opened_again(
    station: ClockStation, qtbot
) -> None:
    # The director races table 1, closes the dialog to deal with the room, and opens it again
    # for table 2: table 1 still says it is done, with what its players took.
    from tests.services.seating.test_seating import place

    services, tid = station.services, station.bus.tournament_id
    services.structure.replace(tid, COLOR_UPS)
    services.structure.set_chip_set(tid, ChipSet.standard((25, 100, 500)))
    services.seating.add_tables(tid, 2, seat_count=9)
    place(services, tid, {1: [1, 2], 2: [1, 2]})
    dialog = open_dialog(station, qtbot)
    for row, count in zip(dialog.rows, (3, 1), strict=True):
        row.spins[0].setValue(count)
    qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    settle(qtbot, station.bus)  # raced on the station's worker
    assert dialog.race is not None
    told = [f"{r.name} " for r in dialog.race.results]
    dialog.reject()
    again = open_dialog(station, qtbot)
    assert again is not dialog
    assert "raced" in again.table_combo.itemText(0)
    assert "raced" not in again.table_combo.itemText(1)
    assert again.table_combo.currentIndex() == 1  # the next table to race
    assert again.run_button.isEnabled()
    again.table_combo.setCurrentIndex(0)
    assert not again.run_button.isEnabled()
    assert all(name in again.summary_label.text() for name in told)


@pytest.mark.slow
def test_a_misdealt_race_is_dealt_again_only_when_the_director_says_so(
    station: ClockStation, qtbot
) -> None:
    from tests.services.seating.test_seating import place

    services, tid = station.services, station.bus.tournament_id
    services.structure.replace(tid, COLOR_UPS)
    services.structure.set_chip_set(tid, ChipSet.standard((25, 100, 500)))
    services.seating.add_tables(tid, 1, seat_count=9)
    place(services, tid, {1: [1, 2]})
    dialog = open_dialog(station, qtbot)
    assert not dialog.misdeal_box.isEnabled()  # nothing raced yet: nothing to deal again
    for row, count in zip(dialog.rows, (3, 1), strict=True):
        row.spins[0].setValue(count)
    qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    settle(qtbot, station.bus)  # raced on the station's worker
    assert dialog.race is not None
    assert not dialog.run_button.isEnabled()
    # The cards were misdealt: the director says so, and the table races again.
    assert dialog.misdeal_box.isEnabled()
    dialog.misdeal_box.setChecked(True)
    assert dialog.run_button.isEnabled()
    assert all(spin.isEnabled() for row in dialog.rows for spin in row.spins)
    first = dialog.race
    qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    settle(qtbot, station.bus)  # raced on the station's worker
    assert dialog.error_label.text() == ""
    assert dialog.race is not first
    assert [r.table_number for r in services.chip_race.races(tid)] == [1, 1]
    # Dealt again once: the table is done again until the director says otherwise.
    assert not dialog.misdeal_box.isChecked()
    assert not dialog.run_button.isEnabled()
