"""What the rulings window takes from the tournament: chips in play and tables, kept current by
the bus.

The only part of the window that reads the database, and it reads on the station's worker
(`LatestRead`): a read that waits on the database never freezes the window. The smallest chip
changes when the director edits the chip set or the clock passes a color-up, so it is read again
whenever the bus reports a change to the chips, the structure, the clock or the tournament shown.
The tables (who sits where, and the button) are read again on every seating or entry change; the
button of a chosen table is the one that read found, so choosing a table reads nothing.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from clockapp.errors import DomainError
from clockapp.i18n import gettext as _
from clockapp.services.app import Services
from clockapp.services.changes import Change, Changes
from clockapp.services.rulings import ChipsInPlay, TableAtHand
from clockapp.ui.bus import LatestRead, TournamentBus
from clockapp.ui.errors import report
from clockapp.ui.rulings.settlement import chip_name

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
        self._reads = LatestRead(bus, self._read, self._on_read, self._on_read_failed)
        bus.changed.connect(self._on_bus_changed)
        bus.tournament_switched.connect(self._on_bus_tournament_switched)

    def load(self) -> None:
        """Read the chips in play (on the worker) and report them when the read answers."""
        self._reads.ask()

    def _read(self) -> ChipsInPlay:
        return self._services.rulings.chips_in_play(self._bus.tournament_id)

    def _on_read(self, chips: ChipsInPlay) -> None:
        values = ", ".join(chip_name(v) for v in chips.values)
        self.loaded.emit(chips.smallest, _("Chips in play: {chips}").format(chips=values))

    def _on_read_failed(self, error: Exception) -> None:
        if not isinstance(error, DomainError):
            report(error, None)
            return
        self.loaded.emit(None, _("Chip set not available: {error}").format(error=error))

    def _on_bus_tournament_switched(self, _tournament_id: int) -> None:
        self.load()

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
        self._tables: dict[int, TableAtHand] = {}
        self._reads = LatestRead(bus, self._read, self._on_read, self._on_read_failed)
        bus.changed.connect(self._on_bus_changed)
        bus.tournament_switched.connect(self._on_bus_tournament_switched)

    def load(self) -> None:
        """Read the tables (on the worker) and report them when the read answers."""
        self._reads.ask()

    def _read(self) -> tuple[TableAtHand, ...]:
        return tuple(self._services.rulings.tables(self._bus.tournament_id))

    def _on_read(self, tables: tuple[TableAtHand, ...]) -> None:
        self._tables = {t.number: t for t in tables}
        self.loaded.emit(tables)

    def _on_read_failed(self, error: Exception) -> None:
        if not isinstance(error, DomainError):
            report(error, None)
        self._on_read(())

    def button_seat(self, table: int) -> int | None:
        """The button at `table` as the last read of the seating found it (None: unknown or
        not in play); read again on every seating change."""
        found = self._tables.get(table)
        return found.button if found is not None else None

    def _on_bus_tournament_switched(self, _tournament_id: int) -> None:
        self.load()

    def _on_bus_changed(self, changes: Changes) -> None:
        if changes.touches(TABLE_FLAGS):
            self.load()
