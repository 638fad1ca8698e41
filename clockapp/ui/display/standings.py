"""The standings screen: team or league standings on the wall.

`StandingsScreen` covers the clock like the winner screen: a title, up to ten lines (rank, name,
points) and a note. `WallStandings` decides when it shows, from the services' `WallBoard`
(`services.leagues.wall_board`): a team event's standings in every break; a team event's or a
league's standings between tournaments (before the clock starts, and once the tournament is
over), taking turns with the clock or the winner screen every `TURN_SECONDS` of the injected
clock (no timer counts: the session's tick decides).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QFont, QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QVBoxLayout, QWidget

from clockapp.i18n import gettext as _
from clockapp.services.changes import Change, Changes
from clockapp.ui.bus import LatestRead
from clockapp.ui.display.list_grid import ListGrid
from clockapp.ui.display.theme import WallTheme
from clockapp.ui.display.widgets import FitLabel, Panel

if TYPE_CHECKING:
    from clockapp.core.clock import ClockView
    from clockapp.services.app import Services
    from clockapp.services.leagues import WallBoard
    from clockapp.ui.bus import TournamentBus
    from clockapp.ui.clock.session import ClockSession
    from clockapp.ui.display.window import ClockDisplay

MEDIUM = QFont.Weight.Medium
LOG = logging.getLogger(__name__)
ROWS = 10
#: A list shorter than this leaves the room of the missing lines empty below it.
MIN_LINES = 6
#: At the end, the winner and the standings take turns this long each.
TURN_SECONDS = 20
#: The clock's status before the first level (`ClockStatus.NOT_STARTED`).
NOT_STARTED = "not started"
#: What a change must touch for the standings to be read again.
BOARD_CHANGES = Change.ENTRIES | Change.TOURNAMENT | Change.PAYOUTS | Change.PLAYERS


class StandingsScreen(QWidget):
    """A title, the standings lines, and a note, sized from the window height."""

    def __init__(self, look: WallTheme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._look = look
        look.follow(self)
        self.setObjectName("standings_screen")
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        root = QVBoxLayout(self)
        self._root = root
        self.title_label = FitLabel(look, "", color=look.BLINDS, fill=0.7, weight=MEDIUM)
        root.addWidget(self.title_label, 9)
        self.panel = Panel(look)
        panel = QVBoxLayout(self.panel)
        self._panel = panel
        self.standings_list = ListGrid(look, ROWS, fill=0.62, stretches=(12, 58, 30))
        self.rows = self.standings_list.rows
        panel.addWidget(self.standings_list)
        root.addWidget(self.panel, 70)
        self.note_label = FitLabel(look, "", color=look.MUTED, fill=0.55, weight=MEDIUM)
        root.addWidget(self.note_label, 5)
        self._apply_metrics()
        self.hide()

    def _apply_metrics(self) -> None:
        h, w = max(1, self.height()), max(1, self.width())
        self._root.setContentsMargins(
            round(w * 0.08), round(h * 0.04), round(w * 0.08), round(h * 0.04)
        )
        self._root.setSpacing(round(h * 0.015))
        pad = round(h * 0.025)
        self._panel.setContentsMargins(round(pad * 1.6), pad, round(pad * 1.6), pad)
        self.standings_list.follow_width(w)

    def show_board(self, board: WallBoard) -> None:
        """Fill the screen from a `WallBoard`."""
        self.title_label.setText(board.title)
        self.note_label.setText(board.note)
        lines = tuple(board.lines)
        for row, labels in enumerate(self.rows):
            values = lines[row] if row < len(lines) else ("", "", "")
            for label, value in zip(labels, values, strict=True):
                label.setText(value)
            labels[1].setColor(self._look.BLINDS if values[0] == "1" else self._look.TEXT)
        if not lines:
            self.rows[0][1].setText(_("No points yet"))
        self.standings_list.use_lines(max(1, len(lines)), MIN_LINES)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Rescale margins; the lines share one size again."""
        self._apply_metrics()
        self._root.activate()
        super().resizeEvent(event)
        self.standings_list.share_size()

    def paintEvent(self, event: QPaintEvent) -> None:
        """The wall's background."""
        painter = QPainter(self)
        painter.fillRect(event.rect(), self._look.BACKGROUND)


class WallStandings(QObject):
    """Reads the wall's standings when points may have changed; shows them when they are due."""

    def __init__(
        self, services: Services, bus: TournamentBus, session: ClockSession, display: ClockDisplay
    ) -> None:
        super().__init__(display)
        self._services = services
        self._bus = bus
        self._session = session
        self._display = display
        self.screen = StandingsScreen(display.look, display)
        self.board: WallBoard | None = None
        bus.changed.connect(self._on_bus_changed)
        bus.tournament_switched.connect(self._on_bus_tournament_switched)
        session.ticked.connect(self._on_session_ticked)
        session.moves_changed.connect(self._on_session_moves_changed)
        display.installEventFilter(self)
        self._reading = LatestRead(
            bus,
            lambda: services.leagues.wall_board(bus.tournament_id),
            self._on_read,
            self._on_read_failed,
        )
        self.reload()

    def reload(self) -> None:
        """Read the board again, off the GUI thread (None: nothing to show)."""
        self._reading.ask()

    def _on_read_failed(self, error: Exception) -> None:
        # The wall never shows an error: the standings stay off until the next change.
        LOG.error("the wall standings could not be read", exc_info=error)
        self._on_read(None)

    def _on_read(self, board: WallBoard | None) -> None:
        self.board = board
        if self.board is not None:
            self.screen.show_board(self.board)
        self.update_visibility(self._session.current_view())

    def due(self, clock_view: ClockView) -> bool:
        """Whether the standings cover the clock now."""
        if self.board is None:
            return False
        snapshot = self._session.snapshot
        final = getattr(getattr(snapshot, "ending", None), "final", None)
        if final is not None or str(clock_view.status) == NOT_STARTED:
            turn = int(self._session.now().timestamp()) // TURN_SECONDS
            return turn % 2 == 1
        # Seat moves waiting on the wall come first: players must read where they go.
        pending = bool(self._session.moves)
        return bool(self.board.during_breaks and clock_view.is_break and not pending)

    def update_visibility(self, clock_view: ClockView) -> None:
        """Show or hide the screen (over everything else on the wall while due)."""
        shown = self.due(clock_view)
        if shown:
            self._place()
            if not self.screen.isVisible():
                self.screen.show()
            self.screen.raise_()
        elif self.screen.isVisible():
            self.screen.hide()

    def _place(self) -> None:
        """Cover the wall down to its footer (the next level, when play resumes) in a break;
        all of it at the end."""
        rect = self._display.rect()
        footer = getattr(self._display, "_footer", None)
        final = getattr(getattr(self._session.snapshot, "ending", None), "final", None)
        if footer is not None and final is None and footer.geometry().top() > 0:
            rect.setBottom(footer.geometry().top() - 1)
        self.screen.setGeometry(rect)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Follow the wall's size (fullscreen, another screen)."""
        if watched is self._display and event.type() == QEvent.Type.Resize:
            self._place()
        return False

    def _on_bus_changed(self, changes: Changes) -> None:
        if changes.touches(BOARD_CHANGES):
            self.reload()

    def _on_bus_tournament_switched(self, _tournament_id: int) -> None:
        self.reload()

    def _on_session_moves_changed(self, _moves: object) -> None:
        self.update_visibility(self._session.current_view())

    def _on_session_ticked(self, clock_view: ClockView) -> None:
        self.update_visibility(clock_view)
