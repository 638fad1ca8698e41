"""The tournament bus: one signal that tells every window what changed.

After each service call submitted through it, the bus publishes the call's `Changes`. Other
stations' commits are read from the change feed: "what changed after revision N of this
tournament" (revisions are handed out in commit order, so nothing committed is ever skipped). A
watch timer asks a cheap sign every `WATCH_INTERVAL_MS` (SQLite's data_version, PostgreSQL's
LISTEN/NOTIFY: no query when idle) and reads the feed as soon as it says something was committed;
a slower poll reads it anyway, should a sign be lost. Windows refresh only the parts whose flags
are set.

The bus owns the station's worker (`clockapp.ui.operations.StationWorker`): the sign and the feed
are read there, never on the GUI thread, and `changed` is emitted on the GUI thread when the read
answers. One read at a time: a read that hangs (a server that stopped answering without closing
its connections) queues no more behind it, and when it has not answered within
`READ_TIMEOUT_MS` the station says it is offline, while the clock goes on from what it holds.
`submit` runs a service operation on the same worker, after every read and action asked before
it, and publishes its `Outcome.changes` when it answers, so an action never makes the GUI wait
on the database.

A window reads what it shows through `refresh`, always on the worker: no window reads the
database on the GUI thread. The reads one `changed` makes the windows ask share one read: they run
as one job in one read transaction (`ServiceContext.shared_reads`), so the tournament's revision
and rows are read once for all of them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QWidget

from clockapp.services.app import Services
from clockapp.services.changes import Change, Changes, Feed, Outcome, Revision
from clockapp.services.setup import TournamentNotFoundError
from clockapp.services.tournaments import Watcher
from clockapp.ui.operations import Control, StationWorker
from clockapp.ui.ticks import TickErrors, guarded

T = TypeVar("T")

log = logging.getLogger(__name__)

#: The safety net: the feed is read this often even when no sign came.
POLL_INTERVAL_MS = 1000
#: How often the cheap sign is asked (a change reaches the other stations within about this).
WATCH_INTERVAL_MS = 50
#: A read of the feed that has not answered after this long means the database is not answering.
READ_TIMEOUT_MS = 3000


@dataclass(frozen=True)
class _Refresh:
    """One window's read asked while `changed` was being emitted (run with the others)."""

    read: Callable[[], object]
    on_read: Callable[[Any], object]
    on_failed: Callable[[Exception], object]
    key: Hashable | None


@dataclass(frozen=True)
class _FeedRead:
    """What one read on the worker found (handed to the GUI thread)."""

    tournament_id: int
    feed: Feed | None
    #: The tournament to show instead, with where its feed stands, when the one shown is gone.
    replacement: tuple[int, Revision] | None = None


