"""One shortcut, one meaning, across the app: every window of a running station is
walked for the keys it binds, through the actions registry or its own QActions and QShortcuts."""

from __future__ import annotations

from collections import defaultdict

import pytest
from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import QAbstractButton, QApplication, QWidget

from clockapp.ui.actions import (
    REGISTRY,
    REGISTRY_PROPERTY,
    Action,
    CashierAction,
    DeskKey,
    RulingsAction,
    StructureAction,
    TablesAction,
    registry_name,
    rulings_keys,
)
from clockapp.ui.keys import KeyBinding, key_bindings
from clockapp.ui.station.station import (
    WINDOW_CASHIER,
    WINDOW_RULINGS,
    WINDOW_STRUCTURE,
    WINDOW_TABLES,
    ClockStation,
)
from tests.ui.polling import settle


@pytest.fixture
def every_window(station: ClockStation, qtbot) -> dict[str, QWidget]:
    """The director's window, the wall and every window they open, as the app builds them."""
    windows = {"director": station.director, "wall": station.display}
    for name in (WINDOW_CASHIER, WINDOW_TABLES, WINDOW_STRUCTURE, WINDOW_RULINGS):
        windows[name] = station.windows.open_window(name)
    # The structure editor's dialogs, opened as the director opens them.
    editor = windows[WINDOW_STRUCTURE]
    windows["chips"] = editor.open_chip_editor()  # type: ignore[attr-defined]
    assert editor.open_generator()  # type: ignore[attr-defined]
    settle(qtbot, station.bus)  # it opens once what it starts from is read on the worker
    windows["generator"] = editor.generator_dialog  # type: ignore[attr-defined]
    QApplication.processEvents()
    return windows


def meanings(windows: dict[str, QWidget]) -> dict[str, dict[str, list[KeyBinding]]]:
    """key -> meaning -> where it is bound with that meaning."""
    found: dict[str, dict[str, list[KeyBinding]]] = defaultdict(lambda: defaultdict(list))
    for window in windows.values():
        for binding in key_bindings(window):
            found[binding.key][binding.meaning].append(binding)
    return found


@pytest.mark.slow
def test_no_key_means_two_things_anywhere_in_the_app(every_window: dict[str, QWidget]) -> None:
    found = meanings(every_window)
    clashes = {
        key: {meaning: sorted({b.window for b in bs}) for meaning, bs in by_meaning.items()}
        for key, by_meaning in found.items()
        if len(by_meaning) > 1
    }
    assert clashes == {}
    # The walk sees every window's keys: each window's own, and the app's on the director's.
    assert {"Ctrl+Shift+N", "Ctrl+R", "Ctrl+K", "F1"} <= found.keys()  # director and wall
    assert {"Ctrl+F", "Ctrl+P"} <= found.keys()  # cashier
    assert {"Ctrl+D", "Ctrl+B", "Ctrl+H"} <= found.keys()  # tables
    assert {"Ctrl+S", "Ctrl+W"} <= found.keys()  # structure editor
    assert {"Alt+B", "Alt+0", "Ctrl+Shift+Del"} <= found.keys()  # rulings
    # The same meaning in several windows is fine: Undo, New (Ctrl+N adds a player or a level).
    assert len({b.window for bs in found["Ctrl+Z"].values() for b in bs}) >= 4
    assert len(found["Ctrl+N"]) == 1


@pytest.mark.slow
def test_an_app_key_is_never_taken_by_a_window_for_something_else(
    every_window: dict[str, QWidget],
) -> None:
    app_keys = {
        sequence.toString(): action for action in Action for sequence in action.key_sequences()
    }
    for window in every_window.values():
        for binding in key_bindings(window):
            action = app_keys.get(binding.key)
            if action is not None:
                assert binding.meaning == action.meaning, binding


@pytest.mark.slow
def test_a_window_binds_a_key_once(every_window: dict[str, QWidget]) -> None:
    """Two actions on one key in one window are ambiguous: Qt then runs neither."""
    for window in every_window.values():
        seen: dict[str, KeyBinding] = {}
        for binding in key_bindings(window):
            assert binding.key not in seen or seen[binding.key].meaning == binding.meaning, (
                binding,
                seen.get(binding.key),
            )
            seen[binding.key] = binding


