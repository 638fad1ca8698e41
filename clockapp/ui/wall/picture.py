"""`Picture`: an image drawn as large as its box allows, its shape kept (a logo, a slide)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPixmap
from PySide6.QtWidgets import QSizePolicy, QWidget


class Picture(QWidget):
    """A pixmap fitted to the widget and centred (or aligned left), nothing when null."""

    def __init__(self, parent: QWidget | None = None, align_left: bool = False) -> None:
        super().__init__(parent)
        self._pixmap = QPixmap()
        self._key = ""
        self._left = align_left
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)

    def set_pixmap(self, pixmap: QPixmap, key: str = "") -> None:
        """Draw `pixmap`; `key` names it, so the same image set again costs nothing."""
        if key and key == self._key:
            return
        self._pixmap, self._key = pixmap, key
        self.update()

    def has_image(self) -> bool:
        """Whether there is anything to draw."""
        return not self._pixmap.isNull()

    def sizeHint(self) -> QSize:
        """Text-independent, like FitLabel: the layout's stretch sizes it."""
        return QSize(10, 10)

    def paintEvent(self, _event: QPaintEvent) -> None:
        """The image, scaled smoothly to fit."""
        if self._pixmap.isNull():
            return
        size = self._pixmap.size().scaled(self.size(), Qt.AspectRatioMode.KeepAspectRatio)
        x = 0 if self._left else (self.width() - size.width()) / 2
        target = QRectF(x, (self.height() - size.height()) / 2, size.width(), size.height())
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.drawPixmap(target, self._pixmap, QRectF(self._pixmap.rect()))
