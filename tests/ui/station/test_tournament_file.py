"""File > Export tournament… and File > Import tournament… driven from the director's menus."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog

from clockapp.core.tournament_file import SUFFIX
from clockapp.services.app import Services
from clockapp.services.tournament_file import FilePlayer
from clockapp.ui.bus import TournamentBus
from clockapp.ui.cashier.new_player import NamesakeBox
from clockapp.ui.station.station import ClockStation
from clockapp.ui.station.tournament_file import ADD_AS_NEW, SKIPPED
from tests.ui.gui_sql import GuiThreadSql
from tests.ui.polling import settle
from tests.ui.test_integration import buy_in


def _menu_action(station: ClockStation, text: str) -> QAction:
    file_menu = next(
        action.menu() for action in station.director.menuBar().actions() if action.text() == "&File"
    )
    return next(action for action in file_menu.actions() if action.text() == text)


@pytest.fixture
def saved(
    qtbot,
    station: ClockStation,
    services: Services,
    bus: TournamentBus,
    tournament_id: int,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    gui_thread_sql: GuiThreadSql,
) -> Path:
    """The station's tournament, with two entries, exported through the File menu."""
    buy_in(qtbot, services, bus, tournament_id, ["Ann Ames", "Bob Byrd"])
    target = tmp_path / "friday"
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", lambda *_a, **_k: (str(target), "tournament")
    )
    with gui_thread_sql.watching() as asked_here:
        _menu_action(station, "Export tournament…").trigger()
        settle(qtbot, bus)
    assert not [s for s in asked_here if "tournament_file" in s.where], gui_thread_sql.report()
    path = target.with_suffix(SUFFIX)
    assert path.is_file()
    assert str(path) in station.director.statusBar().currentMessage()
    return path


@pytest.mark.slow
def test_export_then_import_opens_the_copy_with_its_players_matched(
    qtbot,
    station: ClockStation,
    services: Services,
    bus: TournamentBus,
    tournament_id: int,
    saved: Path,
    monkeypatch: pytest.MonkeyPatch,
    gui_thread_sql: GuiThreadSql,
) -> None:
    asked: list[str] = []

    def same_person(player: FilePlayer) -> int:
        asked.append(player.name)
        return player.namesakes[0].id

    station.tournament_file.ask_namesake = same_person
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_a, **_k: (str(saved), ""))
    players = len(services.players.list())

    with gui_thread_sql.watching() as asked_here:
        _menu_action(station, "Import tournament…").trigger()
        settle(qtbot, bus)
    # The file is read, checked and imported on the worker (the windows' refreshes too).
    assert not [s for s in asked_here if "tournament_file" in s.where], gui_thread_sql.report()

    assert sorted(asked) == ["Ann Ames", "Bob Byrd"]
    assert bus.tournament_id != tournament_id
    assert "Friday Night Hold'em" in station.director.windowTitle()
    assert len(services.players.list()) == players
    copied = services.results.results(bus.tournament_id)
    assert sorted(r.name for r in copied) == ["Ann Ames", "Bob Byrd"]


@pytest.mark.slow
def test_cancelling_a_namesake_question_imports_nothing(
    qtbot,
    station: ClockStation,
    services: Services,
    bus: TournamentBus,
    tournament_id: int,
    saved: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    station.tournament_file.ask_namesake = lambda _player: SKIPPED
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_a, **_k: (str(saved), ""))
    before = services.tournaments.list()

    _menu_action(station, "Import tournament…").trigger()
    settle(qtbot, bus)

    assert services.tournaments.list() == before
    assert bus.tournament_id == tournament_id
    assert "cancelled" in station.director.statusBar().currentMessage()


@pytest.mark.slow
def test_a_damaged_file_is_refused_in_words_and_nothing_changes(
    qtbot,
    station: ClockStation,
    services: Services,
    bus: TournamentBus,
    tournament_id: int,
    saved: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    saved.write_bytes(saved.read_bytes()[:40])
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_a, **_k: (str(saved), ""))
    before = services.tournaments.list()

    _menu_action(station, "Import tournament…").trigger()
    settle(qtbot, bus)

    assert "cut short" in station.director.error_label.text()
    assert services.tournaments.list() == before
    assert bus.tournament_id == tournament_id
    assert _menu_action(station, "Import tournament…").isEnabled()


@pytest.mark.slow
def test_the_namesake_box_asks_and_another_player_is_added(
    qtbot,
    station: ClockStation,
    services: Services,
    bus: TournamentBus,
    saved: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shown: list[str] = []

    def answer(box: NamesakeBox) -> int:
        shown.append(box.note_button.text())
        box.note_button.click()
        return 0

    monkeypatch.setattr(NamesakeBox, "exec", answer)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_a, **_k: (str(saved), ""))
    players = len(services.players.list())

    _menu_action(station, "Import tournament…").trigger()
    settle(qtbot, bus)

    assert shown == [ADD_AS_NEW, ADD_AS_NEW]
    assert len(services.players.list()) == players + 2
