"""Painted playing cards: one look for the picker's buttons, the slots and the best-five rows.

Cards are painted rather than styled with a sheet so that the rank and suit stay large and crisp
at any size, and so that the states a director must tell apart at a glance (free, used, empty
slot, plays in the best five, does not play) are unmistakable. The four-colour deck (blue
diamonds, green clubs) is an option because a tired eye mixes up hearts and diamonds.
"""

from __future__ import annotations

import enum

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from clockapp.i18n import pgettext

SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
RANK_FACES = {"T": "10"}
TWO_COLOURS = {"s": "#14171a", "h": "#c8102e", "d": "#c8102e", "c": "#14171a"}
FOUR_COLOURS = {"s": "#14171a", "h": "#c8102e", "d": "#1f5fd1", "c": "#11823b"}

FACE = QColor("#ffffff")
EDGE = QColor("#8d96a3")
USED_FACE = QColor("#d9dde2")
USED_INK = QColor("#a3abb5")
EMPTY_FACE = QColor("#eef1f4")
EMPTY_EDGE = QColor("#b4bcc7")
PLAYS_FACE = QColor("#fff4c2")
PLAYS_EDGE = QColor("#d99a00")
TARGET_EDGE = QColor("#1f6feb")


class Look(enum.Enum):
    """How a card is drawn."""

    FREE = enum.auto()  # in the deck (picker) or simply shown
    USED = enum.auto()  # the picker: already dealt somewhere
    EMPTY = enum.auto()  # a slot with no card yet
    NEXT = enum.auto()  # the empty slot the next picked card goes to
    PLAYS = enum.auto()  # one of the hand's best five
    IDLE = enum.auto()  # a known card that does not play


def suit_colour(suit: str, four_colour: bool) -> QColor:
    """The ink of a suit in the chosen deck."""
    return QColor((FOUR_COLOURS if four_colour else TWO_COLOURS)[suit])


def card_face(card: str) -> str:
    """`A♠`, `10♥`: how a card reads on screen."""
    return RANK_FACES.get(card[0], card[0]) + SUIT_SYMBOLS[card[1]]


def card_words(card: str) -> str:
    """`ace of spades`: for tooltips and screen readers."""
    # Built when called (the language is chosen after import); each word has its context, as
    # the same English word may be translated differently on its own.
    ranks = {
        "A": pgettext("card rank", "ace"),
        "K": pgettext("card rank", "king"),
        "Q": pgettext("card rank", "queen"),
        "J": pgettext("card rank", "jack"),
        "T": pgettext("card rank", "ten"),
        "9": pgettext("card rank", "nine"),
        "8": pgettext("card rank", "eight"),
        "7": pgettext("card rank", "seven"),
        "6": pgettext("card rank", "six"),
        "5": pgettext("card rank", "five"),
        "4": pgettext("card rank", "four"),
        "3": pgettext("card rank", "three"),
        "2": pgettext("card rank", "deuce"),
    }
    suits = {
        "s": pgettext("card suit", "spades"),
        "h": pgettext("card suit", "hearts"),
        "d": pgettext("card suit", "diamonds"),
        "c": pgettext("card suit", "clubs"),
    }
    return pgettext("card name", "{rank} of {suit}").format(
        rank=ranks[card[0]], suit=suits[card[1]]
    )


def paint_card(
    painter: QPainter, rect: QRectF, card: str | None, look: Look, four_colour: bool
) -> None:
    """Draw one card (or an empty slot) filling `rect`."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    radius = min(rect.width(), rect.height()) * 0.12
    face, edge, width = FACE, EDGE, 1.5
    if look is Look.USED:
        face = USED_FACE
    elif look in (Look.EMPTY, Look.NEXT):
        face, edge = EMPTY_FACE, EMPTY_EDGE
    elif look is Look.PLAYS:
        face, edge, width = PLAYS_FACE, PLAYS_EDGE, 4.0
    if look is Look.NEXT:
        edge, width = TARGET_EDGE, 3.0
    inner = rect.adjusted(width / 2, width / 2, -width / 2, -width / 2)
    pen = QPen(edge, width)
    if look in (Look.EMPTY, Look.NEXT):
        pen.setStyle(Qt.PenStyle.DashLine)
    painter.setPen(pen)
    painter.setBrush(face)
    painter.drawRoundedRect(inner, radius, radius)
    if card is not None:
        ink = USED_INK if look is Look.USED else suit_colour(card[1], four_colour)
        if look is Look.IDLE:
            painter.setOpacity(0.45)
        font = QFont(painter.font())
        font.setBold(True)
        # Rank above, suit below, each about a third of the card's height: legible at arm's length.
        font.setPixelSize(max(8, int(inner.height() * 0.36)))
        painter.setFont(font)
        painter.setPen(ink)
        top = QRectF(
            inner.left(), inner.top() + inner.height() * 0.06, inner.width(), inner.height() * 0.46
        )
        bottom = QRectF(
            inner.left(), inner.top() + inner.height() * 0.48, inner.width(), inner.height() * 0.46
        )
        rank = RANK_FACES.get(card[0], card[0])
        painter.drawText(top, Qt.AlignmentFlag.AlignCenter, rank)
        painter.drawText(bottom, Qt.AlignmentFlag.AlignCenter, SUIT_SYMBOLS[card[1]])
        if look is Look.USED:
            painter.setPen(QPen(USED_INK, 2.0))
            painter.drawLine(inner.bottomLeft(), inner.topRight())
    painter.restore()


class CardView(QWidget):
    """One card or empty slot. Clicks are reported; right-click asks to take the card back.

    Signals:
        clicked(): left button released over the card.
        remove_requested(): right button pressed, or Backspace/Delete with focus.
    """

    clicked = Signal()
    remove_requested = Signal()

    def __init__(
        self,
        card: str | None = None,
        look: Look = Look.FREE,
        size: QSize | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._card = card
        self._look = look
        self._four_colour = False
        self._size = size or QSize(54, 74)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._update_tooltip()

    def sizeHint(self) -> QSize:
        return self._size

    def set_size(self, size: QSize) -> None:
        """Draw the card at `size` (the rank and suit scale with it)."""
        if size != self._size:
            self._size = size
            self.updateGeometry()
            self.update()

    def card(self) -> str | None:
        """The card shown, or None for an empty slot."""
        return self._card

    def look(self) -> Look:
        """How the card is drawn."""
        return self._look

    def set_card(self, card: str | None, look: Look) -> None:
        """Show `card` (None: an empty slot) drawn as `look`."""
        if (card, look) != (self._card, self._look):
            self._card, self._look = card, look
            self._update_tooltip()
            self.update()

    def set_four_colour(self, on: bool) -> None:
        """Use the four-colour deck."""
        if on != self._four_colour:
            self._four_colour = on
            self.update()

    def _update_tooltip(self) -> None:
        self.setToolTip(card_words(self._card) if self._card else "")

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        paint_card(painter, QRectF(self.rect()), self._card, self._look, self._four_colour)
        painter.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.RightButton:
            self.remove_requested.emit()
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.rect().contains(
            event.position().toPoint()
        ):
            self.clicked.emit()
            event.accept()
            return
        super().mouseReleaseEvent(event)
