"""The league window, the formula editor and the team event window, driven as a director would.

Set CLOCKAPP_SHOTS to a folder to save screenshots at 1920x1080 and 1366x768.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSize, Qt
from PySide6.QtPdf import QPdfDocument
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QWidget

from clockapp.core.bounties.tickets import Ticket
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.core.points import Role
from clockapp.ui.actions import Action
from clockapp.ui.cashier.reports import A4_PAGE, write_pdf
from clockapp.ui.errors import ErrorNet
from clockapp.ui.leagues import FormulaDialog, LeagueWindow, TeamEventWindow
from clockapp.ui.leagues.report import league_html
from tests.services.leagues.test_leagues import league, people, play
from tests.ui.display.test_wall_standings import buy_in_teams
from tests.ui.polling import settle

SHOTS = os.environ.get("CLOCKAPP_SHOTS")


def shoot(widget: QWidget, name: str) -> None:
    if not SHOTS:
        return
    for size in ((1920, 1080), (1366, 768)):
        widget.resize(*size)
        QApplication.processEvents()
        widget.grab().save(str(Path(SHOTS) / f"{name}-{size[0]}.png"))


@pytest.fixture
def messages(qapp: QApplication) -> Iterator[list[str]]:
    """The app's error net, recording each message it shows."""
    shown: list[str] = []
    net = ErrorNet(qapp, presenter=lambda _parent, message: shown.append(message))
    yield shown
    net.setParent(None)
    net.deleteLater()


@pytest.fixture
def finished(services, tournament_id, bus) -> list[int]:
    """Nine players (three teams) bought in; all but one busted: the tournament is over."""
    regs = buy_in_teams(services, tournament_id, {"Aces": 4, "Kings": 3, "=Evil": 2})
    for rid in reversed(regs[1:]):
        services.results.bust(tournament_id, rid, busted_by=regs[0])
    return regs


def ok_button(dialog: FormulaDialog):
    return dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)


@pytest.mark.slow
def test_the_formula_editor_previews_and_refuses_a_failing_formula(
    qtbot, services, bus, finished, window_factory
) -> None:
    dialog = window_factory(FormulaDialog(services, bus, "entrants - place + 1"))
    settle(qtbot, bus)  # the preview is read on the worker
    assert dialog.model.rowCount() == 9
    assert ok_button(dialog).isEnabled()
    assert dialog.total_label.text() == "9 people · 45 points in all"
    dialog.editor.setPlainText("10 / (place - 2)")
    settle(qtbot, bus)
    assert not ok_button(dialog).isEnabled()
    assert dialog.problem_label.text() == (
        "Friday Night Hold'em: Place 2 (Aces player 2): division by zero."
    )
    shoot(dialog, "formula-editor-failing")
    dialog.editor.setPlainText("place.__class__")
    settle(qtbot, bus)
    assert "attribute" in dialog.problem_label.text()
    dialog.editor.setPlainText("sqrt(buy_in / 100) * 10 / place")
    settle(qtbot, bus)
    assert ok_button(dialog).isEnabled()
    assert dialog.model.index(0, 4).data() == "44.72"
    shoot(dialog, "formula-editor")


@pytest.mark.slow
def test_a_league_is_made_counted_exported_and_read_by_player(
    qtbot, services, tournament_id, bus, finished, window_factory, tmp_path
) -> None:
    window = window_factory(LeagueWindow(services, bus))
    window.show()
    settle(qtbot, bus)  # the window reads on the station's worker
    qtbot.keyClicks(window.new_name, "Winter 2026")
    qtbot.mouseClick(window.new_button, Qt.MouseButton.LeftButton)
    dialog = window.dialog
    assert dialog is not None
    settle(qtbot, bus)  # OK waits for the preview, read on the worker
    qtbot.mouseClick(ok_button(dialog), Qt.MouseButton.LeftButton)
    settle(qtbot, bus)
    assert window.league_combo.currentText() == "Winter 2026"
    assert window.standings_model.rowCount() == 0
    qtbot.mouseClick(window.add_button, Qt.MouseButton.LeftButton)
    settle(qtbot, bus)
    assert window.standings_model.rowCount() == 9
    assert window.standings_model.index(0, 1).data() == "Aces player 1"
    assert window.standings_model.index(0, 2).data() == "9"
    assert not window.add_button.isEnabled()
    window.standings_table.selectRow(0)
    assert (
        "1 tournaments" in window.season_label.text()
        or "1 tournament" in window.season_label.text()
    )
    assert window.events_model.index(0, 0).data() == "Friday Night Hold'em"
    csv_path = window.export_csv(str(tmp_path / "winter.csv"))
    text = Path(csv_path).read_text(encoding="utf-8")
    assert "'=Evil player 1" in text
    assert (tmp_path / "winter-results.csv").exists()
    pdf = window.export_pdf(str(tmp_path / "winter.pdf"))
    assert Path(pdf).read_bytes().startswith(b"%PDF")
    shoot(window, "league-window")


