"""The 52-card picker: one row per suit, aces first; used cards are greyed out.

A left click asks for the card to be dealt to the next empty slot; a right click on a used card
asks for it back. The picker never holds focus (clicking it leaves the cursor in the hand being
typed) and knows nothing about where cards go: the window decides from its `Dispute`.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QSize, Signal
from PySide6.QtWidgets import QGridLayout, QWidget

from clockapp.ui.rulings.cards import CardView, Look
from clockapp.ui.rulings.state import all_cards

PICKER_CARD = QSize(50, 64)
#: In a short window (a laptop): four rows of these leave the height to the hands.
PICKER_CARD_COMPACT = QSize(42, 46)


class CardPicker(QWidget):
    """A grid of the 52 cards.

    Signals:
        card_picked(str): a free card was clicked.
        card_removed(str): a used card was right-clicked (take it back to the deck).
    """

    card_picked = Signal(str)
    card_removed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._buttons: dict[str, CardView] = {}
        self._used: frozenset[str] = frozenset()
        grid = QGridLayout(self)
        self._grid = grid
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(5)
        grid.setVerticalSpacing(5)
        for index, card in enumerate(all_cards()):
            button = CardView(card, Look.FREE, PICKER_CARD, self)
            button.setObjectName(f"pick_{card}")
            button.clicked.connect(lambda c=card: self._on_card_clicked(c))
            button.remove_requested.connect(lambda c=card: self._on_card_remove_requested(c))
            grid.addWidget(button, index // 13, index % 13)
            self._buttons[card] = button

    def button(self, card: str) -> CardView:
        """The picker's button for `card` (tests click it)."""
        return self._buttons[card]

    def used(self) -> frozenset[str]:
        """The cards shown greyed out."""
        return self._used

    def set_used(self, cards: Iterable[str]) -> None:
        """Grey out exactly `cards`."""
        self._used = frozenset(cards)
        for card, button in self._buttons.items():
            button.set_card(card, Look.USED if card in self._used else Look.FREE)

    def set_compact(self, on: bool) -> None:
        """Draw smaller cards (a short window)."""
        for button in self._buttons.values():
            button.set_size(PICKER_CARD_COMPACT if on else PICKER_CARD)
        self._grid.setVerticalSpacing(3 if on else 5)

    def set_four_colour(self, on: bool) -> None:
        """Draw the deck in four colours (blue diamonds, green clubs)."""
        for button in self._buttons.values():
            button.set_four_colour(on)

    def _on_card_clicked(self, card: str) -> None:
        if card not in self._used:
            self.card_picked.emit(card)

    def _on_card_remove_requested(self, card: str) -> None:
        if card in self._used:
            self.card_removed.emit(card)
