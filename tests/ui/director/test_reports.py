"""The table captains' reports in the director's window: Enter accepts, E edits, Delete rejects.

Each decision runs on the station's worker (no SQL on the GUI thread); an accepted bust is on
the undo stack as the usual bust undo.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from clockapp.core.captains import Report, ReportKind, ReportStatus
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.services.players import PlayerDetails
from clockapp.ui.actions import Action
from tests.ui.gui_sql import at_another_station
from tests.ui.polling import poll, settle


@pytest.fixture
def room(qtbot, station, services, tournament_id):
    """Four players seated at one table, reporting on there; the station shows it."""
    rules = EntryRules(RegistrationRule(EntryPrice(2000, house_fee=500), 10_000))
    services.cashier.set_config(tournament_id, CashierConfig(rules))
    services.seating.add_tables(tournament_id, 1, seat_count=9)
    for name in ("Ann Lee", "Bob Marsh", "Carla Diaz", "Dev Patel"):
        pid = services.players.create(PlayerDetails(name)).value.id
        services.cashier.buy_in(tournament_id, pid, seat=True)
    station.bus.switch_tournament(tournament_id)
    settle(qtbot, station.bus)
    return station


def players(services, tid: int) -> dict[str, int]:
    (table,) = services.chip_counts.tables(tid)
    return {p.name: p.registration_id for p in table.players}


def captain_sends(qtbot, room, services, tid: int, report: Report, seen: bool = True) -> int:
    """A report from the table's phone (the web view's thread), seen here from the feed."""
    token = services.captains.issue_token(tid, 1).value.token

    def send() -> int:
        nonce = services.captains.page(tid, token).nonce
        return services.captains.submit(tid, token, nonce, report).value.id

    sent = at_another_station(send)
    if seen:
        poll(qtbot, room.bus)
    return sent


def press(qtbot, panel, key: Qt.Key) -> None:
    panel.view.setFocus()
    qtbot.keyClick(panel.view, key)


@pytest.mark.slow
def test_enter_accepts_a_bust_and_undo_puts_the_player_back(
    qtbot, room, services, tournament_id, gui_thread_sql
) -> None:
    panel = room.director.reports_panel
    assert panel.isHidden()
    seated = players(services, tournament_id)
    ann, bob = seated["Ann Lee"], seated["Bob Marsh"]
    report = Report(ReportKind.BUST, 1, busted=ann, busted_by=bob)
    captain_sends(qtbot, room, services, tournament_id, report, seen=False)
    with gui_thread_sql.watching() as statements:
        poll(qtbot, room.bus)
        assert not panel.isHidden()
        assert panel.model.rowCount() == 1
        text = panel.model.index(0, 2).data()
        assert text == "Ann Lee is out, busted by Bob Marsh."
        assert panel.summary.text().startswith("1 report waits")
        press(qtbot, panel, Qt.Key.Key_Return)
        settle(qtbot, room.bus)
    assert not statements, gui_thread_sql.report()
    assert [b.registration_id for b in services.results.busts(tournament_id)] == [ann]
    assert panel.isHidden()
    assert services.captains.reports(tournament_id, ReportStatus.ACCEPTED)
    undo = room.director.buttons[Action.UNDO]
    assert undo.isEnabled()
    assert "Bust reported from Table 1" in undo.text()
    qtbot.mouseClick(undo, Qt.MouseButton.LeftButton)
    settle(qtbot, room.bus)
    first, reversal = services.results.busts(tournament_id)
    assert reversal.undoes_id == first.id
    assert ann in players(services, tournament_id).values()  # seated again
    redo = room.director.buttons[Action.REDO]
    qtbot.mouseClick(redo, Qt.MouseButton.LeftButton)
    settle(qtbot, room.bus)
    again = services.results.busts(tournament_id)[-1]
    assert (again.registration_id, again.busted_by_id, again.undoes_id) == (ann, bob, None)
    qtbot.mouseClick(undo, Qt.MouseButton.LeftButton)  # the bust Redo made is undone in turn
    settle(qtbot, room.bus)
    assert services.results.busts(tournament_id)[-1].undoes_id == again.id


@pytest.mark.slow
def test_delete_rejects_and_nothing_else_changes(qtbot, room, services, tournament_id) -> None:
    panel = room.director.reports_panel
    captain_sends(qtbot, room, services, tournament_id, Report(ReportKind.FLOOR, 1, note="Seat 4"))
    assert panel.model.index(0, 2).data() == "The table asks for the floor. Seat 4"
    press(qtbot, panel, Qt.Key.Key_Delete)
    settle(qtbot, room.bus)
    (rejected,) = services.captains.reports(tournament_id, ReportStatus.REJECTED)
    assert rejected.report.note == "Seat 4"
    assert services.results.busts(tournament_id) == ()
    assert panel.isHidden()


@pytest.mark.slow
def test_e_edits_the_counts_before_they_are_accepted(qtbot, room, services, tournament_id) -> None:
    panel = room.director.reports_panel
    seated = players(services, tournament_id)
    ann, bob = seated["Ann Lee"], seated["Bob Marsh"]
    counts = Report(ReportKind.CHIP_COUNTS, 1, counts=((ann, 12_000), (bob, 8_000)))
    captain_sends(qtbot, room, services, tournament_id, counts)
    press(qtbot, panel, Qt.Key.Key_E)
    dialog = panel.edit_dialog
    assert dialog is not None
    assert dialog.isVisible()  # the panel took E: the structure editor's key is the window's
    assert dialog.spins[ann].value() == 12_000
    dialog.spins[ann].setValue(12_500)
    dialog.spins[bob].setValue(7_500)
    dialog.accept()
    settle(qtbot, room.bus)
    assert services.chip_counts.counts(tournament_id) == {ann: 12_500, bob: 7_500}
    (accepted,) = services.captains.reports(tournament_id, ReportStatus.ACCEPTED)
    assert dict(accepted.report.counts) == {ann: 12_500, bob: 7_500}


@pytest.mark.slow
def test_a_refused_acceptance_says_why_and_the_report_stays(
    qtbot, room, services, tournament_id
) -> None:
    panel = room.director.reports_panel
    ann = players(services, tournament_id)["Ann Lee"]
    captain_sends(qtbot, room, services, tournament_id, Report(ReportKind.BUST, 1, busted=ann))
    at_another_station(lambda: services.results.bust(tournament_id, ann, follow_seating=True))
    press(qtbot, panel, Qt.Key.Key_Return)
    settle(qtbot, room.bus)
    assert "not seated at Table 1" in room.director.error_label.text()
    assert len(services.captains.reports(tournament_id)) == 1
    assert not panel.isHidden()
