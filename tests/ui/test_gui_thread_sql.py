"""No SQL on the GUI thread when a window opens, refreshes after another station's change, or
does what the director and the cashier do with it.

Each window is opened the way the director opens it (the station's `windows`), the station's
worker is let settle, then another station makes a change (a service call here, which the bus
reads from the change feed as it would a commit from another machine) and every window
refreshes. `gui_thread_sql` records every statement run on the main thread meanwhile, with the
window code that asked for it: there must be none. The station itself (bus, session, director,
wall) is built before the event loop runs, as the app's start-up builds it, so only what comes
after is counted.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import Qt

from clockapp.core.chips import ChipSet
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.core.payouts import PayoutMode
from clockapp.core.wall import HOUSE_RULES, MESSAGE
from clockapp.errors import OutageError
from clockapp.services.players import PlayerDetails
from clockapp.ui.actions import Action
from clockapp.ui.cashier.payout_dialog import PayoutTableDialog
from clockapp.ui.cashier.rules_dialog import EntryRulesDialog
from clockapp.ui.station.windows import (
    WINDOW_CASHIER,
    WINDOW_CHARTS,
    WINDOW_LEAGUES,
    WINDOW_RULINGS,
    WINDOW_STRUCTURE,
    WINDOW_TABLES,
    WINDOW_TEAM_EVENT,
)
from clockapp.ui.wall.chip_counts_dialog import ChipCountsDialog
from clockapp.ui.wall.chip_race_dialog import ChipRaceDialog
from clockapp.ui.wall.shot_clock_panel import ShotClockPanel
from tests.ui.cashier.waiting import take_money, then_settle
from tests.ui.gui_sql import at_another_station
from tests.ui.polling import poll, settle

WINDOWS = (
    WINDOW_STRUCTURE,
    WINDOW_CASHIER,
    WINDOW_TABLES,
    WINDOW_RULINGS,
    WINDOW_LEAGUES,
    WINDOW_TEAM_EVENT,
    WINDOW_CHARTS,
)


@pytest.fixture
def room(qtbot, station, services, tournament_id):
    """The station on a seated field with the clock running, nothing but the clock open."""
    rules = EntryRules(RegistrationRule(EntryPrice(2000, house_fee=500), 10_000))
    services.cashier.set_config(tournament_id, CashierConfig(rules))
    services.seating.add_tables(tournament_id, 2, seat_count=9)
    for n in range(6):
        pid = services.players.create(PlayerDetails(f"Player {n:02d}")).value.id
        services.cashier.buy_in(tournament_id, pid, seat=True)
    services.players.create(PlayerDetails("Walk-in Ann"))
    services.clock.start(tournament_id)
    station.bus.switch_tournament(tournament_id)
    settle(qtbot, station.bus)
    return station


def another_station_sells(qtbot, room, services, tournament_id, name: str) -> None:
    """A buy-in with its seat made at another station, read from the feed here."""
    pid = at_another_station(lambda: services.players.create(PlayerDetails(name)).value.id)
    at_another_station(lambda: services.cashier.buy_in(tournament_id, pid, seat=True))
    poll(qtbot, room.bus)


@pytest.mark.slow
@pytest.mark.parametrize("key", WINDOWS)
def test_a_window_opens_and_refreshes_without_sql_on_the_gui_thread(
    qtbot, room, services, tournament_id, gui_thread_sql, key
) -> None:
    with gui_thread_sql.watching() as opened:
        window = room.windows.open_window(key)
        settle(qtbot, room.bus)
    assert window.isVisible()
    assert not opened, gui_thread_sql.report()
    with gui_thread_sql.watching() as refreshed:
        another_station_sells(qtbot, room, services, tournament_id, "Other Bob")
    assert not refreshed, gui_thread_sql.report()


@pytest.mark.slow
def test_the_director_and_the_wall_refresh_without_sql_on_the_gui_thread(
    qtbot, room, services, tournament_id, gui_thread_sql
) -> None:
    with gui_thread_sql.watching() as refreshed:
        another_station_sells(qtbot, room, services, tournament_id, "Other Bob")
        at_another_station(lambda: services.clock.pause(tournament_id))
        poll(qtbot, room.bus)
    assert room.display.status_label.text() == "PAUSED"
    assert not refreshed, gui_thread_sql.report()


@pytest.fixture
def sold_at_the_desk(qtbot, room):
    """The cashier open, Walk-in Ann just sold at its desk: her receipt is the last sale."""
    cashier = room.windows.open_cashier()
    settle(qtbot, room.bus)
    desk = cashier.desk
    qtbot.keyClicks(desk.search, "Walk-in Ann")
    then_settle(qtbot, desk.search, lambda: qtbot.keyClick(desk.search, Qt.Key.Key_Return))
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F2))
    assert desk.dialog is not None, cashier.message.text()
    take_money(qtbot, desk.dialog.tendered_edit)
    settle(qtbot, room.bus)
    assert desk.last_receipt is not None, cashier.message.text()
    return cashier


@pytest.mark.slow
def test_a_sale_voided_at_another_station_is_struck_through_without_sql_on_the_gui_thread(
    qtbot, room, sold_at_the_desk, services, tournament_id, gui_thread_sql
) -> None:
    last_sale = sold_at_the_desk.desk.last
    assert "Walk-in Ann" in last_sale.label.text()
    row = last_sale.receipt.rows[0].id
    with gui_thread_sql.watching() as refreshed:
        at_another_station(lambda: services.cashier.void(tournament_id, row, "wrong player"))
        poll(qtbot, room.bus)
    assert "Voided" in last_sale.label.text()
    assert not last_sale.receipt_button.isEnabled()
    assert not refreshed, gui_thread_sql.report()


@pytest.mark.slow
def test_new_chips_set_at_another_station_reach_the_cashier_without_sql_on_the_gui_thread(
    qtbot, room, sold_at_the_desk, services, tournament_id, gui_thread_sql
) -> None:
    ctx = sold_at_the_desk.ctx
    chips = ChipSet.standard((5, 25, 100, 500))
    with gui_thread_sql.watching() as refreshed:
        at_another_station(lambda: services.structure.set_chip_set(tournament_id, chips))
        poll(qtbot, room.bus)
        held = ctx.chip_set()
    assert held == services.structure.chip_set(tournament_id)
    assert not refreshed, gui_thread_sql.report()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "key"),
    [("Walk-in Ann", Qt.Key.Key_F2), ("Player 03", Qt.Key.Key_F6)],
    ids=["buy-in", "bust"],
)
def test_a_desk_key_reads_the_field_without_sql_on_the_gui_thread(
    qtbot, room, gui_thread_sql, name, key
) -> None:
    """The press reads the field again (another station may have sold or busted since), and
    what its dialog needs, on the worker; the dialog opens when that read answers."""
    cashier = room.windows.open_cashier()
    settle(qtbot, room.bus)
    desk = cashier.desk
    qtbot.keyClicks(desk.search, name)
    then_settle(qtbot, desk.search, lambda: qtbot.keyClick(desk.search, Qt.Key.Key_Return))
    assert desk.selected().player.name == name
    with gui_thread_sql.watching() as pressed:
        then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, key))
    assert desk.dialog is not None, cashier.message.text()
    assert not pressed, gui_thread_sql.report()
    desk.dialog.reject()


@pytest.mark.slow
def test_the_ledger_refreshes_its_selected_row_without_sql_on_the_gui_thread(
    qtbot, room, services, tournament_id, gui_thread_sql
) -> None:
    """Whether the selected row can be voided or refunded is asked again on every refresh:
    on the worker, as the rows are."""
    cashier = room.windows.open_cashier()
    page = cashier.ledger
    cashier.tabs.setCurrentWidget(page)
    settle(qtbot, room.bus)
    with gui_thread_sql.watching() as selected:
        page.select_row_id(page.model.row_at(0).id)
        settle(qtbot, room.bus)
    assert page.void_button.isEnabled()
    assert not selected, gui_thread_sql.report()
    with gui_thread_sql.watching() as refreshed:
        another_station_sells(qtbot, room, services, tournament_id, "Other Bob")
    assert page.model.rowCount() == 7
    assert page.void_button.isEnabled()
    assert not refreshed, gui_thread_sql.report()


# ---------------------------------------------------------------- the windows' usual actions


def test_the_structure_editor_saves_templates_and_chips_without_sql_on_the_gui_thread(
    qtbot, room, services, gui_thread_sql
) -> None:
    """Save as template, delete it, and save the chips: each on the worker, its window told
    when it answers."""
    editor = room.windows.open_window(WINDOW_STRUCTURE)
    settle(qtbot, room.bus)
    with gui_thread_sql.watching() as saved:
        assert editor.files.save_template("Friday regular")
        settle(qtbot, room.bus)
    (template,) = services.structure.templates()
    assert any(e.kind == "template" and e.key == template.id for e in editor.library.entries())
    assert not saved, gui_thread_sql.report()
    with gui_thread_sql.watching() as deleted:
        assert editor.files.delete_template(template.id, "Friday regular", confirm=False)
        settle(qtbot, room.bus)
    assert services.structure.templates() == ()
    assert not deleted, gui_thread_sql.report()
    with gui_thread_sql.watching() as chips_saved:
        dialog = editor.open_chip_editor()
        dialog.model.set_drafts(
            [replace(draft, owned=200) for draft in dialog.model.drafts]  # every chip counted
        )
        kept: list[ChipSet] = []
        dialog.saved.connect(kept.append)
        assert dialog.save()
        settle(qtbot, room.bus)
    assert kept  # saved, and the dialog closed
    owned = services.structure.chip_set(room.bus.tournament_id).owned
    assert owned is not None
    assert set(owned) == {200}
    assert not chips_saved, gui_thread_sql.report()


@pytest.mark.slow
def test_the_director_opens_and_creates_tournaments_without_sql_on_the_gui_thread(
    qtbot, room, services, tournament_id, gui_thread_sql
) -> None:
    """Ctrl+O lists the tournaments, and Ctrl+Shift+N reads the last one's plan and creates
    the new one, on the worker."""
    other = services.tournaments.create("Sunday Turbo").value.id
    switching = room.tournaments
    seen: list[int] = []

    def choose() -> int | None:
        seen.extend(t.id for t in switching.listed)
        return other

    switching.ask_tournament = choose
    with gui_thread_sql.watching() as opened:
        qtbot.keyClick(room.display, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)
        settle(qtbot, room.bus)
    assert other in seen
    assert room.bus.tournament_id == other
    assert not opened, gui_thread_sql.report()

    def host() -> int | None:
        dialog = switching.new_tournament_dialog()
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.keyClicks(dialog.name_edit, "Monday Freeze-out")
        qtbot.mouseClick(dialog.create_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: not dialog.isVisible())
        return dialog.created_id

    switching.ask_new_tournament = host
    with gui_thread_sql.watching() as created:
        qtbot.keyClick(
            room.display,
            Qt.Key.Key_N,
            Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
        )
        settle(qtbot, room.bus)
    assert room.bus.tournament_id not in (tournament_id, other)
    assert room.display.name_label.text().startswith("Monday Freeze-out")
    assert not created, gui_thread_sql.report()


def test_a_press_before_the_cashier_has_read_its_chips_reads_them_off_the_gui_thread(
    qtbot, room, services, gui_thread_sql, monkeypatch
) -> None:
    """The window's first read of the chips failed (the server was away for a moment): the
    sale's dialog still shows the chips, read with the field on the worker."""
    structure = services.structure
    planned_stacks = structure.planned_stacks
    failures = [OutageError("The database did not answer.")]

    def away_once(tid: int):  # type: ignore[no-untyped-def]
        if failures:
            raise failures.pop()
        return planned_stacks(tid)

    monkeypatch.setattr(structure, "planned_stacks", away_once)
    cashier = room.windows.open_cashier()
    settle(qtbot, room.bus)
    assert not failures
    assert not cashier.ctx.look_held
    desk = cashier.desk
    qtbot.keyClicks(desk.search, "Walk-in Ann")
    then_settle(qtbot, desk.search, lambda: qtbot.keyClick(desk.search, Qt.Key.Key_Return))
    with gui_thread_sql.watching() as pressed:
        then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F2))
    assert desk.dialog is not None, cashier.message.text()
    assert cashier.ctx.chip_set() == services.structure.chip_set(room.bus.tournament_id)
    assert not pressed, gui_thread_sql.report()
    desk.dialog.reject()


