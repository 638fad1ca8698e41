"""A station whose database server does not answer at start-up: it waits, says so, and retries.

Nobody stands at the wall to click a dialog. The display started while its PostgreSQL server is
down (or not answering) shows the clock it cached with the red dot a running station shows when
it goes offline, or, on its first start, a screen that says it is waiting; it tries again every
few seconds on a thread of its own (a server that hangs costs the connect timeout, never a frozen
window), and the station opens as soon as the server answers.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QLabel, QWidget

from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.services.errors import DatabaseServerDownError
from clockapp.ui.ticks import guarded

if TYPE_CHECKING:
    from clockapp.services.app import Services

#: How long the station waits between two attempts.
RETRY_MS = 2000

WAITING_TEXT = N_("Waiting for the database server…")


class ServerWait(QObject):
    """Opens the services again and again until the server answers; `opened` hands them over.

    It has the bus's `online` and `connection_changed`, so the wall's `OfflineMark` shows it.
    """

    #: The services, opened at last.
    opened = Signal(object)
    #: Another error than a server that does not answer (a database from a newer clockapp...).
    failed = Signal(object)
    connection_changed = Signal(bool)
    _tried = Signal(object)  # from the attempt's thread: the services or the error

    def __init__(
        self,
        open_services: Callable[[], Services],
        display: QWidget | None,
        retry_ms: int = RETRY_MS,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._open = open_services
        self.online = False
        #: How many attempts were made since the wait began (the first one included).
        self.attempts = 1
        self._stopped = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(retry_ms)
        self._timer.timeout.connect(guarded("the wait for the server", self._on_timer_timeout))
        self._tried.connect(self._on_tried)
        self._mark: QWidget | None = None
        self._screen: QLabel | None = None
        if display is not None:
            from clockapp.ui.offline import OfflineMark

            self._mark = OfflineMark(display, self, discreet=True)
            self._mark.setToolTip(
                _("Waiting for the database server… Trying again every few seconds.")
            )
        else:
            self._screen = QLabel()
            self._screen.setObjectName("waiting_for_database")
            self._screen.setWindowTitle("clockapp")
            self._screen.setAlignment(Qt.AlignmentFlag.AlignCenter)
            self._screen.setWordWrap(True)
            self._screen.setMinimumSize(640, 360)

    def start(self, error: DatabaseServerDownError, fullscreen: bool = False) -> None:
        """Say why the station waits, and try again in a moment."""
        self._say(error)
        if self._screen is not None:
            if fullscreen:
                self._screen.showFullScreen()
            else:
                self._screen.show()
        self._timer.start()

    def stop(self) -> None:
        """Stop trying (the station opened, or is closing)."""
        self._stopped = True
        self._timer.stop()
        if self._screen is not None:
            self._screen.close()
            self._screen.deleteLater()
            self._screen = None
        if self._mark is not None:
            self.online = True
            self.connection_changed.emit(True)
            self._mark.deleteLater()
            self._mark = None

    def _say(self, error: Exception) -> None:
        if self._screen is not None:
            self._screen.setText(
                _(
                    "Waiting for the database server…\n\n{error}\n\nTrying again every few seconds."
                ).format(error=error)
            )

    def _on_timer_timeout(self) -> None:
        self.attempts += 1
        threading.Thread(target=self._attempt, name="clockapp-open", daemon=True).start()

    def _attempt(self) -> None:
        try:
            result: object = self._open()
        except Exception as error:  # handed back to the GUI thread, which says what it is
            result = error
        self._tried.emit(result)

    def _on_tried(self, result: object) -> None:
        if self._stopped:
            if not isinstance(result, Exception):
                result.ctx.engine.dispose()  # type: ignore[attr-defined]
            return
        if isinstance(result, DatabaseServerDownError):
            self._say(result)
            self._timer.start()
        elif isinstance(result, Exception):
            self.stop()
            self.failed.emit(result)
        else:
            self.stop()
            self.opened.emit(result)
