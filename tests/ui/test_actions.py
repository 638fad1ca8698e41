"""The actions registry: every command has text, a shortcut and a description, and keys fire it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QWidget

from clockapp.ui.actions import Action, help_rows, install_actions

#: The Help menu's entries that desktops give no key (About, the data folder, updates).
KEYLESS = {Action.ABOUT, Action.OPEN_DATA_FOLDER, Action.CHECK_FOR_UPDATES}


def test_every_action_is_described() -> None:
    for action in Action:
        assert action.text.strip()
        assert action.description.strip()
        if action not in KEYLESS:
            assert action.shortcuts, action
        for sequence in action.key_sequences():
            assert not sequence.isEmpty(), (action, sequence)


def test_no_two_actions_share_a_key() -> None:
    seen: dict[str, Action] = {}
    for action in Action:
        for sequence in action.key_sequences():
            key = sequence.toString(QKeySequence.SequenceFormat.PortableText)
            assert key not in seen, f"{key} is bound to {seen.get(key)} and {action}"
            seen[key] = action


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        (Action.TOGGLE_PAUSE, ("Space",)),
        (Action.NEXT_LEVEL, ("Right", "N")),
        (Action.PREVIOUS_LEVEL, ("Left", "P")),
        (Action.ADD_MINUTE, ("+", "=")),
        (Action.REMOVE_MINUTE, ("-",)),
        (Action.TOGGLE_FULLSCREEN, ("F", "F11")),
        (Action.RESTART_LEVEL, ("R",)),
        (Action.TOGGLE_MUTE, ("M",)),
        (Action.UNDO, ("Ctrl+Z",)),
        (Action.REDO, ("Ctrl+Shift+Z", "Ctrl+Y")),
        (Action.STRUCTURE_EDITOR, ("E",)),
        (Action.LEAVE_FULLSCREEN, ("Esc",)),
        (Action.HELP, ("?", "F1")),
        (Action.OPEN_CASHIER, ("Ctrl+K",)),
        (Action.OPEN_TABLES, ("Ctrl+T",)),
        (Action.OPEN_RULINGS, ("Ctrl+R",)),
        (Action.OPEN_TOURNAMENT, ("Ctrl+O",)),
        (Action.NEW_TOURNAMENT, ("Ctrl+Shift+N",)),
    ],
)
def test_the_issue_shortcuts(action: Action, expected: tuple[str, ...]) -> None:
    assert action.shortcuts == expected


def test_help_rows_cover_every_action() -> None:
    rows = help_rows()
    assert [row[2] for row in rows] == [a.text for a in Action]
    assert ("Clock", "Right or N", "Next level", Action.NEXT_LEVEL.description) in rows


@pytest.mark.parametrize(
    ("key", "modifier", "expected"),
    [
        (Qt.Key.Key_Space, Qt.KeyboardModifier.NoModifier, Action.TOGGLE_PAUSE),
        (Qt.Key.Key_Right, Qt.KeyboardModifier.NoModifier, Action.NEXT_LEVEL),
        (Qt.Key.Key_N, Qt.KeyboardModifier.NoModifier, Action.NEXT_LEVEL),
        (Qt.Key.Key_P, Qt.KeyboardModifier.NoModifier, Action.PREVIOUS_LEVEL),
        (Qt.Key.Key_Plus, Qt.KeyboardModifier.NoModifier, Action.ADD_MINUTE),
        (Qt.Key.Key_Equal, Qt.KeyboardModifier.NoModifier, Action.ADD_MINUTE),
        (Qt.Key.Key_Minus, Qt.KeyboardModifier.NoModifier, Action.REMOVE_MINUTE),
        (Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier, Action.UNDO),
        (Qt.Key.Key_Question, Qt.KeyboardModifier.NoModifier, Action.HELP),
        (Qt.Key.Key_Escape, Qt.KeyboardModifier.NoModifier, Action.LEAVE_FULLSCREEN),
        (Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier, Action.OPEN_CASHIER),
        (Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier, Action.OPEN_TABLES),
        (Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier, Action.OPEN_RULINGS),
        (Qt.Key.Key_R, Qt.KeyboardModifier.NoModifier, Action.RESTART_LEVEL),
        (Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier, Action.OPEN_TOURNAMENT),
        (
            Qt.Key.Key_N,
            Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
            Action.NEW_TOURNAMENT,
        ),
    ],
)
def test_keys_trigger_their_action(qtbot, key, modifier, expected: Action) -> None:
    widget = QWidget()
    qtbot.addWidget(widget)
    fired: list[Action] = []
    install_actions(widget, {a: (lambda a=a: fired.append(a)) for a in Action})
    with qtbot.waitActive(widget):
        widget.show()
        widget.activateWindow()
    qtbot.keyClick(widget, key, modifier)
    assert fired == [expected]


def test_only_handled_actions_are_installed(qtbot) -> None:
    widget = QWidget()
    qtbot.addWidget(widget)
    created = install_actions(widget, {Action.HELP: lambda: None})
    assert list(created) == [Action.HELP]
    assert widget.actions() == [created[Action.HELP]]
    assert "F1" in created[Action.HELP].toolTip()


def test_the_windows_group_follows_the_clock_groups() -> None:
    groups = [group for group, *_rest in help_rows()]
    windows = [a for a in Action if a.group == "Windows"]
    assert windows == [
        Action.OPEN_CASHIER,
        Action.OPEN_TABLES,
        Action.OPEN_RULINGS,
        Action.OPEN_LEAGUES,
        Action.OPEN_TEAM_EVENT,
        Action.OPEN_CHARTS,
        Action.ACKNOWLEDGE_MOVES,
    ]
    # Each group is one run in the registry, so the help shows each heading once.
    runs = [g for i, g in enumerate(groups) if i == 0 or groups[i - 1] != g]
    assert len(runs) == len(set(runs))


def test_key_bindings_read_actions_shortcuts_and_buttons_but_not_mnemonics(qtbot) -> None:
    from PySide6.QtGui import QAction, QShortcut
    from PySide6.QtWidgets import QPushButton

    from clockapp.ui.actions import Meaning, mark
    from clockapp.ui.keys import key_bindings

    window = QWidget()
    window.setObjectName("some_window")
    qtbot.addWidget(window)
    install_actions(window, {Action.HELP: lambda: None})
    new = QAction("New player", window)
    new.setShortcut(QKeySequence("Ctrl+N"))
    mark(new, Meaning.NEW)
    window.addAction(new)
    undo = QAction("↶ Undo", window)
    undo.setShortcut(QKeySequence("Ctrl+Z"))
    window.addAction(undo)
    QShortcut(QKeySequence("Ctrl+Return"), window)
    void = QPushButton("Void row… (Del)", window)
    void.setShortcut(QKeySequence("Del"))
    QPushButton("&Save", window)  # Alt+S only moves the focus: not a command's key
    found = {(b.key, b.meaning) for b in key_bindings(window)}
    assert found == {
        ("?", "keyboard shortcuts"),
        ("F1", "keyboard shortcuts"),
        ("Ctrl+N", Meaning.NEW),
        ("Ctrl+Z", "undo"),
        ("Ctrl+Return", "some_window: a shortcut on Ctrl+Return"),  # its own, not shared
        ("Del", "void row del"),
    }
