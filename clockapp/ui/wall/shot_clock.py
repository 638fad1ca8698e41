"""The shot clock on the wall: who the clock is called on, and the seconds left in huge digits.

The payload holds the absolute end time (`clockapp.core.shot_clock`); `tick(now)` redraws from
the station's injected time, so every wall shows the same second. The last 10 seconds turn red,
and at zero the wall says TIME and that the hand is dead: the room reads it with the sound off.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from PySide6.QtGui import QFont, QResizeEvent
from PySide6.QtWidgets import QVBoxLayout, QWidget

from clockapp.core.shot_clock import COUNTED_ALOUD, TIME, ShotClock, ShotClockError
from clockapp.core.wall import SHOT_CLOCK, WallMoment
from clockapp.i18n import N_, ngettext
from clockapp.i18n import gettext as _
from clockapp.ui.display.theme import WallTheme
from clockapp.ui.display.widgets import FitLabel
from clockapp.ui.wall.demos import register_demo
from clockapp.ui.wall.stage import register

DEAD = N_("The hand is dead")


def countdown_text(shot: ShotClock, now: datetime) -> str:
    """The big number: seconds left, or TIME.

    >>> from datetime import UTC
    >>> s = ShotClock.called("Ann", datetime(2026, 1, 1, tzinfo=UTC))
    >>> countdown_text(s, s.ends_at - timedelta(seconds=42.5)), countdown_text(s, s.ends_at)
    ('43', 'TIME')
    """
    left = shot.seconds_left(now)
    return TIME if left == 0 else str(left)


class ShotClockMoment(QWidget):
    """ "Clock called on Alice", where she sits, and the count."""

    def __init__(self, look: WallTheme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._look = look
        self.setObjectName("wall_shot_clock")
        self._shot: ShotClock | None = None
        root = QVBoxLayout(self)
        self._root = root
        self.title_label = FitLabel(look, "", color=look.BLINDS, fill=0.68)
        self.seat_label = FitLabel(look, "", color=look.MUTED, fill=0.6, weight=QFont.Weight.Medium)
        self.count_label = FitLabel(look, "", fill=0.78, template="00")
        self.note_label = FitLabel(look, "", color=look.MUTED, fill=0.6, weight=QFont.Weight.Medium)
        root.addWidget(self.title_label, 14)
        root.addWidget(self.seat_label, 8)
        root.addWidget(self.count_label, 56)
        root.addWidget(self.note_label, 10)

    def show_moment(self, moment: WallMoment) -> None:
        """Take the call in `moment` (its count is drawn by `tick`)."""
        try:
            self._shot = ShotClock.from_payload(moment.payload)
        except ShotClockError:
            self._shot = None
            self.title_label.setText(_("Clock called"))
            return
        self.title_label.setText(_("Clock called on {player}").format(player=self._shot.player))
        self.seat_label.setText(self._shot.seat)
        self.tick(moment.since or self._shot.ends_at - timedelta(seconds=self._shot.seconds))

    def tick(self, now: datetime) -> None:
        """Redraw the count at `now`."""
        shot = self._shot
        if shot is None:
            return
        text = countdown_text(shot, now)
        self.count_label.setTemplate("TIME" if text == TIME else "00")
        self.count_label.setText(text)
        late = shot.seconds_left(now) <= COUNTED_ALOUD
        self.count_label.setColor(self._look.WARNING if late else self._look.TEXT)
        if text == TIME:
            self.note_label.setText(_(DEAD))
            self.note_label.setColor(self._look.WARNING)
        else:
            self.note_label.setText(
                ngettext("{count} second to act", "{count} seconds to act", shot.seconds).format(
                    count=shot.seconds
                )
            )
            self.note_label.setColor(self._look.MUTED)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Margins follow the screen's size."""
        x, y = round(self.width() * 0.06), round(self.height() * 0.03)
        self._root.setContentsMargins(x, y, x, y)
        super().resizeEvent(event)


def demo(now: datetime) -> dict[str, Any]:
    """A clock called on a demo player, 7 seconds left at `now`."""
    return ShotClock("Fatima", now + timedelta(seconds=7), seat="Table 2, seat 6").to_payload()


register(SHOT_CLOCK, ShotClockMoment)
register_demo(SHOT_CLOCK, demo)
