"""The director's hard end box: the local time play stops, and the final chip counts after it.

The hard end is typed in local wall-clock time and stored in UTC (`next_local_time`). Once it has
stopped play, the box shows "Final chip counts…", which opens the dialog that ranks the players
still in by their chips (`clockapp.ui.director.final_counts`); the same is in the Tournament menu.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from PySide6.QtCore import QTime, Signal
from PySide6.QtWidgets import QCheckBox, QGroupBox, QHBoxLayout, QPushButton, QTimeEdit, QWidget

from clockapp.i18n import N_
from clockapp.i18n import gettext as _

FINAL_COUNTS = N_("Final chip counts…")


class HardEndBox(QGroupBox):
    """Stop play at a local time; after it, the way to the final chip counts."""

    hard_end_chosen = Signal(object)  # the time play stops (aware UTC), or None to clear it
    final_counts_clicked = Signal()

    def __init__(self, now: Callable[[], datetime], parent: QWidget | None = None) -> None:
        super().__init__(_("Hard end"), parent)
        self._now = now
        layout = QHBoxLayout(self)
        self.check = QCheckBox(_("Stop play at"))
        self.edit = QTimeEdit()
        self.edit.setDisplayFormat("HH:mm")
        self.set_button = QPushButton(_("Set"))
        self.final_counts_button = QPushButton(_(FINAL_COUNTS))
        self.final_counts_button.setObjectName("final_counts_button")
        self.final_counts_button.setStyleSheet("font-weight: bold;")
        self.final_counts_button.hide()
        for widget in (self.check, self.edit, self.set_button, self.final_counts_button):
            layout.addWidget(widget)
        self.set_button.clicked.connect(self._on_set_button_clicked)
        self.final_counts_button.clicked.connect(lambda _=False: self.final_counts_clicked.emit())

    def show_hard_end(self, hard_end: datetime | None) -> None:
        """Show the stored hard end (UTC) as the local time it falls at."""
        self.check.setChecked(hard_end is not None)
        if hard_end is not None:
            local = hard_end.astimezone()
            self.edit.setTime(QTime(local.hour, local.minute))

    def show_stopped(self, stopped: bool) -> None:
        """Offer the final chip counts while the hard end has stopped play."""
        self.final_counts_button.setVisible(stopped)

    def _on_set_button_clicked(self) -> None:
        if not self.check.isChecked():
            self.hard_end_chosen.emit(None)
            return
        self.hard_end_chosen.emit(next_local_time(self.edit.time(), self._now()))


def next_local_time(time: QTime, now: datetime) -> datetime:
    """The next moment the local wall clock reads `time` after `now`, as UTC.

    >>> from datetime import UTC, datetime
    >>> from PySide6.QtCore import QTime
    >>> now = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
    >>> (next_local_time(QTime(23, 30), now) - now).total_seconds() <= 86400
    True
    """
    local_now = now.astimezone()
    candidate = local_now.replace(hour=time.hour(), minute=time.minute(), second=0, microsecond=0)
    if candidate <= local_now:
        candidate += timedelta(days=1)
    return candidate.astimezone(UTC)
