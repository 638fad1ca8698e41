"""The estimated end: on the wall on demand, and always on the director's window.

`EstimateMoment` shows when the money bubble and the end are likely, as times of day with their
80% range, and what the estimate stands on. `EstimateLine` is the same in one line, kept in the
director window's status bar (`install_estimate_line`): it reads the estimate again when a bust,
an entry, the clock or the structure changes, and once a minute (the times move as play goes on).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtGui import QFont, QResizeEvent
from PySide6.QtWidgets import QMainWindow, QVBoxLayout, QWidget

from clockapp import formats
from clockapp.core.wall import ESTIMATE, WallMoment
from clockapp.i18n import gettext as _
from clockapp.services.app import Services
from clockapp.services.changes import Change, Changes
from clockapp.services.estimate import NightEstimate, TimeRange
from clockapp.ui.bus import LatestRead, TournamentBus
from clockapp.ui.display.theme import WallTheme
from clockapp.ui.display.widgets import FitLabel
from clockapp.ui.elided import ElidedLabel
from clockapp.ui.ticks import guarded
from clockapp.ui.wall.demos import register_demo
from clockapp.ui.wall.stage import register

#: The director's line reads the estimate again this often (ms) as play goes on.
REFRESH_MS = 60_000
WATCHED = Change.ENTRIES | Change.STRUCTURE | Change.TOURNAMENT
#: A clock press (a pause, a level) moves the estimate a little: read it again this much later,
#: once, so the press's own refresh stays the clock row alone (the estimate simulates the night).
CLOCK_DELAY_MS = 10_000


def _hm(value: str | datetime) -> str:
    when = datetime.fromisoformat(value) if isinstance(value, str) else value
    return formats.time_of_day(when.astimezone())


def range_text(times: Mapping[str, Any] | None) -> tuple[str, str]:
    """(`22:40`, `between 22:05 and 23:30`): the likely time and the range, from a payload's
    times; ("", "") if none."""
    if not times:
        return "", ""
    return (
        _hm(times["likely"]),
        _("between {low} and {high}").format(low=_hm(times["low"]), high=_hm(times["high"])),
    )


def _times(r: TimeRange | None) -> dict[str, str] | None:
    return None if r is None else {k: getattr(r, k).isoformat() for k in ("low", "likely", "high")}


def estimate_line(found: NightEstimate | None) -> str:
    """The director's one line."""
    if found is None:
        return _("Estimated end: needs two players or more")
    end, end_range = range_text(_times(found.end))
    text = _("End around {time} ({range})").format(time=end, range=end_range)
    if found.bubble is not None:
        bubble, bubble_range = range_text(_times(found.bubble))
        text = _("Bubble around {time} ({range}) · {end}").format(
            time=bubble, range=bubble_range, end=text
        )
    return _("{estimate} · {how_sure}").format(estimate=text, how_sure=found.how_sure())