@pytest.mark.slow
def test_the_results_report_is_read_off_the_gui_thread(
    qtbot, room, gui_thread_sql, tmp_path
) -> None:
    cashier = room.windows.open_cashier()
    results = cashier.results
    cashier.tabs.setCurrentWidget(results)
    settle(qtbot, room.bus)
    path = tmp_path / "results.pdf"
    with gui_thread_sql.watching() as exported:
        assert results.export_pdf(str(path)) == str(path)
        settle(qtbot, room.bus)
    assert path.read_bytes().startswith(b"%PDF")
    assert "Results report saved" in cashier.message.text()
    assert not exported, gui_thread_sql.report()


# ---------------------------------------------------------------- the director's dialogs


def test_the_look_and_the_house_rules_are_read_and_kept_without_sql_on_the_gui_thread(
    qtbot, room, services, tournament_id, gui_thread_sql
) -> None:
    """The Look… and rules dialogs open once what they show is read on the worker; their OK,
    and the rules put on the wall, are submitted there too."""
    house = room.house

    def look(dialog) -> bool:  # type: ignore[no-untyped-def]
        dialog.title_edit.setText("Friday Night Poker")
        return True

    def rules(dialog) -> bool:  # type: ignore[no-untyped-def]
        dialog.rules_edit.setPlainText("# Phones\n- Away from the table")
        return True

    house.run_look_dialog = look
    house.run_house_dialog = rules
    with gui_thread_sql.watching() as edited:
        room.director_actions[Action.WALL_LOOK].trigger()
        settle(qtbot, room.bus)
        room.director_actions[Action.EDIT_HOUSE].trigger()
        settle(qtbot, room.bus)
        room.director_actions[Action.SHOW_HOUSE_RULES].trigger()
        settle(qtbot, room.bus)
    assert room.display.name_label.text().startswith("Friday Night Poker")
    assert services.house.rules(tournament_id).startswith("# Phones")
    moment = services.wall.current(tournament_id)
    assert moment is not None
    assert moment.kind == HOUSE_RULES
    assert not edited, gui_thread_sql.report()


