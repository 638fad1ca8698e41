"""The tables window: seats drawn in the ovals, balancing with its questions, drag and drop with
undo, the move list (model checked with qtmodeltester), printing, hand-for-hand.

Each test builds the room through the services on a fresh database, acts as the director does
(toolbar actions, mouse drags, buttons) and checks what the window shows and what the database
holds. The players are written as the cashier leaves them
(`tests.services.seating.test_seating.field`).
"""

from __future__ import annotations

import random
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QDialog, QWidget

from clockapp.core.seating import MoveKind, Seat
from clockapp.core.seating.balancing import NeedButton
from clockapp.services.app import Services
from clockapp.services.seating import RoomView, SeatInfo, SeatingService, TableInfo
from clockapp.ui.actions import TablesAction
from clockapp.ui.bus import TournamentBus
from clockapp.ui.seating import TablesWindow
from clockapp.ui.seating.dialogs import BreakChoice, MoveDialog, ShootoutChoice
from clockapp.ui.seating.model import MOVE_ID_ROLE, MoveListModel
from clockapp.ui.seating.table_item import TableItem
from tests.services.seating.test_seating import bust, buy_ins, field, place
from tests.ui.polling import poll, settle


@pytest.fixture
def db_path(tmp_path: Path) -> Iterator[Path]:
    """The database in RAM when the system has a RAM disk (each action commits; see the
    seating service tests)."""
    shm = Path("/dev/shm")
    if not shm.is_dir():
        yield tmp_path / "tables.db"
        return
    with tempfile.TemporaryDirectory(dir=shm, prefix="clockapp-tables-") as folder:
        yield Path(folder) / "tables.db"


@pytest.fixture(autouse=True)
def _no_modal_dialogs(monkeypatch: pytest.MonkeyPatch) -> None:
    """A dialog the test did not answer through an `ask_*` hook would wait forever offscreen:
    fail at once instead."""

    def refuse(self: QDialog, *_args: object) -> int:
        pytest.fail(f"a modal dialog opened: {self.windowTitle()!r}")

    monkeypatch.setattr(QDialog, "exec", refuse)


@pytest.fixture
def seeded(services: Services) -> Services:
    """The services with a seeded random source for seating."""
    services.seating = SeatingService(services.ctx, rng=random.Random(77))
    return services


@pytest.fixture
def open_window(
    seeded: Services, bus: TournamentBus, window_factory: Callable[[QWidget], QWidget], qtbot
) -> Callable[[], TablesWindow]:
    """Open the tables window (call it after setting up the room)."""

    def build() -> TablesWindow:
        window = window_factory(TablesWindow(seeded, bus))
        window.resize(1400, 900)
        window.show()
        qtbot.waitExposed(window)
        settle(qtbot, bus)  # the window reads the room on the station's worker
        return window  # type: ignore[return-value]

    return build


def suggested_break(room: RoomView) -> BreakChoice:
    """Break table's question answered as OK does at once: the suggested table, no buttons."""
    return BreakChoice(room.table_break_costs[0][0], {})


def names_in_ovals(window: TablesWindow) -> dict[int, dict[int, str]]:
    """What the ovals show: {table: {seat: name}}."""
    return {
        number: {s.number: s.name for s in item.info.seats if s.registration_id is not None}
        for number, item in window.room_view.items_by_table.items()
    }


