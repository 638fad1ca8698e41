"""The bounty board on the wall: the bounty on each player in play, biggest first, page by page.

The payload is `clockapp.services.bounties.BountyService.show_board`'s: the lines (rank, name,
cents), the currency, the rows on a page and the seconds each page stays up. A board longer than
a page turns by itself (`clockapp.core.bounties.board.page_at`), counted from when the director
put it up, so every station's wall shows the same page.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QVBoxLayout, QWidget

from clockapp.core.bounties.board import (
    PAGE_SECONDS,
    ROWS,
    BoardLine,
    board_lines,
    board_payload,
    page,
    page_at,
    page_count,
)
from clockapp.core.wall import BOUNTY_BOARD, WallMoment
from clockapp.i18n import N_, ngettext
from clockapp.i18n import gettext as _
from clockapp.ui.clock import texts
from clockapp.ui.display.theme import WallTheme
from clockapp.ui.wall.board import Board, Text
from clockapp.ui.wall.demos import register_demo
from clockapp.ui.wall.stage import register

#: What each format's board is called on the wall.
TITLES = {"progressive": N_("Bounties on each head"), "knockout": N_("Bounties")}


def read_lines(payload: Mapping[str, Any]) -> tuple[BoardLine, ...]:
    """The board's lines from a stored payload (a damaged line is left out, never raised)."""
    lines = payload.get("lines", [])
    found = []
    for line in lines if isinstance(lines, list) else []:
        try:
            found.append(BoardLine(int(line["rank"]), str(line["name"]), int(line["cents"])))
        except (KeyError, TypeError, ValueError):
            continue
    return tuple(found)


def _positive(value: Any, default: int) -> int:
    return value if isinstance(value, int) and value > 0 else default


class BountyBoardMoment(QWidget):
    """A title, a page of up to `ROWS` lines, and which page of how many with the total."""

    def __init__(self, look: WallTheme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("wall_bounty_board")
        medium = QFont.Weight.Medium
        self.board = Board(
            look,
            _("Bounties"),
            rows=ROWS,
            rank_share=7,
            name_share=60,
            name_least=0.7,
            figures=[Text(30, color=look.BREAK)],
            summaries=[Text(6, color=look.MUTED, fill=0.55, weight=medium)],
        )
        root = QVBoxLayout(self)
        root.setContentsMargins(0, 0, 0, 0)
        root.addWidget(self.board)
        self.title_label = self.board.title_label
        self.lines = self.board.lines
        (self.summary_label,) = self.board.summary_labels
        self._all: tuple[BoardLine, ...] = ()
        self._rows = ROWS
        self._seconds = PAGE_SECONDS
        self._since: datetime | None = None
        self._currency = "$"
        self._total = 0
        self._index = -1

    @property
    def index(self) -> int:
        """Which page is up (from 0)."""
        return self._index

    @property
    def pages(self) -> int:
        """How many pages the board fills."""
        return page_count(len(self._all), self._rows)

    def show_moment(self, moment: WallMoment) -> None:
        """Keep the board's lines and show the page due."""
        payload = moment.payload
        self._all = read_lines(payload)
        self._rows = min(ROWS, _positive(payload.get("rows"), ROWS))
        self._seconds = _positive(payload.get("seconds"), PAGE_SECONDS)
        self._currency = str(payload.get("currency", "$"))
        total = payload.get("total")
        self._total = total if isinstance(total, int) else sum(x.cents for x in self._all)
        self._since = moment.since
        self.title_label.setText(_(TITLES.get(str(payload.get("format", "")), TITLES["knockout"])))
        self._index = -1
        self._show(0)

    def tick(self, now: datetime) -> None:
        """Turn to the page due at `now`."""
        if self._since is not None:
            index = page_at(
                len(self._all), self._since, now, rows=self._rows, seconds=self._seconds
            )
            self._show(index)

    def _show(self, index: int) -> None:
        if index == self._index:
            return
        self._index = index
        shown = page(self._all, index, self._rows)
        for row, line in zip(self.board.shown_lines(len(shown)), shown, strict=True):
            row.show_line(line.rank, line.name, [texts.money(line.cents, self._currency)])
        heads = len(self._all)
        summary = ngettext(
            "{count} player in play  ·  {amount} on their heads",
            "{count} players in play  ·  {amount} on their heads",
            heads,
        ).format(count=heads, amount=texts.money(self._total, self._currency))
        if self.pages > 1:
            summary = _("Page {page} of {pages}  ·  {summary}").format(
                page=index + 1, pages=self.pages, summary=summary
            )
        self.summary_label.setText(summary)


def demo(_now: datetime) -> dict[str, Any]:
    """A progressive knockout's board: fourteen players in play, two pages."""
    names = (
        "Alice Moreau", "Bruno Silva", "Chen Wei", "Dana Kowalski", "Eitan Levi", "Fatima Noor",
        "Goran Petrović", "Hana Sato", "Ivo Novak", "Jun Park", "Kofi Mensah", "Lena Berg",
        "Marta Ruiz", "Nikolai Orlov",
    )  # fmt: skip
    cents = (8750, 6250, 5000, 5000, 3750, 3750, 2500, 2500, 2500, 2500, 2500, 2500, 2500, 2500)
    return board_payload("progressive", "$", board_lines(zip(names, cents, strict=True)))


register(BOUNTY_BOARD, BountyBoardMoment)
register_demo(BOUNTY_BOARD, demo)
