"""The tables window in a shootout: the standings panel, each table's time left, and busts at the
cashier showing up at the tables (one record of who is out)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt

from clockapp.services.app import Services
from clockapp.ui.actions import TablesAction
from clockapp.ui.bus import TournamentBus
from clockapp.ui.seating import TablesWindow
from clockapp.ui.seating.dialogs import ShootoutChoice
from clockapp.ui.seating.shootout import StandingsModel
from tests.fakes import FakeClock
from tests.services.seating.test_seating import buy_ins
from tests.ui.polling import settle, submit_and_wait
from tests.ui.seating import test_window as base

db_path = base.db_path
seeded = base.seeded
open_window = base.open_window
_no_modal_dialogs = base._no_modal_dialogs

OpenWindow = Callable[[], TablesWindow]


def standings(window: TablesWindow) -> list[list[str]]:
    model = window.shootout_panel.model
    return [
        [model.index(row, column).data() for column in range(model.columnCount())]
        for row in range(model.rowCount())
    ]


def start(qtbot, window: TablesWindow, minutes: int) -> None:
    window.shootout.ask_shootout = lambda: ShootoutChoice(minutes or None)
    window.actions_by_name[TablesAction.SHOOTOUT].trigger()
    settle(qtbot, window.context.bus)


@pytest.mark.slow
def test_the_panel_lists_the_standings_and_each_table_shows_its_time(
    qtbot, seeded: Services, tournament_id: int, open_window: OpenWindow, fake_clock: FakeClock
) -> None:
    seeded.seating.add_tables(tournament_id, 2, seat_count=3)
    buy_ins(seeded, tournament_id, 6)
    window = open_window()
    assert window.shootout_panel.isHidden()
    start(qtbot, window, 30)
    assert not window.shootout_panel.isHidden()
    assert [row[4] for row in standings(window)] == ["playing at table 1"] * 3 + [
        "playing at table 2"
    ] * 3
    items = window.room_view.items_by_table
    assert (items[1].status, items[2].status) == ("30:00 left", "30:00 left")
    assert window.shootout.timer.isActive()
    assert (
        window.shootout_panel.round_label.text()
    ) == "Shootout round 1: 2 of 2 tables playing; 30:00 left."
    fake_clock.advance(minutes=10, seconds=5)
    window.shootout.timer.timeout.emit()  # the timer only repaints: the time is the services'
    assert items[1].status == "19:55 left"
    assert "19:55 left" in window.shootout_panel.round_label.text()
    fake_clock.advance(minutes=20)
    window.shootout.timer.timeout.emit()
    assert items[2].status == "time is up"


@pytest.mark.slow
def test_time_up_settles_a_table_by_chips_and_the_cashier_knows(
    qtbot, seeded: Services, tournament_id: int, open_window: OpenWindow, fake_clock: FakeClock
) -> None:
    seeded.seating.add_tables(tournament_id, 2, seat_count=3)
    buy_ins(seeded, tournament_id, 6)
    window = open_window()
    start(qtbot, window, 45)
    table_1 = [s for s in window.context.room.table(1).seats if s.registration_id is not None]  # type: ignore[union-attr]
    counts = dict(zip([s.registration_id for s in table_1], (4000, 9000, 4000), strict=True))
    window.shootout.ask_chips = lambda _title, _note, players: {
        rid: counts[rid] for rid, _ in players
    }
    fake_clock.advance(minutes=5)
    window.shootout.time_up(1)  # too early: refused, said in the banner, nothing placed
    settle(qtbot, window.context.bus)
    assert "Time is not up at table 1: 5 of round 1's 45 minutes played" in window.banner.text()
    assert window.room_view.items_by_table[1].info.count == 3
    assert all(r.place is None for r in seeded.results.results(tournament_id))
    fake_clock.advance(minutes=40)
    window.shootout.time_up(1)
    settle(qtbot, window.context.bus)
    winner = table_1[1]
    assert window.room_view.items_by_table[1].status == f"won by {winner.name}"
    rows = standings(window)
    assert rows[0][1:] == [winner.name, "1", "1", "won table 1"]
    assert [row[0] for row in rows[-2:]] == ["5th", "5th"]  # equal chips share the place
    assert {row[4] for row in rows[-2:]} == {"out at the time limit"}
    labels = {r.registration_id: r.label for r in seeded.results.results(tournament_id)}
    assert labels[table_1[0].registration_id] == "5th-6th (tied)"


@pytest.mark.slow
def test_a_bust_at_the_cashier_shows_at_the_tables(
    qtbot, seeded: Services, tournament_id: int, open_window: OpenWindow, bus: TournamentBus
) -> None:
    seeded.seating.add_tables(tournament_id, 2, seat_count=3)
    buy_ins(seeded, tournament_id, 6)
    window = open_window()
    start(qtbot, window, 0)
    assert not window.shootout.timer.isActive()  # no time limit: nothing to repaint
    out = next(s for s in window.context.room.table(2).seats if s.registration_id is not None)  # type: ignore[union-attr]
    submit_and_wait(qtbot, bus, lambda: seeded.results.bust(tournament_id, out.registration_id))
    assert window.room_view.items_by_table[2].info.count == 2
    assert standings(window)[-1] == ["6th", out.name, "1", "2", "busted"]


@pytest.mark.slow
def test_the_standings_model_passes_qtmodeltester(
    seeded: Services, tournament_id: int, qtmodeltester
) -> None:
    seeded.seating.add_tables(tournament_id, 2, seat_count=3)
    buy_ins(seeded, tournament_id, 5)
    view = seeded.seating.start_shootout(tournament_id).value
    player = view.shootout.current.remaining(1)[0]
    view = seeded.seating.shootout_bust(tournament_id, player).value
    model = StandingsModel()
    model.set_rows(view.standings())
    qtmodeltester.check(model, force_py=True)
    assert model.rowCount() == 5
    assert model.index(4, 0).data() == "5th"
    assert model.headerData(4, Qt.Orientation.Horizontal) == "Status"


@pytest.mark.slow
def test_a_shootout_can_send_several_players_of_each_table_on(
    seeded: Services, tournament_id: int, open_window: OpenWindow, qtbot, tmp_path
) -> None:
    """The rules sheet's first round plays each table down to a number of players."""
    from clockapp.ui.seating.dialogs import ShootoutDialog

    dialog = ShootoutDialog()
    qtbot.addWidget(dialog)
    dialog.minutes_box.setValue(60)
    dialog.through_box.setValue(2)
    choice = dialog.value()
    assert choice == ShootoutChoice(60, None, 2)
    dialog.grab().save(str(tmp_path / "shootout_dialog.png"))
    seeded.seating.add_tables(tournament_id, 2, seat_count=4)
    buy_ins(seeded, tournament_id, 8)
    window = open_window()
    window.shootout.ask_shootout = lambda: choice
    window.actions_by_name[TablesAction.SHOOTOUT].trigger()
    settle(qtbot, window.context.bus)
    assert "each plays down to 2 players, who all go on" in window.banner.text()
    one = [s for s in window.context.room.table(1).seats if s.registration_id is not None]  # type: ignore[union-attr]
    for seat in one[:2]:
        window.shootout.out(seat.registration_id)  # type: ignore[arg-type]
    settle(qtbot, window.context.bus)
    status = window.room_view.items_by_table[1].status
    assert status.startswith("through: ")
    assert all(s.name in status for s in one[2:])
    window.resize(1366, 768)
    window.grab().save(str(tmp_path / "shootout_through_1366.png"))


@pytest.mark.slow
def test_time_is_up_is_offered_only_once_the_round_limit_has_passed(
    qtbot, seeded: Services, tournament_id: int, open_window: OpenWindow, fake_clock: FakeClock
) -> None:
    seeded.seating.add_tables(tournament_id, 2, seat_count=3)
    buy_ins(seeded, tournament_id, 6)
    window = open_window()
    start(qtbot, window, 30)

    def time_up_action() -> tuple[bool, str]:
        menu = window.seat_menu(1, 1)
        action = next(a for a in menu.actions() if a.text().startswith("Time is up"))
        return action.isEnabled(), action.toolTip()

    assert time_up_action() == (False, "Not yet: the round's time limit has not passed.")
    fake_clock.advance(minutes=30)
    window.reload()
    settle(qtbot, window.context.bus)
    assert time_up_action()[0]
