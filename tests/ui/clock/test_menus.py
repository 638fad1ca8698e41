"""The director's menus follow the desktop: File, Edit, View, Tournament, Tables, Wall, Help,
the system's own keys for Quit, Undo, Redo, Find and Preferences; Help > About, the keyboard
shortcuts, the data folder, and the update check (off until the host turns it on, asking first)."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QUrl
from PySide6.QtGui import QAction, QDesktopServices, QKeySequence
from PySide6.QtWidgets import QMenu

from clockapp.paths import user_data_dir
from clockapp.ui.actions import Action
from clockapp.ui.help_menu import HelpControls
from clockapp.ui.settings import UiSettings
from tests.version_server import Server

ROOT = Path(__file__).resolve().parents[3]
STANDARD = {
    Action.QUIT: (QKeySequence.StandardKey.Quit, "&File"),
    Action.UNDO: (QKeySequence.StandardKey.Undo, "&Edit"),
    Action.REDO: (QKeySequence.StandardKey.Redo, "&Edit"),
    Action.FIND: (QKeySequence.StandardKey.Find, "&Edit"),
    Action.PREFERENCES: (QKeySequence.StandardKey.Preferences, "&Edit"),
}


def menus(station) -> dict[str, list[QAction]]:
    bar = station.director.menuBar()
    return {a.text(): a.menu().actions() for a in bar.actions() if isinstance(a.menu(), QMenu)}


@pytest.mark.slow
def test_the_menu_bar_is_in_the_desktops_order(station) -> None:
    assert list(menus(station)) == [
        "&File", "&Edit", "&View", "&Tournament", "T&ables", "W&all", "&Help",
    ]  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize("action", STANDARD, ids=[a.name for a in STANDARD])
def test_standard_commands_carry_the_systems_keys(station, action: Action) -> None:
    standard, title = STANDARD[action]
    (qaction,) = [a for a in menus(station)[title] if a.data() == action.name]
    keys = qaction.shortcuts()
    for key in QKeySequence.keyBindings(standard):  # the platform's own, whatever it is
        assert key in keys
    assert keys  # and never none: Windows has no Quit key, Ctrl+Q stands in


@pytest.mark.slow
def test_help_holds_shortcuts_about_data_folder_and_updates(station) -> None:
    names = [a.data() for a in menus(station)["&Help"] if not a.isSeparator()]
    assert names == [
        Action.HELP.name,
        Action.OPEN_DATA_FOLDER.name,
        Action.CHECK_FOR_UPDATES.name,
        Action.ABOUT.name,
    ]
    roles = {a.data(): a.menuRole() for a in station.director_actions.values()}
    assert roles[Action.ABOUT.name] == QAction.MenuRole.AboutRole  # macOS's app menu
    assert roles[Action.QUIT.name] == QAction.MenuRole.QuitRole


def test_about_shows_pyprojects_version_the_licence_and_where_to_report(station) -> None:
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    station.director_actions[Action.ABOUT].trigger()
    box = station.help.message_box
    assert box is not None
    try:
        assert box.isVisible()
        text = box.text()
        assert f"clockapp {declared['version']}" in text
        assert declared["license"] in text
        assert declared["urls"]["Issues"] in text
    finally:
        box.close()


@pytest.mark.slow
def test_open_the_data_folder(station, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[QUrl] = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url) or True)
    station.director_actions[Action.OPEN_DATA_FOLDER].trigger()
    assert [Path(url.toLocalFile()) for url in opened] == [user_data_dir()]


@pytest.mark.slow
def test_preferences_turn_the_update_check_on(station, qtbot, ui_settings: UiSettings) -> None:
    assert not ui_settings.update_checks  # off until the host turns it on
    station.director_actions[Action.PREFERENCES].trigger()
    dialog = station.help.preferences_dialog
    assert dialog is not None
    try:
        assert not dialog.updates_box.isChecked()
        dialog.updates_box.click()
        dialog.accept()
    finally:
        dialog.close()
    assert ui_settings.update_checks


# ---------------------------------------------------------------- updates, on a local server
@pytest.fixture
def server() -> Iterator[Server]:
    with Server() as served:
        served.answer({"version": "99.0.0", "url": "https://example.org/99"})
        yield served


@pytest.fixture
def controls(
    station, ui_settings: UiSettings, server: Server, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[HelpControls, list[str]]]:
    """Help's controls pointed at the local server; the questions they ask are recorded."""
    asked: list[str] = []
    help_controls = HelpControls(ui_settings, station.director, url=server.url)
    answers: list[bool] = []
    monkeypatch.setattr(
        help_controls, "_ask", lambda _title, text: asked.append(text) or answers.pop(0)
    )
    help_controls.answers = answers  # type: ignore[attr-defined]
    yield help_controls, asked
    if help_controls.message_box is not None:
        help_controls.message_box.close()


def answer(controls: HelpControls, *replies: bool) -> None:
    controls.answers.extend(replies)  # type: ignore[attr-defined]


@pytest.mark.slow
def test_nothing_connects_on_its_own(station, server: Server) -> None:
    assert server.requests == []  # the station is built and shown: no check was made


@pytest.mark.slow
def test_a_no_is_kept_and_nothing_connects(
    controls: tuple[HelpControls, list[str]], server: Server, ui_settings: UiSettings
) -> None:
    help_controls, asked = controls
    answer(help_controls, False)
    assert not help_controls.check_for_updates()
    assert "off on this computer" in asked[0]
    assert not ui_settings.update_checks
    assert server.requests == []


@pytest.mark.slow
def test_turned_on_when_asked_then_checked_off_the_gui_thread(
    qtbot, controls: tuple[HelpControls, list[str]], server: Server, ui_settings: UiSettings
) -> None:
    help_controls, asked = controls
    answer(help_controls, True)
    assert not asked
    with qtbot.waitSignal(help_controls.update_checked, raising=True) as done:
        assert help_controls.check_for_updates()
    assert len(asked) == 1  # asked before it connected
    assert done.args[0].latest == "99.0.0"
    assert ui_settings.update_checks
    assert len(server.requests) == 1
    box = help_controls.message_box
    assert box is not None
    assert "clockapp 99.0.0 is out" in box.text()


@pytest.mark.slow
def test_once_on_it_still_asks_before_it_connects(
    qtbot, controls: tuple[HelpControls, list[str]], server: Server, ui_settings: UiSettings
) -> None:
    help_controls, asked = controls
    ui_settings.update_checks = True
    answer(help_controls, False)
    assert not help_controls.check_for_updates()
    assert asked == [f"Ask {server.url.split('/')[2]} for the latest version number now?"]
    assert server.requests == []


@pytest.mark.slow
def test_an_unreachable_server_is_said_in_words(
    qtbot, controls: tuple[HelpControls, list[str]], server: Server
) -> None:
    help_controls, _asked = controls
    server.answer(b"<html>captive portal</html>")
    answer(help_controls, True)
    with qtbot.waitSignal(help_controls.update_checked, raising=True):
        help_controls.check_for_updates()
    box = help_controls.message_box
    assert box is not None
    assert "did not answer with the version file" in box.text()
