"""A row of card slots with its keyboard entry: the building block of the board and each hand.

The line edit is the keyboard path ("AsKd", "10h 9c"): what is typed is handed to the window,
which parses it and shows the cards in the slots, or an error naming the bad text under them.
Backspace at the end of the text takes back the whole last card rather than one letter, and
Enter moves on to the next hand, so a director can enter a dispute without the mouse.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from clockapp.ui.rulings.cards import CardView, Look
from clockapp.ui.rulings.style import set_role, set_state

SLOT_CARD = QSize(56, 76)
SLOT_CARD_COMPACT = QSize(44, 60)


class CardEntry(QLineEdit):
    """A line edit for cards.

    Signals:
        focused(): the entry got the keyboard focus (the picker now deals here).
        backspace_at_end(): Backspace with the cursor at the end of canonical text: take back
            the last card.
        advanced(): Enter was pressed (move on to the next hand).
    """

    focused = Signal()
    backspace_at_end = Signal()
    advanced = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._canonical = ""
        self._invalid = False

    def show_cards(self, text: str, keep_text: bool = False) -> None:
        """Remember the canonical text of the cards, and show it unless told to keep the text.

        The window keeps the text while the director is typing in this entry (so "10h" is not
        rewritten to "Th" under the cursor) and while the entry holds an error to correct.
        """
        self._canonical = text
        if not keep_text and not self._invalid and self.text() != text:
            self.setText(text)

    def set_invalid(self, invalid: bool) -> None:
        """Mark what is typed as wrong (it then stays as typed until corrected)."""
        self._invalid = invalid
        set_state(self, "invalid", invalid)

    def tidy(self) -> None:
        """Replace valid typed text by the canonical text of its cards ("10h" becomes "Th")."""
        if not self._invalid and self.text() != self._canonical:
            self.setText(self._canonical)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if (
            key == Qt.Key.Key_Backspace
            and not self.hasSelectedText()
            and self.cursorPosition() == len(self.text())
            and _squeeze(self.text()) == _squeeze(self._canonical)
            and self._canonical
        ):
            self.backspace_at_end.emit()
            event.accept()
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.tidy()
            self.advanced.emit()
            event.accept()
            return
        super().keyPressEvent(event)

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        # A line edit selects its whole text when reached by a key (a shortcut, Tab, Enter from
        # the hand before); the next Backspace would then wipe every card, where it promises to
        # take back the last one. The cursor goes to the end instead, ready for the next card.
        if event.reason() != Qt.FocusReason.MouseFocusReason:
            self.deselect()
            self.end(False)
        self.focused.emit()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.tidy()


def _squeeze(text: str) -> str:
    return "".join(text.split()).lower()


class CardsBox(QWidget):
    """Slots for `count` cards, the entry under them and a line for errors.

    Signals:
        text_edited(str): the director typed in the entry.
        focused(): the entry or a slot was chosen: the picker deals here now.
        remove_requested(str): a card was right-clicked (back to the deck).
        remove_last_requested(): Backspace at the end of the entry.
        advanced(): Enter in the entry.
    """

    text_edited = Signal(str)
    focused = Signal()
    remove_requested = Signal(str)
    remove_last_requested = Signal()
    advanced = Signal()

    def __init__(
        self,
        name: str,
        placeholder: str,
        parent: QWidget | None = None,
        *,
        entry_beside: bool = False,
    ) -> None:
        """With `entry_beside` the entry sits right of the slots, not under them (the board:
        a row of five cards is wide but should not be tall), in the `side` column."""
        super().__init__(parent)
        self._slots: list[CardView] = []
        self._four_colour = False
        self._slot_size = SLOT_CARD
        self._beside = entry_beside
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        top = QHBoxLayout()
        top.setSpacing(12)
        self._slot_row = QHBoxLayout()
        self._slot_row.setSpacing(6)
        top.addLayout(self._slot_row)
        layout.addLayout(top)
        self._layout = layout
        self.entry = CardEntry(self)
        self.entry.setObjectName(f"{name}_entry")
        self.entry.setPlaceholderText(placeholder)
        set_role(self.entry, "cards")
        self.entry.setClearButtonEnabled(False)
        self.entry.textEdited.connect(self.text_edited)
        self.entry.focused.connect(self.focused)
        self.entry.backspace_at_end.connect(self.remove_last_requested)
        self.entry.advanced.connect(self.advanced)
        # Beside the slots the entry has a column of its own, which the owner may add to.
        self._aside = QVBoxLayout()
        self._aside.setSpacing(4)
        self._aside.addStretch(1)
        self._aside.addStretch(1)
        top.addLayout(self._aside, 1)
        self.side: QVBoxLayout | None = None
        if entry_beside:
            self.side = self._aside
            self._aside.insertWidget(1, self.entry)
        else:
            layout.addWidget(self.entry)
        self.error_label = QLabel(self)
        self.error_label.setObjectName(f"{name}_error")
        set_role(self.error_label, "error")
        self.error_label.setWordWrap(True)
        self.error_label.hide()
        layout.addWidget(self.error_label)

    def slots(self) -> tuple[CardView, ...]:
        """The slot widgets, left to right."""
        return tuple(self._slots)

    def shown_cards(self) -> tuple[str, ...]:
        """The cards in the slots, left to right."""
        return tuple(c for s in self._slots if (c := s.card()) is not None)

    def set_cards(
        self,
        cards: Sequence[str],
        count: int,
        looks: Sequence[Look] | None = None,
        next_slot: bool = False,
        keep_text: bool = False,
    ) -> None:
        """Show `cards` in `count` slots (the rest empty), each drawn as `looks` (default FREE).

        With `next_slot`, the first empty slot is marked as where the next picked card goes;
        `keep_text` leaves the entry's text alone (the director is typing in it). Call
        `set_error` first: an entry with an error keeps its text too.
        """
        while len(self._slots) < count:
            slot = CardView(None, Look.EMPTY, self._slot_size, self)
            slot.set_four_colour(self._four_colour)
            slot.clicked.connect(self.focused)
            slot.remove_requested.connect(lambda s=slot: self._on_slot_remove_requested(s))
            self._slot_row.insertWidget(len(self._slots), slot)
            self._slots.append(slot)
        while len(self._slots) > count:
            self._slots.pop().deleteLater()
        if not self._beside and self._slot_row.count() == len(self._slots):
            self._slot_row.addStretch(1)
        for index, slot in enumerate(self._slots):
            if index < len(cards):
                look = looks[index] if looks is not None else Look.FREE
                slot.set_card(cards[index], look)
            else:
                first_empty = index == len(cards)
                slot.set_card(None, Look.NEXT if next_slot and first_empty else Look.EMPTY)
        self.entry.show_cards(" ".join(cards), keep_text)

    def set_error(self, message: str | None) -> None:
        """Show `message` under the entry in red (None hides it)."""
        self.error_label.setText(message or "")
        self.error_label.setVisible(bool(message))
        self.entry.set_invalid(bool(message))

    def set_entry_beside(self, on: bool) -> None:
        """Move the entry beside the slots (`on`) or under them: a hand's two cards leave room
        for it beside them, and the hand is a line shorter."""
        if on == self._beside:
            return
        self._beside = on
        if on:
            self._layout.removeWidget(self.entry)
            self._aside.insertWidget(1, self.entry)
        else:
            self._aside.removeWidget(self.entry)
            self._layout.insertWidget(1, self.entry)

    def set_compact(self, on: bool) -> None:
        """Draw smaller slots (a short window)."""
        self._slot_size = SLOT_CARD_COMPACT if on else SLOT_CARD
        for slot in self._slots:
            slot.set_size(self._slot_size)

    def set_four_colour(self, on: bool) -> None:
        """Draw the slots' cards in four colours."""
        self._four_colour = on
        for slot in self._slots:
            slot.set_four_colour(on)

    def _on_slot_remove_requested(self, slot: CardView) -> None:
        card = slot.card()
        if card is not None:
            self.remove_requested.emit(card)