class TournamentBus(QObject):
    """Publishes `changed(Changes)` for local actions and for other stations' actions."""

    changed = Signal(object)  # Changes
    tournament_switched = Signal(int)  # the id of the tournament now shown
    connection_changed = Signal(bool)  # False: the database cannot be reached; True: it is back
    polled = Signal()  # a read of the feed answered (after its `changed`, if any)
    _signed = Signal()  # the watcher's listener thread saw a commit (queued to this thread)

    def __init__(
        self,
        services: Services,
        tournament_id: int,
        poll_interval_ms: int = POLL_INTERVAL_MS,
        parent: QObject | None = None,
        read_timeout_ms: int = READ_TIMEOUT_MS,
    ) -> None:
        super().__init__(parent)
        self._services = services
        self._tournament_id = tournament_id
        self._seen: Revision = services.tournaments.revision_of(tournament_id)
        self.worker = StationWorker("station", self)
        self._reading = False  # a read of the feed is on the worker (one at a time)
        self._batch: list[_Refresh] | None = None  # the reads asked while `changed` is emitted
        self._batched_keys: set[Hashable] = set()  # their keys, until they answered
        self._read_errors = TickErrors("the bus poll")
        self._read_timeout = QTimer(self)
        self._read_timeout.setSingleShot(True)
        self._read_timeout.setInterval(read_timeout_ms)
        self._read_timeout.timeout.connect(
            guarded("the read watchdog", self._on_read_timeout_timeout)
        )
        self._timer = QTimer(self)
        self._timer.setInterval(poll_interval_ms)
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

    def switch_tournament(self, tournament_id: int, seen: Revision | None = None) -> None:
        """Show another tournament everywhere, its feed read from `seen` on (where it stood
        when read on the worker; read here when not given)."""
        if seen is None:
            seen = self._services.tournaments.revision_of(tournament_id)
        self._switch(tournament_id, seen)

    def _switch(self, tournament_id: int, seen: Revision) -> None:
        self._tournament_id = tournament_id
        self._seen = seen
        self.tournament_switched.emit(tournament_id)
        self._emit_changed(
            Changes(tournament_id=tournament_id, what=Change.ALL, revision=self._seen.tournament)
        )

    def submit(
        self,
        operation: Callable[[], Outcome[T]],
        on_done: Callable[[T], object] | None = None,
        on_failed: Callable[[Exception], object] | None = None,
        *,
        control: Control | None = None,
        key: Hashable | None = None,
        asker: QWidget | None = None,
    ) -> bool:
        """Run one service operation on the worker; on the GUI thread, publish what it changed,
        then call `on_done(value)`.

        An error goes to `on_failed`, or to the app's error net (shown on `asker`'s window);
        nothing is published then. `control` is busy until the answer, and while it is pending
        a second submission for it (or for `key`) is refused: returns False.
        """

        tid = self._tournament_id

        def work() -> tuple[Outcome[T], tuple[int, Revision] | None]:
            outcome = operation()
            gone = None
            if outcome.changes.what & Change.TOURNAMENT:
                gone = self._replacement_if_gone(tid)
            return outcome, gone

        def done(answer: tuple[Outcome[T], tuple[int, Revision] | None]) -> None:
            outcome, gone = answer
            self._publish(outcome.changes, gone)
            if on_done is not None:
                on_done(outcome.value)

        return self.worker.submit(work, done, on_failed, control=control, key=key, asker=asker)

    def refresh(
        self,
        read: Callable[[], T],
        on_read: Callable[[T], object],
        on_failed: Callable[[Exception], object],
        *,
        key: Hashable | None = None,
    ) -> bool:
        """Read what a window shows, on the worker: asked while `changed` is emitted, with the
        other windows' reads of that change, in one read session; else on its own. `on_read`
        or `on_failed` is called on the GUI thread when it answers. Returns True when the read
        was queued (False while one with the same `key` is on its way)."""
        if self._batch is None:
            return self.worker.submit(read, on_read, on_failed, key=key)
        if key is not None and (self.worker.is_pending(key) or key in self._batched_keys):
            return False
        if key is not None:
            self._batched_keys.add(key)
        self._batch.append(_Refresh(read, on_read, on_failed, key))
        return True

    def _emit_changed(self, changes: Changes) -> None:
        """Emit `changed`; the windows' reads it asks share one read session on the worker."""
        if self._batch is not None:  # a switch while a change is emitted: the same batch
            self.changed.emit(changes)
            return
        self._batch = []
        try:
            self.changed.emit(changes)
        finally:
            batch, self._batch = self._batch, None
        if batch:
            self._submit_batch(batch)

    def _submit_batch(self, batch: list[_Refresh]) -> None:
        """Run the reads of one change on the worker, in one read session, then answer each."""
        shared_reads = self._services.ctx.shared_reads

        def work() -> list[tuple[bool, object]]:
            answers: list[tuple[bool, object]] = []
            with shared_reads():
                for asked in batch:
                    try:
                        answers.append((True, asked.read()))
                    except Exception as error:
                        answers.append((False, error))
            return answers

        def forget_keys() -> None:
            for asked in batch:
                self._batched_keys.discard(asked.key)

        def done(answers: list[tuple[bool, object]]) -> None:
            forget_keys()
            errors: list[Exception] = []
            for asked, (ok, value) in zip(batch, answers, strict=True):
                try:  # each window hears its answer, whatever another one's handler raised
                    if ok:
                        asked.on_read(value)
                    else:
                        assert isinstance(value, Exception)
                        asked.on_failed(value)
                except Exception as error:
                    errors.append(error)
            if errors:
                raise errors[0]

        def failed(error: Exception) -> None:
            forget_keys()
            for asked in batch:
                asked.on_failed(error)

        if not self.worker.submit(work, done, failed):
            forget_keys()

    def _publish(self, changes: Changes, gone: tuple[int, Revision] | None) -> None:
        # Nothing from another station slipped in between: the next poll need not re-read it.
        seen = self._seen
        if changes.tournament_id is None and changes.revision == seen.app + 1:
            self._seen = replace(seen, app=changes.revision)
        elif (
            changes.tournament_id == self._tournament_id and changes.revision == seen.tournament + 1
        ):
            self._seen = replace(seen, tournament=changes.revision)
        if gone is not None:
            self._switch(*gone)  # every window is told to read everything
            return
        self._emit_changed(changes)

    @property
    def online(self) -> bool:
        """False while the database cannot be reached (the last read of the feed failed, or has
        not answered for `READ_TIMEOUT_MS`)."""
        return self._online

    def poll(self) -> bool:
        """Read the change feed on the worker (also done by the timers); `changed` comes when it
        answers, then `polled`. False, and nothing asked, while a read is already on its way."""
        return self._read(sign_first=False)

    def _read(self, *, sign_first: bool) -> bool:
        if self._reading:
            return False  # a read that hangs must not pile more up behind it
        since, tid, watcher = self._seen, self._tournament_id, self._watcher

        def work() -> _FeedRead | None:
            if sign_first and watcher is not None and not watcher.changed():
                return None
            feed = self._services.tournaments.changes_since(since, tid)
            gone = None
            if feed is not None and feed.what & Change.TOURNAMENT:
                gone = self._replacement_if_gone(tid)
            return _FeedRead(tid, feed, gone)

        if not self.worker.submit(work, self._on_feed_read, self._on_feed_failed):
            return False
        self._reading = True
        self._read_timeout.start()
        return True

    def _replacement_if_gone(self, tournament_id: int) -> tuple[int, Revision] | None:
        """None while the tournament shown is still in the database (a backup restored here or
        at another station may not hold it); else the one the app would reopen, or a new one
        when the database holds none, with where its feed stands. On the worker."""
        tournaments = self._services.tournaments
        try:
            tournaments.get(tournament_id)
            return None
        except TournamentNotFoundError:
            pass
        shown = tournaments.last_opened()
        new_id = shown.id if shown is not None else tournaments.create("Tournament").value.id
        return new_id, tournaments.revision_of(new_id)

    def stop(self) -> None:
        """Stop watching the database and stop the worker (the station is closing)."""
        self._timer.stop()
        self._watch_timer.stop()
        self._read_timeout.stop()
        if self._watcher is not None:
            self._watcher.close()
        self.worker.stop()

    def _on_timer_timeout(self) -> None:
        self.poll()

    def _set_online(self, online: bool) -> None:
        if online != self._online:
            self._online = online
            self.connection_changed.emit(online)

    def _read_answered(self) -> None:
        self._reading = False
        self._read_timeout.stop()

    def _on_feed_read(self, read: _FeedRead | None) -> None:
        self._read_answered()
        # Back once the listener is back too (no flicker while it reconnects); what changed
        # while away is in the feed, read just now.
        self._set_online(self._watcher is None or self._watcher.online)
        if read is not None and read.tournament_id == self._tournament_id:
            self._take(read)
        self.polled.emit()

    def _take(self, read: _FeedRead) -> None:
        feed = read.feed
        if feed is None:
            return
        # What this station published meanwhile may already be further on.
        seen = self._seen
        self._seen = Revision(
            max(seen.tournament, feed.revision.tournament), max(seen.app, feed.revision.app)
        )
        if read.replacement is not None:
            self._switch(*read.replacement)
        elif feed.what != Change.NONE:
            self._emit_changed(
                Changes(
                    tournament_id=self._tournament_id,
                    what=feed.what,
                    revision=feed.revision.tournament,
                )
            )

    def _on_feed_failed(self, error: Exception) -> None:
        # A read that fails (the server is briefly unreachable) is logged; the next one retries.
        self._read_answered()
        self._set_online(False)
        self._read_errors.log(error)
        self.polled.emit()

    def _on_read_timeout_timeout(self) -> None:
        if self._reading:
            self._set_online(False)  # no answer: a hung server says nothing, so say it here

    def _on_watch_timeout(self) -> None:
        if self._watcher is None:
            return
        if not self._watcher.online:
            self._set_online(False)  # the listener lost the server: say so at once
        self._read(sign_first=True)


