"""The director's Close / Reopen registration action (Tournament menu).

One service call through the undo history (Ctrl+Z puts back the choice it replaced), on the
station's worker: the action is busy until it has answered, so a second press cannot close twice
(or close, then reopen). Its text
follows the snapshot, so it says what pressing it would do: "Close registration" while it is
open, "Reopen registration" once it is closed (by the director, the level, the first bust). A
finished tournament cannot be reopened, so the action is off then.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction

from clockapp.errors import DomainError
from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.ui.clock.session import ClockSession
from clockapp.ui.errors import report
from clockapp.ui.undo import UndoHistory

CLOSE = N_("Close registration")
REOPEN = N_("Reopen registration")


class RegistrationAction(QObject):
    """`action`: close registration when open, reopen it when closed."""

    def __init__(
        self,
        parent: QObject,
        session: ClockSession,
        history: UndoHistory,
        on_error: Callable[[str], None],
    ) -> None:
        super().__init__(parent)
        self._session = session
        self._history = history
        self._on_error = on_error
        self._open = True
        self.action = QAction(_(CLOSE), parent)
        self.action.setObjectName("registration_action")
        self.action.setStatusTip(_("Close registration now, or reopen it (Ctrl+Z undoes it)"))
        self.action.setEnabled(False)
        self.action.triggered.connect(self._on_action_triggered)
        session.snapshot_changed.connect(self._on_session_snapshot_changed)
        if session.snapshot is not None:
            self._on_session_snapshot_changed(session.snapshot)

    def _on_session_snapshot_changed(self, snapshot: Any) -> None:
        ending = getattr(snapshot, "ending", None)
        line = getattr(ending, "registration", "")
        self._open = bool(getattr(ending, "registration_open", False))
        self.action.setText(_(CLOSE) if self._open else _(REOPEN))
        # Nothing to close before the cashier has begun; nothing to reopen once it is over.
        self.action.setEnabled(bool(line) and getattr(ending, "final", None) is None)

    def _on_action_triggered(self, _checked: bool = False) -> None:
        services = self._session.services.registration
        text, operation = (_(CLOSE), services.close) if self._open else (_(REOPEN), services.reopen)
        self._history.submit_registration(
            text, operation, on_failed=self._on_registration_failed, control=self.action
        )

    def _on_registration_failed(self, error: Exception) -> None:
        if isinstance(error, DomainError):
            self._on_error(str(error))
        else:
            report(error, None)
