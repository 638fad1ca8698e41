"""`LayoutView`: the wall drawn as a host's layout, each cell in its rectangle of the screen.

It covers the clock display when a screen shows a layout other than today's wall (today's wall
stays the display's own widgets, so it is the same to the pixel). Each text cell is made of
`FitLabel`s (a list's rows, a text's lines), so a cell draws its text as the wall's labels do:
capitals at the cell's size share of a line, shrunk only when the text is too wide. What a cell
says comes from `CellTexts`, which the display fills from what it already shows.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPixmap
from PySide6.QtWidgets import QWidget

from clockapp.core.layouts.cells import PICTURE_KINDS, Align, Cell, CellKind, Layout, Weight
from clockapp.core.layouts.fields import FieldError, render
from clockapp.core.layouts.readability import lines_of
from clockapp.ui.display.theme import fixed
from clockapp.ui.display.widgets import CENTER, LEFT, RIGHT, FitLabel

if TYPE_CHECKING:
    from PySide6.QtGui import QPaintEvent, QResizeEvent

    from clockapp.ui.display.theme import WallTheme

_WEIGHTS = {
    Weight.REGULAR: QFont.Weight.Normal,
    Weight.MEDIUM: QFont.Weight.Medium,
    Weight.BOLD: QFont.Weight.Bold,
}
_ALIGNS = {Align.LEFT: LEFT, Align.CENTER: CENTER, Align.RIGHT: RIGHT}


@dataclass(frozen=True)
class CellTexts:
    """What the cells say now: the lines of each kind, and the values of a text's fields."""

    lines: Mapping[CellKind, tuple[str, ...]] = field(default_factory=dict)
    fields: Mapping[str, str] = field(default_factory=dict)

    def for_cell(self, cell: Cell) -> tuple[str, ...]:
        """The lines `cell` shows (a text whose field has no value now shows nothing)."""
        if cell.kind is CellKind.TEXT:
            try:
                return tuple(render(cell.text, self.fields).split("\n"))
            except FieldError:
                return ()
        return self.lines.get(cell.kind, ())


def _colour(look: WallTheme, value: str) -> QColor:
    return fixed(value) if value.startswith("#") else look.colour(value)


class _CellPart:
    """The labels of one text cell, placed in its rectangle."""

    def __init__(self, look: WallTheme, cell: Cell, parent: QWidget) -> None:
        self.cell = cell
        style = cell.style
        self.labels = [
            FitLabel(
                look,
                "",
                color=_colour(look, style.colour),
                fill=style.size / 100,
                weight=_WEIGHTS[style.weight],
                align=_ALIGNS[style.align],
                template="00:00" if cell.kind is CellKind.COUNTDOWN else None,
                parent=parent,
            )
            for _ in range(lines_of(cell))
        ]
        for label in self.labels:
            label.setObjectName(f"layout_{cell.kind.value}")
            label.show()

    def place(self, rect: QRect) -> None:
        rows = len(self.labels)
        for row, label in enumerate(self.labels):
            top = rect.top() + rect.height() * row // rows
            bottom = rect.top() + rect.height() * (row + 1) // rows
            label.setGeometry(rect.left(), top, rect.width(), bottom - top)

    def show_lines(self, lines: tuple[str, ...]) -> None:
        for label, line in zip(self.labels, (*lines, *([""] * len(self.labels))), strict=False):
            label.setText(line)


class LayoutView(QWidget):
    """A layout of the wall, drawn over the whole display."""

    def __init__(self, look: WallTheme, layout: Layout, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("wall_layout")
        self._look = look
        look.follow(self)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self._parts: list[_CellPart] = []
        self._pictures: dict[int, QPixmap] = {}
        self._texts = CellTexts()
        self.layout_shown = layout
        self._build(layout)

    def set_layout(self, layout: Layout) -> None:
        """Draw `layout` instead (its cells are built again)."""
        if layout == self.layout_shown:
            return
        for part in self._parts:
            for label in part.labels:
                label.deleteLater()
        self.layout_shown = layout
        self._build(layout)
        self._place()
        self.show_texts(self._texts)
        self.update()

    def _build(self, layout: Layout) -> None:
        self._parts = []
        self._pictures = {}
        for index, cell in enumerate(layout.cells):
            if cell.kind in PICTURE_KINDS:
                if cell.kind is CellKind.IMAGE:
                    self._pictures[index] = _pixmap(cell.image)
                continue
            self._parts.append(_CellPart(self._look, cell, self))

    def show_texts(self, texts: CellTexts) -> None:
        """Show what each cell says now; only labels whose text changed repaint."""
        self._texts = texts
        for part in self._parts:
            part.show_lines(texts.for_cell(part.cell))

    def labels_of(self, kind: CellKind) -> list[FitLabel]:
        """The labels of every cell of `kind`, in order (for tests and the editor's preview)."""
        return [label for part in self._parts if part.cell.kind is kind for label in part.labels]

    def _cell_rect(self, cell: Cell) -> QRect:
        x, y, w, h = cell.rect.fractions()
        width, height = self.width(), self.height()
        left, top = round(x * width), round(y * height)
        return QRect(left, top, round((x + w) * width) - left, round((y + h) * height) - top)

    def _place(self) -> None:
        for part in self._parts:
            part.place(self._cell_rect(part.cell))

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Every cell keeps its share of the screen."""
        self._place()
        super().resizeEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        """The wall's background, each filled cell's background, and the pictures."""
        painter = QPainter(self)
        painter.fillRect(event.rect(), self._look.BACKGROUND)
        for index, cell in enumerate(self.layout_shown.cells):
            rect = self._cell_rect(cell)
            if cell.style.background:
                painter.fillRect(rect, self._look.live(_colour(self._look, cell.style.background)))
            picture = self._pictures.get(index)
            if picture is not None and not picture.isNull():
                scaled = picture.scaled(
                    rect.size(),
                    Qt.AspectRatioMode.KeepAspectRatio,
                    Qt.TransformationMode.SmoothTransformation,
                )
                x = rect.left() + (rect.width() - scaled.width()) // 2
                y = rect.top() + (rect.height() - scaled.height()) // 2
                painter.drawPixmap(x, y, scaled)


def _pixmap(data: str) -> QPixmap:
    """The image cell's PNG (a null pixmap when it does not load: the cell stays empty)."""
    pixmap = QPixmap()
    try:
        pixmap.loadFromData(base64.b64decode(data, validate=True), "PNG")
    except (binascii.Error, ValueError):
        return QPixmap()
    return pixmap
