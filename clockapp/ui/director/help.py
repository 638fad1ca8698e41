"""The `?` overlay: every shortcut of the actions registry, and each window's own keys, over the
director's window (where the key was pressed: never on the wall, which shows only what the room
should see).

The left half is built from `clockapp.ui.actions.Action`, so a new action appears here without
editing this file. The right half lists the keys that work inside the cashier, tables and rulings
windows and the structure editor (`clockapp.ui.actions.help_sections`, from the same registry), so
the director finds every key of the app in one place. Clicking the sheet or pressing `?` or Esc
hides it.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QColor, QFont, QMouseEvent, QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QWidget

from clockapp.ui.actions import Action, help_sections
from clockapp.ui.display import theme
from clockapp.ui.display.widgets import FitLabel

LEFT = Qt.AlignmentFlag.AlignLeft
RIGHT = Qt.AlignmentFlag.AlignRight
MEDIUM = QFont.Weight.Medium

KeyList = Sequence[tuple[str, str]]


def window_keys() -> tuple[tuple[str, KeyList], ...]:
    """(title, [(keys, what they do)]) of each window that has keys of its own."""
    return help_sections()


class _Column:
    """One column of the sheet: a grid of fitted lines, every line the same height."""

    def __init__(self, weights: Sequence[int]) -> None:
        self.grid = QGridLayout()
        self.grid.setVerticalSpacing(0)
        for column, weight in enumerate(weights):
            self.grid.setColumnStretch(column, weight)
        self.width = len(weights)
        self.rows = 0

    def header(self, text: str) -> FitLabel:
        label = FitLabel(text.upper(), color=theme.BLINDS, fill=0.6, align=LEFT)
        return self.add(label)

    def add(self, *labels: FitLabel) -> FitLabel:
        span = self.width - len(labels) + 1  # the last label takes the columns left over
        for column, label in enumerate(labels):
            self.grid.addWidget(
                label, self.rows, column, 1, span if column == len(labels) - 1 else 1
            )
        self.grid.setRowStretch(self.rows, 10)
        self.rows += 1
        return labels[0]

    def pad_to(self, rows: int) -> None:
        """Keep empty lines at the bottom so lines are as tall as in the longest column."""
        if rows > self.rows:
            self.grid.setRowStretch(rows, 10 * (rows - self.rows))


class HelpOverlay(QWidget):
    """A dimmed sheet listing each action's keys, name and description, and each window's keys.

    Args:
        parent: The window it covers (the director's).
        windows: The windows' keys (default: `window_keys()`).
    """

    def __init__(
        self, parent: QWidget, windows: Sequence[tuple[str, KeyList]] | None = None
    ) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        root = QHBoxLayout(self)
        self._root = root
        actions = _Column((24, 27, 49))
        self.title = actions.add(FitLabel("Keyboard", fill=0.7, align=LEFT))
        self.rows: dict[Action, tuple[FitLabel, FitLabel, FitLabel]] = {}
        group = None
        for action in Action:
            if action.group != group:
                group = action.group
                actions.header(group)
            keys = FitLabel(action.shortcut_label(), color=theme.BLINDS, fill=0.62, align=RIGHT)
            name = FitLabel(action.text, fill=0.62, weight=MEDIUM, align=LEFT)
            text = FitLabel(
                action.description, color=theme.MUTED, fill=0.58, weight=MEDIUM, align=LEFT
            )
            actions.add(keys, name, text)
            self.rows[action] = (keys, name, text)

        # The windows' keys, in two columns: each window stays in one piece.
        self.window_rows: dict[str, list[tuple[FitLabel, FitLabel]]] = {}
        sections = tuple(window_keys() if windows is None else windows)
        columns = [_Column((43, 57)), _Column((43, 57))]
        split = _balanced_split([len(pairs) + 1 for _title, pairs in sections])
        for index, (title, pairs) in enumerate(sections):
            column = columns[0 if index < split else 1]
            if column.rows == 0:
                column.add(FitLabel("", fill=0.7))  # level with the title on the left
            column.header(title)
            lines = []
            for key, what in pairs:
                key_label = FitLabel(key, color=theme.BLINDS, fill=0.58, align=RIGHT)
                what_label = FitLabel(what, color=theme.MUTED, fill=0.58, weight=MEDIUM, align=LEFT)
                column.add(key_label, what_label)
                lines.append((key_label, what_label))
            self.window_rows[title] = lines
        # Lines of one kind share one size (a long one may still shrink on its own).
        self._kinds: list[list[FitLabel]] = [
            [labels[0] for labels in self.rows.values()],
            [labels[1] for labels in self.rows.values()],
            [labels[2] for labels in self.rows.values()],
            [key for lines in self.window_rows.values() for key, _what in lines],
            [what for lines in self.window_rows.values() for _key, what in lines],
        ]
        longest = max(actions.rows, *(c.rows for c in columns))
        for column in (actions, *columns):
            column.pad_to(longest)
        root.addLayout(actions.grid, 52)
        for column in columns:
            root.addLayout(column.grid, 24)
        self._grids = (actions.grid, *(column.grid for column in columns))

    def listed(self) -> list[tuple[str, str, str]]:
        """(keys, name, description) of each registry action as shown, in order."""
        return [(k.text(), n.text(), d.text()) for k, n, d in self.rows.values()]

    def listed_window_keys(self) -> dict[str, list[tuple[str, str]]]:
        """Each window's (keys, what they do) as shown, by section title."""
        return {
            title: [(k.text(), w.text()) for k, w in lines]
            for title, lines in self.window_rows.items()
        }

    def even_out(self) -> None:
        """Give the lines of each kind one size: the one that nearly all of them fit at."""
        for labels in self._kinds:
            sizes = sorted(label.fitted_pixel() for label in labels if label.text())
            if sizes:
                cap = sizes[len(sizes) // 8]  # the few longest lines shrink on their own
                for label in labels:
                    label.setMaxPixel(cap)

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

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Keep margins proportional."""
        h, w = self.height(), self.width()
        self._root.setContentsMargins(
            round(w * 0.04), round(h * 0.05), round(w * 0.04), round(h * 0.05)
        )
        self._root.setSpacing(round(w * 0.03))
        for grid in self._grids:
            grid.setHorizontalSpacing(round(w * 0.01))
        super().resizeEvent(event)
        # After the layout has placed the lines at the new size.
        QTimer.singleShot(0, self, self.even_out)

    def mousePressEvent(self, _event: QMouseEvent) -> None:
        """A click anywhere closes the help."""
        self.hide()

    def paintEvent(self, _event: QPaintEvent) -> None:
        """A dark sheet so the list reads over the window it covers."""
        painter = QPainter(self)
        color = QColor(theme.BACKGROUND)
        color.setAlpha(255)  # over the director's light window: nothing shows through
        painter.fillRect(self.rect(), color)


def _balanced_split(sizes: Sequence[int]) -> int:
    """Where to split sections in order so the two columns are as even as possible.

    >>> _balanced_split([16, 10, 9]), _balanced_split([3, 3, 3, 3]), _balanced_split([5])
    (1, 2, 1)
    """
    total = sum(sizes)
    best, best_gap, running = 1, total, 0
    for index, size in enumerate(sizes[:-1] if len(sizes) > 1 else sizes, start=1):
        running += size
        gap = abs(total - 2 * running)
        if gap < best_gap:
            best, best_gap = index, gap
    return best