@pytest.mark.slow
def test_bad_league_input_is_a_message_and_changes_nothing(
    qtbot, services, tournament_id, bus, finished, window_factory, messages
) -> None:
    services.leagues.create("Summer", "entrants - place + 1")
    other = services.leagues.create("Autumn", "10 - place").value.id
    services.leagues.add_tournament(services.leagues.leagues()[1].id, tournament_id)
    window = window_factory(LeagueWindow(services, bus))
    settle(qtbot, bus)  # the window reads on the station's worker
    window.league_combo.setCurrentIndex(window.league_combo.findData(other))
    settle(qtbot, bus)
    qtbot.mouseClick(window.add_button, Qt.MouseButton.LeftButton)
    settle(qtbot, bus)
    assert messages[-1].startswith("Friday Night Hold'em also counts in Summer")
    assert services.leagues.leagues_of(tournament_id)[0].name == "Summer"
    window.tie_breaks_edit.setText("wins, luck")
    qtbot.mouseClick(window.tie_breaks_button, Qt.MouseButton.LeftButton)
    settle(qtbot, bus)
    assert "Unknown tie-break 'luck'" in messages[-1]
    qtbot.mouseClick(window.new_button, Qt.MouseButton.LeftButton)
    assert messages[-1] == "Type the new league's name first."
    assert [info.name for info in services.leagues.leagues()] == ["Autumn", "Summer"]


@pytest.mark.slow
def test_the_team_event_window(
    qtbot, services, tournament_id, bus, finished, window_factory, messages, fake_clock
) -> None:
    window = window_factory(TeamEventWindow(services, bus))
    window.show()
    settle(qtbot, bus)  # its first read is on the worker
    assert not window.check_in_button.isEnabled()
    qtbot.mouseClick(window.set_up_button, Qt.MouseButton.LeftButton)
    settle(qtbot, bus)
    assert window.standings_model.rowCount() == 3
    shares = [int(window.standings_model.index(r, 4).data()) for r in range(3)]
    assert sum(shares) == 100
    window.name_edit.setText("Gil")
    window.team_combo.setEditText("Green")
    qtbot.mouseClick(window.check_in_button, Qt.MouseButton.LeftButton)
    settle(qtbot, bus)
    assert messages[-1].startswith("Team Green has no players in this event")
    window.name_edit.setText("Sue")
    window.team_combo.setEditText("Kings")
    window.role_combo.setCurrentIndex(window.role_combo.findData(Role.SPECTATOR))
    qtbot.mouseClick(window.check_in_button, Qt.MouseButton.LeftButton)
    settle(qtbot, bus)
    assert window.attendance_model.rowCount() == 1
    qtbot.mouseClick(window.check_out_button, Qt.MouseButton.LeftButton)
    settle(qtbot, bus)
    assert messages[-1] == "Select who is leaving first."
    fake_clock.advance(minutes=31)
    window.attendance_table.selectRow(0)
    qtbot.mouseClick(window.check_out_button, Qt.MouseButton.LeftButton)
    settle(qtbot, bus)
    assert window.attendance_model.index(0, 4).data() != ""
    window.worst_beat_combo.setCurrentIndex(window.worst_beat_combo.findText("Kings player 2"))
    qtbot.mouseClick(window.worst_beat_button, Qt.MouseButton.LeftButton)
    settle(qtbot, bus)
    assert "worst beat: Kings player 2" in window.status_label.text()
    shoot(window, "team-event-window")


def test_the_director_opens_both_windows_from_the_windows_menu(qtbot, station) -> None:
    station.director_actions[Action.OPEN_LEAGUES].trigger()
    settle(qtbot, station.bus)
    station.director_actions[Action.OPEN_TEAM_EVENT].trigger()
    settle(qtbot, station.bus)
    assert isinstance(station.windows["leagues"], LeagueWindow)
    assert isinstance(station.windows["team_event"], TeamEventWindow)


@pytest.mark.slow
def test_the_team_event_window_suggests_the_nights_worst_beat(
    qtbot, services, tournament_id, bus, finished, window_factory
) -> None:
    """The kept bad beats rank the candidates; the window names the worst and chooses its loser
    until the director gives the award (four aces lose only to the ten and jack of hearts)."""
    services.team_event.set_up(tournament_id, "2")
    services.showdown.enter_beat(
        tournament_id,
        [("Kings player 2", "As Ad"), ("Aces player 1", "Kh Qh")],
        "2s Ah Ac",
        "2s Ah Ac Th Jh",
    )
    window = window_factory(TeamEventWindow(services, bus))
    window.show()
    settle(qtbot, bus)  # its first read is on the worker
    assert window.worst_beat_combo.currentText() == "Kings player 2"
    assert "1 in 990" in window.worst_beat_combo.toolTip()
    qtbot.mouseClick(window.worst_beat_button, Qt.MouseButton.LeftButton)
    settle(qtbot, bus)
    assert "worst beat: Kings player 2" in window.status_label.text()


