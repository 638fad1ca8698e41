"""The mark a window shows while its database cannot be reached.

The bus says when the database goes and comes back (`TournamentBus.connection_changed`): a failed
read of the feed, or the PostgreSQL listener losing its server, which it notices at once. The
director's and the cashier's windows then show a red band across their top that says what it
means; the wall shows only a small red dot in its corner (the room need not be alarmed; the
director is). The clock goes on from the level's stored end time, changes are refused with a
readable message (`persistence.errors.DatabaseUnreachableError`), and the mark goes when the
station has reconnected by itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QLabel, QMainWindow, QWidget

from clockapp.i18n import N_
from clockapp.i18n import gettext as _

if TYPE_CHECKING:
    from clockapp.ui.bus import TournamentBus
    from clockapp.ui.shell.waiting import ServerWait

BAND_TEXT = N_(
    "The database cannot be reached: showing what was last read, the clock keeps time, and "
    "changes are refused until it is back. Reconnecting…"
)
DOT_SIZE = 14


class OfflineMark(QLabel):
    """A band over the top of `window` (or a discreet dot in its corner) while offline."""

    def __init__(
        self, window: QWidget, bus: TournamentBus | ServerWait, *, discreet: bool = False
    ) -> None:
        central = window.centralWidget() if isinstance(window, QMainWindow) else None
        if central is not None:
            window = central  # below the menu bar, which stays usable
        super().__init__(window)
        self._window = window
        self._discreet = discreet
        self.setObjectName("offline_mark")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        if discreet:
            self.setToolTip(_("The database cannot be reached; reconnecting."))
            self.setFixedSize(DOT_SIZE, DOT_SIZE)
            self.setStyleSheet(f"background: #c62828; border-radius: {DOT_SIZE // 2}px;")
        else:
            self.setText(_(BAND_TEXT))
            self.setWordWrap(True)
            self.setAlignment(Qt.AlignmentFlag.AlignCenter)
            self.setStyleSheet(
                "background: #c62828; color: white; font-weight: bold; padding: 6px 12px;"
            )
        window.installEventFilter(self)
        bus.connection_changed.connect(self._on_bus_connection_changed)
        self._on_bus_connection_changed(bus.online)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._window and event.type() == QEvent.Type.Resize:
            self._place()
        return False

    def _place(self) -> None:
        area = self._window.rect()
        if self._discreet:
            self.move(area.right() - DOT_SIZE - 8, area.bottom() - DOT_SIZE - 8)
        else:
            self.setFixedWidth(area.width())
            self.adjustSize()
            self.move(0, 0)
        self.raise_()

    def _on_bus_connection_changed(self, online: bool) -> None:
        self.setVisible(not online)
        if not online:
            self._place()
