"""Painted building blocks of the clock display.

`FitLabel` draws one line of text as large as its box allows (a share of the box height, shrunk
when the text is too wide), so the display scales from 1280x720 to 4K and nothing is ever cut
off. Its size hint ignores its text: changing the digits repaints the label and never re-lays out
the window, which keeps the once-a-second update cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QVBoxLayout, QWidget

from clockapp.ui.display import theme

if TYPE_CHECKING:
    from clockapp.ui.display.theme import WallTheme

if TYPE_CHECKING:
    from PySide6.QtGui import QPaintEvent

#: Where a `FitLabel`'s text sits across its box (it is always centred vertically).
LEFT = Qt.AlignmentFlag.AlignLeft
RIGHT = Qt.AlignmentFlag.AlignRight
CENTER = Qt.AlignmentFlag.AlignHCenter


class FitLabel(QWidget):
    """One line of text, fitted to the widget's box.

    Args:
        look: The theme the label draws with (it repaints when the palette switches).
        text: The initial text.
        color: The text color (None: the palette's text colour, following theme changes).
        fill: The text's cap height as a share of the box height (0..1).
        weight: The font weight.
        align: Where the text sits across the box (`LEFT`, `CENTER`, `RIGHT`).
        template: Fit this text's width instead of the current text, so a countdown keeps one size
            while its digits change (e.g. "00:00").
        background: Fill the box with this color (a banner), or None for transparent.
        edge: Outline the filled box in this color (a white card on a pale wall), or None.
        least: The smallest the text may shrink to, as a share of the size the box allows (0:
            any size); a text still too wide at that size ends with "…" (a long name on the
            wall stays readable instead of shrinking to a few pixels).
    """

    def __init__(
        self,
        look: WallTheme,
        text: str = "",
        *,
        color: QColor | None = None,
        fill: float = 0.72,
        weight: QFont.Weight = QFont.Weight.Bold,
        align: Qt.AlignmentFlag = CENTER,
        template: str | None = None,
        background: QColor | None = None,
        edge: QColor | None = None,
        least: float = 0.0,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._look = look
        look.follow(self)
        self._text = text
        self._least = least
        # A palette colour follows the theme (a default evaluated once would not).
        self._color = look.keep(look.TEXT if color is None else color)
        self._fill = fill
        self._weight = weight
        self._align = align | Qt.AlignmentFlag.AlignVCenter
        self._template = template
        self._background = None if background is None else look.keep(background)
        self._edge = None if edge is None else look.keep(edge)
        self._font_cache: tuple[tuple[int, int, str, int], QFont] | None = None
        self._max_pixel = 0  # 0: no cap; else the largest pixel size (lines of a list match)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)

    # ---------------------------------------------------------------- state

    def text(self) -> str:
        """The text shown."""
        return self._text

    def setText(self, text: str) -> None:
        """Show `text`; repaints only when it differs."""
        if text != self._text:
            self._text = text
            self.update()

    def color(self) -> QColor:
        """The text color (as drawn now, in the current palette)."""
        return QColor(self._look.live(self._color))

    def setColor(self, color: QColor) -> None:
        """Change the text color."""
        kept = self._look.keep(color)
        if kept != self._color or getattr(kept, "role", None) != getattr(self._color, "role", None):
            self._color = kept
            self.update()

    def setBackground(self, color: QColor | None) -> None:
        """Fill the box (a banner) or not."""
        if color != self._background:
            self._background = None if color is None else self._look.keep(color)
            self.update()

    def setTemplate(self, template: str | None) -> None:
        """Fit this text's width instead of the current text's."""
        if template != self._template:
            self._template = template
            self._font_cache = None
            self.update()

    def setMaxPixel(self, pixel: int) -> None:
        """Never draw larger than `pixel` (0: no cap), so the lines of a list share one size."""
        if pixel != self._max_pixel:
            self._max_pixel = pixel
            self._font_cache = None
            self.update()

    def sizeHint(self) -> QSize:
        """Deliberately small and text-independent: the layout's stretch factors size labels."""
        return QSize(10, 10)

    def minimumSizeHint(self) -> QSize:
        """No minimum: the text shrinks instead."""
        return QSize(0, 0)

    # ---------------------------------------------------------------- painting

    def fitted_pixel(self) -> int:
        """The pixel size the text fits at in the box, before any cap."""
        sample = self._template or self._text
        # Inter's cap height is ~0.73 of its pixel size: size the capitals, not the em box.
        pixel = max(1, int(max(1.0, float(self.height())) * self._fill / 0.73))
        if sample:
            width, usable = theme.text_width(sample, pixel, self._weight), self._usable_width()
            if width > usable:
                pixel = max(1, int(pixel * usable / width), int(pixel * self._least))
        return pixel

    def _usable_width(self) -> float:
        return max(1.0, float(self.width())) * (0.94 if self._background is not None else 1.0)

    def fitted_font(self) -> QFont:
        """The font the text is drawn with at the current size."""
        sample = self._template or self._text
        key = (self.width(), self.height(), sample, self._max_pixel)
        if self._font_cache is not None and self._font_cache[0] == key:
            return self._font_cache[1]
        pixel = self.fitted_pixel()
        if self._max_pixel:
            pixel = min(pixel, self._max_pixel)
        font = theme.display_font(pixel, self._weight)
        if sample and pixel > 1:
            # The width was scaled from another size (`theme.text_width`); where the platform's
            # hinting makes the text wider at this size (by more than a pixel), shrink it again.
            width, usable = QFontMetricsF(font).horizontalAdvance(sample), self._usable_width()
            if width > usable + 1 and not self._least:
                pixel = max(1, int(pixel * usable / width))
                font = theme.display_font(pixel, self._weight)
        self._font_cache = (key, font)
        return font

    def paintEvent(self, _event: QPaintEvent) -> None:
        """Draw the (optional) banner and the text."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(self.rect())
        if self._background is not None:
            radius = rect.height() * 0.18
            if self._edge is None:
                painter.setPen(Qt.PenStyle.NoPen)
            else:
                width = max(1.0, rect.height() * 0.02)
                painter.setPen(QPen(self._look.live(self._edge), width))
                rect = rect.adjusted(width / 2, width / 2, -width / 2, -width / 2)
            painter.setBrush(self._look.live(self._background))
            painter.drawRoundedRect(rect, radius, radius)
        if not self._text:
            return
        font = self.fitted_font()
        painter.setFont(font)
        if self._background is not None:
            rect = rect.adjusted(rect.width() * 0.03, 0, -rect.width() * 0.03, 0)
        painter.setPen(self._look.live(self._color))
        painter.drawText(rect, self._align, self.shown_text(font))

    def shown_text(self, font: QFont | None = None) -> str:
        """The text as drawn: cut with "…" when it cannot shrink enough (`least`)."""
        metrics = QFontMetricsF(font or self.fitted_font())
        usable = self._usable_width()
        if not self._least or metrics.horizontalAdvance(self._text) <= usable + 1:
            return self._text
        return metrics.elidedText(self._text, Qt.TextElideMode.ElideRight, usable)


class ProgressStrip(QWidget):
    """A thin rounded bar: how much of the level has gone by."""

    def __init__(self, look: WallTheme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._look = look
        look.follow(self)
        self._fraction = 0.0
        self._color: QColor = look.keep(look.TEXT)
        self._filled_px = -1
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)

    def fraction(self) -> float:
        """The share of the level elapsed, 0..1."""
        return self._fraction

    def set_fraction(self, fraction: float, color: QColor | None = None) -> None:
        """Show `fraction` (clamped to 0..1); repaints only when a pixel changes."""
        fraction = min(1.0, max(0.0, fraction))
        self._fraction = fraction
        repaint = False
        if color is not None and color != self._color:
            self._color = self._look.keep(color)
            repaint = True
        filled = round(fraction * self.width())
        if filled != self._filled_px or repaint:
            self._filled_px = filled
            self.update()

    def sizeHint(self) -> QSize:
        """Text-independent, like FitLabel."""
        return QSize(10, 4)

    def paintEvent(self, _event: QPaintEvent) -> None:
        """Draw the track and the filled part."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(self.rect())
        radius = rect.height() / 2
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self._look.TRACK)
        painter.drawRoundedRect(rect, radius, radius)
        if self._fraction > 0:
            filled = QRectF(rect.x(), rect.y(), rect.width() * self._fraction, rect.height())
            painter.setBrush(self._look.live(self._color))
            painter.drawRoundedRect(filled, radius, radius)


