"""The host's event on the clock display: its palette, its name and logo, its break slides.

`HouseOnWall` belongs to the display. With each snapshot it switches the display's palette
(`WallTheme.set_palette`: every widget drawing with it repaints, the wall's moments too), names
the event (the look's title, else the tournament's name) and draws the logo at the left of the
header. With each tick
it says which moment covers the clock: the one the director put on the wall, else the break
slides while a break runs and the event has slides, else none.

The look is read through its palette, title and logo only, so the start-up cache's look (a
fitted palette and a title: `clockapp.ui.clock.cache`) draws the first frame in the host's
colours without loading `clockapp.core.house`; a snapshot without the host's part is drawn in
the default look.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QBoxLayout

from clockapp.core.clock import ClockStatus, ClockView
from clockapp.core.look import DEFAULT_THEME, theme_named
from clockapp.ui.display.theme import WallTheme
from clockapp.ui.display.widgets import FitLabel

if TYPE_CHECKING:
    from clockapp.core.house import SlideShow
    from clockapp.core.wall import WallMoment
    from clockapp.ui.wall.picture import Picture

#: Every station turns the slides from the same instant, so two walls show the same slide.
SLIDES_EPOCH = datetime(2026, 1, 1, tzinfo=UTC)
#: The logo's share of the header's width.
LOGO_STRETCH = 8


class HouseOnWall:
    """The look and the break slides of the display's tournament."""

    def __init__(self, look: WallTheme, header: QBoxLayout, name_label: FitLabel) -> None:
        self._look = look
        # The logo is built with the first look that has one: most events have none, and a
        # hidden widget with no stretch takes no room, so the header is the same without it.
        self._logo: Picture | None = None
        self._header = header
        self._name_label = name_label
        self._logo_shown = ""  # the logo's PNG as base64 text ("": none)
        self._slides: SlideShow | None = None  # the slides turned in breaks (None: none)
        self._slides_moment: WallMoment | None = None

    @property
    def logo(self) -> Picture:
        """The event's logo at the left of the header (hidden when it has none)."""
        if self._logo is None:
            from clockapp.ui.wall.picture import Picture

            self._logo = Picture(align_left=True)
            self._logo.setObjectName("wall_logo")
            self._logo.hide()
            self._header.insertWidget(0, self._logo, 0)
        return self._logo

    def show_snapshot(self, snapshot: Any) -> None:
        """Take the snapshot's look and slides (the palette switches at once)."""
        house = getattr(snapshot, "house", None)
        look = getattr(house, "look", None)
        # Set even when the look is the same: the first snapshot sets it, whatever was on.
        self._look.set_palette(look.palette() if look is not None else theme_named(DEFAULT_THEME))
        logo = look.logo if look is not None else ""
        if logo != self._logo_shown:
            self._logo_shown = logo
            self._show_logo(logo)
        title = look.title if look is not None else ""
        self._name_label.setText(title or snapshot.tournament.name)
        slides: SlideShow | None = getattr(house, "slides", None)
        if slides is not None and not slides.slides:
            slides = None
        if slides != self._slides:
            self._slides = slides
            self._slides_moment = None
            if slides is not None:  # most events have none: the wall's moments load with the first
                from clockapp.core.wall import SLIDES, WallMoment

                self._slides_moment = WallMoment(SLIDES, slides.payload(), SLIDES_EPOCH)

    def _show_logo(self, logo: str) -> None:
        from clockapp.ui.wall.images import pixmap

        self.logo.set_pixmap(pixmap(logo), key=str(hash(logo)))
        has_logo = self.logo.has_image()
        self.logo.setVisible(has_logo)
        self._header.setStretch(self._header.indexOf(self.logo), LOGO_STRETCH if has_logo else 0)

    def moment(self, shown: WallMoment | None, clock_view: ClockView | None) -> WallMoment | None:
        """What covers the clock now: the director's moment, else the slides during a break."""
        if shown is not None:
            return shown
        if clock_view is None or not clock_view.is_break:
            return None
        if clock_view.status is not ClockStatus.RUNNING:
            return None
        return self._slides_moment
