"""Quitting in the middle of a tournament is asked, never done by a stray Alt+F4 or Ctrl+Q.

`in_play` says whether a tournament is running (the clock was started and the event has not
ended with one player left); `ask_to_quit` asks the director on the window that asked, with
"Keep running" as the answer Enter and Esc give.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QMessageBox, QWidget

from clockapp.core.clock import ClockStatus

QUESTION = "The tournament is running. Quit clockapp?"
DETAIL = (
    "The clock keeps its time in the database and goes on when clockapp is opened again, "
    "but the room loses the clock on the wall until then."
)
KEEP = "Keep running"
QUIT = "Quit clockapp"


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
    stats = snapshot.stats
    return not (stats.entries > 1 and stats.players_left <= 1)


def ask_to_quit(parent: QWidget) -> QMessageBox:
    """The question, over `parent`, with "Keep running" the default and the Esc answer."""
    box = QMessageBox(parent)
    box.setObjectName("quit_question")
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle("Quit clockapp?")
    box.setText(QUESTION)
    box.setInformativeText(DETAIL)
    keep = box.addButton(KEEP, QMessageBox.ButtonRole.RejectRole)
    box.addButton(QUIT, QMessageBox.ButtonRole.DestructiveRole)
    box.setDefaultButton(keep)
    box.setEscapeButton(keep)
    return box


def confirm_quit(parent: QWidget) -> bool:
    """Ask (modal, on `parent`'s window); True when the director chose to quit."""
    box = ask_to_quit(parent)
    box.exec()
    return box.buttonRole(box.clickedButton()) == QMessageBox.ButtonRole.DestructiveRole
