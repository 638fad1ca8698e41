"""Chip swatches: a denomination drawn as a small casino chip, for tables, lists and labels."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPen, QPixmap, QPixmapCache

from clockapp.core.chips import Denomination
from clockapp.formats import chips as format_chips


def _edge_color(fill: QColor) -> QColor:
    # Edge spots in white show on dark chips; light chips (white, yellow) get dark spots instead.
    return QColor("#37474f") if fill.lightness() > 190 else QColor("#ffffff")


def paint_chip(painter: QPainter, rect: QRectF, hex_color: str, value: int | None = None) -> None:
    """Draw a chip filling the square `rect`: a colored disc, edge spots, and the value inside."""
    fill = QColor(hex_color)
    edge = _edge_color(fill)
    side = min(rect.width(), rect.height())
    center = rect.center()
    radius = side / 2 - 0.5
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    outline = QColor("#263238") if fill.lightness() > 190 else fill.darker(160)
    painter.setPen(QPen(outline, max(1.0, side / 22)))
    painter.setBrush(fill)
    painter.drawEllipse(center, radius, radius)
    # Six edge inserts, as on a real clay chip.
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(edge)
    spot = max(1.5, side / 9)
    for k in range(6):
        angle = math.radians(k * 60 + 30)
        x = center.x() + (radius - spot * 0.75) * math.cos(angle)
        y = center.y() + (radius - spot * 0.75) * math.sin(angle)
        painter.drawEllipse(QPointF(x, y), spot * 0.6, spot * 0.6)
    inner = radius * 0.62
    painter.setPen(QPen(edge, max(1.0, side / 26), Qt.PenStyle.DashLine))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(center, inner, inner)
    if value is not None and side >= 26:
        font = QFont(painter.font())
        text = _short_value(value)
        font.setPixelSize(max(6, round(inner * (1.05 if len(text) <= 2 else 0.8))))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(edge)
        box = QRectF(center.x() - inner, center.y() - inner, 2 * inner, 2 * inner)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
    painter.restore()


def _short_value(value: int) -> str:
    """`5`, `25`, `1K`, `25K`: what fits on a chip face."""
    if value >= 1000 and value % 1000 == 0:
        return f"{value // 1000}K"
    return str(value)


def chip_pixmap(hex_color: str, size: int = 18, value: int | None = None) -> QPixmap:
    """A chip of `size` pixels on a transparent background (drawn once, then from Qt's pixmap
    cache: the cashier shows the same few chips after every sale)."""
    key = f"clockapp-chip:{hex_color}:{size}:{value}"
    found = QPixmapCache.find(key)  # type: ignore[call-overload]  # PySide6 returns the pixmap
    if isinstance(found, QPixmap) and not found.isNull():
        return found
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    paint_chip(painter, QRectF(0, 0, size, size), hex_color, value)
    painter.end()
    QPixmapCache.insert(key, pixmap)
    return pixmap


def chip_icon(denomination: Denomination, size: int = 18) -> QIcon:
    """The denomination as an icon (for combo boxes, buttons and check boxes)."""
    return QIcon(chip_pixmap(denomination.hex, size))


def chips_html(parts: list[tuple[Denomination, int]]) -> str:
    """`6 x ● T100 + ...` as rich text, each chip's color shown as a dot (for labels)."""
    pieces = []
    for denomination, count in parts:
        dot = f'<span style="color:{denomination.hex}; font-size:large;">●</span>'
        pieces.append(f"{count} × {dot}&nbsp;T{format_chips(denomination.value)}")
    return " + ".join(pieces)