def test_the_shot_clock_is_cancelled_and_followed_without_sql_on_the_gui_thread(
    qtbot, room, services, tournament_id, gui_thread_sql
) -> None:
    room.wall.ask_player = lambda players: players[0]
    assert room.wall.call_clock()
    settle(qtbot, room.bus)
    panel = room.wall.shot_clock_panel
    assert isinstance(panel, ShotClockPanel)
    qtbot.addWidget(panel)
    with gui_thread_sql.watching() as followed:
        at_another_station(lambda: services.wall.show(tournament_id, MESSAGE, {"title": "Dinner"}))
        poll(qtbot, room.bus)
    assert not panel.isVisible()  # the wall shows something else: the panel closed
    assert not followed, gui_thread_sql.report()
    assert room.wall.call_clock()
    settle(qtbot, room.bus)
    panel = room.wall.shot_clock_panel
    assert isinstance(panel, ShotClockPanel)
    qtbot.addWidget(panel)
    with gui_thread_sql.watching() as cancelled:
        qtbot.mouseClick(panel.cancel_button, Qt.MouseButton.LeftButton)
        settle(qtbot, room.bus)
    assert not panel.isVisible()
    assert services.wall.current(tournament_id) is None
    assert not cancelled, gui_thread_sql.report()


@pytest.mark.slow
def test_a_backup_is_listed_and_restored_without_sql_on_the_gui_thread(
    qtbot, room, services, tournament_id, gui_thread_sql
) -> None:
    services.backups.take("level", services.backups.note(tournament_id, "level started"))
    at_another_station(lambda: services.clock.pause(tournament_id))
    poll(qtbot, room.bus)
    with gui_thread_sql.watching() as restored:
        room.director.restore_action.trigger()
        settle(qtbot, room.bus)
        dialog = room.director.restore_dialog
        assert dialog is not None
        assert dialog.model.index(0, 1).data() == "Level started"  # the newest: the one above
        dialog.view.selectRow(0)
        dialog.confirm = lambda _backup: True
        qtbot.mouseClick(dialog.restore_button, Qt.MouseButton.LeftButton)
        settle(qtbot, room.bus)
    assert "Restored the backup" in room.director.statusBar().currentMessage()
    assert room.display.status_label.text() != "PAUSED"  # the clock ran when it was taken
    assert not restored, gui_thread_sql.report()


