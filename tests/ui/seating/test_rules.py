"""The tables window's rules and table dialogs, the stale-button hint, the move list's words, and
players named in the banner.

Dialogs are checked two ways: the window with its `ask_*` hook answered (what reaches the
services), and the dialog itself, filled in as the director would (what it hands back).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QPoint, Qt

from clockapp.core.seating import Seat
from clockapp.core.seating.balancing import BalancePolicy
from clockapp.core.seating.table_breaks import TableBreakRules
from clockapp.errors import DomainError
from clockapp.services.app import Services
from clockapp.ui.actions import TablesAction
from clockapp.ui.seating import TablesWindow
from clockapp.ui.seating.rules import RulesDialog, SeatingRules, TableDialog, parse_order
from tests.fakes import FakeClock
from tests.services.seating.test_seating import bust, place
from tests.ui.polling import settle
from tests.ui.seating import test_window as base

db_path = base.db_path
seeded = base.seeded
open_window = base.open_window
_no_modal_dialogs = base._no_modal_dialogs

OpenWindow = Callable[[], TablesWindow]


# ---------------------------------------------------------------------------- rules
def test_the_rules_action_saves_policy_break_order_and_final_table(
    qtbot, seeded: Services, tournament_id: int, open_window: OpenWindow
) -> None:
    seeded.seating.add_tables(tournament_id, 3, seat_count=10)
    window = open_window()
    window.rules.ask_rules = lambda: SeatingRules(
        BalancePolicy.within_two_from(3), TableBreakRules((2,), None, 9)
    )
    window.actions_by_name[TablesAction.RULES].trigger()
    settle(qtbot, window.context.bus)
    config = seeded.seating.config(tournament_id)
    assert (config.policy.within, config.policy.wide_within) == (1, 2)
    assert (config.rules.order, config.rules.final_table_size) == ((2,), 9)
    assert "the final table seats 9 players" in window.banner.text()
    assert window.banner.kind == "info"


def test_refused_rules_show_why(
    qtbot, seeded: Services, tournament_id: int, open_window: OpenWindow
) -> None:
    seeded.seating.add_tables(tournament_id, 2, seat_count=8)
    window = open_window()
    window.rules.ask_rules = lambda: SeatingRules(BalancePolicy(), TableBreakRules((), 1, 10))
    window.actions_by_name[TablesAction.RULES].trigger()
    settle(qtbot, window.context.bus)
    assert window.banner.kind == "error"
    assert "Table 1 has only 8 open seats" in window.banner.text()
    assert seeded.seating.config(tournament_id).rules == TableBreakRules()


def test_the_rules_dialog_shows_and_returns_the_rules(
    seeded: Services, tournament_id: int, qtbot
) -> None:
    seeded.seating.add_tables(tournament_id, 4, seat_count=10)
    seeded.seating.close_seat(tournament_id, 3, 10)
    seeded.seating.set_policy(tournament_id, BalancePolicy(1, 3, 4))
    dialog = RulesDialog(seeded.seating.room(tournament_id))
    qtbot.addWidget(dialog)
    assert (dialog.within.value(), dialog.wide.isChecked(), dialog.wide_within.value()) == (
        1,
        True,
        3,
    )
    assert dialog.wide_from.value() == 4
    assert dialog.final_size.value() == 10  # the host's open seats until the director chooses
    assert "table 1 (10 open seats)" in dialog.host_note.text()
    # The director: within 2, no wider limit, table 3 hosts a final table of 8.
    dialog.within.setValue(2)
    dialog.wide.setChecked(False)
    assert not dialog.wide_within.isEnabled()
    qtbot.keyClicks(dialog.order, "4, 1")
    dialog.final_table.setCurrentIndex(dialog.final_table.findData(3))
    dialog.final_size.setValue(8)
    assert "table 3 (9 open seats); 1 seat there will close" in dialog.host_note.text()
    assert dialog.value() == SeatingRules(BalancePolicy(2, None, 4), TableBreakRules((4, 1), 3, 8))
    dialog.order.setText("4 x")
    dialog.accept()
    assert dialog.result() != dialog.DialogCode.Accepted
    assert "'x' is not a table number" in dialog.error.text()
    assert not dialog.error.isHidden()


@pytest.mark.parametrize(
    ("text", "order"), [("", ()), ("4 2", (4, 2)), ("4,2", (4, 2)), (" 3 ; 1 ", (3, 1))]
)
def test_parse_order(text: str, order: tuple[int, ...]) -> None:
    assert parse_order(text) == order


@pytest.mark.parametrize("text", ["0", "-1", "two", "4.5"])
def test_parse_order_refuses_what_is_not_a_table(text: str) -> None:
    with pytest.raises(DomainError, match="is not a table number"):
        parse_order(text)


def test_the_status_line_says_where_and_how_big_the_final_table_is(
    seeded: Services, tournament_id: int, open_window: OpenWindow
) -> None:
    seeded.seating.add_tables(tournament_id, 2, seat_count=10)
    place(seeded, tournament_id, {1: [1, 2, 3, 4, 5, 6], 2: [1, 2, 3, 4, 5, 6]})
    seeded.seating.set_break_rules(tournament_id, TableBreakRules(final_table_size=9))
    window = open_window()
    assert "The final table (9 seats at table 1) forms after 3 more busts." in (
        window.status_label.text()
    )


# ---------------------------------------------------------------------------- one table
def test_rename_and_seats_from_the_table_menu(
    seeded: Services, tournament_id: int, open_window: OpenWindow, qtbot
) -> None:
    seeded.seating.add_tables(tournament_id, 2, seat_count=10)
    window = open_window()
    asked = []

    def answer(table):
        asked.append((table.number, table.name, table.seat_count))
        return "Feature", 8

    window.rules.ask_table = answer
    menu = window.table_menu(2)
    assert [a.text() for a in menu.actions()] == ["Rename / seats…"]
    menu.actions()[0].trigger()
    settle(qtbot, window.context.bus)
    assert asked == [(2, "", 10)]
    info = window.room_view.items_by_table[2].info
    assert (info.label, info.seat_count) == ("Table 2 (Feature)", 8)
    assert "Table 2 (Feature) has 8 seats" in window.banner.text()
    # A right click on a table outside its seats asks for that menu.
    window.room_view.table_menu_requested.disconnect(window._on_room_table_menu_requested)
    item = window.room_view.items_by_table[1]
    header = window.room_view.mapFromScene(item.mapToScene(item.boundingRect().topLeft()))
    with qtbot.waitSignal(window.room_view.table_menu_requested) as signal:
        qtbot.mousePress(
            window.room_view.viewport(), Qt.MouseButton.RightButton, pos=header + QPoint(30, 10)
        )
    assert signal.args[0] == 1


def test_the_table_dialog_refuses_cutting_taken_seats(
    seeded: Services, tournament_id: int, open_window: OpenWindow, qtbot
) -> None:
    seeded.seating.add_tables(tournament_id, 1, seat_count=10)
    place(seeded, tournament_id, {1: [2, 9]})
    window = open_window()
    dialog = TableDialog(window.context.room.table(1))  # type: ignore[union-attr]
    qtbot.addWidget(dialog)
    assert "Seats up to 9 are taken" in dialog.findChildren(type(window.status_label))[-1].text()
    dialog.name.setText("  Main ")
    dialog.seats.setValue(6)
    assert dialog.value() == ("Main", 6)
    window.rules.ask_table = lambda table: dialog.value()
    window.rules.edit_table(1)
    settle(qtbot, window.context.bus)
    assert "seat 9 is taken; move the player" in window.banner.text()
    assert window.room_view.items_by_table[1].info.seat_count == 10


# ---------------------------------------------------------------------------- buttons
@pytest.mark.slow
def test_an_hour_old_button_is_kept_and_balancing_uses_it(
    qtbot, seeded: Services, tournament_id: int, open_window: OpenWindow, fake_clock: FakeClock
) -> None:
    """What the director tells the app is kept until the director changes it."""
    seeded.seating.add_tables(tournament_id, 2, seat_count=10)
    place(seeded, tournament_id, {1: [1, 2, 3, 4, 5, 6, 7, 8], 2: [1, 2, 3, 4, 5, 6]})
    seeded.seating.set_button(tournament_id, 1, 4)
    seeded.seating.set_button(tournament_id, 2, 2)
    fake_clock.advance(minutes=60)
    window = open_window()
    item = window.room_view.items_by_table[1]
    assert item.info.button == 4
    assert "(button)" in item.tooltip_for(4)
    assert not window.grab().isNull()
    asked = []

    def answer(need, table):
        asked.append(need.table)
        return 4

    window.play.ask_button = answer
    window.actions_by_name[TablesAction.BALANCE].trigger()
    settle(qtbot, window.context.bus)
    assert asked == []  # nothing to ask: the director's answer stands
    assert [m.from_seat for m in seeded.seating.pending_moves(tournament_id)] == [Seat(1, 6)]


# ---------------------------------------------------------------------------- words
@pytest.mark.slow
def test_the_move_list_says_pending_then_acknowledged(
    qtbot, seeded: Services, tournament_id: int, open_window: OpenWindow
) -> None:
    seeded.seating.add_tables(tournament_id, 2, seat_count=9)
    seats = place(seeded, tournament_id, {1: [1, 2], 2: [1]})
    seeded.seating.move_player(tournament_id, seats[(1, 1)], 2, 5)
    window = open_window()
    assert window.moves.model.index(0, 2).data() == "pending"
    window.moves.acknowledge_all()
    settle(qtbot, window.context.bus)
    assert window.moves.model.rowCount() == 0
    window.moves.show_done.setChecked(True)
    settle(qtbot, window.context.bus)
    assert window.moves.model.index(0, 2).data() == "acknowledged"


def test_refusals_name_players_in_the_banner(
    qtbot, seeded: Services, tournament_id: int, open_window: OpenWindow
) -> None:
    seeded.seating.add_tables(tournament_id, 1, seat_count=9)
    seats = place(seeded, tournament_id, {1: [3, 4]})
    window = open_window()
    window.seats.request_move(seats[(1, 3)], 1, 4)
    settle(qtbot, window.context.bus)
    assert window.banner.text() == "Table 1, seat 4 is taken by P02."
    bust(seeded, seats[(1, 4)])
    window.seats.request_move(seats[(1, 4)], 1, 5)
    settle(qtbot, window.context.bus)
    assert window.banner.text().startswith("P02 is out of the tournament")
