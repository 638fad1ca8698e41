"""The shot clock on the director's laptop: the count, the voice, and Cancel.

`ShotClockPanel` is a small window beside the director's: the player, the seconds left (from
the stored end time and the injected clock; its `QTimer` only repaints), and a Cancel button
(one service call, `services.shot_clock.cancel`). It counts the last 10 seconds out loud and
says "Time" at zero, through the station's sound, each word once; without a speech engine (or
muted) `Sound.say` does nothing and never blocks. It closes itself when the wall no longer shows
its call (cancelled here, cleared, or replaced on another station).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from datetime import datetime

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QDialog, QLabel, QPushButton, QVBoxLayout, QWidget

from clockapp.core.shot_clock import TIME, ShotClock
from clockapp.core.wall import SHOT_CLOCK, WallMoment
from clockapp.i18n import gettext as _
from clockapp.services.app import Services
from clockapp.services.changes import Change, Changes
from clockapp.ui.bus import TournamentBus
from clockapp.ui.sound import SoundPlayer
from clockapp.ui.ticks import guarded
from clockapp.ui.wall.shot_clock import DEAD, countdown_text

log = logging.getLogger(__name__)

#: How often the panel repaints and looks for a second to speak (ms).
REPAINT_MS = 100


class ShotClockPanel(QDialog):
    """The call on the laptop: player, count, Cancel."""

    def __init__(
        self,
        services: Services,
        bus: TournamentBus,
        shot: ShotClock,
        sound: SoundPlayer | None,
        now: Callable[[], datetime],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("shot_clock_panel")
        self.setWindowTitle(_("Shot clock"))
        self._services, self._bus, self._sound, self._now = services, bus, sound, now
        self.shot = shot
        self.spoken: list[str] = []  # each word once, in order
        layout = QVBoxLayout(self)
        self.player_label = QLabel(
            _("Clock called on <b>{player}</b> {seat}").format(player=shot.player, seat=shot.seat)
        )
        layout.addWidget(self.player_label)
        self.count_label = QLabel("")
        self.count_label.setObjectName("count_label")
        self.count_label.setStyleSheet("font-size: 40pt; font-weight: bold;")
        layout.addWidget(self.count_label)
        self.cancel_button = QPushButton(_("Cancel the clock"))
        self.cancel_button.clicked.connect(lambda _=False: self.cancel())
        layout.addWidget(self.cancel_button)
        self._timer = QTimer(self)
        self._timer.setInterval(REPAINT_MS)
        self._timer.timeout.connect(guarded("the shot clock", self.tick))
        bus.changed.connect(self._on_bus_changed)
        self.tick()
        self._timer.start()

    def tick(self) -> None:
        """Repaint the count at the injected time; speak the new second once."""
        now = self._now()
        text = countdown_text(self.shot, now)
        self.count_label.setText(
            _("{time}: {dead}").format(time=TIME, dead=_(DEAD).lower()) if text == TIME else text
        )
        word = self.shot.spoken(now)
        if word is not None and word not in self.spoken:
            self.spoken.append(word)
            if self._sound is not None:
                self._sound.say(word)
        if text == TIME:
            self._timer.stop()
            self.cancel_button.setText(_("Take it off the wall"))

    def cancel(self) -> bool:
        """Take the call off the wall (one service call, the button busy meanwhile) and close
        when it answers. False when nothing was asked (a cancel is already on its way)."""
        tid, shot_clock = self._bus.tournament_id, self._services.shot_clock
        return self._bus.submit(
            lambda: shot_clock.cancel(tid),
            lambda _cancelled: self.close(),
            control=self.cancel_button,
            asker=self,
        )

    def _on_bus_changed(self, changes: Changes) -> None:
        if not changes.touches(Change.WALL):
            return
        tid, wall = self._bus.tournament_id, self._services.wall
        self._bus.refresh(
            lambda: wall.current(tid), self._on_wall_read, self._on_wall_failed, key=(self, "wall")
        )

    def _on_wall_read(self, moment: WallMoment | None) -> None:
        if moment is None or moment.kind != SHOT_CLOCK or moment.payload != self.shot.to_payload():
            self.close()

    def _on_wall_failed(self, error: Exception) -> None:
        # The panel keeps counting from the call it holds; the next change asks again.
        log.warning("the shot clock panel could not read the wall: %s", error)

    def closeEvent(self, event: object) -> None:
        """Stop counting and listening."""
        self._timer.stop()
        with contextlib.suppress(RuntimeError, TypeError):  # already disconnected
            self._bus.changed.disconnect(self._on_bus_changed)
        super().closeEvent(event)  # type: ignore[arg-type]
