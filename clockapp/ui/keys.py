"""Every key of every window, with what it means there: the check that one key means one thing.

`key_bindings(window)` finds each key sequence a window binds, through the actions registry
(`clockapp.ui.actions`) or its own QActions, QShortcuts and buttons, with its meaning (a shared
`Meaning` marked with `mark`, the registry's meaning, or the action's text); a test walks every
window and checks that no key means two things.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import QAbstractButton, QWidget

from clockapp.ui.actions import MEANING_PROPERTY, Action, normalise


@dataclass(frozen=True)
class KeyBinding:
    """One key sequence bound in a window, and what it means there."""

    key: str  # portable text, "Ctrl+Shift+N"
    meaning: str
    window: str
    source: str  # the action's or shortcut's name, for the message of a failing check


def _meaning(target: QObject, text: str, window: str, key: str) -> str:
    marked = target.property(MEANING_PROPERTY)
    if isinstance(marked, str) and marked:
        return marked
    name = target.data() if isinstance(target, QAction) else None
    if isinstance(name, str) and name in Action.__members__:
        return Action[name].meaning
    # Unmarked and without text (a bare QShortcut): assume it means something of its own.
    if text.strip():
        return normalise(text)
    return f"{window}: {target.objectName() or 'a shortcut'} on {key}"


def key_bindings(window: QWidget) -> list[KeyBinding]:
    """Every key sequence `window` binds, whether through this registry or not.

    Reads the window's actions (its own and its children's), its QShortcuts and the shortcuts
    set on its buttons (but not Alt+letter mnemonics, which only move the focus in a form).
    """
    title = window.objectName() or type(window).__name__
    found: list[KeyBinding] = []
    seen: dict[int, QObject] = {}  # held, so that no id is reused while the walk goes on

    def add(target: QObject, sequences: list[QKeySequence], text: str) -> None:
        if id(target) in seen:
            return
        seen[id(target)] = target
        for sequence in sequences:
            key = sequence.toString(QKeySequence.SequenceFormat.PortableText)
            if key:
                meaning = _meaning(target, text, title, key)
                found.append(KeyBinding(key, meaning, title, target.objectName() or text))

    for widget in (window, *window.findChildren(QWidget)):
        for qaction in QWidget.actions(widget):  # a window may shadow `actions` with a dict
            add(qaction, qaction.shortcuts(), qaction.text())
    for qaction in window.findChildren(QAction):
        add(qaction, qaction.shortcuts(), qaction.text())
    for shortcut in window.findChildren(QShortcut):
        add(shortcut, shortcut.keys(), shortcut.whatsThis())
    for button in window.findChildren(QAbstractButton):
        sequence = button.shortcut()
        if not sequence.isEmpty() and sequence != QKeySequence.mnemonic(button.text()):
            add(button, [sequence], button.text())
    return found