@pytest.mark.slow
def test_the_season_chart_and_the_tickets_in_a_players_season(
    qtbot, services, bus, window_factory, tmp_path
) -> None:
    ann, bo, cy = people(services, "Ann", "Bo", "Cy <b>")
    week1 = play(services, "Week 1", [ann, bo, cy])
    week2 = services.tournaments.create("Week 2 with a very long name").value.id
    services.cashier.set_config(
        week2, CashierConfig(EntryRules(RegistrationRule(EntryPrice(2000), 10_000)))
    )
    regs = [services.cashier.buy_in(week2, pid).value.registration.id for pid in (bo, cy, ann)]
    services.bounties.set_tickets(week2, [Ticket(1, 3000, "Main event seat")])
    for loser in reversed(regs[1:]):
        services.results.bust(week2, loser, busted_by=regs[0])
    week3 = play(services, "Week 3", [cy, ann])
    league(services, [week1, week2, week3])
    window = window_factory(LeagueWindow(services, bus))
    window.show()
    settle(qtbot, bus)  # the window reads on the station's worker
    # Points: place 1 of 3 earns 3; Ann 3+1+1, Bo 2+3+0, Cy 1+2+2.
    chart = window.season_chart_view.chart()
    lines = {s.name(): [(p.x(), p.y()) for p in s.points()] for s in chart.series()}
    assert lines == {
        "Ann": [(1, 3), (2, 4), (3, 5)],
        "Cy &lt;b&gt;": [(1, 1), (2, 3), (3, 5)],  # the legend draws rich text
        "Bo": [(1, 2), (2, 5), (3, 5)],
    }
    assert [s.name().replace("&lt;b&gt;", "<b>") for s in chart.series()] == [
        line.season.name for line in services.leagues.standings(window.league.id).standings
    ]
    axis_labels = chart.axes(Qt.Orientation.Horizontal)[0].categoriesLabels()
    assert axis_labels == ["1. Week 1", "2. Week 2 with a ver…", "3. Week 3"]
    bo_row = next(
        r
        for r in range(window.standings_model.rowCount())
        if window.standings_model.index(r, 1).data() == "Bo"
    )
    assert window.standings_model.index(bo_row, 11).data() == "1"
    tip = window.standings_model.index(bo_row, 11).data(Qt.ItemDataRole.ToolTipRole)
    assert tip == "Main event seat (worth $30.00)"
    window.standings_table.selectRow(bo_row)
    assert "1 ticket won (Main event seat, worth $30.00)" in window.season_label.text()
    assert window.events_model.index(1, 5).data() == "Main event seat ($30.00)"
    window.standings_table.selectRow(0)
    assert "no ticket won" in window.season_label.text()
    charted = Path(window.export_pdf(str(tmp_path / "season.pdf")))
    html = league_html(window.view, services.now())
    plain = write_pdf(tmp_path / "plain.pdf", html, A4_PAGE, "plain")
    assert "league-points.png" not in html
    assert charted.stat().st_size > plain.stat().st_size + 20_000  # the chart's image
    if SHOTS:
        document = QPdfDocument()
        document.load(str(charted))
        document.render(0, QSize(620, 877)).save(str(Path(SHOTS) / "league-pdf.png"))
    window.tabs.setCurrentIndex(1)
    shoot(window, "league-season-chart")
    window.tabs.setCurrentIndex(0)
    shoot(window, "league-window-tickets")


@pytest.mark.slow
def test_the_standings_export_runs_no_sql_on_the_gui_thread(
    qtbot, services, tournament_id, bus, finished, window_factory, tmp_path, gui_thread_sql
) -> None:
    """The export writes the standings the window last read on the worker: the GUI thread
    asks the database nothing for it."""
    league(services, [tournament_id])
    window = window_factory(LeagueWindow(services, bus))
    window.show()
    settle(qtbot, bus)
    assert window.standings_model.rowCount() == 9
    with gui_thread_sql.watching() as exported:
        csv_path = window.export_csv(str(tmp_path / "season.csv"))
        settle(qtbot, bus)
    assert csv_path is not None
    assert "Aces player 1" in Path(csv_path).read_text(encoding="utf-8-sig")
    assert (tmp_path / "season-results.csv").exists()
    assert not exported, gui_thread_sql.report()