def test_the_rulings_keys_in_the_help_are_those_of_the_registry() -> None:
    shown = dict(rulings_keys())
    for action in RulingsAction:
        first = action.value.shortcuts[0]
        assert any(label.startswith(first) for label in shown), action
    assert shown["Alt+B"] == "type the board"
    assert shown["Ctrl+Shift+Delete"] == "new dispute"


@pytest.mark.slow
def test_the_rulings_keys_work_in_the_window(qtbot, every_window: dict[str, QWidget]) -> None:
    rulings = every_window[WINDOW_RULINGS]
    rulings.show()
    with qtbot.waitActive(rulings):
        rulings.activateWindow()
    # Pressed where the director is typing: the card entries leave these keys to the window.
    alt, ctrl_shift = (
        Qt.KeyboardModifier.AltModifier,
        (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier),
    )
    rulings.focus_target(0)
    entry = rulings.hands.rows[0].cards.entry
    qtbot.keyClicks(entry, "AsAd")
    qtbot.keyClick(entry, Qt.Key.Key_G, alt)
    assert rulings.dispute().game.value == "omaha"
    qtbot.keyClick(entry, Qt.Key.Key_2, alt)
    assert QApplication.focusWidget() is rulings.hands.rows[1].cards.entry
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_C, alt)
    assert QApplication.focusWidget() is rulings.pots.seats[0].bet
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_B, alt)
    assert QApplication.focusWidget() is rulings.board.cards.entry
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Delete, ctrl_shift)
    assert rulings.dispute().players[0].cards == ()  # a new dispute
    assert rulings.dispute().game.value == "omaha"  # keeps the game
    assert QApplication.focusWidget() is rulings.board.cards.entry


def _keyed_objects(window: QWidget) -> list[QObject]:
    """Every QAction of `window` that has a key, and every button with a key of its own."""
    found: dict[int, QObject] = {}
    for widget in (window, *window.findChildren(QWidget)):
        for qaction in QWidget.actions(widget):  # a window may shadow `actions` with a dict
            if qaction.shortcuts():
                found[id(qaction)] = qaction
    for qaction in window.findChildren(QAction):
        if qaction.shortcuts():
            found[id(qaction)] = qaction
    for button in window.findChildren(QAbstractButton):
        sequence = button.shortcut()
        if not sequence.isEmpty() and sequence != QKeySequence.mnemonic(button.text()):
            found[id(button)] = button
    return list(found.values())


@pytest.mark.slow
def test_every_windows_keys_come_from_the_registry(every_window: dict[str, QWidget]) -> None:
    members = {registry_name(m) for actions in REGISTRY for m in actions}  # type: ignore[arg-type]
    unregistered = []
    used = set()
    for title, window in every_window.items():
        for target in _keyed_objects(window):
            name = target.property(REGISTRY_PROPERTY)
            if name in members:
                used.add(name)
            else:
                unregistered.append(f"{title}: {target.objectName() or target.text()}")  # type: ignore[attr-defined]
        assert window.findChildren(QShortcut) == [], title  # keys are QActions, not QShortcuts
    assert unregistered == []
    # Each window's commands are bound through the registry (the desk's letters are read by
    # the player list, so they have no QAction).
    for actions in (CashierAction, TablesAction, RulingsAction, StructureAction):
        keyed = {registry_name(m) for m in actions if m.value.shortcuts}
        assert keyed <= used, actions.__name__


@pytest.mark.slow
def test_the_help_lists_every_key_of_the_registry(qtbot, station: ClockStation) -> None:
    overlay = station.director.help_overlay
    assert [name for _keys, name, _what in overlay.listed()] == [a.text for a in Action]
    listed = [what for rows in overlay.listed_window_keys().values() for _keys, what in rows]
    for actions in (CashierAction, DeskKey, TablesAction, RulingsAction, StructureAction):
        for member in actions:
            if member.value.shortcuts:
                assert member.value.description in listed, member
    titles = list(overlay.listed_window_keys())
    assert [t.split(" (")[0] for t in titles] == [
        "Cashier window",
        "Tables window",
        "Rulings window",
        "Structure editor",
    ]
