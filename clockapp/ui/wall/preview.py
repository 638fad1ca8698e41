"""`LookPreview`: the wall in small, drawn in a palette that is not the current one yet.

The Look dialog shows it while the host tries themes and colours: the event's name and logo,
the level, the countdown, the blinds, a break line and a paused banner, each in the colour the
wall would use, on the palette's background and panel.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPixmap
from PySide6.QtWidgets import QSizePolicy, QWidget

from clockapp.core.look import Palette
from clockapp.i18n import gettext as _
from clockapp.ui.display import theme


class LookPreview(QWidget):
    """A 16:9 sketch of the wall in `palette`."""

    def __init__(self, palette: Palette, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._palette = palette
        self._title = ""
        self._logo = QPixmap()
        self.setMinimumSize(384, 216)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def sizeHint(self) -> QSize:
        """A 16:9 box."""
        return QSize(480, 270)

    def hasHeightForWidth(self) -> bool:
        """Keeps the wall's shape."""
        return True

    def heightForWidth(self, width: int) -> int:
        """16:9."""
        return width * 9 // 16

    def show_look(self, palette: Palette, title: str, logo: QPixmap) -> None:
        """Draw `palette`, the event's `title` and `logo`."""
        self._palette, self._title, self._logo = palette, title, logo
        self.update()

    def color(self, role: str) -> QColor:
        """The colour the preview draws `role` in."""
        return QColor(self._palette.colours[role])

    def paintEvent(self, _event: QPaintEvent) -> None:
        """The sketch."""
        w, h = float(self.width()), float(self.height())
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), self.color("BACKGROUND"))
        family = theme.font_family()

        def text(role: str, rect: QRectF, value: str, size: float, align: Qt.AlignmentFlag) -> None:
            font = QFont(family)
            font.setPixelSize(max(1, round(size)))
            font.setWeight(QFont.Weight.Bold)
            p.setFont(font)
            p.setPen(self.color(role))
            p.drawText(rect, int(align | Qt.AlignmentFlag.AlignVCenter), value)

        left, center = Qt.AlignmentFlag.AlignLeft, Qt.AlignmentFlag.AlignHCenter
        x = w * 0.03
        if not self._logo.isNull():
            size = self._logo.size().scaled(
                round(w * 0.1), round(h * 0.09), Qt.AspectRatioMode.KeepAspectRatio
            )
            p.drawPixmap(
                QRectF(x, h * 0.03, size.width(), size.height()),
                self._logo,
                QRectF(self._logo.rect()),
            )
            x += size.width() + w * 0.015
        text(
            "TEXT",
            QRectF(x, h * 0.02, w * 0.6, h * 0.1),
            self._title or _("Your event"),
            h * 0.06,
            left,
        )
        text(
            "MUTED",
            QRectF(w * 0.7, h * 0.02, w * 0.27, h * 0.1),
            "21:45",
            h * 0.06,
            Qt.AlignmentFlag.AlignRight,
        )
        for px in (w * 0.03, w * 0.77):
            p.setPen(self.color("PANEL_EDGE"))
            p.setBrush(self.color("PANEL"))
            p.drawRoundedRect(QRectF(px, h * 0.17, w * 0.2, h * 0.62), h * 0.02, h * 0.02)
            text(
                "MUTED",
                QRectF(px + w * 0.02, h * 0.2, w * 0.17, h * 0.06),
                "PLAYERS",
                h * 0.04,
                left,
            )
            text(
                "TEXT",
                QRectF(px + w * 0.02, h * 0.27, w * 0.17, h * 0.1),
                "38 / 52",
                h * 0.07,
                left,
            )
            text(
                "BREAK",
                QRectF(px + w * 0.02, h * 0.4, w * 0.17, h * 0.08),
                "$4,160",
                h * 0.06,
                left,
            )
            text(
                "DIMMED",
                QRectF(px + w * 0.02, h * 0.52, w * 0.17, h * 0.07),
                "paused",
                h * 0.045,
                left,
            )
            text(
                "WARNING",
                QRectF(px + w * 0.02, h * 0.62, w * 0.17, h * 0.07),
                _("last minute"),
                h * 0.045,
                left,
            )
        mid = QRectF(w * 0.25, h * 0.15, w * 0.5, h * 0.1)
        text("TEXT", mid, "LEVEL 7", h * 0.06, center)
        text("TEXT", QRectF(w * 0.25, h * 0.24, w * 0.5, h * 0.3), "20:00", h * 0.26, center)
        banner = QRectF(w * 0.36, h * 0.56, w * 0.28, h * 0.07)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(self.color("PAUSED"))
        p.drawRoundedRect(banner, h * 0.015, h * 0.015)
        text("PAUSED_TEXT", banner, "PAUSED", h * 0.045, center)
        text("BLINDS", QRectF(w * 0.25, h * 0.64, w * 0.5, h * 0.14), "400 / 800", h * 0.1, center)
        text(
            "MUTED",
            QRectF(x * 0 + w * 0.03, h * 0.84, w * 0.6, h * 0.1),
            _("NEXT  Break · 15 min"),
            h * 0.05,
            left,
        )
