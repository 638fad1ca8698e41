"""The director's message on the wall ("Last hand before the break", "Dinner is served")."""

from __future__ import annotations

from PySide6.QtGui import QFont, QResizeEvent
from PySide6.QtWidgets import QVBoxLayout, QWidget

from clockapp.core.wall import MESSAGE, WallMoment
from clockapp.ui.display.theme import WallTheme
from clockapp.ui.display.widgets import FitLabel
from clockapp.ui.wall.stage import register

#: How many characters of a message line the wall shows (the rest would be too small to read).
LINE_CHARS = 60


class MessageMoment(QWidget):
    """A title in large type and up to three lines under it."""

    def __init__(self, look: WallTheme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("wall_message")
        root = QVBoxLayout(self)
        self._root = root
        self.title_label = FitLabel(look, "", color=look.BREAK, fill=0.7)
        root.addStretch(2)
        root.addWidget(self.title_label, 24)
        self.line_labels = [
            FitLabel(look, "", fill=0.62, weight=QFont.Weight.Medium) for _ in range(3)
        ]
        for label in self.line_labels:
            root.addWidget(label, 10)
        root.addStretch(3)

    def show_moment(self, moment: WallMoment) -> None:
        """Draw the moment's title and text."""
        title = str(moment.payload.get("title", ""))[:LINE_CHARS]
        lines = str(moment.payload.get("text", "")).splitlines()[: len(self.line_labels)]
        self.title_label.setText(title)
        for label, line in zip(self.line_labels, [*lines, "", "", ""], strict=False):
            label.setText(line[:LINE_CHARS])

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Margins follow the screen's size."""
        x, y = round(self.width() * 0.06), round(self.height() * 0.05)
        self._root.setContentsMargins(x, y, x, y)
        super().resizeEvent(event)


register(MESSAGE, MessageMoment)
