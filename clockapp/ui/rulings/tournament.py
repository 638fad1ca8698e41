"""What the rulings window takes from the tournament: chips in play and tables, kept current by
the bus.

The only part of the window that calls a service. The smallest chip changes when the director
edits the chip set or the clock passes a color-up, so it is read again whenever the bus reports
a change to the chips, the structure, the clock or the tournament shown. The tables (who sits
where, and the button) are read again on every seating or entry change.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from clockapp.core.errors import DomainError
from clockapp.services.app import Services
from clockapp.services.changes import Change, Changes
from clockapp.ui.bus import TournamentBus

CHIP_FLAGS = Change.CHIPS | Change.STRUCTURE | Change.CLOCK | Change.TOURNAMENT


class ChipSource(QObject):
    """Reports the tournament's smallest chip in play.

    Signals:
        loaded(object, str): the smallest chip (None when it cannot be read) and a note for the
            director ("Chips in play: T25, T100" or why it is not known).
    """

    loaded = Signal(object, str)

    def __init__(self, services: Services, bus: TournamentBus, parent: QObject | None = None):
        super().__init__(parent)
        self._services = services
        self._bus = bus
        bus.changed.connect(self._on_bus_changed)
        bus.tournament_switched.connect(lambda _tid: self.load())

    def load(self) -> None:
        """Read the chips in play now and report them."""
        try:
            chips = self._services.rulings.chips_in_play(self._bus.tournament_id)
        except DomainError as error:
            self.loaded.emit(None, f"Chip set not available: {error}")
            return
        values = ", ".join(f"T{v:,}" for v in chips.values)
        self.loaded.emit(chips.smallest, f"Chips in play: {values}")

    def _on_bus_changed(self, changes: Changes) -> None:
        if changes.touches(CHIP_FLAGS):
            self.load()


TABLE_FLAGS = Change.SEATING | Change.ENTRIES | Change.PLAYERS | Change.TOURNAMENT


class TableSource(QObject):
    """Reports the tables in play (who sits where, the button) for the table selector.

    Signals:
        loaded(object): a tuple of `TableAtHand`, by table number (empty without tables).
    """

    loaded = Signal(object)

    def __init__(self, services: Services, bus: TournamentBus, parent: QObject | None = None):
        super().__init__(parent)
        self._services = services
        self._bus = bus
        bus.changed.connect(self._on_bus_changed)
        bus.tournament_switched.connect(lambda _tid: self.load())

    def load(self) -> None:
        """Read the tables now and report them."""
        try:
            tables = self._services.rulings.tables(self._bus.tournament_id)
        except DomainError:
            tables = ()
        self.loaded.emit(tuple(tables))

    def button_seat(self, table: int) -> int | None:
        """The button at `table` as the seating knows it now (None: unknown or not in play)."""
        try:
            return self._services.rulings.button_seat(self._bus.tournament_id, table)
        except DomainError:
            return None

    def _on_bus_changed(self, changes: Changes) -> None:
        if changes.touches(TABLE_FLAGS):
            self.load()