class EstimateMoment(QWidget):
    """The bubble and the end, each a likely time in large type and its range under it."""

    def __init__(self, look: WallTheme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("wall_estimate")
        root = QVBoxLayout(self)
        self._root = root
        medium = QFont.Weight.Medium
        self.title_label = FitLabel(look, _("Estimated times"), color=look.BREAK, fill=0.7)
        self.bubble_label = FitLabel(look, "", color=look.BLINDS, fill=0.68)
        self.bubble_range = FitLabel(look, "", color=look.MUTED, fill=0.6, weight=medium)
        self.end_label = FitLabel(look, "", fill=0.68)
        self.end_range = FitLabel(look, "", color=look.MUTED, fill=0.6, weight=medium)
        self.note_label = FitLabel(look, "", color=look.MUTED, fill=0.55, weight=medium)
        root.addWidget(self.title_label, 12)
        root.addStretch(2)
        for label, share in (
            (self.bubble_label, 14),
            (self.bubble_range, 8),
            (self.end_label, 14),
            (self.end_range, 8),
        ):
            root.addWidget(label, share)
        root.addStretch(2)
        root.addWidget(self.note_label, 6)

    def show_moment(self, moment: WallMoment) -> None:
        """Draw the estimate in `moment.payload`."""
        payload = moment.payload
        bubble, bubble_range = range_text(payload.get("bubble"))
        self.bubble_label.setText(
            _("In the money around {time}").format(time=bubble) if bubble else _("In the money now")
        )
        self.bubble_range.setText(bubble_range)
        end, end_range = range_text(payload.get("end"))
        self.end_label.setText(_("The end around {time}").format(time=end) if end else "")
        self.end_range.setText(end_range)
        self.note_label.setText(str(payload.get("how_sure", "")))

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Margins follow the screen's size."""
        x, y = round(self.width() * 0.08), round(self.height() * 0.04)
        self._root.setContentsMargins(x, y, x, y)
        super().resizeEvent(event)


class EstimateLine(ElidedLabel):
    """The estimate in one line, always up to date on the director's window."""

    def __init__(self, services: Services, bus: TournamentBus, parent: QWidget | None = None):
        super().__init__("", parent)
        self.setObjectName("estimate_line")
        self._services, self._bus = services, bus
        self._timer = QTimer(self)
        self._timer.setInterval(REFRESH_MS)
        self._timer.timeout.connect(guarded("the estimated end", self.refresh))
        self._timer.start()
        self._after_clock = QTimer(self)
        self._after_clock.setSingleShot(True)
        self._after_clock.setInterval(CLOCK_DELAY_MS)
        self._after_clock.timeout.connect(guarded("the estimated end", self.refresh))
        bus.changed.connect(self._on_bus_changed)
        self._reading = LatestRead(
            bus,
            lambda: self._read(bus.tournament_id),
            self._on_read,
            self._on_failed,
        )
        self.refresh()

    def refresh(self) -> None:
        """Read the estimate again, off the GUI thread (a failure leaves the last line, marked
        stale)."""
        self._reading.ask()

    def _read(self, tournament_id: int) -> tuple[NightEstimate | None, bool]:
        """The estimate, and whether the tournament is over (on the worker)."""
        estimates = self._services.estimate
        found = estimates.estimate(tournament_id)
        return found, found is None and estimates.is_over(tournament_id)

    def _on_read(self, answer: tuple[NightEstimate | None, bool]) -> None:
        found, over = answer
        if over:
            self.setText(_("The tournament is over"))
            return
        self.setText(estimate_line(found))  # elided on a narrow window; whole in the tooltip

    def _on_failed(self, error: Exception) -> None:
        # The status line never breaks the director window.
        self.setToolTip(_("The estimate could not be read: {error}").format(error=error))

    def _on_bus_changed(self, changes: Changes) -> None:
        if changes.touches(WATCHED):
            self.refresh()
        elif changes.touches(Change.CLOCK) and not self._after_clock.isActive():
            self._after_clock.start()


def install_estimate_line(
    window: QMainWindow, services: Services, bus: TournamentBus
) -> EstimateLine:
    """Keep the estimate in `window`'s status bar."""
    line = EstimateLine(services, bus, window)
    window.statusBar().addPermanentWidget(line)
    return line


def demo(now: datetime) -> dict[str, Any]:
    """An estimate an hour and a half into a demo night."""

    def times(low: int, likely: int, high: int) -> dict[str, str]:
        return {
            k: (now + timedelta(minutes=m)).isoformat()
            for k, m in (("low", low), ("likely", likely), ("high", high))
        }

    return {
        "bubble": times(55, 80, 115),
        "end": times(150, 205, 290),
        "how_sure": "From the pace of the night's 14 busts; 80% ranges",
        "players_left": 16,
    }


register(ESTIMATE, EstimateMoment)
register_demo(ESTIMATE, demo)
