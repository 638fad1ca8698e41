"""Quitting in the middle of a tournament is asked, never done by a stray Alt+F4 or Ctrl+Q.

`in_play` says whether a tournament is running (the clock was started and the event has not
ended with one player left); `ask_to_quit` builds the question for the window that asked, with
"Keep running" as the answer Enter and Esc give.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QMessageBox, QWidget

from clockapp.core.clock import ClockStatus
from clockapp.i18n import N_
from clockapp.i18n import gettext as _

QUESTION = N_("The tournament is running. Quit clockapp?")
DETAIL = N_(
    "The clock keeps its time in the database and goes on when clockapp is opened again, "
    "but the room loses the clock on the wall until then."
)
KEEP = N_("Keep running")
QUIT = N_("Quit clockapp")


def in_play(snapshot: Any, status: ClockStatus) -> bool:
    """Whether quitting now would take the clock away from a running tournament.

    >>> from types import SimpleNamespace as N
    >>> def snap(entries, left):
    ...     return N(stats=N(entries=entries, players_left=left), state=N())
    >>> in_play(snap(20, 8), ClockStatus.PAUSED), in_play(snap(20, 8), ClockStatus.NOT_STARTED)
    (True, False)
    >>> in_play(snap(20, 1), ClockStatus.RUNNING)  # one player left: the event is over
    False
    """
    if status is ClockStatus.NOT_STARTED:
        return False
    if getattr(snapshot.state, "finished", False):
        return False
    ending = getattr(snapshot, "ending", None)
    if getattr(ending, "final", None) is not None:
        return False  # a winner, or a deal that ended the tournament
    stats = snapshot.stats
    return not (stats.entries > 1 and stats.players_left <= 1)


def in_play_now(session: Any) -> bool:
    """Whether the clock session's tournament is in play at this moment."""
    return in_play(session.snapshot, session.current_view().status)


def ask_to_quit(parent: QWidget) -> QMessageBox:
    """The question, over `parent`, with "Keep running" the default and the Esc answer."""
    box = QMessageBox(parent)
    box.setObjectName("quit_question")
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(_("Quit clockapp?"))
    box.setText(_(QUESTION))
    box.setInformativeText(_(DETAIL))
    keep = box.addButton(_(KEEP), QMessageBox.ButtonRole.RejectRole)
    box.addButton(_(QUIT), QMessageBox.ButtonRole.DestructiveRole)
    box.setDefaultButton(keep)
    box.setEscapeButton(keep)
    return box


class QuitGuard(QObject):
    """Decides whether a window may close and quit the app, asking while a tournament runs.

    The question is window-modal but not blocking (`open()`, not `exec()` inside closeEvent):
    the clock keeps ticking behind it. Its Quit button closes the window again, now allowed.

    Signals:
        allowed(): the app may quit (emitted once); the wall display may close from then on.
    """

    allowed = Signal()

    def __init__(self, window: QWidget, running: Callable[[], bool]) -> None:
        super().__init__(window)
        self._window = window
        self._running = running
        self._allowed = False
        self.question: QMessageBox | None = None  # "Quit clockapp?" while it is asked

    def allow(self) -> None:
        """Quitting is decided: close without asking."""
        if not self._allowed:
            self._allowed = True
            self.allowed.emit()

    def request(self) -> bool:
        """True when the app may quit now; else the question is showing (False)."""
        if self._allowed or not self._window.isVisible() or not self._running():
            self.allow()
            return True
        if self.question is None:
            self.question = ask_to_quit(self._window)
            self.question.finished.connect(self._on_question_finished)
            self.question.open()
        self.question.raise_()
        self.question.activateWindow()
        return False

    def _on_question_finished(self, _result: int) -> None:
        box, self.question = self.question, None
        if box is None:
            return
        box.deleteLater()
        if box.buttonRole(box.clickedButton()) == QMessageBox.ButtonRole.DestructiveRole:
            self.allow()
            self._window.close()
