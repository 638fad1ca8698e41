"""A board on the wall: a title, up to a page of ranked lines, and summary lines under them.

The bounty board and the chip leaders both own one (`Board`) and fill it with their own figures;
the layout (shares of the height and width, margins that follow the screen) lives here only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtGui import QColor, QFont, QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QVBoxLayout, QWidget

from clockapp.ui.display.theme import WallTheme
from clockapp.ui.display.widgets import FitLabel
from clockapp.ui.wall.stage import LEFT, RIGHT

#: A line's share of the board's height (the title's is `TITLE_SHARE`).
LINE_SHARE = 6
TITLE_SHARE = 11


@dataclass(frozen=True)
class Text:
    """How one label of a board is drawn, and its share of the line (or of the board's height)."""

    share: int
    color: QColor | None = None
    fill: float = 0.62
    weight: QFont.Weight = QFont.Weight.Bold


class BoardLine(QWidget):
    """One line: the rank, the name, then the figures, right-aligned, in the given shares."""

    def __init__(
        self,
        look: WallTheme,
        parent: QWidget,
        *,
        rank_share: int,
        name_share: int,
        figures: Sequence[Text],
        name_least: float = 0.0,
    ) -> None:
        super().__init__(parent)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        medium = QFont.Weight.Medium
        self.rank_label = FitLabel(look, "", color=look.MUTED, fill=0.6, weight=medium, align=RIGHT)
        self.name_label = FitLabel(look, "", fill=0.62, align=LEFT, least=name_least)
        self.figure_labels = tuple(
            FitLabel(look, "", color=x.color, fill=x.fill, weight=x.weight, align=RIGHT)
            for x in figures
        )
        row.addWidget(self.rank_label, rank_share)
        row.addSpacing(12)
        row.addWidget(self.name_label, name_share)
        for label, figure in zip(self.figure_labels, figures, strict=True):
            row.addWidget(label, figure.share)

    def show_line(self, rank: int, name: str, figures: Sequence[str]) -> None:
        """Show `rank.`, the name and one text per figure."""
        self.rank_label.setText(f"{rank}.")
        self.name_label.setText(name)
        for label, text in zip(self.figure_labels, figures, strict=True):
            label.setText(text)


class Board(QWidget):
    """The title, `rows` lines (those not shown leave their room empty), then the summaries."""

    def __init__(
        self,
        look: WallTheme,
        title: str,
        *,
        rows: int,
        rank_share: int,
        name_share: int,
        figures: Sequence[Text],
        summaries: Sequence[Text],
        name_least: float = 0.0,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        root = QVBoxLayout(self)
        self._root = root
        self.title_label = FitLabel(look, title, color=look.BREAK, fill=0.7)
        root.addWidget(self.title_label, TITLE_SHARE)
        self.lines = [
            BoardLine(
                look,
                self,
                rank_share=rank_share,
                name_share=name_share,
                figures=figures,
                name_least=name_least,
            )
            for _ in range(rows)
        ]
        for line in self.lines:
            root.addWidget(line, LINE_SHARE)
        self._filler = QWidget(self)
        root.addWidget(self._filler, 0)
        self.summary_labels = tuple(
            FitLabel(look, "", color=x.color, fill=x.fill, weight=x.weight) for x in summaries
        )
        for label, summary in zip(self.summary_labels, summaries, strict=True):
            root.addWidget(label, summary.share)

    def shown_lines(self, count: int) -> list[BoardLine]:
        """Show the first `count` lines and hide the rest, keeping the summaries where they are."""
        count = min(count, len(self.lines))
        for i, line in enumerate(self.lines):
            line.setVisible(i < count)
        self._root.setStretchFactor(self._filler, LINE_SHARE * (len(self.lines) - count))
        return self.lines[:count]

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Margins follow the screen's size."""
        x, y = round(self.width() * 0.12), round(self.height() * 0.03)
        self._root.setContentsMargins(x, y, x, y)
        super().resizeEvent(event)
