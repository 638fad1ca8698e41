"""`CashierStation`: what `clockapp --station cashier` opens, and nothing more.

A cashier's machine shows the players and the money (the cashier window) and the seating (the
tables window) of the bus's tournament: no clock controls, no structure editing, no tournament
switching. Both windows remember their place; closing the last one ends the app.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from clockapp.i18n import gettext as _
from clockapp.services.app import Services
from clockapp.ui.bus import TournamentBus
from clockapp.ui.cashier.window import CashierWindow
from clockapp.ui.screens import fit_to_screen, remember_geometry
from clockapp.ui.seating import TablesWindow
from clockapp.ui.settings import UiSettings

#: The station's windows, by the key their place is remembered under.
CASHIER_WINDOWS = ("cashier", "tables")


class CashierStation(QObject):
    """The cashier window and the tables window of one tournament."""

    def __init__(
        self,
        services: Services,
        bus: TournamentBus,
        settings: UiSettings,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.services = services
        self.bus = bus
        self.settings = settings
        self.cashier = CashierWindow(services, bus)
        self.tables = TablesWindow(services, bus)
        station = services.stations.station
        self.windows: dict[str, QWidget] = {"cashier": self.cashier, "tables": self.tables}
        for key, window in self.windows.items():
            window.setWindowTitle(
                _("{window} — {station}").format(window=window.windowTitle(), station=station)
            )
            remember_geometry(window, key, settings)

    def show(self) -> None:
        """Show the tables window, then the cashier desk in front of it."""
        for window in (self.tables, self.cashier):
            window.show()
            fit_to_screen(window)
        self.cashier.raise_()
        self.cashier.activateWindow()

    def close_windows(self) -> None:
        """Save the windows' places and close them (the app is quitting)."""
        for key, window in self.windows.items():
            if window.isVisible():
                self.settings.save_geometry(key, window)
        self.settings.sync()
        for window in self.windows.values():
            window.close()
