"""The station's other windows: structure editor, cashier, tables, rulings and charts.

`StationWindows` is mixed into `ClockStation`. Each window is imported and built on first use with
the station's services and bus (the clock starts without them), opened once (asked again, it is
raised and un-minimised), placed near the director window the first time, and remembers its place.
The mixin uses the station's `services`, `bus`, `settings`, `director` and `windows`.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from clockapp.ui.screens import place_near, remember_geometry

WINDOW_STRUCTURE = "structure"
WINDOW_CASHIER = "cashier"
WINDOW_TABLES = "tables"
WINDOW_RULINGS = "rulings"
WINDOW_LEAGUES = "leagues"
WINDOW_TEAM_EVENT = "team_event"
WINDOW_CHARTS = "charts"
#: Windows whose place the station remembers (the others remember their own).
REMEMBERED = (WINDOW_CASHIER, WINDOW_TABLES, WINDOW_LEAGUES, WINDOW_TEAM_EVENT, WINDOW_CHARTS)
#: Where each window's place is kept (`UiSettings` geometry keys).
GEOMETRY_KEYS = {WINDOW_STRUCTURE: "structure_editor", WINDOW_RULINGS: "rulings"}


def structure_editor_class() -> type | None:
    """The structure editor, imported on first use; None while it does not exist."""
    try:
        from clockapp.ui.structure import StructureEditor
    except ImportError:
        return None
    return StructureEditor  # type: ignore[no-any-return]


class StationWindows:
    """Opens the other windows of a `ClockStation`, each once, by WINDOW_* key."""

    @property
    def structure_editor(self) -> QWidget | None:
        """The structure editor, once opened."""
        return self.windows.get(WINDOW_STRUCTURE)

    def open_structure_editor(self) -> QWidget | None:
        """E: the structure editor (built by its own package)."""
        if structure_editor_class() is None:
            self.director.show_error("The structure editor is not available in this version.")
            return None
        return self.open_window(WINDOW_STRUCTURE)

    def open_cashier(self) -> QWidget:
        """Ctrl+K: the cashier station."""
        return self.open_window(WINDOW_CASHIER)

    def open_tables(self) -> QWidget:
        """Ctrl+T: the tables window."""
        return self.open_window(WINDOW_TABLES)

    def open_rulings(self) -> QWidget:
        """Ctrl+R: the rulings window."""
        return self.open_window(WINDOW_RULINGS)

    def open_charts(self) -> QWidget:
        """Ctrl+Shift+G: the charts window."""
        return self.open_window(WINDOW_CHARTS)

    def open_window(self, key: str) -> QWidget:
        """Show the window `key` (a WINDOW_* name), building it the first time; raise it."""
        window = self.windows.get(key)
        if window is None:
            window = self._build_window(key)
            self.windows[key] = window
            geometry_key = GEOMETRY_KEYS.get(key, key)
            if not self.settings.qsettings.contains(f"geometry/{geometry_key}"):
                # Opened from the wall display's keys too: it goes where the director is.
                place_near(window, self.director)
            if key in REMEMBERED:
                remember_geometry(window, key, self.settings)
        if window.isMinimized():
            window.showNormal()
        window.show()
        window.raise_()
        window.activateWindow()
        return window

    def _build_window(self, key: str) -> QWidget:
        # Each window is imported on first use: the clock starts without them.
        if key == WINDOW_STRUCTURE:
            editor_class = structure_editor_class()
            assert editor_class is not None
            return editor_class(self.services, self.bus)  # type: ignore[no-any-return]
        if key == WINDOW_CASHIER:
            from clockapp.ui.cashier import CashierWindow
            from clockapp.ui.offline import OfflineMark

            cashier = CashierWindow(self.services, self.bus)
            cashier.offline_mark = OfflineMark(cashier, self.bus)  # type: ignore[attr-defined]
            return cashier
        if key == WINDOW_TABLES:
            from clockapp.ui.seating import TablesWindow

            return TablesWindow(self.services, self.bus)
        if key == WINDOW_RULINGS:
            from clockapp.ui.rulings import RulingsWindow

            return RulingsWindow(self.services, self.bus, settings=self.settings)
        if key == WINDOW_LEAGUES:
            from clockapp.ui.leagues import LeagueWindow

            return LeagueWindow(self.services, self.bus)
        if key == WINDOW_TEAM_EVENT:
            from clockapp.ui.leagues import TeamEventWindow

            return TeamEventWindow(self.services, self.bus)
        if key == WINDOW_CHARTS:
            from clockapp.ui.charts import ChartsWindow

            return ChartsWindow(self.services, self.bus)
        raise KeyError(key)
