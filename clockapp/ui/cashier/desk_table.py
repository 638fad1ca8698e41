"""The desk's search box and player list, and their keys.

The search box (`SearchBox`) keeps the letters typed; Up and Down move through the players found
(`stepped`), Enter chooses one (`entered`), and Ctrl+Z / Ctrl+Shift+Z are left to the window's
undo and redo. On the list (`PlayerTable`) Enter opens the buy-in; every letter typed there is text
for the search box (`typed`), never a command: the commands are function keys (`DeskKey`, F2 buy-in
to F6 bust) that the search box and the list both read (`command`), so a name typed while the list
has the focus stays a name.
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
#: The commands on a selected player, by their key in the registry: key -> entry kind.
ENTRY_KEYS: dict[str, EntryKind | None] = {
    desk_key.value.shortcuts[0]: kind for desk_key, kind in DESK_KINDS.items()
}


#: The buy-in's key (Enter on the list opens it too).
BUY_IN_KEY = DeskKey.BUY_IN.value.shortcuts[0]
#: The bust's key.
BUST_KEY = DeskKey.BUST.value.shortcuts[0]


def desk_command(event: QKeyEvent) -> str | None:
    """The desk command a key event is (its key in `ENTRY_KEYS`), or None."""
    pressed = QKeySequence(event.keyCombination()).toString(
        QKeySequence.SequenceFormat.PortableText
    )
    return pressed if pressed in ENTRY_KEYS else None


def is_undo_or_redo(event: QKeyEvent) -> bool:
    """Whether a key event is the platform's Undo or Redo shortcut."""
    return event.matches(QKeySequence.StandardKey.Undo) or event.matches(
        QKeySequence.StandardKey.Redo
    )


class SearchBox(QLineEdit):
    """Where the desk's focus lives: the name typed, with the list's moves on Up, Down, Enter."""

    stepped = Signal(int)  # Up (-1) or Down (+1): move the highlight through the players found
    entered = Signal()  # Enter: choose the player highlighted (or offer to add the name)
    command = Signal(str)  # one of ENTRY_KEYS, on the player highlighted

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
        key, command = event.key(), desk_command(event)
        if command is not None:
            self.command.emit(command)
        elif key in (Qt.Key.Key_Down, Qt.Key.Key_Up):
            self.stepped.emit(1 if key == Qt.Key.Key_Down else -1)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.entered.emit()
        else:
            super().keyPressEvent(event)


class PlayerTable(QTableView):
    """The players found; single keys act on the selected player."""

    command = Signal(str)  # one of ENTRY_KEYS (Enter: the buy-in)
    typed = Signal(str)  # text meant for the search box ("\b" for a backspace)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key, command = event.key(), desk_command(event)
        text = event.text()
        plain = not (
            event.modifiers()
            & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier)
        )
        if command is not None:
            self.command.emit(command)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.command.emit(BUY_IN_KEY)
        elif key == Qt.Key.Key_Escape:
            self.typed.emit("")
        elif key == Qt.Key.Key_Backspace:
            self.typed.emit("\b")
        elif plain and text and text.isprintable():
            self.typed.emit(text)
        else:
            super().keyPressEvent(event)
