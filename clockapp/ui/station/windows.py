"""The station's other windows: structure editor, cashier, tables, rulings, leagues and charts.

`StationWindows` is owned by `ClockStation` (as its `windows`): a read-only mapping of the windows
opened so far, by WINDOW_* key, that opens them. Each window is imported and built on first use
with the station's services and bus (the clock starts without them), opened once (asked again, it
is raised and un-minimised), placed near the director window the first time, and remembers its
place. What it needs from the station is passed to its constructor.

Each window it opens also gets the station's window keys (`SHARED_KEYS`: Ctrl+K, Ctrl+T,
Ctrl+R, Ctrl+O, ...), so they work from every window as they do from the director's; a key the
window already binds for itself keeps its own meaning there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from clockapp.i18n import gettext as _
from clockapp.ui.actions import Action, create_action, key_sequences
from clockapp.ui.keys import key_bindings
from clockapp.ui.screens import place_near, remember_geometry

if TYPE_CHECKING:
    from clockapp.services.app import Services
    from clockapp.ui.bus import TournamentBus
    from clockapp.ui.director.window import DirectorWindow
    from clockapp.ui.offline import OfflineMark
    from clockapp.ui.settings import UiSettings

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

#: The station's keys that every window it opens answers too (the "Windows" of the help).
SHARED_KEYS = (
    Action.OPEN_CASHIER,
    Action.OPEN_TABLES,
    Action.OPEN_RULINGS,
    Action.OPEN_LEAGUES,
    Action.OPEN_TEAM_EVENT,
    Action.OPEN_CHARTS,
    Action.ACKNOWLEDGE_MOVES,
    Action.OPEN_TOURNAMENT,
    Action.NEW_TOURNAMENT,
)

#: How a window is built: from the station's services and bus.
WindowFactory = Callable[["Services", "TournamentBus"], QWidget]


def structure_editor_class() -> WindowFactory | None:
    """The structure editor, imported on first use; None while it does not exist."""
    try:
        from clockapp.ui.structure import StructureEditor
    except ImportError:
        return None
    return StructureEditor


class StationWindows(Mapping[str, QWidget]):
    """The other windows of a `ClockStation` by WINDOW_* key, each opened once."""

    def __init__(
        self,
        services: Services,
        bus: TournamentBus,
        settings: UiSettings,
        director: DirectorWindow,
    ) -> None:
        self._services = services
        self._bus = bus
        self._settings = settings
        self._director = director  # new windows open near it; refusals are shown on it
        self._opened: dict[str, QWidget] = {}
        self._offline_marks: dict[str, OfflineMark] = {}
        # The station's handlers of `SHARED_KEYS` (set by the station once it has them all).
        self.shared_handlers: Mapping[Action, Callable[[], object]] = {}

    def __getitem__(self, key: str) -> QWidget:
        return self._opened[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._opened)

    def __len__(self) -> int:
        return len(self._opened)

    def forget(self, key: str) -> QWidget:
        """Let go of the window `key` (its caller deletes it): the next open builds a new one."""
        self._offline_marks.pop(key, None)
        return self._opened.pop(key)

    @property
    def structure_editor(self) -> QWidget | None:
        """The structure editor, once opened."""
        return self._opened.get(WINDOW_STRUCTURE)

    def open_structure_editor(self) -> QWidget | None:
        """E: the structure editor (built by its own package)."""
        if structure_editor_class() is None:
            self._director.show_error(_("The structure editor is not available in this version."))
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
        window = self._opened.get(key)
        if window is None:
            window = self._build_window(key)
            self._opened[key] = window
            self._share_keys(window)
            geometry_key = GEOMETRY_KEYS.get(key, key)
            if not self._settings.qsettings.contains(f"geometry/{geometry_key}"):
                # Opened from the wall display's keys too: it goes where the director is.
                place_near(window, self._director)
            if key in REMEMBERED:
                remember_geometry(window, key, self._settings)
        if window.isMinimized():
            window.showNormal()
        window.show()
        window.raise_()
        window.activateWindow()
        return window

    def save_geometry(self) -> None:
        """Remember where each open window the station keeps the place of is."""
        for key in REMEMBERED:
            window = self._opened.get(key)
            if window is not None and window.isVisible():
                self._settings.save_geometry(key, window)

    def close_all(self) -> None:
        """Close every window opened (it finishes its work: a thread, a dialog, its place)."""
        for window in self._opened.values():
            window.close()

    def _share_keys(self, window: QWidget) -> None:
        """Give `window` the station's window keys that it does not bind itself."""
        taken = {binding.key for binding in key_bindings(window)}
        for action in SHARED_KEYS:
            handler = self.shared_handlers.get(action)
            if handler is None:
                continue
            keys = {sequence.toString() for sequence in key_sequences(action)}
            if keys & taken:
                continue
            window.addAction(create_action(action, window, handler))

    def _build_window(self, key: str) -> QWidget:
        # Each window is imported on first use: the clock starts without them.
        services, bus = self._services, self._bus
        if key == WINDOW_STRUCTURE:
            editor_class = structure_editor_class()
            assert editor_class is not None
            return editor_class(services, bus)
        if key == WINDOW_CASHIER:
            from clockapp.ui.cashier import CashierWindow
            from clockapp.ui.offline import OfflineMark

            cashier = CashierWindow(services, bus)
            self._offline_marks[key] = OfflineMark(cashier, bus)
            return cashier
        if key == WINDOW_TABLES:
            from clockapp.ui.seating import TablesWindow

            return TablesWindow(services, bus)
        if key == WINDOW_RULINGS:
            from clockapp.ui.rulings import RulingsWindow

            return RulingsWindow(services, bus, settings=self._settings)
        if key == WINDOW_LEAGUES:
            from clockapp.ui.leagues import LeagueWindow

            return LeagueWindow(services, bus)
        if key == WINDOW_TEAM_EVENT:
            from clockapp.ui.leagues import TeamEventWindow

            return TeamEventWindow(services, bus)
        if key == WINDOW_CHARTS:
            from clockapp.ui.charts import ChartsWindow

            return ChartsWindow(services, bus)
        raise KeyError(key)