class LatestRead(Generic[T]):
    """A window's read of what it shows, made through `TournamentBus.refresh` (on the worker).

    Asked again while a read is on its way, it reads once more when that one answers: a burst
    of sales costs two reads, not one per sale, and the last read sees them all. An answer older
    than a read asked since is dropped, so what is shown never goes back in time.
    """

    def __init__(
        self,
        bus: TournamentBus,
        read: Callable[[], T],
        on_read: Callable[[T], object],
        on_failed: Callable[[Exception], object],
    ) -> None:
        self._bus = bus
        self._read = read
        self._on_read = on_read
        self._on_failed = on_failed
        self._again = False
        self._made = 0  # reads made or queued; each answer knows its number

    def ask(self) -> None:
        """Read now, or once more after the read on its way."""
        self._made += 1
        number = self._made
        if not self._bus.refresh(
            self._read,
            lambda value: self._answered(number, value),
            lambda error: self._failed(number, error),
            key=self,
        ):
            self._made -= 1  # nothing was asked: the read on its way is still the last one
            self._again = True

    def _answered(self, number: int, value: T) -> None:
        if number == self._made:
            self._on_read(value)
        self._next()

    def _failed(self, number: int, error: Exception) -> None:
        if number == self._made:
            self._on_failed(error)
        self._next()

    def _next(self) -> None:
        if self._again and not self._bus.worker.is_pending(self):
            self._again = False
            self.ask()
