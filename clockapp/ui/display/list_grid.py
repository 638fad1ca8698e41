"""`ListGrid`: a list on the wall, one line per finisher or team: a place, a name and a figure.

The winner screen's final places and the standings screen's lines are the same list: the place
muted on the left, the name, the figure (a prize, points) in the blinds' colour on the right, the
lines sharing one type size (`share_one_size`), and a short list keeping the room of a few lines
so that two lines read large but never shout.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QGridLayout, QWidget

from clockapp.ui.display.theme import WallTheme
from clockapp.ui.display.widgets import FitLabel, share_one_size

LEFT = Qt.AlignmentFlag.AlignLeft
RIGHT = Qt.AlignmentFlag.AlignRight
MEDIUM = QFont.Weight.Medium

#: One line's labels: the place (or rank), the name, the figure.
Line = tuple[FitLabel, FitLabel, FitLabel]


class ListGrid(QWidget):
    """`lines` lines of three labels; the columns share the width as `stretches` say."""

    def __init__(
        self,
        look: WallTheme,
        lines: int,
        *,
        fill: float,
        stretches: tuple[int, int, int],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setVerticalSpacing(0)
        self._grid = grid
        self.rows: list[Line] = []
        for row in range(lines):
            place = FitLabel(look, "", color=look.MUTED, fill=fill, weight=MEDIUM, align=LEFT)
            name = FitLabel(look, "", fill=fill, weight=MEDIUM, align=LEFT)
            figure = FitLabel(look, "", color=look.BLINDS, fill=fill, weight=MEDIUM, align=RIGHT)
            for column, label in enumerate((place, name, figure)):
                grid.addWidget(label, row, column)
            grid.setRowStretch(row, 1)
            self.rows.append((place, name, figure))
        for column, stretch in enumerate(stretches):
            grid.setColumnStretch(column, stretch)

    def use_lines(self, used: int, min_lines: int) -> None:
        """Show the first `used` lines; fewer than `min_lines` leave the room of the missing
        lines empty below them (a short list stays readable, not giant). The lines shown then
        share one size."""
        for row, labels in enumerate(self.rows):
            self._grid.setRowStretch(row, 1 if row < used else 0)
            for label in labels:
                label.setVisible(row < used)
        self._grid.setRowStretch(len(self.rows), max(0, min_lines - used))
        self.share_size()

    def share_size(self) -> None:
        """Every line shown in one size: the smallest any of them needs to fit."""
        share_one_size([label for row in self.rows for label in row if label.isVisibleTo(self)])

    def follow_width(self, width: int) -> None:
        """Space the columns for a screen `width` pixels wide."""
        self._grid.setHorizontalSpacing(round(width * 0.02))
