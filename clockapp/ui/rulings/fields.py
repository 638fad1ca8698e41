"""Number fields that take what is typed: the side-pot panel's bets, places, button and chip.

A plain QSpinBox keeps its text when it gets the focus by a click or a shortcut, so a digit typed
into "—" (no place yet) or "Seat not known" is refused and a digit typed after "40" makes "405".
A director types a number into a field to replace it: on the first key after the field got the
focus, and whenever it shows its "nothing yet" text, the typed digit replaces what is there.
Enter moves down the column (the next seat's bet), as in a spreadsheet; Tab follows the line.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent
from PySide6.QtWidgets import QSpinBox, QWidget

MODIFIER_KEYS = frozenset(
    (Qt.Key.Key_Shift, Qt.Key.Key_Control, Qt.Key.Key_Alt, Qt.Key.Key_Meta, Qt.Key.Key_AltGr)
)


class EntrySpin(QSpinBox):
    """A spin box whose first typed key replaces its content.

    Signals:
        entered(): Enter was pressed (the panel moves to the next seat's field).
    """

    entered = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._fresh = False  # focused, and nothing typed since: the next digit replaces the text

    def _shows_nothing_yet(self) -> bool:
        return bool(self.specialValueText()) and self.value() == self.minimum()

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self._fresh = True

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.interpretText()
            self._fresh = False
            self.entered.emit()
            event.accept()
            return
        typed = event.text()
        if typed.isdigit() and (self._fresh or self._shows_nothing_yet()):
            self.selectAll()  # the number only: a prefix such as "Seat " stays
        if event.key() not in MODIFIER_KEYS:
            self._fresh = False  # an arrow, Home or Backspace first: the director edits in place
        super().keyPressEvent(event)