def test_the_final_counts_open_without_sql_on_the_gui_thread(qtbot, room, gui_thread_sql) -> None:
    with gui_thread_sql.watching() as opened:
        room.director.final_counts_action.trigger()
        settle(qtbot, room.bus)
    dialog = room.director.final_counts_dialog
    assert dialog is not None
    assert len(dialog.spins) == 6
    assert not opened, gui_thread_sql.report()
    dialog.reject()


def test_the_chip_counts_and_the_chip_race_open_without_sql_on_the_gui_thread(
    qtbot, room, services, tournament_id, gui_thread_sql
) -> None:
    with gui_thread_sql.watching() as counted:
        room.director_actions[Action.CHIP_COUNTS].trigger()
        settle(qtbot, room.bus)
        counts = room.wall.chip_counts_dialog
        assert isinstance(counts, ChipCountsDialog)
        table = counts.table()
        assert table is not None
        for player in table.players:
            counts.set_count(player.name, 10_000)
        qtbot.mouseClick(counts.record_button, Qt.MouseButton.LeftButton)
        settle(qtbot, room.bus)
    assert counts.error_label.text() == ""
    assert "not counted" in counts.total_label.text()  # the other table's players
    assert set(services.chip_counts.counts(tournament_id).values()) == {10_000}
    assert not counted, gui_thread_sql.report()
    counts.reject()
    with gui_thread_sql.watching() as raced:
        room.director_actions[Action.CHIP_RACE].trigger()
        settle(qtbot, room.bus)
        race = room.wall.chip_race_dialog
        assert isinstance(race, ChipRaceDialog)
        race.take_from_counts()
    assert not raced, gui_thread_sql.report()
    race.reject()


