"""`AutoBackup`: an online backup of the database at every level change and break.

The clock session claims the due clock events once across stations (`events_claimed`); when a
level or a break starts, this takes a backup labelled with the tournament, the level and the
players left. The copy runs on a worker thread (one at a time), so a slow disk never stalls the
clock; a failure never stops anything: it is reported once (`failed`), and the clock carries on.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from clockapp.core.clock import ClockEvent, EventKind

if TYPE_CHECKING:
    from clockapp.services.app import Services
    from clockapp.services.backups import BackupNote
    from clockapp.ui.clock.session import ClockSession

#: The events that start a new level or break: each gets a backup.
BACKUP_EVENTS = (EventKind.LEVEL_STARTED, EventKind.BREAK_STARTED)
#: How long quitting waits for a backup in progress (a disk or server that stopped answering
#: must not keep the app from closing; the backup is written to a new file, so stopping it
#: leaves the older backups and the database as they were).
CLOSE_WAIT_MS = 30_000


class AutoBackup(QObject):
    """Backs up the database as levels and breaks start (SQLite files only)."""

    taken = Signal(object)  # BackupInfo
    failed = Signal(str)  # the first failure only, for the director
    _finished = Signal(object, str)  # from the worker: (BackupInfo or None, error message)

    def __init__(
        self, services: Services, session: ClockSession, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._services = services
        self._session = session
        # Python's pool, not a QThreadPool child: Qt's would wait for a running backup inside
        # this object's destructor while holding the interpreter's lock the backup needs.
        self._pool = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="clockapp-backup")
        self._last: concurrent.futures.Future[None] | None = None  # one at a time, in order
        self.destroyed.connect(lambda _obj=None, pool=self._pool: pool.shutdown(wait=False))
        self._reported = False
        self.failures = 0
        self._finished.connect(self._on_worker_finished)
        session.events_claimed.connect(self._on_session_events_claimed)

    def wait(self, msecs: int = -1) -> bool:
        """Wait for a backup in progress (the app is quitting, or a test checks the folder), at
        most `msecs` when given; True when none is left running."""
        last = self._last
        if last is None:
            return True
        try:
            last.result(None if msecs < 0 else msecs / 1000)
        except concurrent.futures.TimeoutError:
            return False
        return True

    def _on_session_events_claimed(self, events: tuple[ClockEvent, ...]) -> None:
        try:
            starts = [e for e in events if e.kind in BACKUP_EVENTS]
            if not starts or self._services.backups.database is None:
                return
            from clockapp.services.backups import note_for_event

            event = max(starts, key=lambda e: (e.at, e.index))
            note = note_for_event(self._session.snapshot, event)
            kind = "break" if event.item.is_break else "level"
            keep = self._services.backups.keep()
            self._last = self._pool.submit(self._run, kind, note, keep)
        except Exception as error:  # a backup must never stop the clock
            self._on_worker_finished(None, str(error))

    def _run(self, kind: str, note: BackupNote, keep: int) -> None:
        # On the worker thread: only file work (SQLite's backup API), reported back by a signal.
        try:
            taken = self._services.backups.take(kind, note, keep=keep)
        except Exception as error:
            answer: tuple[object, str] = (None, str(error) or type(error).__name__)
        else:
            answer = (taken, "")
        with contextlib.suppress(RuntimeError):  # the station closed meanwhile
            self._finished.emit(*answer)

    def _on_worker_finished(self, taken: object, error: str) -> None:
        if not error:
            self.taken.emit(taken)
            return
        self.failures += 1
        if not self._reported:
            self._reported = True
            self.failed.emit(
                f"Automatic backup failed: {error} The clock carries on; further backup "
                "failures are not reported."
            )
