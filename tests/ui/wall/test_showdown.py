"""The all-in showdown on the wall, driven from the director's card picker on the real station."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QWidget

from clockapp.core.registration import RegistrationStatus
from clockapp.core.wall import SHOWDOWN
from clockapp.ui.actions import Action
from clockapp.ui.errors import ErrorNet
from clockapp.ui.shell.offscreen import screenshot
from clockapp.ui.station.station import ClockStation
from clockapp.ui.wall.showdown import ShowdownMoment, short_value
from clockapp.ui.wall.showdown_dialog import ShowdownDialog
from tests.ui.polling import settle


def open_dialog(station: ClockStation, qtbot=None) -> ShowdownDialog:
    station.director_actions[Action.SHOWDOWN].trigger()
    dialog = station.showdown.dialog
    assert dialog is not None
    if qtbot is not None:  # the players in play are read on the worker
        settle(qtbot, station.bus)
    return dialog


def enter(dialog: ShowdownDialog, qtbot, row: int, name: str, cards: str, stack: int) -> None:
    line = dialog.rows[row]
    line.name.setCurrentText(name)
    qtbot.keyClicks(line.cards, cards)
    line.stack.setValue(stack)


def moment_widget(station: ClockStation) -> ShowdownMoment:
    widget = station.display.wall_stage.current_widget()
    assert isinstance(widget, ShowdownMoment)
    return widget


@pytest.mark.slow
def test_the_wall_follows_each_street_and_the_busts_go_in_with_one_key(
    station: ClockStation, players: dict[str, int], qtbot
) -> None:
    dialog = open_dialog(station)
    enter(dialog, qtbot, 0, "Ann", "As Ad", 5000)
    enter(dialog, qtbot, 1, "Bo", "Kh Qh", 9000)
    dialog.rows[1].bet.setValue(5000)
    # The board from the picker: clicking deals to the field the director is in.
    dialog.board_edit.setFocus()
    dialog._focused = dialog.board_edit
    for card in ("2s", "Ah", "Ac"):
        qtbot.mouseClick(dialog.picker.button(card), Qt.MouseButton.LeftButton)
    assert dialog.board_edit.text() == "2s Ah Ac"
    assert dialog.picker.used() >= {"As", "Ad", "Kh", "Qh", "2s", "Ah", "Ac"}
    qtbot.mouseClick(dialog.show_button, Qt.MouseButton.LeftButton)
    stage = station.display.wall_stage
    qtbot.waitUntil(stage.isVisible)
    settle(qtbot, station.bus)  # the show answers from the worker
    wall = moment_widget(station)
    assert wall.title_label.text() == "ALL IN · THE FLOP"
    assert [p.name_label.text() for p in wall.panels] == ["Ann", "Bo"]
    assert wall.panels[0].cards.cards() == ("As", "Ad")
    assert wall.panels[1].chance_label.text() == "WIN 0.1%   TIE 0.0%"
    assert wall.panels[0].is_leader()
    assert not wall.panels[1].is_leader()
    assert wall.board.cards() == ("2s", "Ah", "Ac")
    # The turn: the trailing hand's one out is highlighted on the wall.
    qtbot.keyClicks(dialog.board_edit, " Th")
    qtbot.mouseClick(dialog.show_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: moment_widget(station).title_label.text() == "ALL IN · THE TURN")
    assert wall.panels[1].outs.cards() == ("Jh",)
    assert wall.panels[1].outs.highlighted() == {"Jh"}
    assert wall.panels[1].outs_label.text() == "1 OUT"
    # The river: who takes which pot and who is out.
    qtbot.keyClicks(dialog.board_edit, " Jh")
    qtbot.keyClick(dialog.board_edit, Qt.Key.Key_Return)  # Enter shows it
    qtbot.waitUntil(lambda: moment_widget(station).board.cards()[-1:] == ("Jh",))
    assert wall.panels[1].chance_label.text() == "Royal flush"
    lines = [label.text() for label in wall.result_labels]
    assert lines[:2] == ["Main pot 10,000 → Bo", "OUT: Ann (by Bo)"]
    # One key records the bust, with Bo as the buster.
    station.director_actions[Action.SHOWDOWN_BUSTS].trigger()
    settle(qtbot, station.bus)
    services, tid = station.services, station.bus.tournament_id
    reg = services.cashier.registration(tid, players["Ann"])
    assert reg.status == RegistrationStatus.BUSTED
    assert reg.busted_by_id == players["Bo"]
    qtbot.waitUntil(lambda: "✓ recorded" in wall.result_labels[1].text())
    # The same showdown is the night's worst beat so far, with one key.
    station.director_actions[Action.BAD_BEAT].trigger()
    settle(qtbot, station.bus)
    beats = station.showdown.beats_window
    assert beats is not None
    assert beats.model.data(beats.model.index(0, 1)) == "1 in 990"
    assert "Bo against Ann, 1 in 990 when the money went in on the flop" in (
        beats.summary_label.text()
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    ("second", "board", "words"),
    [
        ("Ad As", "", "entered twice"),
        ("As Kd", "", "As is in Ann's hand and in Bo's"),
        ("Kh Qh", "2s Ah Ac Th Jh 9c", "the board has 6 cards"),
        ("Kh Qh", "2s Ah", "the board has 2 cards"),
    ],
)
def test_bad_input_is_said_on_the_laptop_and_the_wall_is_unchanged(
    station: ClockStation, qtbot, second: str, board: str, words: str
) -> None:
    dialog = open_dialog(station)
    enter(dialog, qtbot, 0, "Ann", "As Ad", 5000)
    enter(dialog, qtbot, 1, "Bo", "Kh Qh", 5000)
    qtbot.keyClicks(dialog.board_edit, "2s 9h 9c")
    assert dialog.show_on_wall()
    settle(qtbot, station.bus)
    services, tid = station.services, station.bus.tournament_id
    before = services.wall.current(tid)
    assert before is not None
    assert before.kind == SHOWDOWN
    dialog.rows[1].cards.setText(second)
    dialog.board_edit.setText(board or "2s 9h 9c 4d")
    qtbot.mouseClick(dialog.show_button, Qt.MouseButton.LeftButton)
    settle(qtbot, station.bus)
    assert words in dialog.message_label.text()
    assert "The wall is unchanged" in dialog.message_label.text()
    assert services.wall.current(tid) == before
    assert moment_widget(station).board.cards() == ("2s", "9h", "9c")


@pytest.mark.slow
def test_busts_or_a_beat_before_any_showdown_are_refused_readably(
    station: ClockStation, qtbot, qapp
) -> None:
    # The action's error net shows this message in a box on the director's window.
    shown: list[tuple[QWidget | None, str]] = []
    net = ErrorNet(qapp, presenter=lambda parent, message: shown.append((parent, message)))
    try:
        for command in (station.showdown.record_busts, station.showdown.record_beat):
            assert command()
            settle(qtbot, station.bus)
    finally:
        net.setParent(None)
        net.deleteLater()
    words = "No showdown yet: show one on the wall first (Ctrl+Shift+A)."
    assert shown == [(station.director, words)] * 2
    assert station.showdown.beats_window is None


def test_the_wall_says_hands_without_their_kickers() -> None:
    assert short_value("Four of a kind, aces with a jack kicker") == "Four of a kind, aces"


def test_the_name_lists_offer_the_players_in_play(
    station: ClockStation, players: dict[str, int], qtbot
) -> None:
    dialog = open_dialog(station, qtbot)
    combo = dialog.rows[0].name
    assert [combo.itemText(i) for i in range(combo.count())] == ["", "Ann", "Bo", "Cy"]
    station.services.results.bust(station.bus.tournament_id, players["Cy"])
    dialog.rows[0].name.setCurrentText("Bo")
    open_dialog(station, qtbot)
    assert [combo.itemText(i) for i in range(combo.count())] == ["", "Ann", "Bo"]
    assert combo.currentText() == "Bo"


@pytest.mark.slow
def test_the_showdown_screenshot_is_drawn_from_the_demo(tmp_path: Path) -> None:
    out = tmp_path / "showdown.png"
    assert screenshot(None, out, (1366, 768), demo=True, wall="showdown") == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1366, 768)
    assert screenshot(None, tmp_path / "no.png", (1366, 768), demo=True, wall="nope") == 2
    assert not (tmp_path / "no.png").exists()


def test_the_beats_model_is_a_sound_qt_model(station: ClockStation, qtmodeltester, qtbot) -> None:
    services, tid = station.services, station.bus.tournament_id
    services.showdown.enter_beat(
        tid, [("Ann", "As Ad"), ("Bo", "Kh Qh")], "2s Ah Ac", "2s Ah Ac Th Jh"
    )
    window = station.showdown.open_beats()
    settle(qtbot, station.bus)  # the ranking is read on the worker
    qtmodeltester.check(window.model)
    assert window.model.rowCount() == 1


@pytest.mark.slow
def test_the_covering_player_shows_what_he_risks_not_his_whole_stack(
    station: ClockStation, players: dict[str, int], qtbot
) -> None:
    dialog = open_dialog(station)
    enter(dialog, qtbot, 0, "Ann", "As Ad", 5000)
    # Bo shoves 8,000 over Ann's 5,000: only 5,000 of his can be called, so only 5,000 is at risk.
    enter(dialog, qtbot, 1, "Bo", "Kh Qh", 8000)
    qtbot.mouseClick(dialog.show_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: isinstance(station.display.wall_stage.current_widget(), ShowdownMoment))
    wall = moment_widget(station)
    assert [p.stake_label.text() for p in wall.panels] == ["ALL IN 5,000", "COVERS · 5,000 AT RISK"]
