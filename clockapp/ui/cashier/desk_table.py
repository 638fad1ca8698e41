"""The desk's search box and player list, and their keys.

The search box (`SearchBox`) keeps the letters typed; Up and Down move through the players found
(`stepped`), Enter chooses one (`entered`), and Ctrl+Z / Ctrl+Shift+Z are left to the window's
undo and redo. The list (`PlayerTable`) takes single keys: B (or Enter) buy-in, R rebuy, A add-on,
E re-entry, X bust. Any other letter is the start of a name, handed to the search box (`typed`).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QLineEdit, QTableView

from clockapp.core.money.entries import EntryKind
from clockapp.ui.actions import DeskKey

#: The entry each of the desk's one-key commands sells (None: the bust).
DESK_KINDS: dict[DeskKey, EntryKind | None] = {
    DeskKey.BUY_IN: EntryKind.BUY_IN,
    DeskKey.REBUY: EntryKind.REBUY,
    DeskKey.ADD_ON: EntryKind.ADD_ON,
    DeskKey.RE_ENTRY: EntryKind.RE_ENTRY,
    DeskKey.BUST: None,
}
#: The one-key commands on a selected player, by the key in the registry: key -> entry kind.
ENTRY_KEYS: dict[str, EntryKind | None] = {
    desk_key.value.shortcuts[0]: kind for desk_key, kind in DESK_KINDS.items()
}


def is_undo_or_redo(event: QKeyEvent) -> bool:
    """Whether a key event is the platform's Undo or Redo shortcut."""
    return event.matches(QKeySequence.StandardKey.Undo) or event.matches(
        QKeySequence.StandardKey.Redo
    )


class SearchBox(QLineEdit):
    """Where the desk's focus lives: the name typed, with the list's moves on Up, Down, Enter."""

    stepped = Signal(int)  # Up (-1) or Down (+1): move the highlight through the players found
    entered = Signal()  # Enter: choose the player highlighted (or offer to add the name)

    def event(self, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and is_undo_or_redo(event)
        ):
            # Not taken here: Ctrl+Z in the search box is the cashier's undo (a reversing row),
            # not the line edit's undo of a letter typed.
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Down, Qt.Key.Key_Up):
            self.stepped.emit(1 if key == Qt.Key.Key_Down else -1)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.entered.emit()
        else:
            super().keyPressEvent(event)


class PlayerTable(QTableView):
    """The players found; single keys act on the selected player."""

    command = Signal(str)  # one of ENTRY_KEYS
    typed = Signal(str)  # text meant for the search box ("\b" for a backspace)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        text = event.text()
        plain = not (
            event.modifiers()
            & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier)
        )
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.command.emit("B")
        elif key == Qt.Key.Key_Escape:
            self.typed.emit("")
        elif key == Qt.Key.Key_Backspace:
            self.typed.emit("\b")
        elif plain and text and text.upper() in ENTRY_KEYS:
            self.command.emit(text.upper())
        elif plain and text and text.isprintable():
            self.typed.emit(text)
        else:
            super().keyPressEvent(event)
