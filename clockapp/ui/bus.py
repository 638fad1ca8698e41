"""The tournament bus: one signal that tells every window what changed.

After each service call the caller publishes the call's `Changes`; a poll timer also asks the
database for revisions committed by other stations, so two machines sharing one PostgreSQL
server (or two processes on one SQLite file) stay in step. Windows refresh only the parts whose
flags are set.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QObject, QTimer, Signal

from clockapp.services.app import Services
from clockapp.services.changes import Change, Changes, Outcome
from clockapp.ui.ticks import guarded

T = TypeVar("T")

POLL_INTERVAL_MS = 1000


class TournamentBus(QObject):
    """Publishes `changed(Changes)` for local actions and for other stations' actions."""

    changed = Signal(object)  # Changes
    tournament_switched = Signal(int)  # the id of the tournament now shown

    def __init__(
        self,
        services: Services,
        tournament_id: int,
        poll_interval_ms: int = POLL_INTERVAL_MS,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._services = services
        self._tournament_id = tournament_id
        self._seen = services.tournaments.revision()
        self._timer = QTimer(self)
        self._timer.setInterval(poll_interval_ms)
        # A poll that fails (the server is briefly unreachable) is logged; the next one retries.
        self._timer.timeout.connect(guarded("the bus poll", self._on_timer_timeout))
        if poll_interval_ms > 0:
            self._timer.start()

    @property
    def tournament_id(self) -> int:
        """The tournament every window shows."""
        return self._tournament_id

    def switch_tournament(self, tournament_id: int) -> None:
        """Show another tournament everywhere."""
        self._tournament_id = tournament_id
        self.tournament_switched.emit(tournament_id)
        self.changed.emit(
            Changes(tournament_id=tournament_id, what=Change.ALL, revision=self._seen)
        )

    def run(self, operation: Callable[[], Outcome[T]]) -> T:
        """Call one service operation, publish what it changed, and return its value.

        Domain errors propagate to the caller, which shows them; nothing is published then.
        """
        outcome = operation()
        self.publish(outcome.changes)
        return outcome.value

    def publish(self, changes: Changes) -> None:
        """Tell every window about a committed change."""
        if changes.revision == self._seen + 1:
            # Nothing from another station slipped in between: the next poll need not re-read it.
            self._seen = changes.revision
        self.changed.emit(changes)

    def poll(self) -> None:
        """Look for changes committed elsewhere (also called by the timer)."""
        changes = self._services.tournaments.changes_since(self._seen, self._tournament_id)
        if changes is None:
            return
        self._seen = changes.revision
        if changes.what != Change.NONE:
            self.changed.emit(changes)

    def _on_timer_timeout(self) -> None:
        self.poll()
