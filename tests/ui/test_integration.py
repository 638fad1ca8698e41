"""The windows as one app: shortcuts open each window once, the help lists every key, the money
and the seat moves reach the wall, the director acknowledges moves, the rulings window takes the
button from the seating, and the tournament switcher changes every window at once.

Each test acts through real widgets and the services on a fresh database, and reads what the
director and the room would see.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from clockapp.core.seating import MoveKind
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails
from clockapp.ui.actions import Action, help_sections
from clockapp.ui.bus import TournamentBus
from clockapp.ui.clock.texts import money
from clockapp.ui.station.station import ClockStation
from tests.services.seating.test_seating import place
from tests.ui.polling import poll, settle, submit_and_wait

CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def db_path(tmp_path: Path) -> Iterator[Path]:
    """The database in RAM when the system has a RAM disk (every action commits)."""
    shm = Path("/dev/shm")
    if not shm.is_dir():
        yield tmp_path / "app.db"
        return
    with tempfile.TemporaryDirectory(dir=shm, prefix="clockapp-integration-") as folder:
        yield Path(folder) / "app.db"


def press(qtbot, station: ClockStation, key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.keyClick(station.display, key, modifier)
    settle(qtbot, station.bus)  # the press runs on the station's worker


def buy_in(qtbot, services: Services, bus: TournamentBus, tid: int, names: list[str]) -> list[int]:
    """New players buy in at the cashier (through the bus, as the cashier window does)."""
    ids = []
    for name in names:
        player = services.players.create(PlayerDetails(name)).value.id
        receipt = submit_and_wait(qtbot, bus, lambda p=player: services.cashier.buy_in(tid, p))
        ids.append(receipt.registration.id)
    return ids


# ---------------------------------------------------------------------------- windows
@pytest.mark.slow
@pytest.mark.parametrize(
    ("key", "action", "object_name"),
    [
        (Qt.Key.Key_K, Action.OPEN_CASHIER, "cashier_window"),
        (Qt.Key.Key_T, Action.OPEN_TABLES, None),
        (Qt.Key.Key_R, Action.OPEN_RULINGS, "rulings_window"),
    ],
)
def test_each_shortcut_opens_its_window_once(
    qtbot, station: ClockStation, key, action: Action, object_name: str | None
) -> None:
    press(qtbot, station, key, CTRL)
    (window,) = station.windows.values()
    assert window.isVisible()
    if object_name is not None:
        assert window.objectName() == object_name
    # Asked again (from the director's menu this time) it is the same window, raised.
    window.hide()
    station.director_actions[action].trigger()
    assert list(station.windows.values()) == [window]
    assert window.isVisible()
    station.close()
    assert not window.isVisible()


@pytest.mark.slow
def test_the_windows_share_the_services_and_the_bus(qtbot, station: ClockStation) -> None:
    cashier = station.windows.open_cashier()
    tables = station.windows.open_tables()
    rulings = station.windows.open_rulings()
    for source in (cashier, tables, rulings.chips, rulings.tables):
        assert source._services is station.services  # type: ignore[attr-defined]
        assert source._bus is station.bus  # type: ignore[attr-defined]


@pytest.mark.slow
def test_the_director_has_the_windows_in_its_menu_and_toolbar(station: ClockStation) -> None:
    toolbar = [a.data() for a in station.director.toolbar.actions() if a.data()]
    assert toolbar[:4] == [
        Action.OPEN_CASHIER.name,
        Action.OPEN_TABLES.name,
        Action.OPEN_RULINGS.name,
        Action.STRUCTURE_EDITOR.name,
    ]
    menus = {
        m.text(): [a.data() for a in m.menu().actions()]
        for m in station.director.menuBar().actions()
    }
    assert Action.OPEN_CASHIER.name in menus["&Tournament"]
    assert Action.OPEN_TOURNAMENT.name in menus["&File"]


@pytest.mark.slow
def test_help_lists_every_action_and_every_windows_keys(qtbot, station: ClockStation) -> None:
    press(qtbot, station, Qt.Key.Key_Question)
    overlay = station.director.help_overlay
    assert overlay.isVisible()
    names = [name for _keys, name, _desc in overlay.listed()]
    assert names == [a.text for a in Action]
    for new in (Action.OPEN_CASHIER, Action.OPEN_TABLES, Action.OPEN_RULINGS):
        assert (new.shortcut_label(), new.text, new.description) in overlay.listed()
    windows = overlay.listed_window_keys()
    assert list(windows.values()) == [list(rows) for _title, rows in help_sections()]
    assert any("Ctrl+K" in title for title in windows)


# ---------------------------------------------------------------------------- the money on the wall
@pytest.mark.slow
def test_buy_ins_put_the_prize_pool_and_payouts_on_the_display(
    qtbot, station: ClockStation, services: Services, bus: TournamentBus, tournament_id: int
) -> None:
    display = station.display
    assert display.money_stack.currentWidget() is display.no_money_area
    ids = buy_in(qtbot, services, bus, tournament_id, [f"Player {n}" for n in range(1, 9)])
    stats = station.session.snapshot.stats
    assert stats.prize_pool_cents == 8 * 2_000  # the default buy-in puts $20 in the pool
    assert display.money_stack.currentWidget() is display.money_area
    assert display.prize_block.value.text() == money(stats.prize_pool_cents)
    shown = [(p.text(), a.text()) for p, a in display.payout_rows if p.isVisibleTo(display)]
    assert len(shown) == len(stats.payouts) <= 3
    ordinals = ("1st", "2nd", "3rd")[: len(stats.payouts)]
    assert shown == [(o, money(c)) for o, (_n, c) in zip(ordinals, stats.payouts, strict=True)]
    assert display.players_block.value.text() == "8 / 8"
    to_money = 8 - len(stats.payouts)
    assert display.players_block.sub.text() == f"{to_money} TO THE MONEY"
    # The average stack comes from the chips really handed out.
    assert display.average_block.value.text() == f"{stats.chips_in_play // 8:,}"
    # A bust moves the field and the money line at once.
    submit_and_wait(
        qtbot, bus, lambda: services.results.bust(tournament_id, ids[0], busted_by=ids[1])
    )
    assert display.players_block.value.text() == "7 / 8"
    assert display.players_block.sub.text() == f"{to_money - 1} TO THE MONEY"
    # And the director's hand counts give way to the cashier's.
    assert not station.director.field_box.entries_spin.isEnabled()
    assert "cashier" in station.director.field_box.field_note.text()


def test_without_a_prize_pool_the_money_stays_hidden(station: ClockStation) -> None:
    display = station.display
    assert display.money_stack.currentWidget() is display.no_money_area
    assert display.players_block.sub.text() == ""
    assert station.director.field_box.entries_spin.isEnabled()


# ---------------------------------------------------------------------------- seat moves
@pytest.mark.slow
def test_a_move_shows_on_the_wall_until_done_in_the_director_window(
    qtbot, station: ClockStation, services: Services, bus: TournamentBus, tournament_id: int
) -> None:
    services.seating.add_tables(tournament_id, 2, seat_count=9)
    seats = place(services, tournament_id, {1: [1, 2, 3, 4], 2: [1, 2, 3]})
    banner, box = station.display.moves_banner, station.director.moves_box
    assert not banner.isVisibleTo(station.display)
    assert not box.isVisibleTo(station.director)

    move = submit_and_wait(
        qtbot, bus, lambda: services.seating.move_player(tournament_id, seats[(1, 3)], 2, 7)
    )
    assert banner.isVisibleTo(station.display)
    assert banner.title.text() == "SEAT MOVE"
    assert banner.shown() == [(move.name, "Table 1, seat 3  →  Table 2, seat 7")]
    assert box.isVisibleTo(station.director)
    assert box.model.rowCount() == 1
    assert box.model.index(0, 0).data() == move.name

    qtbot.mouseClick(box.done_buttons[0], Qt.MouseButton.LeftButton)
    settle(qtbot, station.bus)  # acknowledged on the station's worker
    assert services.seating.pending_moves(tournament_id) == ()
    assert not banner.isVisibleTo(station.display)
    assert not box.isVisibleTo(station.director)
    assert banner.shown() == []


@pytest.mark.slow
def test_a_broken_table_is_announced_and_all_done_clears_the_wall(
    qtbot, station: ClockStation, services: Services, bus: TournamentBus, tournament_id: int
) -> None:
    services.seating.add_tables(tournament_id, 3, seat_count=9)
    place(services, tournament_id, {1: [1, 2, 3, 4, 5], 2: [1, 2, 3, 4, 5], 3: [1, 2, 3, 4]})
    result = submit_and_wait(qtbot, bus, lambda: services.seating.break_tables(tournament_id))
    assert result.broken == (3,)
    moves = station.session.moves
    assert len(moves) == 4
    assert {m.kind for m in moves} == {MoveKind.BREAK}
    banner = station.display.moves_banner
    assert banner.title.text() == "TABLE 3 IS BROKEN  ·  NEW SEATS"
    # Four moves: three on the first page, the fourth on the next.
    assert len(banner.shown()) == 3
    assert banner.page_label.text() == "1 / 2"
    assert banner.timer.isActive()
    banner.next_page()
    assert banner.page_label.text() == "2 / 2"
    assert banner.shown()[0][0] == moves[3].name
    assert [n for n, _w in banner.shown()[1:]] == ["", ""]

    press(qtbot, station, Qt.Key.Key_M, CTRL_SHIFT)  # all seat moves done
    assert services.seating.pending_moves(tournament_id) == ()
    assert not banner.isVisibleTo(station.display)
    assert not banner.timer.isActive()


@pytest.mark.slow
def test_another_stations_move_reaches_the_wall_on_the_next_poll(
    qtbot, station: ClockStation, services: Services, bus: TournamentBus, tournament_id: int
) -> None:
    services.seating.add_tables(tournament_id, 2, seat_count=9)
    seats = place(services, tournament_id, {1: [1, 2], 2: [1]})
    services.seating.move_player(tournament_id, seats[(1, 2)], 2, 5)  # not through this bus
    assert station.session.moves == ()
    poll(qtbot, bus)
    assert len(station.display.moves_banner.shown()) == 1


# ---------------------------------------------------------------------------- rulings at a table
@pytest.mark.slow
def test_the_rulings_table_selector_fills_names_and_the_button(
    qtbot, station: ClockStation, services: Services, bus: TournamentBus, tournament_id: int
) -> None:
    services.seating.add_tables(tournament_id, 2, seat_count=9)
    seats = place(services, tournament_id, {1: [2, 4, 6], 2: [1, 3]})
    names = {
        key: services.cashier.registration(tournament_id, rid).name for key, rid in seats.items()
    }
    submit_and_wait(qtbot, bus, lambda: services.seating.set_button(tournament_id, 1, 6))
    press(qtbot, station, Qt.Key.Key_R, CTRL)
    rulings = station.windows["rulings"]
    combo = rulings.pots.table_combo
    assert [combo.itemText(i) for i in range(combo.count())] == [
        "Not at a known table",
        "Table 1 · 3 players",
        "Table 2 · 2 players",
    ]
    combo.setCurrentIndex(1)
    combo.activated.emit(1)  # what a click on the entry does
    dispute = rulings.dispute()
    assert dispute.button == 6
    assert rulings.pots.button_spin.value() == 6
    assert [(p.seat, p.name) for p in dispute.players] == [(2, names[(1, 2)]), (4, names[(1, 4)])]
    # Another player takes the next seated seat, with its name; a typed seat brings its name.
    rulings.add_player()
    assert (rulings.dispute().players[-1].seat, rulings.dispute().players[-1].name) == (
        6,
        names[(1, 6)],
    )
    rulings.hands.rows[0].seat_spin.setValue(6)
    assert rulings.dispute().players[0].name == names[(1, 6)]

    # The button moves at the table: the next hand chosen there reads it again.
    submit_and_wait(qtbot, bus, lambda: services.seating.set_button(tournament_id, 1, 2))
    assert services.rulings.button_seat(tournament_id, 1) == 2
    rulings.new_dispute()
    assert rulings.dispute().button == 2
    # Table 2 has no known button: the director is told to enter it.
    combo.activated.emit(2)
    assert rulings.dispute().button is None
    assert "not known" in rulings.pots.table_note.text()


@pytest.mark.slow
def test_no_table_leaves_the_dispute_alone(qtbot, station: ClockStation) -> None:
    rulings = station.windows.open_rulings()
    settle(qtbot, station.bus)  # the tables are read on the worker
    combo = rulings.pots.table_combo
    assert combo.count() == 1
    assert not combo.isEnabled()
    assert "No tables" in rulings.pots.table_note.text()
    assert [p.seat for p in rulings.dispute().players] == [1, 2]


# ---------------------------------------------------------------------------- tournaments
@pytest.mark.slow
def test_ctrl_o_switches_every_window_to_another_tournament(
    qtbot, station: ClockStation, services: Services, tournament_id: int
) -> None:
    other = services.tournaments.create("Sunday Turbo").value.id
    cashier = station.windows.open_cashier()
    station.tournaments.ask_tournament = lambda: other
    press(qtbot, station, Qt.Key.Key_O, CTRL)
    assert station.bus.tournament_id == other
    assert station.display.name_label.text() == "Sunday Turbo"
    assert "Sunday Turbo" in station.director.windowTitle()
    assert "Sunday Turbo" in cashier.windowTitle()
    assert services.tournaments.last_opened().id == other
    # Cancelling the choice changes nothing.
    station.tournaments.ask_tournament = lambda: None
    press(qtbot, station, Qt.Key.Key_O, CTRL)
    assert station.bus.tournament_id == other


@pytest.mark.slow
def test_ctrl_shift_n_creates_a_tournament_and_shows_it(
    qtbot, station: ClockStation, services: Services, tournament_id: int
) -> None:
    def host(name: str) -> int | None:
        dialog = station.tournaments.new_tournament_dialog()
        qtbot.addWidget(dialog)
        qtbot.keyClicks(dialog.name_edit, name)
        dialog.create_tournament()  # refused without a name: the dialog stays open
        settle(qtbot, station.bus)  # else created on the worker
        dialog.close()
        return dialog.created_id

    station.tournaments.ask_new_tournament = lambda: host("Monday Freeze-out")
    press(qtbot, station, Qt.Key.Key_N, CTRL_SHIFT)
    assert station.bus.tournament_id != tournament_id
    assert station.display.name_label.text().startswith("Monday Freeze-out ")
    assert station.history.stack.count() == 0
    station.tournaments.ask_new_tournament = lambda: host("   ")
    before = station.bus.tournament_id
    station.tournaments.new_tournament()
    assert station.bus.tournament_id == before


def test_the_tournament_dialog_lists_them_newest_first(qtbot, services: Services, tournament_id):
    from clockapp.ui.director.tournaments import TournamentDialog

    other = services.tournaments.create("Sunday Turbo").value.id
    dialog = TournamentDialog(services.tournaments.list(), tournament_id)
    qtbot.addWidget(dialog)
    texts = [dialog.list.item(i).text() for i in range(dialog.list.count())]
    assert texts[0].startswith("Sunday Turbo")
    assert texts[1].endswith("(on show)")
    assert dialog.chosen() == tournament_id
    dialog.list.setCurrentRow(0)
    assert dialog.chosen() == other


@pytest.mark.slow
def test_the_demo_shows_the_whole_picture(qtbot, services: Services, ui_settings, fake_sound):
    tid = services.demo.create_demo().value.id
    bus = TournamentBus(services, tid, poll_interval_ms=0)
    station = ClockStation(services, bus, fake_sound, ui_settings)
    qtbot.addWidget(station.display)
    qtbot.addWidget(station.director)
    try:
        display = station.display
        assert display.money_stack.currentWidget() is display.money_area
        assert display.players_block.value.text() == "17 / 24"
        assert display.players_block.sub.text().endswith("TO THE MONEY")
        assert len(display.moves_banner.shown()) == 1
        assert station.director.moves_box.model.rowCount() == 1
    finally:
        station.close()
        bus.stop()


# ---------------------------------------------------------------------------- cashier -> seating
def stored_shootout(services: Services, tid: int):
    """The shootout as written in the database (not as a read would follow the cashier)."""
    from clockapp.persistence.models.seating import ShootoutRow, shootout_from_json

    with services.ctx.reading() as session:
        row = session.get(ShootoutRow, tid)
        assert row is not None
        return shootout_from_json(row.state_json)


@pytest.mark.slow
def test_a_bust_at_the_cashier_puts_the_player_out_of_his_shootout_table(
    qtbot, station: ClockStation, services: Services, tournament_id: int
) -> None:
    from clockapp.core.money.field import BustInput
    from clockapp.ui.cashier import operations

    tid = tournament_id
    buy_in(qtbot, services, station.bus, tid, [f"Player {n}" for n in range(1, 7)])
    services.seating.add_tables(tid, 2, seat_count=3)
    services.seating.start_shootout(tid)
    before = stored_shootout(services, tid).current
    out = before.remaining(1)[0]
    cashier = station.windows.open_cashier()

    assert operations.record_busts(cashier.ctx, [BustInput(out)])
    settle(qtbot, station.bus)
    assert cashier.message.kind == "info", cashier.message.text()

    after = stored_shootout(services, tid)
    assert out not in after.current.remaining(1)
    assert [e.players for e in after.exits] == [(out,)]
    assert len(after.current.remaining(1)) == 2
    assert services.seating.shootout(tid).shootout.current.remaining(1) == (
        after.current.remaining(1)
    )
    # Undo puts him back at the cashier; redo follows the seating again.
    assert cashier.ctx.history.undo()
    assert cashier.ctx.history.redo()  # waits on the worker for the undo, then redoes it
    settle(qtbot, station.bus)
    assert out not in stored_shootout(services, tid).current.remaining(1)
