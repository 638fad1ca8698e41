"""Sponsor and league slides on the wall during breaks, one at a time, turning every N seconds.

Not put on the wall by the director: the display shows this moment by itself while a break runs
and the event has slides (`clockapp.ui.wall.house_view`), and takes it off when play resumes;
the clock's strip stays under it. A text slide is a title and up to three lines in large type; an
image slide fills the stage, its shape kept.
"""

from __future__ import annotations

from datetime import datetime

from PySide6.QtGui import QFont, QResizeEvent
from PySide6.QtWidgets import QStackedLayout, QVBoxLayout, QWidget

from clockapp.core.house import Slide, slide_index
from clockapp.core.wall import SLIDES, WallMoment
from clockapp.ui.display.theme import WallTheme
from clockapp.ui.display.widgets import FitLabel
from clockapp.ui.wall.images import pixmap
from clockapp.ui.wall.picture import Picture
from clockapp.ui.wall.stage import register


class SlidesMoment(QWidget):
    """The slide due now: a picture, or a title and its lines."""

    def __init__(self, look: WallTheme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("wall_slides")
        self._stack = QStackedLayout(self)
        self.text_page = QWidget(self)
        text = QVBoxLayout(self.text_page)
        self._text_layout = text
        self.title_label = FitLabel(look, "", color=look.BREAK, fill=0.7)
        text.addStretch(2)
        text.addWidget(self.title_label, 24)
        self.line_labels = [
            FitLabel(look, "", fill=0.6, weight=QFont.Weight.Medium) for _ in range(3)
        ]
        for label in self.line_labels:
            text.addWidget(label, 11)
        text.addStretch(3)
        self.picture = Picture(self)
        self._stack.addWidget(self.text_page)
        self._stack.addWidget(self.picture)
        self._slides: tuple[Slide, ...] = ()
        self._seconds = 15
        self._since: datetime | None = None
        self._index = -1

    @property
    def index(self) -> int:
        """Which slide is up."""
        return self._index

    def show_moment(self, moment: WallMoment) -> None:
        """Keep the slides and show the one due."""
        slides = moment.payload.get("slides", [])
        self._slides = tuple(
            Slide.from_dict(s) for s in (slides if isinstance(slides, list) else []) if s
        )
        seconds = moment.payload.get("seconds", 15)
        self._seconds = seconds if isinstance(seconds, int) and seconds > 0 else 15
        self._since = moment.since
        self._index = -1
        self._show(0)

    def tick(self, now: datetime) -> None:
        """Turn to the slide due at `now`."""
        if self._since is not None:
            self._show(slide_index(len(self._slides), self._seconds, self._since, now))

    def _show(self, index: int) -> None:
        if index == self._index or not self._slides:
            return
        self._index = index
        slide = self._slides[index]
        if slide.image:
            self.picture.set_pixmap(pixmap(slide.image), key=f"{index}:{len(slide.image)}")
            self._stack.setCurrentWidget(self.picture)
            return
        self.title_label.setText(slide.title)
        lines = slide.text.splitlines()[: len(self.line_labels)]
        for label, line in zip(self.line_labels, [*lines, "", "", ""], strict=False):
            label.setText(line)
        self._stack.setCurrentWidget(self.text_page)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Margins follow the screen's size."""
        x, y = round(self.width() * 0.05), round(self.height() * 0.04)
        self._text_layout.setContentsMargins(x, y, x, y)
        self._stack.setContentsMargins(x // 2, y, x // 2, y)
        super().resizeEvent(event)


register(SLIDES, SlidesMoment)
