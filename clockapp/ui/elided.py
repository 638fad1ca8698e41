"""A one-line label that gives up width before its window does.

A header line built from the tournament's data (its name, the entry rules, the prize pool) can be
longer than a 1366-pixel laptop screen; a plain `QLabel` then asks for all of it as its minimum
width and pushes its window off the screen. `ElidedLabel` asks for its whole text when there is
room, shows '…' where the text does not fit when there is not, and keeps the whole text in its
tooltip and in `text()`.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QWidget

#: The least width the label asks for: a few characters and the ellipsis.
MIN_WIDTH = 48


class ElidedLabel(QLabel):
    """A label whose text is elided on the right when its width runs short."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._full = ""
        self.setText(text)

    def setText(self, text: str) -> None:
        self._full = text
        self.setToolTip(text)
        self._show_fitting()
        self.updateGeometry()

    def text(self) -> str:
        """The whole text, as set (what the label shows may be shorter)."""
        return self._full

    def sizeHint(self) -> QSize:
        margins = self.contentsMargins()
        width = self.fontMetrics().horizontalAdvance(self._full) + margins.left() + margins.right()
        return QSize(width + 2, super().sizeHint().height())

    def minimumSizeHint(self) -> QSize:
        return QSize(min(MIN_WIDTH, self.sizeHint().width()), super().minimumSizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._show_fitting()

    def _show_fitting(self) -> None:
        shown = self.fontMetrics().elidedText(
            self._full, Qt.TextElideMode.ElideRight, max(0, self.contentsRect().width())
        )
        if shown != super().text():
            super().setText(shown)