def drag(qtbot, window: TablesWindow, source: tuple[int, int], target: tuple[int, int]) -> None:
    """Drag the player in `source` (table, seat) onto `target` with the mouse."""
    view = window.room_view
    start, end = view.seat_center(*source), view.seat_center(*target)
    viewport = view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(viewport, QPoint((start.x() + end.x()) // 2, (start.y() + end.y()) // 2))
    qtbot.mouseMove(viewport, end)
    assert view.dragging
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=end)


# ---------------------------------------------------------------------------- draw
@pytest.mark.slow
def test_draw_seats_shows_the_names_in_the_ovals(
    qtbot, seeded: Services, tournament_id: int, open_window
) -> None:
    seeded.seating.add_tables(tournament_id, 3, seat_count=9)
    field(seeded, tournament_id, 20)
    window = open_window()
    assert names_in_ovals(window) == {1: {}, 2: {}, 3: {}}
    assert window.waiting_box.list.count() == 20
    window.actions_by_name[TablesAction.DRAW].trigger()
    settle(qtbot, window.context.bus)
    shown = names_in_ovals(window)
    assert sorted(len(seats) for seats in shown.values()) == [6, 7, 7]
    assert {name for seats in shown.values() for name in seats.values()} == {
        f"P{n:02d}" for n in range(1, 21)
    }
    room = seeded.seating.room(tournament_id)
    for table in room.tables:
        assert shown[table.number] == {
            s.number: s.name for s in table.seats if s.registration_id is not None
        }
    assert window.waiting_box.isHidden()
    assert "Drew seats for 20 players" in window.banner.text()
    assert "20 seated, 7 open seats" in window.status_label.text()  # 27 seats in all
    assert not window.grab().isNull()  # the ovals paint


@pytest.mark.slow
def test_a_late_entry_waits_in_the_list_and_draws_a_seat(
    qtbot, seeded: Services, tournament_id: int, open_window
) -> None:
    seeded.seating.add_tables(tournament_id, 2, seat_count=6)
    place(seeded, tournament_id, {1: [1, 2], 2: [1]})
    window = open_window()
    (late,) = field(seeded, tournament_id, 1)
    window.reload()
    settle(qtbot, window.context.bus)
    assert [
        window.waiting_box.list.item(i).text() for i in range(window.waiting_box.list.count())
    ] == ["P01"]
    window.waiting_box.seat_button.click()
    settle(qtbot, window.context.bus)
    seat = seeded.seating.room(tournament_id).seat_of(late)
    assert seat is not None
    assert seat.table == 2  # the shorter table
    assert "Drew Table 2" in window.banner.text()


# ---------------------------------------------------------------------------- balance
@pytest.mark.slow
def test_the_header_counts_the_seats_still_open(
    seeded: Services, tournament_id: int, open_window
) -> None:
    seeded.seating.add_tables(tournament_id, 2, seat_count=9)
    place(seeded, tournament_id, {1: list(range(1, 10)), 2: list(range(1, 10))})
    window = open_window()
    text = window.status_label.text()
    assert "18 seated, 0 open seats" in text
    assert text.startswith("Balanced: 9 to 9 players a table.")


@pytest.mark.slow
def test_an_unbalanced_room_says_the_move_to_make(
    qtbot, seeded: Services, tournament_id: int, open_window
) -> None:
    seeded.seating.add_tables(tournament_id, 2, seat_count=10)
    seats = place(seeded, tournament_id, {1: [1, 2, 3, 4, 5, 6, 7, 8], 2: [1, 2, 3, 4, 5, 6]})
    bust(seeded, seats[(2, 5)], seats[(2, 6)])
    window = open_window()
    text = window.status_label.text()
    assert text.startswith("Out of balance: move 2 players from Table 1 to Table 2.")
    assert "within" not in text
    assert "12 seated, 8 open seats" in text
    seeded.seating.set_button(tournament_id, 1, 1)
    seeded.seating.set_button(tournament_id, 2, 1)
    window.reload()
    settle(qtbot, window.context.bus)
    assert window.status_label.text().startswith(
        "Out of balance: move 2 players from Table 1 to Table 2."
    )
    window.actions_by_name[TablesAction.BALANCE].trigger()
    settle(qtbot, window.context.bus)
    assert window.status_label.text().startswith("Balanced: 6 to 6 players a table.")


@pytest.mark.slow
def test_balance_shows_the_move_list(
    qtbot, seeded: Services, tournament_id: int, open_window
) -> None:
    seeded.seating.add_tables(tournament_id, 2, seat_count=10)
    seats = place(seeded, tournament_id, {1: [1, 2, 3, 4, 5, 6, 7, 8], 2: [1, 2, 3, 4, 5, 6]})
    bust(seeded, seats[(2, 5)], seats[(2, 6)])
    seeded.seating.set_button(tournament_id, 1, 1)
    seeded.seating.set_button(tournament_id, 2, 1)
    window = open_window()
    assert "Out of balance" in window.status_label.text()
    assert window.room_view.items_by_table[2].short
    window.actions_by_name[TablesAction.BALANCE].trigger()
    settle(qtbot, window.context.bus)
    model = window.moves.model
    rows = [
        [model.index(row, column).data() for column in range(model.columnCount())]
        for row in range(model.rowCount())
    ]
    assert rows == [
        ["P03", "T1 s3 → T2 s5", "pending", rows[0][3]],
        ["P04", "T1 s4 → T2 s6", "pending", rows[1][3]],
    ]
    assert rows[0][3].startswith("Table 2 is short (4 vs 8)")
    assert "2 balancing moves" in window.banner.text()
    assert window.room_view.items_by_table[2].moved_here == frozenset({5, 6})
    assert "P03: Table 1, seat 3 -> Table 2, seat 5" in window.moves.detail.text()
    assert "Balanced" in window.status_label.text()


@pytest.mark.slow
def test_balance_then_undo_puts_the_players_back(
    qtbot, seeded: Services, tournament_id: int, open_window
) -> None:
    seeded.seating.add_tables(tournament_id, 2, seat_count=10)
    seats = place(seeded, tournament_id, {1: [1, 2, 3, 4, 5, 6, 7, 8], 2: [1, 2, 3, 4, 5, 6]})
    bust(seeded, seats[(2, 5)], seats[(2, 6)])
    seeded.seating.set_button(tournament_id, 1, 1)
    seeded.seating.set_button(tournament_id, 2, 1)
    window = open_window()
    before = names_in_ovals(window)

    def press(action: TablesAction) -> None:
        button = window.toolbar.widgetForAction(window.actions_by_name[action])
        assert button is not None
        assert button.isEnabled()
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        settle(qtbot, window.context.bus)

    press(TablesAction.BALANCE)
    assert [len(t) for t in names_in_ovals(window).values()] == [6, 6]
    assert window.undo_stack.count() == 1
    assert window.actions_by_name[TablesAction.UNDO].text() == "Undo Balance"

    press(TablesAction.UNDO)
    assert names_in_ovals(window) == before
    assert seeded.seating.room(tournament_id).seat_of(seats[(1, 3)]) == Seat(1, 3)
    assert window.moves.model.rowCount() == 0  # the undone moves left the display
    assert window.status_label.text().startswith("Out of balance")

    press(TablesAction.REDO)
    assert [len(t) for t in names_in_ovals(window).values()] == [6, 6]
    assert window.moves.model.rowCount() == 2


@pytest.mark.slow
def test_a_table_break_is_undone_from_the_toolbar(
    qtbot, seeded: Services, tournament_id: int, open_window
) -> None:
    seeded.seating.add_tables(tournament_id, 3, seat_count=6)
    seats = place(seeded, tournament_id, {1: [1, 2, 3, 4], 2: [1, 2, 3, 4], 3: [1, 2, 3, 4]})
    bust(seeded, seats[(1, 1)], seats[(2, 1)])
    window = open_window()
    before = names_in_ovals(window)
    window.play.ask_break = suggested_break
    window.actions_by_name[TablesAction.BREAK].trigger()
    settle(qtbot, window.context.bus)
    assert list(window.room_view.items_by_table) == [1, 3]
    window.actions_by_name[TablesAction.UNDO].trigger()
    settle(qtbot, window.context.bus)
    assert names_in_ovals(window) == before


@pytest.mark.slow
def test_an_undo_refused_says_why_and_changes_nothing(
    qtbot, seeded: Services, tournament_id: int, open_window
) -> None:
    seeded.seating.add_tables(tournament_id, 2, seat_count=10)
    seats = place(seeded, tournament_id, {1: [1, 2, 3, 4, 5, 6, 7, 8], 2: [1, 2, 3, 4, 5, 6]})
    bust(seeded, seats[(2, 5)], seats[(2, 6)])
    seeded.seating.set_button(tournament_id, 1, 1)
    seeded.seating.set_button(tournament_id, 2, 1)
    window = open_window()
    window.actions_by_name[TablesAction.BALANCE].trigger()
    settle(qtbot, window.context.bus)
    bust(seeded, seats[(1, 3)])  # moved by the balancing, out since
    revision = seeded.tournaments.revision()
    window.actions_by_name[TablesAction.UNDO].trigger()
    settle(qtbot, window.context.bus)
    assert "P03 has busted since the balancing" in window.banner.text()
    assert seeded.tournaments.revision() == revision
    assert window.undo_stack.count() == 0  # the step no longer applies: Qt dropped it


def test_balance_while_registration_is_open_says_which_tables_it_kept_up(
    qtbot, seeded: Services, tournament_id: int, open_window
) -> None:
    seeded.seating.add_tables(tournament_id, 3, seat_count=10)
    place(seeded, tournament_id, {1: [1, 2, 3], 2: [1, 2], 3: [1, 2]})
    assert seeded.registration.window(tournament_id).open  # nobody out yet: late entries come
    window = open_window()
    window.actions_by_name[TablesAction.BALANCE].trigger()
    settle(qtbot, window.context.bus)
    assert window.banner.text().startswith("Registration is open: 2 tables that would break")
    assert "Break tables" in window.banner.text()
    assert window.banner.kind == "warning"
    assert sorted(window.room_view.items_by_table) == [1, 2, 3]


@pytest.mark.slow
def test_balance_asks_for_each_button_it_needs(
    qtbot, seeded: Services, tournament_id: int, open_window
) -> None:
    seeded.seating.add_tables(tournament_id, 2, seat_count=10)
    seats = place(seeded, tournament_id, {1: [1, 2, 3, 4, 5, 6, 7], 2: [1, 2, 3, 4, 5]})
    bust(seeded, seats[(2, 1)])
    window = open_window()
    asked: list[tuple[int, list[int]]] = []

    def answer(need: NeedButton, table: TableInfo) -> int:
        occupied = [s.number for s in table.seats if s.registration_id is not None]
        asked.append((need.table, occupied))
        return {1: 7, 2: 2}[need.table]

    window.play.ask_button = answer
    window.actions_by_name[TablesAction.BALANCE].trigger()
    settle(qtbot, window.context.bus)
    assert asked == [(1, [1, 2, 3, 4, 5, 6, 7]), (2, [2, 3, 4, 5])]
    (move,) = seeded.seating.pending_moves(tournament_id)
    assert (move.registration_id, move.kind) == (seats[(1, 2)], MoveKind.BALANCE)
    assert window.moves.model.rowCount() == 1


@pytest.mark.slow
def test_cancelling_the_button_question_moves_nobody(
    qtbot, seeded: Services, tournament_id: int, open_window
) -> None:
    seeded.seating.add_tables(tournament_id, 2, seat_count=10)
    seats = place(seeded, tournament_id, {1: [1, 2, 3, 4, 5, 6, 7], 2: [1, 2, 3, 4, 5]})
    bust(seeded, seats[(2, 1)])
    window = open_window()
    window.play.ask_button = lambda need, table: None
    window.actions_by_name[TablesAction.BALANCE].trigger()
    settle(qtbot, window.context.bus)
    assert seeded.seating.moves(tournament_id) == ()
    assert window.banner.kind == "warning"
    assert "waits for the button at table 1" in window.banner.text()


@pytest.mark.slow
def test_the_final_table_redraws_everyone(
    qtbot, seeded: Services, tournament_id: int, open_window
) -> None:
    seeded.seating.add_tables(tournament_id, 2, seat_count=10)
    place(seeded, tournament_id, {1: [1, 2, 3, 4], 2: [1, 2, 3, 4, 5]})
    window = open_window()
    window.play.ask_final_size = lambda: 9
    window.actions_by_name[TablesAction.FINAL].trigger()
    settle(qtbot, window.context.bus)
    assert list(window.room_view.items_by_table) == [1]
    assert window.moves.model.rowCount() == 9
    assert "The final table forms at table 1" in window.banner.text()


@pytest.mark.slow
def test_undo_of_the_final_table_brings_both_tables_back(
    qtbot, seeded: Services, tournament_id: int, open_window
) -> None:
    seeded.seating.add_tables(tournament_id, 2, seat_count=10)
    place(seeded, tournament_id, {1: [1, 2, 3, 4], 2: [1, 2, 3, 4, 5]})
    window = open_window()
    before = names_in_ovals(window)
    window.play.ask_final_size = lambda: 9
    window.actions_by_name[TablesAction.FINAL].trigger()
    settle(qtbot, window.context.bus)
    assert list(window.room_view.items_by_table) == [1]
    assert window.actions_by_name[TablesAction.UNDO].text() == "Undo Final table"
    window.actions_by_name[TablesAction.UNDO].trigger()
    settle(qtbot, window.context.bus)
    assert names_in_ovals(window) == before
    assert window.moves.model.rowCount() == 0


# ---------------------------------------------------------------------------- hand moves
@pytest.mark.slow
def test_drag_and_drop_moves_a_player_and_undo_moves_him_back(
    seeded: Services, tournament_id: int, open_window, qtbot
) -> None:
    seeded.seating.add_tables(tournament_id, 2, seat_count=9)
    seats = place(seeded, tournament_id, {1: [3, 4], 2: [1]})
    ann = seats[(1, 3)]
    window = open_window()
    drag(qtbot, window, (1, 3), (2, 7))
    settle(qtbot, window.context.bus)
    assert seeded.seating.room(tournament_id).seat_of(ann) == Seat(2, 7)
    assert names_in_ovals(window)[2] == {1: "P03", 7: "P01"}
    assert window.moves.model.rowCount() == 1
    assert window.undo_stack.count() == 1

    window.actions_by_name[TablesAction.UNDO].trigger()
    settle(qtbot, window.context.bus)
    assert seeded.seating.room(tournament_id).seat_of(ann) == Seat(1, 3)
    assert names_in_ovals(window)[1] == {3: "P01", 4: "P02"}
    assert window.moves.model.rowCount() == 0  # the undone move left the display

    window.actions_by_name[TablesAction.REDO].trigger()
    settle(qtbot, window.context.bus)
    assert seeded.seating.room(tournament_id).seat_of(ann) == Seat(2, 7)


@pytest.mark.slow
def test_dropping_on_a_taken_seat_does_nothing(
    seeded: Services, tournament_id: int, open_window, qtbot
) -> None:
    seeded.seating.add_tables(tournament_id, 1, seat_count=9)
    seats = place(seeded, tournament_id, {1: [3, 4]})
    window = open_window()
    revision = seeded.tournaments.revision()
    drag(qtbot, window, (1, 3), (1, 4))
    settle(qtbot, window.context.bus)
    assert not window.room_view.dragging
    assert seeded.tournaments.revision() == revision
    assert seeded.seating.room(tournament_id).seat_of(seats[(1, 3)]) == Seat(1, 3)
    assert window.undo_stack.count() == 0


@pytest.mark.slow
def test_the_move_dialog_moves_a_player(
    qtbot, seeded: Services, tournament_id: int, open_window
) -> None:
    seeded.seating.add_tables(tournament_id, 2, seat_count=9)
    seats = place(seeded, tournament_id, {1: [3, 4], 2: [1]})
    window = open_window()
    assert window.context.room is not None
    dialog = MoveDialog(window.context.room, seats[(1, 4)], window)
    assert dialog.player.currentData() == seats[(1, 4)]
    assert [dialog.seat.itemData(i) for i in range(dialog.seat.count())] == [1, 2, 5, 6, 7, 8, 9]
    dialog.choose(seats[(1, 4)], 2, 5)
    answer = dialog.value()
    dialog.deleteLater()
    window.seats.ask_move = lambda _rid: answer
    window.actions_by_name[TablesAction.MOVE].trigger()
    settle(qtbot, window.context.bus)
    assert seeded.seating.room(tournament_id).seat_of(seats[(1, 4)]) == Seat(2, 5)
    window.actions_by_name[TablesAction.UNDO].trigger()
    settle(qtbot, window.context.bus)
    assert seeded.seating.room(tournament_id).seat_of(seats[(1, 4)]) == Seat(1, 4)


@pytest.mark.slow
def test_a_refused_move_shows_why_and_changes_nothing(
    qtbot, seeded: Services, tournament_id: int, open_window
) -> None:
    seeded.seating.add_tables(tournament_id, 1, seat_count=9)
    seats = place(seeded, tournament_id, {1: [3, 4]})
    bust(seeded, seats[(1, 3)])
    window = open_window()
    revision = seeded.tournaments.revision()
    window.seats.request_move(seats[(1, 3)], 1, 6)
    settle(qtbot, window.context.bus)
    assert window.banner.kind == "error"
    assert "P01 is out of the tournament" in window.banner.text()
    assert seeded.tournaments.revision() == revision
    assert window.undo_stack.count() == 0


@pytest.mark.slow
def test_undo_after_the_seat_was_taken_tells_the_director(
    qtbot, seeded: Services, tournament_id: int, open_window
) -> None:
    seeded.seating.add_tables(tournament_id, 1, seat_count=9)
    seats = place(seeded, tournament_id, {1: [3, 4]})
    window = open_window()
    window.seats.request_move(seats[(1, 3)], 1, 8)
    settle(qtbot, window.context.bus)
    seeded.seating.move_player(tournament_id, seats[(1, 4)], 1, 3)  # another station
    window.actions_by_name[TablesAction.UNDO].trigger()
    settle(qtbot, window.context.bus)
    assert "Table 1, seat 3 is taken" in window.banner.text()
    assert seeded.seating.room(tournament_id).seat_of(seats[(1, 3)]) == Seat(1, 8)
    assert window.undo_stack.count() == 0  # the obsolete command was dropped


@pytest.mark.slow
def test_the_seat_menu_offers_what_fits_the_seat(
    qtbot, seeded: Services, tournament_id: int, open_window
) -> None:
    seeded.seating.add_tables(tournament_id, 1, seat_count=9)
    seats = place(seeded, tournament_id, {1: [3, 4]})
    field(seeded, tournament_id, 1)
    seeded.seating.close_seat(tournament_id, 1, 9)
    window = open_window()
    texts = lambda menu: [a.text() for a in menu.actions()]  # noqa: E731
    rename = ["", "Rename / seats…"]  # after a separator, on every seat's menu
    assert texts(window.seat_menu(1, 3)) == ["Move…", "Fix the seat", "Button here", *rename]
    assert texts(window.seat_menu(1, 9)) == ["Open the seat", *rename]
    assert texts(window.seat_menu(1, 5)) == ["Close the seat", "Seat P01 here", *rename]
    next(a for a in window.seat_menu(1, 3).actions() if a.text() == "Fix the seat").trigger()
    settle(qtbot, window.context.bus)
    assert window.room_view.items_by_table[1].info.seat(3).fixed
    next(a for a in window.seat_menu(1, 4).actions() if a.text() == "Button here").trigger()
    settle(qtbot, window.context.bus)
    assert window.room_view.items_by_table[1].info.button == 4
    assert seats


# ---------------------------------------------------------------------------- the move list
@pytest.mark.slow
def test_the_move_list_model_passes_qtmodeltester(
    seeded: Services, tournament_id: int, qtmodeltester
) -> None:
    seeded.seating.add_tables(tournament_id, 2, seat_count=9)
    seats = place(seeded, tournament_id, {1: [1, 2, 3], 2: [1]})
    seeded.seating.move_player(tournament_id, seats[(1, 1)], 2, 5)
    moved = seeded.seating.move_player(tournament_id, seats[(1, 2)], 2, 6).value
    seeded.seating.undo_move(tournament_id, moved.id)
    model = MoveListModel()
    model.set_moves(seeded.seating.moves(tournament_id))
    qtmodeltester.check(model, force_py=True)
    assert model.rowCount() == 2
    assert model.index(1, 2).data() == "undone"
    assert model.index(1, 0).data(Qt.ItemDataRole.FontRole).strikeOut()
    assert model.index(0, 0).data(MOVE_ID_ROLE) == seeded.seating.moves(tournament_id)[0].id
    assert model.headerData(1, Qt.Orientation.Horizontal) == "Move"


@pytest.mark.slow
def test_moved_players_leave_the_list(
    qtbot, seeded: Services, tournament_id: int, open_window
) -> None:
    seeded.seating.add_tables(tournament_id, 2, seat_count=9)
    seats = place(seeded, tournament_id, {1: [1, 2, 3], 2: [1]})
    for rid, seat in ((seats[(1, 1)], 5), (seats[(1, 2)], 6), (seats[(1, 3)], 7)):
        seeded.seating.move_player(tournament_id, rid, 2, seat)
    window = open_window()
    assert window.moves.model.rowCount() == 3
    window.moves.table.selectRow(1)
    window.moves.acknowledge_button.click()
    settle(qtbot, window.context.bus)
    assert [m.name for m in window.moves.model.moves] == ["P01", "P03"]
    assert [m.name for m in seeded.seating.pending_moves(tournament_id)] == ["P01", "P03"]
    window.moves.show_done.setChecked(True)
    settle(qtbot, window.context.bus)
    assert window.moves.model.rowCount() == 3
    window.moves.acknowledge_all_button.click()
    settle(qtbot, window.context.bus)
    window.moves.show_done.setChecked(False)
    settle(qtbot, window.context.bus)
    assert window.moves.model.rowCount() == 0
    assert window.moves.detail.text() == "No moves on the display."


@pytest.mark.slow
def test_the_move_sheet_prints_to_pdf(
    qtbot, seeded: Services, tournament_id: int, open_window, tmp_path: Path
) -> None:
    seeded.seating.add_tables(tournament_id, 2, seat_count=9)
    seats = place(seeded, tournament_id, {1: [1]})
    seeded.seating.move_player(tournament_id, seats[(1, 1)], 2, 5, "Wheelchair access")
    window = open_window()
    target = tmp_path / "moves.pdf"
    window.moves.ask_pdf_path = lambda: target
    window.moves.pdf_button.click()
    settle(qtbot, window.context.bus)
    assert target.read_bytes().startswith(b"%PDF")
    assert target.stat().st_size > 1000
    assert "Saved the move sheet" in window.banner.text()


# ---------------------------------------------------------------------------- hand-for-hand
@pytest.mark.slow
def test_hand_for_hand_bar_marks_tables_and_deals_the_next_hand(
    qtbot, seeded: Services, tournament_id: int, open_window
) -> None:
    seeded.seating.add_tables(tournament_id, 2, seat_count=9)
    place(seeded, tournament_id, {1: [1, 3, 5], 2: [2, 4]})
    window = open_window()
    assert window.hfh_bar.isHidden()
    window.actions_by_name[TablesAction.HAND_FOR_HAND].trigger()
    settle(qtbot, window.context.bus)
    bar = window.hfh_bar
    assert not bar.isHidden()
    assert "hand 1: 2 tables playing" in bar.hand_label.text()
    assert not bar.next_button.isEnabled()
    assert window.room_view.items_by_table[1].status == "hand 1: playing"
    bar.table_buttons[1].click()
    settle(qtbot, window.context.bus)
    bar.table_buttons[2].click()
    settle(qtbot, window.context.bus)
    assert window.hfh_bar.next_button.isEnabled()
    window.hfh_bar.next_button.click()
    settle(qtbot, window.context.bus)
    hfh = seeded.seating.hand_for_hand(tournament_id)
    assert hfh is not None
    assert (hfh.hand, hfh.finished) == (2, frozenset())
    assert "hand 2" in window.hfh_bar.hand_label.text()
    window.hfh_bar.stop_button.click()
    settle(qtbot, window.context.bus)
    assert seeded.seating.hand_for_hand(tournament_id) is None
    assert window.hfh_bar.isHidden()


# ---------------------------------------------------------------------------- refresh and layout
@pytest.mark.slow
def test_another_stations_change_refreshes_the_window(
    qtbot, seeded: Services, tournament_id: int, bus: TournamentBus, open_window
) -> None:
    seeded.seating.add_tables(tournament_id, 1, seat_count=9)
    window = open_window()
    seeded.seating.add_tables(tournament_id, 1, seat_count=6)  # not through this bus
    assert list(window.room_view.items_by_table) == [1]
    poll(qtbot, bus)
    assert list(window.room_view.items_by_table) == [1, 2]


@pytest.mark.slow
def test_ten_tables_fit_without_overlapping_seats(
    seeded: Services, tournament_id: int, open_window
) -> None:
    seeded.seating.add_tables(tournament_id, 10, seat_count=10)
    field(seeded, tournament_id, 97)
    seeded.seating.draw_seats(tournament_id)
    window = open_window()
    view = window.room_view
    assert len(view.items_by_table) == 10
    assert view.columns in (3, 4)
    assert view.transform().m11() > 0.55  # seat names stay readable at 1400 x 900
    item = view.items_by_table[1]
    boxes = [item.seat_rect(n) for n in range(1, 11)]
    for i, box in enumerate(boxes):
        assert item.boundingRect().contains(box)
        for other in boxes[i + 1 :]:
            assert not box.intersects(other)
    for seat in (1, 5, 10):
        assert view.seat_under(view.seat_center(1, seat)) == (1, seat)


@pytest.mark.parametrize("seats", [2, 6, 9, 10])
def test_seat_boxes_never_overlap(seats: int) -> None:
    info = TableInfo(1, "", "Table 1", seats, None, tuple(SeatInfo(n) for n in range(1, seats + 1)))
    item = TableItem(info)
    boxes = [item.seat_rect(n) for n in range(1, seats + 1)]
    for i, box in enumerate(boxes):
        for other in boxes[i + 1 :]:
            assert not box.intersects(other)


@pytest.mark.slow
def test_a_shootout_from_the_window(
    qtbot, seeded: Services, tournament_id: int, open_window
) -> None:
    seeded.seating.add_tables(tournament_id, 2, seat_count=3)
    buy_ins(seeded, tournament_id, 6)
    window = open_window()
    window.shootout.ask_shootout = lambda: ShootoutChoice()
    window.actions_by_name[TablesAction.SHOOTOUT].trigger()
    settle(qtbot, window.context.bus)
    assert "Shootout: round 1 drawn at 2 tables" in window.banner.text()
    assert window.status_label.text().startswith("Shootout")
    assert [a.text() for a in window.seat_menu(1, 1).actions()] == [
        "Out of the shootout",
        "Time is up at this table…",
        "",
        "Rename / seats…",
    ]
    window.actions_by_name[TablesAction.SHOOTOUT].trigger()
    settle(qtbot, window.context.bus)
    assert "Round 1: tables 1, 2 still play" in window.banner.text()
    for table in (1, 2):
        for seat in (1, 2):
            out = next(a for a in window.seat_menu(table, seat).actions())
            out.trigger()
            settle(qtbot, window.context.bus)
    asked: list[list[str]] = []

    def chips(_title: str, _note: str, players: list[tuple[int, str]]) -> dict[int, int]:
        asked.append([name for _rid, name in players])
        return {rid: 3000 for rid, _name in players}

    window.shootout.ask_chips = chips
    window.actions_by_name[TablesAction.SHOOTOUT].trigger()
    settle(qtbot, window.context.bus)
    assert len(asked[0]) == 2
    assert "The winners redraw for the final table" in window.banner.text()
    assert sorted(t.count for t in seeded.seating.room(tournament_id).tables) == [0, 2]
    final_seat = next(
        (t.number, s.number)
        for t in seeded.seating.room(tournament_id).tables
        for s in t.seats
        if s.registration_id is not None
    )
    next(iter(window.seat_menu(*final_seat).actions())).trigger()
    settle(qtbot, window.context.bus)
    assert "wins the shootout" in window.banner.text()


@pytest.mark.slow
def test_the_status_says_what_each_table_would_cost_to_break(
    qtbot, seeded: Services, tournament_id: int, open_window
) -> None:
    seeded.seating.add_tables(tournament_id, 3, seat_count=6)
    field(seeded, tournament_id, 12)
    window = open_window()
    window.actions_by_name[TablesAction.DRAW].trigger()
    settle(qtbot, window.context.bus)
    # 12 players fit at two tables of 6: either table but the final table's host can break.
    assert "Can break now: Table 3 (4 moves), Table 2 (4 moves)." in window.status_label.text()
    window.play.ask_break = suggested_break
    window.actions_by_name[TablesAction.BREAK].trigger()
    settle(qtbot, window.context.bus)
    assert [t.number for t in seeded.seating.room(tournament_id).tables] == [1, 2]
    assert "Can break now" not in window.status_label.text()
