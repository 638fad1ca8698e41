"""The `?` overlay: every shortcut of the actions registry, over the clock.

It is built from `clockapp.ui.actions.Action`, so a new action appears here without editing this
file. Clicking it or pressing `?` or Esc hides it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QMouseEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QGridLayout, QWidget

from clockapp.ui.actions import Action
from clockapp.ui.clock import theme
from clockapp.ui.clock.widgets import FitLabel

LEFT = Qt.AlignmentFlag.AlignLeft
RIGHT = Qt.AlignmentFlag.AlignRight


class HelpOverlay(QWidget):
    """A dimmed sheet listing each action's keys, name and description."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        grid = QGridLayout(self)
        self._grid = grid
        self.title = FitLabel("Keyboard", fill=0.7, align=LEFT)
        grid.addWidget(self.title, 0, 0, 1, 3)
        grid.setRowStretch(0, 16)
        self.rows: dict[Action, tuple[FitLabel, FitLabel, FitLabel]] = {}
        row = 1
        group = None
        for action in Action:
            if action.group != group:
                group = action.group
                header = FitLabel(group.upper(), color=theme.BLINDS, fill=0.6, align=LEFT)
                grid.addWidget(header, row, 0, 1, 3)
                grid.setRowStretch(row, 10)
                row += 1
            keys = FitLabel(action.shortcut_label(), color=theme.BLINDS, fill=0.62, align=RIGHT)
            name = FitLabel(action.text, fill=0.62, weight=QFont.Weight.Medium, align=LEFT)
            text = FitLabel(
                action.description,
                color=theme.MUTED,
                fill=0.58,
                weight=QFont.Weight.Medium,
                align=LEFT,
            )
            grid.addWidget(keys, row, 0)
            grid.addWidget(name, row, 1)
            grid.addWidget(text, row, 2)
            grid.setRowStretch(row, 10)
            self.rows[action] = (keys, name, text)
            row += 1
        grid.setColumnStretch(0, 20)
        grid.setColumnStretch(1, 26)
        grid.setColumnStretch(2, 54)

    def listed(self) -> list[tuple[str, str, str]]:
        """(keys, name, description) as shown, in order."""
        return [(k.text(), n.text(), d.text()) for k, n, d in self.rows.values()]

    def toggle(self) -> None:
        """Show it over the whole parent, or hide it."""
        if self.isVisible():
            self.hide()
        else:
            parent = self.parentWidget()
            if parent is not None:
                self.setGeometry(parent.rect())
            self.show()
            self.raise_()

    def resizeEvent(self, event) -> None:
        """Keep margins proportional."""
        h, w = self.height(), self.width()
        self._grid.setContentsMargins(
            round(w * 0.08), round(h * 0.06), round(w * 0.08), round(h * 0.06)
        )
        self._grid.setHorizontalSpacing(round(w * 0.02))
        self._grid.setVerticalSpacing(0)
        super().resizeEvent(event)

    def mousePressEvent(self, _event: QMouseEvent) -> None:
        """A click anywhere closes the help."""
        self.hide()

    def paintEvent(self, _event: QPaintEvent) -> None:
        """A dark, nearly opaque sheet so the list reads over the digits."""
        painter = QPainter(self)
        color = QColor(theme.BACKGROUND)
        color.setAlpha(246)
        painter.fillRect(self.rect(), color)
