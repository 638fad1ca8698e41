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
from PySide6.QtWidgets import QGridLayout, QVBoxLayout, QWidget

from clockapp.ui.clock import texts, theme
from clockapp.ui.clock.widgets import FitLabel, Panel, share_one_size

LEFT = Qt.AlignmentFlag.AlignLeft
RIGHT = Qt.AlignmentFlag.AlignRight
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

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("winner_screen")
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self._setup_ui()
        self.hide()

    def _setup_ui(self) -> None:
        root = QVBoxLayout(self)
        self._root = root
        self.tournament_label = FitLabel("", color=theme.MUTED, fill=0.6, weight=MEDIUM)
        self.caption_label = FitLabel("WINNER", color=theme.BLINDS, fill=0.7, weight=MEDIUM)
        self.name_label = FitLabel("", fill=0.78)
        self.won_label = FitLabel("", color=theme.BREAK, fill=0.72, weight=MEDIUM)
        root.addWidget(self.tournament_label, 5)
        root.addWidget(self.caption_label, 7)
        root.addWidget(self.name_label, 22)
        root.addWidget(self.won_label, 9)

        self.places_panel = Panel()
        panel = QVBoxLayout(self.places_panel)
        self._panel = panel
        self.places_caption = FitLabel(
            "FINAL PLACES", color=theme.MUTED, fill=0.62, weight=MEDIUM, align=LEFT
        )
        panel.addWidget(self.places_caption, 1)
        grid_host = QWidget()
        grid = QGridLayout(grid_host)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setVerticalSpacing(0)
        self._grid = grid
        self.place_rows: list[tuple[FitLabel, FitLabel, FitLabel]] = []
        for row in range(MAX_PLACE_ROWS):
            place = FitLabel("", color=theme.MUTED, fill=0.6, weight=MEDIUM, align=LEFT)
            name = FitLabel("", fill=0.6, weight=MEDIUM, align=LEFT)
            amount = FitLabel("", color=theme.BLINDS, fill=0.6, weight=MEDIUM, align=RIGHT)
            grid.addWidget(place, row, 0)
            grid.addWidget(name, row, 1)
            grid.addWidget(amount, row, 2)
            self.place_rows.append((place, name, amount))
        grid.setColumnStretch(0, 16)
        grid.setColumnStretch(1, 50)
        grid.setColumnStretch(2, 34)
        panel.addWidget(grid_host, 7)
        root.addWidget(self.places_panel, 48)
        self.footer_label = FitLabel("", color=theme.MUTED, fill=0.55, weight=MEDIUM)
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
        self._grid.setHorizontalSpacing(round(w * 0.02))

    def show_result(self, final: Any, tournament: str, currency: str) -> None:
        """Fill the screen from a `FinalResult`."""
        places = tuple(final.places)
        winners = [p for p in places if p.place == 1]
        self.tournament_label.setText(tournament)
        self.caption_label.setText("WINNERS" if len(winners) > 1 else "WINNER")
        self.name_label.setText(final.winner)
        won = prize_line(winners[0], currency) if len(winners) == 1 else ""
        if final.by_deal:
            won = f"{won} · by a deal" if won and won != "—" else "by a deal"
        self.won_label.setText("" if won == "—" else won)
        fits = len(places) <= MAX_PLACE_ROWS
        shown = places if fits else places[: MAX_PLACE_ROWS - 1]
        for row, (place_label, name_label, amount_label) in enumerate(self.place_rows):
            if row < len(shown):
                place = shown[row]
                place_label.setText(place.label)
                name_label.setText(place.name)
                amount_label.setText(prize_line(place, currency))
                name_label.setColor(theme.TEXT if place.place != 1 else theme.BLINDS)
            elif row == len(shown) and not fits:
                place_label.setText("")
                name_label.setText(f"… {len(places) - len(shown)} more paid")
                amount_label.setText("")
                name_label.setColor(theme.MUTED)
            else:
                for label in (place_label, name_label, amount_label):
                    label.setText("")
        used = len(shown) + (0 if fits else 1)
        for row, labels in enumerate(self.place_rows):
            self._grid.setRowStretch(row, 1 if row < used else 0)
            for label in labels:
                label.setVisible(row < used)
        self._grid.setRowStretch(MAX_PLACE_ROWS, max(0, MIN_LIST_LINES - used))
        self._share_size()
        at = final.finished_at.astimezone().strftime("%H:%M")
        self.footer_label.setText(f"Tournament over at {at} · the clock is stopped")

    def _share_size(self) -> None:
        """Every line of the list in one size: the smallest any of them needs to fit."""
        share_one_size(
            [label for row in self.place_rows for label in row if label.isVisibleTo(self)]
        )

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Rescale margins; the list's lines share a size again at the new size."""
        self._apply_metrics()
        # The layout already took the resize with the old margins: lay out again with the new.
        self._root.activate()
        super().resizeEvent(event)
        self._share_size()

    def paintEvent(self, event: QPaintEvent) -> None:
        """The wall's background."""
        painter = QPainter(self)
        painter.fillRect(event.rect(), theme.BACKGROUND)
