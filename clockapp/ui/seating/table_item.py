"""One table painted whole: the felt, the seats with their numbers and names, the dealer button.

Seats are numbered clockwise from the dealer's left, the dealer sitting at the top of the oval, as
on a real table. A `TableItem` paints from a frozen `TableInfo` and knows where each seat is (for
the room view's hit tests); it never talks to the services.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from clockapp.i18n import gettext as _
from clockapp.services.seating import SeatInfo, TableInfo

# Sizes in scene units (pixels at 100 %). The seat boxes sit on an ellipse around the felt; with
# these numbers ten boxes do not overlap (checked in the tests), and names get two lines.
ITEM_WIDTH = 484.0
ITEM_HEIGHT = 274.0
GAP = 18.0
SEAT_WIDTH = 90.0
SEAT_HEIGHT = 40.0
SEAT_RX = 193.0  # the ellipse the seat boxes' centres sit on
SEAT_RY = 98.0
FELT_RX = 118.0
FELT_RY = 52.0
NUMBER_RX = 133.0  # the seat numbers, on the rail
NUMBER_RY = 63.0
BUTTON_RX = 98.0  # the dealer button, on the felt in front of its seat
BUTTON_RY = 36.0
HEADER_HEIGHT = 26.0
#: The view never draws tables larger than this (a 1-table room would be huge otherwise).
MAX_SCALE = 1.25

FELT = QColor("#1f6f4a")
FELT_EDGE = QColor("#6b4a2b")
SEAT_FILL = QColor("#ffffff")
SEAT_EDGE = QColor("#5b6470")
EMPTY_FILL = QColor("#eef1f4")
EMPTY_EDGE = QColor("#a9b1bb")
CLOSED_FILL = QColor("#c9ced4")
FIXED_EDGE = QColor("#1e6fb3")
MOVED_EDGE = QColor("#e08a00")
TARGET_FILL = QColor("#d6f5e3")
BADGE = QColor("#26303b")
BUTTON_FILL = QColor("#fafafa")
INK = QColor("#15191e")
MUTED_INK = QColor("#6a737d")
SHORT_INK = QColor("#b3261e")


def seat_angle(number: int, seat_count: int) -> float:
    """The seat's angle in radians on screen (y down): the dealer is at the top (-90 degrees) and
    the seats run clockwise from the dealer's left.

    >>> round(math.degrees(seat_angle(1, 9)))
    -54
    """
    return math.radians(-90.0 + number * 360.0 / (seat_count + 1))


def name_lines(name: str) -> tuple[str, str]:
    """A name on two lines: the first word, then the rest (a nickname stays with the rest).

    >>> name_lines("Jean-Baptiste Dubois"), name_lines("Zoé"), name_lines('Ann Lee "Ace"')
    (('Jean-Baptiste', 'Dubois'), ('Zoé', ''), ('Ann', 'Lee "Ace"'))
    """
    first, _space, rest = name.strip().partition(" ")
    return first, rest.strip()


@dataclass(frozen=True)
class TableMarks:
    """What a table's oval shows besides its seats: the seats a pending move goes to, whether
    the table is short (red), and the line under its header (hand-for-hand, the shootout)."""

    moved_here: frozenset[int] = frozenset()
    short: bool = False
    status: str = ""


class TableItem(QGraphicsObject):
    """One table, painted whole from its `TableInfo`."""

    def __init__(self, info: TableInfo, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.info = info
        self.moved_here: frozenset[int] = frozenset()  # seats whose player has a pending move
        self.short = False  # drawn in red: the table is short
        self.status = ""  # a line under the header (hand-for-hand)
        self.target: int | None = None  # the seat under a drag
        self.setAcceptHoverEvents(True)

    # ---------------------------------------------------------------- geometry
    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, ITEM_WIDTH, ITEM_HEIGHT)

    @staticmethod
    def center() -> QPointF:
        return QPointF(ITEM_WIDTH / 2, HEADER_HEIGHT + (ITEM_HEIGHT - HEADER_HEIGHT) / 2)

    def _on_ellipse(self, number: int, rx: float, ry: float) -> QPointF:
        angle = seat_angle(number, self.info.seat_count)
        c = self.center()
        return QPointF(c.x() + rx * math.cos(angle), c.y() + ry * math.sin(angle))

    def seat_rect(self, number: int) -> QRectF:
        """The seat's name box in item coordinates."""
        p = self._on_ellipse(number, SEAT_RX, SEAT_RY)
        return QRectF(p.x() - SEAT_WIDTH / 2, p.y() - SEAT_HEIGHT / 2, SEAT_WIDTH, SEAT_HEIGHT)

    def number_center(self, number: int) -> QPointF:
        """Where the seat number is written on the rail."""
        return self._on_ellipse(number, NUMBER_RX, NUMBER_RY)

    def seat_at(self, point: QPointF) -> int | None:
        """The seat under a point in item coordinates (its box or its number), or None."""
        for seat in self.info.seats:
            if self.seat_rect(seat.number).adjusted(-2, -2, 2, 2).contains(point):
                return seat.number
            offset = point - self.number_center(seat.number)
            if offset.x() ** 2 + offset.y() ** 2 <= 12**2:
                return seat.number
        return None

    @property
    def marks(self) -> TableMarks:
        """The marks shown (see `TableMarks`)."""
        return TableMarks(self.moved_here, self.short, self.status)

    @marks.setter
    def marks(self, marks: TableMarks) -> None:
        self.moved_here, self.short, self.status = marks.moved_here, marks.short, marks.status

    def update_info(self, info: TableInfo) -> None:
        """Show the table as it is now."""
        self.prepareGeometryChange()
        self.info = info
        self.update()

    # ---------------------------------------------------------------- painting
    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self._paint_header(painter)
        self._paint_felt(painter)
        for seat in self.info.seats:
            self._paint_seat(painter, seat)
        if self.info.button is not None:
            self._paint_button(painter, self.info.button)

    def _paint_header(self, painter: QPainter) -> None:
        info = self.info
        font = QFont(painter.font())
        font.setPixelSize(17)
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(SHORT_INK if self.short else INK)
        text = f"{info.label}   {info.count}/{info.open_seat_count}"
        painter.drawText(
            QRectF(8, 0, ITEM_WIDTH - 16, HEADER_HEIGHT),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            text,
        )
        if self.status:
            font.setBold(False)
            font.setPixelSize(14)
            painter.setFont(font)
            painter.setPen(MUTED_INK)
            painter.drawText(
                QRectF(8, 0, ITEM_WIDTH - 16, HEADER_HEIGHT),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                self.status,
            )

    def _paint_felt(self, painter: QPainter) -> None:
        c = self.center()
        painter.setPen(QPen(FELT_EDGE, 9))
        painter.setBrush(QBrush(FELT))
        painter.drawEllipse(c, FELT_RX, FELT_RY)
        # The dealer's place at the top of the oval, where seat numbering starts.
        painter.setPen(QPen(QColor(255, 255, 255, 150), 1))
        font = QFont(painter.font())
        font.setPixelSize(12)
        font.setBold(False)
        painter.setFont(font)
        painter.drawText(
            QRectF(c.x() - 40, c.y() - FELT_RY + 5, 80, 16),
            Qt.AlignmentFlag.AlignCenter,
            "dealer",
        )

    def _paint_seat(self, painter: QPainter, seat: SeatInfo) -> None:
        rect = self.seat_rect(seat.number)
        occupied = seat.registration_id is not None
        if seat.closed:
            fill, edge, width = CLOSED_FILL, EMPTY_EDGE, 1.0
        elif occupied:
            fill, edge, width = SEAT_FILL, SEAT_EDGE, 1.2
            if seat.fixed:
                edge, width = FIXED_EDGE, 2.6
            if seat.number in self.moved_here:
                edge, width = MOVED_EDGE, 3.2
        else:
            fill, edge, width = EMPTY_FILL, EMPTY_EDGE, 1.0
        if self.target == seat.number:
            fill = TARGET_FILL
        pen = QPen(edge, width)
        if not occupied and not seat.closed:
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(QBrush(fill))
        painter.drawRoundedRect(rect, 7, 7)

        # The seat number on the rail, between the name and the felt.
        spot = self.number_center(seat.number)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(BADGE if occupied else EMPTY_EDGE))
        painter.drawEllipse(spot, 11, 11)
        font = QFont(painter.font())
        font.setPixelSize(13)
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor("#ffffff"))
        painter.drawText(
            QRectF(spot.x() - 11, spot.y() - 11, 22, 22),
            Qt.AlignmentFlag.AlignCenter,
            str(seat.number),
        )

        inner = rect.adjusted(4, 2, -4, -2)
        if seat.closed:
            font.setBold(False)
            painter.setFont(font)
            painter.setPen(MUTED_INK)
            painter.drawText(inner, Qt.AlignmentFlag.AlignCenter, "closed")
            return
        if not occupied:
            return
        first, rest = name_lines(seat.name)
        top = QFont(font)
        top.setPixelSize(14)
        top.setBold(True)
        bottom = QFont(font)
        bottom.setPixelSize(13)
        bottom.setBold(False)
        width = int(inner.width())
        painter.setPen(INK)
        if not rest:
            painter.setFont(top)
            painter.drawText(
                inner,
                Qt.AlignmentFlag.AlignCenter,
                QFontMetrics(top).elidedText(first, Qt.TextElideMode.ElideRight, width),
            )
            return
        half = inner.height() / 2
        painter.setFont(top)
        painter.drawText(
            QRectF(inner.left(), inner.top(), inner.width(), half + 1),
            Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom,
            QFontMetrics(top).elidedText(first, Qt.TextElideMode.ElideRight, width),
        )
        painter.setFont(bottom)
        painter.drawText(
            QRectF(inner.left(), inner.top() + half, inner.width(), half),
            Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
            QFontMetrics(bottom).elidedText(rest, Qt.TextElideMode.ElideRight, width),
        )

    def _paint_button(self, painter: QPainter, seat: int) -> None:
        spot = self._on_ellipse(seat, BUTTON_RX, BUTTON_RY)
        painter.setPen(QPen(INK, 1.5))
        painter.setBrush(QBrush(BUTTON_FILL))
        painter.drawEllipse(spot, 12, 12)
        font = QFont(painter.font())
        font.setPixelSize(13)
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(INK)
        painter.drawText(
            QRectF(spot.x() - 12, spot.y() - 12, 24, 24), Qt.AlignmentFlag.AlignCenter, "D"
        )

    def tooltip_for(self, number: int) -> str:
        seat = self.info.seat(number)
        where = {"table": self.info.label, "seat": number}
        if seat.closed:
            return _("{table}, seat {seat}: closed").format(**where)
        if seat.registration_id is None:
            return _("{table}, seat {seat}: empty").format(**where)
        notes = []
        if seat.fixed:
            notes.append(_("fixed seat"))
        if seat.moves:
            notes.append(_("moved {count}×").format(count=seat.moves))
        if self.info.button == number:
            notes.append(_("button"))
        if notes:
            return _("{table}, seat {seat}: {name} ({notes})").format(
                name=seat.name, notes=", ".join(notes), **where
            )
        return _("{table}, seat {seat}: {name}").format(name=seat.name, **where)
