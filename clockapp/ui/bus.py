"""The tournament bus: one signal that tells every window what changed.

After each service call the caller publishes the call's `Changes`. Other stations' commits are
read from the change feed: "what changed after revision N of this tournament" (revisions are
handed out in commit order, so nothing committed is ever skipped). A watch timer asks a cheap
sign every `WATCH_INTERVAL_MS` (SQLite's data_version, PostgreSQL's LISTEN/NOTIFY: no query when
idle) and reads the feed as soon as it says something was committed; a slower poll reads it
anyway, should a sign be lost. Windows refresh only the parts whose flags are set.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

from PySide6.QtCore import QObject, QTimer, Signal

from clockapp.services.app import Services
from clockapp.services.changes import Change, Changes, Outcome, Revision
from clockapp.services.setup import TournamentNotFoundError
from clockapp.services.tournaments import Watcher
from clockapp.ui.ticks import guarded

T = TypeVar("T")

#: The safety net: the feed is read this often even when no sign came.
POLL_INTERVAL_MS = 1000
#: How often the cheap sign is asked (a change reaches the other stations within about this).
WATCH_INTERVAL_MS = 50


class TournamentBus(QObject):
    """Publishes `changed(Changes)` for local actions and for other stations' actions."""

    changed = Signal(object)  # Changes
    tournament_switched = Signal(int)  # the id of the tournament now shown
    connection_changed = Signal(bool)  # False: the database cannot be reached; True: it is back
    _signed = Signal()  # the watcher's listener thread saw a commit (queued to this thread)

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
        self._seen: Revision = services.tournaments.revision_of(tournament_id)
        self._timer = QTimer(self)
        self._timer.setInterval(poll_interval_ms)
        # A poll that fails (the server is briefly unreachable) is logged; the next one retries.
        self._timer.timeout.connect(guarded("the bus poll", self._on_timer_timeout))
        self._online = True
        self._watcher: Watcher | None = None
        self._watch_timer = QTimer(self)
        self._watch_timer.setInterval(WATCH_INTERVAL_MS)
        self._watch_timer.timeout.connect(guarded("the change watch", self._on_watch_timeout))
        if poll_interval_ms > 0:
            self._timer.start()
            self._watcher = services.tournaments.watch()
            # PostgreSQL's listener wakes the poll at once (the signal crosses to this thread);
            # the timer asks SQLite's data_version, and catches a lost server on either.
            self._signed.connect(guarded("the change watch", self._on_watch_timeout))
            self._watcher.on_sign(self._signed.emit)
            self._watch_timer.start()

    @property
    def tournament_id(self) -> int:
        """The tournament every window shows."""
        return self._tournament_id

    def switch_tournament(self, tournament_id: int) -> None:
        """Show another tournament everywhere."""
        self._tournament_id = tournament_id
        self._seen = self._services.tournaments.revision_of(tournament_id)
        self.tournament_switched.emit(tournament_id)
        self.changed.emit(
            Changes(tournament_id=tournament_id, what=Change.ALL, revision=self._seen.tournament)
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
        # Nothing from another station slipped in between: the next poll need not re-read it.
        seen = self._seen
        if changes.tournament_id is None and changes.revision == seen.app + 1:
            self._seen = replace(seen, app=changes.revision)
        elif (
            changes.tournament_id == self._tournament_id and changes.revision == seen.tournament + 1
        ):
            self._seen = replace(seen, tournament=changes.revision)
        if changes.what & Change.TOURNAMENT and not self._still_shown():
            return  # switched: every window was told to read everything
        self.changed.emit(changes)

    @property
    def online(self) -> bool:
        """False while the database cannot be reached (the last read of the feed failed)."""
        return self._online

    def poll(self) -> None:
        """Look for changes committed elsewhere (also called by the timers)."""
        try:
            feed = self._services.tournaments.changes_since(self._seen, self._tournament_id)
        except Exception:
            self._set_online(False)
            raise
        # Back once the listener is back too (no flicker while it reconnects); what changed
        # while away is in the feed, read just now.
        self._set_online(self._watcher is None or self._watcher.online)
        if feed is None:
            return
        self._seen = feed.revision
        if feed.what & Change.TOURNAMENT and not self._still_shown():
            return
        if feed.what != Change.NONE:
            self.changed.emit(
                Changes(
                    tournament_id=self._tournament_id,
                    what=feed.what,
                    revision=feed.revision.tournament,
                )
            )

    def _still_shown(self) -> bool:
        """Whether the tournament shown is still in the database (a backup restored here or at
        another station may not hold it); if not, switch every window to the one the app would
        reopen, or to a new one when the database holds none, and return False."""
        tournaments = self._services.tournaments
        try:
            tournaments.get(self._tournament_id)
            return True
        except TournamentNotFoundError:
            pass
        shown = tournaments.last_opened()
        self.switch_tournament(
            shown.id if shown is not None else tournaments.create("Tournament").value.id
        )
        return False

    def stop(self) -> None:
        """Stop watching the database (the station is closing)."""
        self._timer.stop()
        self._watch_timer.stop()
        if self._watcher is not None:
            self._watcher.close()

    def _on_timer_timeout(self) -> None:
        self.poll()

    def _set_online(self, online: bool) -> None:
        if online != self._online:
            self._online = online
            self.connection_changed.emit(online)

    def _on_watch_timeout(self) -> None:
        if self._watcher is None:
            return
        if not self._watcher.online:
            self._set_online(False)  # the listener lost the server: say so at once
        if self._watcher.changed():
            self.poll()
