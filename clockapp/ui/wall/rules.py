"""The house rules on the wall: a heading and a few lines in large type, a page at a time.

The payload carries every page (`HouseService.show_rules`), so a wall on another station draws
it without reading more; the page turns every `seconds` by the station's clock (`tick`).
"""

from __future__ import annotations

from datetime import datetime

from PySide6.QtGui import QFont, QResizeEvent
from PySide6.QtWidgets import QVBoxLayout, QWidget

from clockapp.core.house import CONTINUED, slide_index
from clockapp.core.wall import HOUSE_RULES, WallMoment
from clockapp.i18n import gettext as _
from clockapp.ui.display.theme import WallTheme
from clockapp.ui.display.widgets import FitLabel
from clockapp.ui.wall.stage import LEFT, register

#: Lines of a page on the wall.
LINES = 5


class HouseRulesMoment(QWidget):
    """The event's name, the page's heading and its lines; "page 2 of 7" under them."""

    def __init__(self, look: WallTheme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("wall_house_rules")
        root = QVBoxLayout(self)
        self._root = root
        medium = QFont.Weight.Medium
        self.title_label = FitLabel(look, "", color=look.MUTED, fill=0.6, weight=medium, align=LEFT)
        self.heading_label = FitLabel(look, "", color=look.BLINDS, fill=0.7, align=LEFT)
        root.addWidget(self.title_label, 7)
        root.addWidget(self.heading_label, 14)
        self.line_labels = [
            FitLabel(look, "", fill=0.6, weight=medium, align=LEFT) for _ in range(LINES)
        ]
        for label in self.line_labels:
            root.addWidget(label, 11)
        self.page_label = FitLabel(look, "", color=look.MUTED, fill=0.55, weight=medium)
        root.addWidget(self.page_label, 6)
        self._pages: list[tuple[str, list[str]]] = []
        self._seconds = 15
        self._since: datetime | None = None
        self._page = -1

    def show_moment(self, moment: WallMoment) -> None:
        """Keep the pages and show the first."""
        pages = moment.payload.get("pages", [])
        self._pages = []
        for page in pages if isinstance(pages, list) else []:
            if isinstance(page, list) and len(page) == 2 and isinstance(page[1], list):
                self._pages.append((str(page[0]), [str(line) for line in page[1]]))
        seconds = moment.payload.get("seconds", 15)
        self._seconds = seconds if isinstance(seconds, int) and seconds > 0 else 15
        self._since = moment.since
        self.title_label.setText(str(moment.payload.get("title", "House rules")).upper())
        self._page = -1
        self._show_page(0)

    def tick(self, now: datetime) -> None:
        """Turn to the page due at `now`."""
        if self._since is not None:
            self._show_page(slide_index(len(self._pages), self._seconds, self._since, now))

    def _show_page(self, index: int) -> None:
        if index == self._page:
            return
        self._page = index
        heading, lines = self._pages[index] if self._pages else ("", [])
        self.heading_label.setText(heading)
        for label, line in zip(self.line_labels, [*lines, *[""] * LINES], strict=False):
            bullet = "" if not line or line.startswith(CONTINUED) else "•  "
            label.setText(f"{bullet}{line}")
        many = len(self._pages) > 1
        self.page_label.setText(
            _("page {page} of {pages}").format(page=index + 1, pages=len(self._pages))
            if many
            else ""
        )

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Margins follow the screen's size."""
        x, y = round(self.width() * 0.06), round(self.height() * 0.04)
        self._root.setContentsMargins(x, y, x, y)
        super().resizeEvent(event)


register(HOUSE_RULES, HouseRulesMoment)
