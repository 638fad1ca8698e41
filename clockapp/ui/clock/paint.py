"""Painting the clock display without PySide's `Qt` namespace.

The first use of anything in `Qt` builds all of its ~95 Python enums at once: about 40 ms, a
sixth of a bare Qt window's whole start-up, in a first clock frame that must stay within 1.5x of
one (bench/bench_startup.py). Not only `Qt.X` itself counts: a call whose overloads include a
`Qt` enum builds them to try that overload (`QPainter.setPen` and `setBrush`, `QBrush(QColor)`,
`QColor(QColor)`, a `QColor` compared with None: `same_color` instead). So the display's
widgets paint through these helpers, which only call overloads without one:

- a shape is filled with `QPainter.fillPath` and a solid brush taken from a palette;
- an outline is `QPainter.strokePath` with a pen made of such a brush;
- text is drawn in the painter's first pen, which Qt takes from the widget's palette
  (`set_text_color` keeps that colour), and `QPainter.drawText` takes Qt's alignment bits as a
  plain int.

tests/ui/test_startup_imports.py checks that the first frame leaves `Qt` unbuilt.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPalette, QPen
from PySide6.QtWidgets import QWidget

#: Qt's alignment bits (Qt::AlignLeft, Qt::AlignRight, Qt::AlignCenter, Qt::AlignVCenter).
ALIGN_LEFT = 0x0001
ALIGN_RIGHT = 0x0002
ALIGN_CENTER = 0x0084
ALIGN_VCENTER = 0x0080

_TEXT = QPalette.ColorRole.WindowText  # the role of a widget's painter's first pen


def solid_brush(color: QColor) -> QBrush:
    """A solid brush of `color` (the palette's own: `QBrush(QColor)` would build `Qt`)."""
    palette = QPalette()
    palette.setColor(_TEXT, color)
    return palette.brush(_TEXT)


def rounded(rect: QRectF, radius: float) -> QPainterPath:
    """A rectangle with rounded corners, as a shape to fill or outline."""
    shape = QPainterPath()
    shape.addRoundedRect(rect, radius, radius)
    return shape


def fill(painter: QPainter, shape: QPainterPath | QRectF, color: QColor) -> None:
    """Fill `shape` (a path, or a plain rectangle) with `color`, with no outline."""
    painter.fillPath(_path(shape), solid_brush(color))


def outline(painter: QPainter, shape: QPainterPath | QRectF, color: QColor, width: float) -> None:
    """Draw the outline of `shape` (a path, or a plain rectangle) in `color`, `width` pixels
    wide, filling nothing."""
    painter.strokePath(_path(shape), QPen(solid_brush(color), width))


def _path(shape: QPainterPath | QRectF) -> QPainterPath:
    if isinstance(shape, QPainterPath):
        return shape
    path = QPainterPath()
    path.addRect(shape)
    return path


def same_color(one: QColor | None, other: QColor | None) -> bool:
    """Whether two colours, either of them None, are the same."""
    if one is None or other is None:
        return one is other
    return one == other


def set_text_color(widget: QWidget, color: QColor) -> None:
    """Make `color` the first pen of the widget's painters (its palette's text colour)."""
    palette = widget.palette()
    if palette.color(_TEXT).rgba() != color.rgba():
        palette.setColor(_TEXT, color)
        widget.setPalette(palette)


def draw_text(painter: QPainter, rect: QRectF, align: int, text: str, color: QColor) -> None:
    """Draw `text` in `rect` at `align` (centred vertically), in `color`.

    The painter's pen is the widget's text colour (`set_text_color`); only a colour that differs
    (the theme was switched since) needs `setPen`, long after the first frame.
    """
    if painter.pen().color().rgba() != color.rgba():
        painter.setPen(color)
    painter.drawText(rect, align | ALIGN_VCENTER, text)
