"""The director's wall commands: a message over the clock, and clearing the wall.

Each is one service call (`WallService`) on the station's worker, whose Outcome goes on the bus
so every window and station follows; a second press while one is on its way does nothing, and a
refusal is shown on the director's window. The moments' own commands (the showdown, the chip
race...) live beside their widgets and use `WallControls.show` the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from datetime import datetime
from typing import Any

from PySide6.QtWidgets import QInputDialog, QWidget

from clockapp.core.shot_clock import ShotClock, ShotClockError
from clockapp.core.wall import MESSAGE
from clockapp.i18n import gettext as _
from clockapp.services.app import Services
from clockapp.services.changes import Outcome
from clockapp.services.shot_clock import ShotPlayer
from clockapp.ui.bus import TournamentBus
from clockapp.ui.sound import SoundPlayer


class WallControls:
    """What the director sends to the wall of the bus's tournament."""

    def __init__(
        self,
        services: Services,
        bus: TournamentBus,
        parent: QWidget,
        sound: SoundPlayer | None = None,
        now: Callable[[], datetime] | None = None,
    ) -> None:
        self._services = services
        self._bus = bus
        self._parent = parent
        self._sound = sound
        self._now = now if now is not None else services.now
        # Dialog hook: the message's title and text, or None for Cancel (tests replace it).
        self.ask_message: Callable[[], tuple[str, str] | None] = self._ask_message
        self.chip_race_dialog: QWidget | None = None
        self.chip_counts_dialog: QWidget | None = None
        # Dialog hook: the player the clock is called on, or None for Cancel (tests replace it).
        self.ask_player: Callable[[tuple[ShotPlayer, ...]], ShotPlayer | None] = self._ask_player
        self.shot_clock_panel: QWidget | None = None

    def show(self, kind: str, payload: Mapping[str, Any]) -> bool:
        """Put a moment on the wall (one service call on the worker, one refresh); False when
        the same moment is still on its way."""
        tid, wall = self._bus.tournament_id, self._services.wall
        return self._submit(lambda: wall.show(tid, kind, payload), ("show", kind, str(payload)))

    def _submit(self, operation: Callable[[], Outcome[Any]], what: Hashable, **kw: Any) -> bool:
        return self._bus.submit(operation, key=(self, what), asker=self._parent, **kw)

    def send_message(self) -> None:
        """Ask the director for a message and show it over the clock."""
        answer = self.ask_message()
        if answer is None:
            return
        title, text = answer
        if not title.strip() and not text.strip():
            return
        self.show(MESSAGE, {"title": title.strip(), "text": text.strip()})

    def open_chip_race(self) -> bool:
        """The chip race dialog for the tournament on show (window-modal on the laptop), as
        `chip_race_dialog` once the race to run is read on the worker."""
        from clockapp.ui.wall.chip_race_dialog import open_chip_race

        def opened(dialog: QWidget) -> None:
            self.chip_race_dialog = dialog

        return open_chip_race(self._services, self._bus, self._parent, opened)

    def open_chip_counts(self) -> bool:
        """The chip counts dialog (a table at a time; the chip leaders onto the wall), as
        `chip_counts_dialog` once the tables and counts are read on the worker."""
        from clockapp.ui.wall.chip_counts_dialog import open_chip_counts

        def opened(dialog: QWidget) -> None:
            self.chip_counts_dialog = dialog

        return open_chip_counts(self._services, self._bus, self._parent, opened)

    def show_estimate(self) -> bool:
        """Put the estimated bubble and end on the wall (one service call on the worker)."""
        tid, estimate = self._bus.tournament_id, self._services.estimate
        return self._submit(lambda: estimate.show(tid), "estimate")

    def show_bounty_board(self) -> bool:
        """Put each player's bounty on the wall, biggest first (one service call on the
        worker)."""
        tid, bounties = self._bus.tournament_id, self._services.bounties
        return self._submit(lambda: bounties.show_board(tid), "bounty board")

    def call_clock(self) -> bool:
        """Call the clock on a player in play: 60 seconds on the wall, and on the laptop once
        the call has answered (`shot_clock_panel`). False when nothing was called."""
        tid, shot_clock = self._bus.tournament_id, self._services.shot_clock
        players = shot_clock.players(tid)
        if not players:
            raise ShotClockError(_("Nobody is in play: there is no one to call the clock on."))
        player = self.ask_player(players)
        if player is None:
            return False
        return self._submit(
            lambda: shot_clock.call(tid, player.registration_id),
            "shot clock",
            on_done=self._on_clock_called,
        )

    def _on_clock_called(self, shot: ShotClock) -> None:
        from clockapp.ui.wall.shot_clock_panel import ShotClockPanel

        if self.shot_clock_panel is not None:
            self.shot_clock_panel.close()
        panel = ShotClockPanel(
            self._services, self._bus, shot, self._sound, self._now, self._parent
        )
        panel.show()
        self.shot_clock_panel = panel

    def clear(self) -> bool:
        """Take whatever the director put on the wall off it (on the worker)."""
        tid, wall = self._bus.tournament_id, self._services.wall
        return self._submit(lambda: wall.clear(tid), "clear")

    def _ask_player(self, players: tuple[ShotPlayer, ...]) -> ShotPlayer | None:
        labels = [f"{p.name} ({p.seat})" if p.seat else p.name for p in players]
        text, ok = QInputDialog.getItem(
            self._parent, _("Call the clock"), _("The clock is called on:"), labels, 0, False
        )
        if not ok or text not in labels:
            return None
        return players[labels.index(text)]

    def _ask_message(self) -> tuple[str, str] | None:
        text, ok = QInputDialog.getMultiLineText(
            self._parent,
            _("Message on the wall"),
            _("First line in large type, up to three lines under it:"),
        )
        if not ok:
            return None
        lines = text.strip().splitlines()
        if not lines:
            return None
        return lines[0], "\n".join(lines[1:])
