"""Large playing cards on the wall: a row of cards painted with the rulings' `paint_card`.

The row keeps the cards' shape (5:7) and centres them in whatever box the layout gives, so a
hand stays one size from a 1366x768 projector to a 4K screen. A card can be highlighted (it
plays, it is an out) and a slot can be empty (the turn and river still to come).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from clockapp.ui.rulings.cards import Look, paint_card

ASPECT = 5 / 7  # a card's width over its height
GAP = 0.12  # the space between cards, as a share of a card's width


class CardRow(QWidget):
    """Cards side by side, as large as the box allows.

    `slots` fixes how many places the row has (5 for a board); missing cards are empty slots.
    """

    def __init__(self, slots: int = 0, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._slots = slots
        self._cards: tuple[str, ...] = ()
        self._highlight: frozenset[str] = frozenset()
        self._four_colour = False
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)

    def cards(self) -> tuple[str, ...]:
        """The cards shown (tests read them)."""
        return self._cards

    def highlighted(self) -> frozenset[str]:
        """The cards drawn highlighted."""
        return self._highlight

    def set_cards(
        self, cards: Sequence[str], highlight: Sequence[str] = (), four_colour: bool = False
    ) -> None:
        """Show `cards`, highlighting those in `highlight`."""
        self._cards = tuple(cards)
        self._highlight = frozenset(highlight)
        self._four_colour = four_colour
        self.update()

    def card_rects(self) -> list[QRectF]:
        """Where each slot is drawn (the largest cards that fit, centred)."""
        count = max(self._slots, len(self._cards))
        if count == 0:
            return []
        w, h = float(self.width()), float(self.height())
        card_w = min(h * ASPECT, w / (count + (count - 1) * GAP))
        card_h = card_w / ASPECT
        gap = card_w * GAP
        total = count * card_w + (count - 1) * gap
        left, top = (w - total) / 2, (h - card_h) / 2
        return [QRectF(left + i * (card_w + gap), top, card_w, card_h) for i in range(count)]

    def paintEvent(self, _event: QPaintEvent) -> None:
        """Each card, or an empty slot where a card is still to come."""
        painter = QPainter(self)
        for index, rect in enumerate(self.card_rects()):
            card = self._cards[index] if index < len(self._cards) else None
            if card is None:
                look = Look.EMPTY
            else:
                look = Look.PLAYS if card in self._highlight else Look.FREE
            paint_card(painter, rect, card, look, self._four_colour)
        painter.end()
