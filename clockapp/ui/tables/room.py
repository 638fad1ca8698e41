"""The room drawn as tables: ovals with numbered seats, names, the button, empty and closed seats.

`RoomView` is a `QGraphicsView` over one `TableItem` per table. Each item paints its whole table
(felt, seats, names, the dealer button) from a frozen `TableInfo`; nothing here talks to the
services. The view lays the tables out in the grid that shows them largest in the space it has
(a 10-table room is 4 columns by 3 rows on a laptop screen) and never enlarges them past
readable-and-no-more.

Seats are numbered clockwise from the dealer's left, the dealer sitting at the top of the oval, as
on a real table. Dragging a player onto an empty open seat asks for a move
(`move_requested(registration_id, table, seat)`); a right click asks for the seat's menu
(`seat_menu_requested`). The drag is done by hand (press, move, release) rather than with QDrag,
so it is plain mouse events that tests can replay.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetrics,
    QMouseEvent,
    QPainter,
    QPen,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)

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

    def update_info(self, info: TableInfo) -> None:
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
        where = f"{self.info.label}, seat {number}"
        if seat.closed:
            return f"{where}: closed"
        if seat.registration_id is None:
            return f"{where}: empty"
        notes = []
        if seat.fixed:
            notes.append("fixed seat")
        if seat.moves:
            notes.append(f"moved {seat.moves}×")
        if self.info.button == number:
            notes.append("button")
        extra = f" ({', '.join(notes)})" if notes else ""
        return f"{where}: {seat.name}{extra}"


class RoomView(QGraphicsView):
    """Every table in play, laid out to fit; drag a player to an empty seat to move him."""

    move_requested = Signal(int, int, int)  # registration id, table, seat
    seat_menu_requested = Signal(int, int, QPoint)  # table, seat, global position

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        self.setBackgroundBrush(QBrush(QColor("#f6f7f9")))
        self.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        self.setMouseTracking(True)
        self.items_by_table: dict[int, TableItem] = {}
        self._drag: tuple[int, int, int] | None = None  # registration id, table, seat
        self._ghost: QGraphicsSimpleTextItem | None = None
        self._columns = 0
        self._zoom = 1.0  # the director's zoom on top of the fitted scale (Ctrl+wheel)

    # ---------------------------------------------------------------- content
    def set_tables(
        self,
        tables: Iterable[TableInfo],
        *,
        moved_here: frozenset[tuple[int, int]] = frozenset(),
        short: frozenset[int] = frozenset(),
        status: dict[int, str] | None = None,
    ) -> None:
        """Show these tables (reusing the items of tables still in play)."""
        tables = tuple(tables)
        scene = self.scene()
        wanted = {t.number for t in tables}
        for number in [n for n in self.items_by_table if n not in wanted]:
            scene.removeItem(self.items_by_table.pop(number))
        for info in tables:
            item = self.items_by_table.get(info.number)
            if item is None:
                item = TableItem(info)
                self.items_by_table[info.number] = item
                scene.addItem(item)
            else:
                item.update_info(info)
            item.moved_here = frozenset(s for t, s in moved_here if t == info.number)
            item.short = info.number in short
            item.status = (status or {}).get(info.number, "")
            item.update()
        self._columns = 0
        self._layout()

    def _best_columns(self, count: int) -> int:
        """The number of columns that shows `count` tables largest in the viewport."""
        view = self.viewport().size()
        width, height = max(view.width(), 200), max(view.height(), 200)
        best, best_scale = 1, 0.0
        for columns in range(1, count + 1):
            rows = math.ceil(count / columns)
            scene_w = columns * ITEM_WIDTH + (columns + 1) * GAP
            scene_h = rows * ITEM_HEIGHT + (rows + 1) * GAP
            scale = min(width / scene_w, height / scene_h)
            if scale > best_scale + 1e-9:
                best, best_scale = columns, scale
        return best

    def _layout(self) -> None:
        numbers = sorted(self.items_by_table)
        if not numbers:
            self.scene().setSceneRect(QRectF(0, 0, 1, 1))
            return
        columns = self._best_columns(len(numbers))
        self._columns = columns
        for index, number in enumerate(numbers):
            row, column = divmod(index, columns)
            self.items_by_table[number].setPos(
                GAP + column * (ITEM_WIDTH + GAP), GAP + row * (ITEM_HEIGHT + GAP)
            )
        rows = math.ceil(len(numbers) / columns)
        rect = QRectF(
            0,
            0,
            columns * ITEM_WIDTH + (columns + 1) * GAP,
            rows * ITEM_HEIGHT + (rows + 1) * GAP,
        )
        self.scene().setSceneRect(rect)
        self._fit()

    def _fit(self) -> None:
        rect = self.scene().sceneRect()
        view = self.viewport().size()
        if rect.width() <= 1 or view.width() <= 0:
            return
        scale = min(view.width() / rect.width(), view.height() / rect.height(), MAX_SCALE)
        self.resetTransform()
        self.scale(scale * self._zoom, scale * self._zoom)

    def zoom_by(self, factor: float) -> None:
        """Zoom in (factor > 1) or out, between the fitted size and four times it."""
        self._zoom = min(4.0, max(1.0, self._zoom * factor))
        self._fit()

    def zoom_fit(self) -> None:
        """Show every table again."""
        self._zoom = 1.0
        self._fit()

    def wheelEvent(self, event: QWheelEvent) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.zoom_by(1.15 if event.angleDelta().y() > 0 else 1 / 1.15)
            event.accept()
            return
        super().wheelEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.items_by_table:
            self._layout()

    # ---------------------------------------------------------------- finding seats
    def seat_under(self, view_pos: QPoint) -> tuple[int, int] | None:
        """(table, seat) under a viewport position, or None."""
        scene_pos = self.mapToScene(view_pos)
        for number, item in self.items_by_table.items():
            local = item.mapFromScene(scene_pos)
            if item.boundingRect().contains(local):
                seat = item.seat_at(local)
                return None if seat is None else (number, seat)
        return None

    def seat_center(self, table: int, seat: int) -> QPoint:
        """The viewport position of a seat's centre (for tests and for pop-ups)."""
        item = self.items_by_table[table]
        return self.mapFromScene(item.mapToScene(item.seat_rect(seat).center()))

    # ---------------------------------------------------------------- drag and drop
    def mousePressEvent(self, event: QMouseEvent) -> None:
        under = self.seat_under(event.position().toPoint())
        if under is not None and event.button() == Qt.MouseButton.RightButton:
            self.seat_menu_requested.emit(*under, event.globalPosition().toPoint())
            event.accept()
            return
        if under is not None and event.button() == Qt.MouseButton.LeftButton:
            table, number = under
            seat = self.items_by_table[table].info.seat(number)
            if seat.registration_id is not None:
                self._drag = (seat.registration_id, table, number)
                self._ghost = QGraphicsSimpleTextItem(seat.name)
                font = QFont(self.font())
                font.setPixelSize(18)
                font.setBold(True)
                self._ghost.setFont(font)
                self._ghost.setBrush(QBrush(MOVED_EDGE))
                self._ghost.setZValue(10)
                self._ghost.setPos(self.mapToScene(event.position().toPoint()))
                self.scene().addItem(self._ghost)
                self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
                event.accept()
                return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position().toPoint()
        under = self.seat_under(pos)
        if self._drag is not None:
            if self._ghost is not None:
                self._ghost.setPos(self.mapToScene(pos) + QPointF(10, -24))
            self._set_target(under if under is not None and self._droppable(*under) else None)
            event.accept()
            return
        if under is not None:
            self.viewport().setToolTip(self.items_by_table[under[0]].tooltip_for(under[1]))
        else:
            self.viewport().setToolTip("")
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._drag is None:
            super().mouseReleaseEvent(event)
            return
        registration_id, from_table, from_seat = self._drag
        self._end_drag()
        under = self.seat_under(event.position().toPoint())
        event.accept()
        if under is None or under == (from_table, from_seat) or not self._droppable(*under):
            return
        self.move_requested.emit(registration_id, *under)

    def _droppable(self, table: int, seat: int) -> bool:
        return self.items_by_table[table].info.seat(seat).empty

    def _set_target(self, target: tuple[int, int] | None) -> None:
        for number, item in self.items_by_table.items():
            wanted = target[1] if target is not None and target[0] == number else None
            if item.target != wanted:
                item.target = wanted
                item.update()

    def _end_drag(self) -> None:
        self._drag = None
        self._set_target(None)
        if self._ghost is not None:
            self.scene().removeItem(self._ghost)
            self._ghost = None
        self.viewport().unsetCursor()

    @property
    def dragging(self) -> bool:
        """Whether a player is being dragged."""
        return self._drag is not None

    @property
    def columns(self) -> int:
        """How many tables a row holds in the current layout."""
        return self._columns
