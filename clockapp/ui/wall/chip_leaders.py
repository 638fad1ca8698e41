"""The chip leaders on the wall: the top ten stacks, in chips and in big blinds.

The payload is `clockapp.services.chip_counts.leaders_payload`: names, chips and big blinds, the
average stack and what the counts add up to (with the difference from the chips in play).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from PySide6.QtGui import QFont, QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QVBoxLayout, QWidget

from clockapp.core.chip_counts import PlayerCount, leaderboard
from clockapp.core.wall import CHIP_LEADERS, WallMoment
from clockapp.services.chip_counts import leaders_payload
from clockapp.ui.display import theme
from clockapp.ui.display.widgets import FitLabel
from clockapp.ui.wall.demos import register_demo
from clockapp.ui.wall.stage import LEFT, RIGHT, register

ROWS = 10


def bb_text(big_blinds: float) -> str:
    """`35 BB`, `23.8 BB` (no BB at all without a big blind).

    >>> bb_text(35.0), bb_text(23.75), bb_text(0)
    ('35 BB', '23.8 BB', '')
    """
    if not big_blinds:
        return ""
    value = round(float(big_blinds), 1)
    return f"{value:g} BB" if value < 1000 else f"{value:,.0f} BB"


class _Line(QWidget):
    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        medium = QFont.Weight.Medium
        self.rank_label = FitLabel("", color=theme.MUTED, fill=0.6, weight=medium, align=RIGHT)
        self.name_label = FitLabel("", fill=0.62, align=LEFT)
        self.chips_label = FitLabel("", fill=0.62, align=RIGHT)
        self.bb_label = FitLabel("", color=theme.BLINDS, fill=0.58, weight=medium, align=RIGHT)
        row.addWidget(self.rank_label, 6)
        row.addSpacing(12)
        row.addWidget(self.name_label, 44)
        row.addWidget(self.chips_label, 26)
        row.addWidget(self.bb_label, 20)

    def show_line(self, line: Mapping[str, Any]) -> None:
        self.rank_label.setText(f"{int(line.get('rank', 0))}.")
        self.name_label.setText(str(line.get("name", "")))
        self.chips_label.setText(f"{int(line.get('chips', 0)):,}")
        self.bb_label.setText(bb_text(float(line.get("big_blinds", 0))))


class ChipLeadersMoment(QWidget):
    """A title, up to ten lines, and the average stack with the counted total."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("wall_chip_leaders")
        root = QVBoxLayout(self)
        self._root = root
        self.title_label = FitLabel("Chip leaders", color=theme.BREAK, fill=0.7)
        root.addWidget(self.title_label, 11)
        self.lines = [_Line(self) for _ in range(ROWS)]
        for line in self.lines:
            root.addWidget(line, 6)
        self._filler = QWidget(self)
        root.addWidget(self._filler, 0)
        self.average_label = FitLabel("", color=theme.BLINDS, fill=0.6, weight=QFont.Weight.Medium)
        self.summary_label = FitLabel("", color=theme.MUTED, fill=0.55, weight=QFont.Weight.Medium)
        root.addWidget(self.average_label, 6)
        root.addWidget(self.summary_label, 5)

    def show_moment(self, moment: WallMoment) -> None:
        """Draw the leaders in `moment.payload`."""
        payload = moment.payload
        leaders = list(payload.get("leaders", []))[:ROWS]
        for i, line in enumerate(self.lines):
            line.setVisible(i < len(leaders))
            if i < len(leaders):
                line.show_line(leaders[i])
        self._root.setStretchFactor(self._filler, 6 * (ROWS - len(leaders)))
        average = int(payload.get("average", 0))
        bb = bb_text(float(payload.get("average_big_blinds", 0)))
        self.average_label.setText(f"Average stack {average:,}" + (f" · {bb}" if bb else ""))
        self.summary_label.setText(str(payload.get("summary", "")))

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Margins follow the screen's size."""
        x, y = round(self.width() * 0.12), round(self.height() * 0.03)
        self._root.setContentsMargins(x, y, x, y)
        super().resizeEvent(event)


def demo(_now: datetime) -> dict[str, Any]:
    """Ten demo stacks at the demo clock's 200 big blind, 500 chips short of the chips in play."""
    names = ("Alice", "Bruno", "Chen", "Dana", "Eitan", "Fatima", "Goran", "Hana", "Ivo", "Jun")
    stacks = (48_200, 41_000, 35_600, 30_100, 27_400, 22_000, 19_750, 15_300, 9_800, 6_350)
    board = leaderboard(
        [PlayerCount(i, n, c) for i, (n, c) in enumerate(zip(names, stacks, strict=True))],
        chips_in_play=256_000,
        players_left=10,
        big_blind=200,
    )
    return leaders_payload(board)


register(CHIP_LEADERS, ChipLeadersMoment)
register_demo(CHIP_LEADERS, demo)
