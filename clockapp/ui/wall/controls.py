"""The director's wall commands: a message over the clock, and clearing the wall.

Each is one service call (`WallService`), whose Outcome goes on the bus so every window and
station follows. The moments' own commands (the showdown, the chip race...) live beside their
widgets and use `WallControls.show` the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtWidgets import QInputDialog, QWidget

from clockapp.core.wall import MESSAGE
from clockapp.services.app import Services
from clockapp.ui.bus import TournamentBus


class WallControls:
    """What the director sends to the wall of the bus's tournament."""

    def __init__(self, services: Services, bus: TournamentBus, parent: QWidget) -> None:
        self._services = services
        self._bus = bus
        self._parent = parent
        # Dialog hook: the message's title and text, or None for Cancel (tests replace it).
        self.ask_message: Callable[[], tuple[str, str] | None] = self._ask_message
        self.chip_race_dialog: QWidget | None = None

    def show(self, kind: str, payload: Mapping[str, Any]) -> None:
        """Put a moment on the wall (one service call, one refresh)."""
        outcome = self._services.wall.show(self._bus.tournament_id, kind, payload)
        self._bus.publish(outcome.changes)

    def send_message(self) -> None:
        """Ask the director for a message and show it over the clock."""
        answer = self.ask_message()
        if answer is None:
            return
        title, text = answer
        if not title.strip() and not text.strip():
            return
        self.show(MESSAGE, {"title": title.strip(), "text": text.strip()})

    def open_chip_race(self) -> QWidget:
        """The chip race dialog for the tournament on show (window-modal on the laptop)."""
        from clockapp.ui.wall.chip_race_dialog import open_chip_race

        self.chip_race_dialog = open_chip_race(self._services, self._bus, self._parent)
        return self.chip_race_dialog

    def clear(self) -> None:
        """Take whatever the director put on the wall off it."""
        outcome = self._services.wall.clear(self._bus.tournament_id)
        if outcome.value:
            self._bus.publish(outcome.changes)

    def _ask_message(self) -> tuple[str, str] | None:
        text, ok = QInputDialog.getMultiLineText(
            self._parent,
            "Message on the wall",
            "First line in large type, up to three lines under it:",
        )
        if not ok:
            return None
        lines = text.strip().splitlines()
        if not lines:
            return None
        return lines[0], "\n".join(lines[1:])
