"""The chip leaders on the wall: the top ten stacks, in chips and in big blinds.

The payload is `clockapp.services.chip_counts.leaders_payload`: names, chips and big blinds, the
average stack and what the counts add up to (with the difference from the chips in play).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QVBoxLayout, QWidget

from clockapp import formats
from clockapp.core.chip_counts import PlayerCount, leaderboard
from clockapp.core.wall import CHIP_LEADERS, WallMoment
from clockapp.i18n import gettext as _
from clockapp.services.chip_counts import leaders_payload
from clockapp.ui.display.theme import WallTheme
from clockapp.ui.wall.board import Board, Text
from clockapp.ui.wall.demos import register_demo
from clockapp.ui.wall.stage import register

ROWS = 10


def bb_text(big_blinds: float) -> str:
    """`35 BB`, `23.8 BB` (no BB at all without a big blind).

    >>> bb_text(35.0), bb_text(23.75), bb_text(0)
    ('35 BB', '23.8 BB', '')
    """
    if not big_blinds:
        return ""
    value = round(float(big_blinds), 1)
    return (
        f"{formats.decimal(value, 0 if value.is_integer() else 1)} BB"
        if value < 1000
        else f"{formats.number(round(value))} BB"
    )


def _line_texts(line: Mapping[str, Any]) -> tuple[int, str, list[str]]:
    chips, big_blinds = int(line.get("chips", 0)), float(line.get("big_blinds", 0))
    return (
        int(line.get("rank", 0)),
        str(line.get("name", "")),
        [f"{formats.number(chips)}", bb_text(big_blinds)],
    )


class ChipLeadersMoment(QWidget):
    """A title, up to ten lines, and the average stack with the counted total."""

    def __init__(self, look: WallTheme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("wall_chip_leaders")
        medium = QFont.Weight.Medium
        self.board = Board(
            look,
            _("Chip leaders"),
            rows=ROWS,
            rank_share=6,
            name_share=44,
            figures=[Text(26), Text(20, color=look.BLINDS, fill=0.58, weight=medium)],
            summaries=[
                Text(6, color=look.BLINDS, fill=0.6, weight=medium),
                Text(5, color=look.MUTED, fill=0.55, weight=medium),
            ],
        )
        root = QVBoxLayout(self)
        root.setContentsMargins(0, 0, 0, 0)
        root.addWidget(self.board)
        self.title_label = self.board.title_label
        self.lines = self.board.lines
        self.average_label, self.summary_label = self.board.summary_labels

    def show_moment(self, moment: WallMoment) -> None:
        """Draw the leaders in `moment.payload`."""
        payload = moment.payload
        leaders = list(payload.get("leaders", []))[:ROWS]
        for row, line in zip(self.board.shown_lines(len(leaders)), leaders, strict=True):
            row.show_line(*_line_texts(line))
        average = int(payload.get("average", 0))
        bb = bb_text(float(payload.get("average_big_blinds", 0)))
        self.average_label.setText(
            (
                _("Average stack {chips} · {big_blinds}") if bb else _("Average stack {chips}")
            ).format(chips=formats.chips(average), big_blinds=bb)
        )
        self.summary_label.setText(str(payload.get("summary", "")))


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
