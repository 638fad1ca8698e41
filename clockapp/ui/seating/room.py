"""The room drawn as tables: ovals with numbered seats, names, the button, empty and closed seats.

`RoomView` is a `QGraphicsView` over one `TableItem` per table. Each item paints its whole table
(felt, seats, names, the dealer button) from a frozen `TableInfo`; nothing here talks to the
services. The view lays the tables out in the grid that shows them largest in the space it has
(three or four columns for a 10-table room, whichever is larger on the screen at hand), never
enlarges them past `MAX_SCALE`, and zooms with Ctrl+wheel.

Dragging a player onto an empty open seat asks for a move
(`move_requested(registration_id, table, seat)`); a right click asks for the seat's menu
(`seat_menu_requested`), or, elsewhere on a table, for the table's (`table_menu_requested`).
The drag is done by hand (press, move, release) rather than with QDrag, so it is plain mouse
events that tests can replay.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QMouseEvent,
    QPainter,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QWidget,
)

from clockapp.services.seating import TableInfo
from clockapp.ui.seating.table_item import (
    GAP,
    ITEM_HEIGHT,
    ITEM_WIDTH,
    MAX_SCALE,
    MOVED_EDGE,
    TableItem,
    TableMarks,
)


class RoomView(QGraphicsView):
    """Every table in play, laid out to fit; drag a player to an empty seat to move him."""

    move_requested = Signal(int, int, int)  # registration id, table, seat
    seat_menu_requested = Signal(int, int, QPoint)  # table, seat, global position
    table_menu_requested = Signal(int, QPoint)  # table, global position

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
        #: The tables the last `set_tables` drew again (new ones, and those that changed).
        self.redrawn: frozenset[int] = frozenset()
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
        """Show these tables: a table whose seats and marks are what its item shows already is
        left alone (a bust redraws one table, not the room); `redrawn` says which were drawn
        again. The room is laid out again only when tables come or go."""
        tables = tuple(tables)
        scene = self.scene()
        wanted = {t.number for t in tables}
        gone = [n for n in self.items_by_table if n not in wanted]
        for number in gone:
            scene.removeItem(self.items_by_table.pop(number))
        redrawn: set[int] = set()
        added = False
        for info in tables:
            marks = TableMarks(
                moved_here=frozenset(s for t, s in moved_here if t == info.number),
                short=info.number in short,
                status=(status or {}).get(info.number, ""),
            )
            item = self.items_by_table.get(info.number)
            if item is None:
                item = TableItem(info)
                self.items_by_table[info.number] = item
                scene.addItem(item)
                added = True
            elif item.info == info and item.marks == marks:
                continue
            elif item.info != info:
                item.update_info(info)
            item.marks = marks
            item.update()
            redrawn.add(info.number)
        self.redrawn = frozenset(redrawn)
        if added or gone or not self._columns:
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

    def table_under(self, view_pos: QPoint) -> int | None:
        """The table under a viewport position, or None."""
        scene_pos = self.mapToScene(view_pos)
        for number, item in self.items_by_table.items():
            if item.boundingRect().contains(item.mapFromScene(scene_pos)):
                return number
        return None

    def seat_center(self, table: int, seat: int) -> QPoint:
        """The viewport position of a seat's centre (for tests and for pop-ups)."""
        item = self.items_by_table[table]
        return self.mapFromScene(item.mapToScene(item.seat_rect(seat).center()))

    # ---------------------------------------------------------------- drag and drop
    def mousePressEvent(self, event: QMouseEvent) -> None:
        under = self.seat_under(event.position().toPoint())
        if event.button() == Qt.MouseButton.RightButton:
            where = event.globalPosition().toPoint()
            if under is not None:
                self.seat_menu_requested.emit(*under, where)
                event.accept()
                return
            table = self.table_under(event.position().toPoint())
            if table is not None:
                self.table_menu_requested.emit(table, where)
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