class Panel(QWidget):
    """A rounded dark card behind a group of labels."""

    def __init__(
        self, look: WallTheme, parent: QWidget | None = None, edge: QColor | None = None
    ) -> None:
        super().__init__(parent)
        self._look = look
        look.follow(self)
        self._edge = edge
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)

    def paintEvent(self, _event: QPaintEvent) -> None:
        """Draw the card."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(self.rect()).adjusted(1, 1, -1, -1)
        radius = min(rect.width(), rect.height()) * 0.06
        look = self._look
        edge = look.live(self._edge) if self._edge is not None else look.PANEL_EDGE
        painter.setPen(QPen(edge, max(1.0, self.height() * 0.004)))
        painter.setBrush(look.PANEL)
        painter.drawRoundedRect(rect, radius, radius)


class StatBlock(QWidget):
    """A caption over a big value (and an optional smaller line under it)."""

    def __init__(
        self, look: WallTheme, caption: str, color: QColor | None = None, sub: bool = False
    ) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        self.caption = FitLabel(
            look,
            caption,
            color=look.MUTED,
            fill=0.62,
            weight=QFont.Weight.Medium,
            align=LEFT,
        )
        self.value = FitLabel(look, "", color=color, fill=0.74, align=LEFT)
        layout.addWidget(self.caption, 10)
        layout.addWidget(self.value, 22)
        self.sub: FitLabel | None = None
        if sub:
            self.sub = FitLabel(
                look,
                "",
                color=look.MUTED,
                fill=0.66,
                weight=QFont.Weight.Medium,
                align=LEFT,
            )
            layout.addWidget(self.sub, 11)

    def labels(self) -> tuple[FitLabel, ...]:
        """The caption, the value and the line under it (when there is one)."""
        return (self.caption, self.value, *((self.sub,) if self.sub is not None else ()))


def share_one_size(labels: list[FitLabel]) -> None:
    """Every label of a list in one size: the smallest any of them needs to fit its box."""
    for label in labels:
        label.setMaxPixel(0)
    sizes = [label.fitted_pixel() for label in labels if label.text()]
    if sizes:
        for label in labels:
            label.setMaxPixel(min(sizes))
