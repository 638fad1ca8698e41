"""The winner screen: what the wall shows once the tournament is finished.

It covers the whole clock display: the winner's name as large as the room can read it, what they
won, then the final places with the amount each was actually paid (after a deal, the deal's
shares). Sizes come from the window height, like the rest of the wall, so it reads the same on a
1366x768 projector and a 4K screen.

It takes the service's `FinalResult` (`clockapp.services.ending`) duck-typed, as the display
takes its snapshot: the first frame is painted before the services are imported.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QVBoxLayout, QWidget

from clockapp import formats
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext
from clockapp.ui.clock import texts
from clockapp.ui.display.list_grid import ListGrid
from clockapp.ui.display.theme import WallTheme
from clockapp.ui.display.widgets import FitLabel, Panel

LEFT = Qt.AlignmentFlag.AlignLeft
MEDIUM = QFont.Weight.Medium
#: Lines of the places list; more places paid end with a line that counts the rest.
MAX_PLACE_ROWS = 9
#: The list never gives one place more than this share of its card (two places must not shout).
MIN_LIST_LINES = 4


def prize_line(place: Any, currency: str) -> str:
    """What a finisher won, for the screen: '$3,900', '$3,900 + $150 bounties', '—'."""
    text = texts.money(place.prize, currency) if place.prize else ""
    if place.bounties:
        bounties = f"{texts.money(place.bounties, currency)} bounties"
        text = f"{text} + {bounties}" if text else bounties
    return text or "—"


class WinnerScreen(QWidget):
    """The winner's name, what they won, and the final places with what each was paid."""

    def __init__(self, look: WallTheme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._look = look
        look.follow(self)
        self.setObjectName("winner_screen")
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self._setup_ui()
        self.hide()

    def _setup_ui(self) -> None:
        look = self._look
        root = QVBoxLayout(self)
        self._root = root
        self.tournament_label = FitLabel(look, "", color=look.MUTED, fill=0.6, weight=MEDIUM)
        self.caption_label = FitLabel(look, _("WINNER"), color=look.BLINDS, fill=0.7, weight=MEDIUM)
        self.name_label = FitLabel(look, "", fill=0.78)
        self.won_label = FitLabel(look, "", color=look.BREAK, fill=0.72, weight=MEDIUM)
        root.addWidget(self.tournament_label, 5)
        root.addWidget(self.caption_label, 7)
        root.addWidget(self.name_label, 22)
        root.addWidget(self.won_label, 9)

        self.places_panel = Panel(look)
        panel = QVBoxLayout(self.places_panel)
        self._panel = panel
        self.places_caption = FitLabel(
            look, _("FINAL PLACES"), color=look.MUTED, fill=0.62, weight=MEDIUM, align=LEFT
        )
        panel.addWidget(self.places_caption, 1)
        self.places_list = ListGrid(look, MAX_PLACE_ROWS, fill=0.6, stretches=(16, 50, 34))
        self.place_rows = self.places_list.rows
        panel.addWidget(self.places_list, 7)
        root.addWidget(self.places_panel, 48)
        self.footer_label = FitLabel(look, "", color=look.MUTED, fill=0.55, weight=MEDIUM)
        root.addWidget(self.footer_label, 4)
        self._apply_metrics()

    def _apply_metrics(self) -> None:
        h, w = max(1, self.height()), max(1, self.width())
        self._root.setContentsMargins(
            round(w * 0.06), round(h * 0.04), round(w * 0.06), round(h * 0.03)
        )
        self._root.setSpacing(round(h * 0.012))
        pad = round(h * 0.025)
        self._panel.setContentsMargins(round(pad * 1.6), pad, round(pad * 1.6), pad)
        self._panel.setSpacing(round(h * 0.01))
        self.places_list.follow_width(w)

    def show_result(self, final: Any, tournament: str, currency: str) -> None:
        """Fill the screen from a `FinalResult`."""
        places = tuple(final.places)
        winners = [p for p in places if p.place == 1]
        self.tournament_label.setText(tournament)
        self.caption_label.setText(ngettext("WINNER", "WINNERS", len(winners)))
        self.name_label.setText(final.winner)
        won = prize_line(winners[0], currency) if len(winners) == 1 else ""
        if final.by_deal:
            won = (
                _("{prize} · by a deal").format(prize=won) if won and won != "—" else _("by a deal")
            )
        self.won_label.setText("" if won == "—" else won)
        fits = len(places) <= MAX_PLACE_ROWS
        shown = places if fits else places[: MAX_PLACE_ROWS - 1]
        for row, (place_label, name_label, amount_label) in enumerate(self.place_rows):
            if row < len(shown):
                place = shown[row]
                place_label.setText(place.label)
                name_label.setText(place.name)
                amount_label.setText(prize_line(place, currency))
                name_label.setColor(self._look.TEXT if place.place != 1 else self._look.BLINDS)
            elif row == len(shown) and not fits:
                place_label.setText("")
                more = len(places) - len(shown)
                name_label.setText(
                    ngettext("… {count} more paid", "… {count} more paid", more).format(count=more)
                )
                amount_label.setText("")
                name_label.setColor(self._look.MUTED)
            else:
                for label in (place_label, name_label, amount_label):
                    label.setText("")
        self.places_list.use_lines(len(shown) + (0 if fits else 1), MIN_LIST_LINES)
        at = formats.time_of_day(final.finished_at.astimezone())
        self.footer_label.setText(
            _("Tournament over at {time} · the clock is stopped").format(time=at)
        )

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Rescale margins; the list's lines share a size again at the new size."""
        self._apply_metrics()
        # The layout already took the resize with the old margins: lay out again with the new.
        self._root.activate()
        super().resizeEvent(event)
        self.places_list.share_size()

    def paintEvent(self, event: QPaintEvent) -> None:
        """The wall's background."""
        painter = QPainter(self)
        painter.fillRect(event.rect(), self._look.BACKGROUND)