def test_the_entry_rules_and_payout_table_are_checked_without_sql_on_the_gui_thread(
    qtbot, room, gui_thread_sql
) -> None:
    """The editors read what they check against on the worker as they open; each edit is then
    checked by the pure rules."""
    cashier = room.windows.open_cashier()
    settle(qtbot, room.bus)
    with gui_thread_sql.watching() as ruled:
        qtbot.mouseClick(cashier.header.rules_button, Qt.MouseButton.LeftButton)
        settle(qtbot, room.bus)
        rules = cashier.dialog
        assert isinstance(rules, EntryRulesDialog)
        rules.stack_spin.setValue(20_000)  # checked against the structure as typed
        assert rules.ok_button.isEnabled(), rules.error_label.text()
    assert not ruled, gui_thread_sql.report()
    rules.reject()
    settle(qtbot, room.bus)
    page = cashier.payouts
    cashier.tabs.setCurrentWidget(page)
    settle(qtbot, room.bus)
    with gui_thread_sql.watching() as previewed:
        qtbot.mouseClick(page.edit_button, Qt.MouseButton.LeftButton)
        settle(qtbot, room.bus)
        dialog = page.dialog
        assert isinstance(dialog, PayoutTableDialog)
        dialog.set_mode(PayoutMode.PERCENTAGES)
        qtbot.keyClicks(dialog.percent_edit, "60/40")
    assert dialog.ok_button.isEnabled(), dialog.error_label.text()
    assert dialog.model.rowCount() == 2
    assert not previewed, gui_thread_sql.report()
    dialog.reject()


def test_the_structure_generator_opens_without_sql_on_the_gui_thread(
    qtbot, room, gui_thread_sql
) -> None:
    editor = room.windows.open_window(WINDOW_STRUCTURE)
    settle(qtbot, room.bus)
    with gui_thread_sql.watching() as opened:
        assert editor.open_generator()
        settle(qtbot, room.bus)
    dialog = editor.generator_dialog
    assert dialog is not None
    assert dialog.players.value() == 6  # the entries so far
    assert not opened, gui_thread_sql.report()
    dialog.reject()
