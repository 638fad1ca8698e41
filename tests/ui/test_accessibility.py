"""Every window can be used without seeing it and without a mouse: each input has a name a
screen reader can say, and Tab (or a shortcut) reaches every control."""

from __future__ import annotations

import datetime

import pytest
from PySide6.QtWidgets import QWidget

from clockapp.services.app import Services
from clockapp.ui import help_menu
from clockapp.ui.bus import TournamentBus
from clockapp.ui.cashier import CashierWindow
from clockapp.ui.cashier import dialogs as cashier_dialogs
from clockapp.ui.cashier.new_player import NoteDialog
from clockapp.ui.clock.new_tournament import NewTournamentDialog
from clockapp.ui.director.pin_dialog import PinDialog
from clockapp.ui.director.restore import RestoreDialog
from clockapp.ui.rulings import RulingsWindow
from clockapp.ui.seating.dialogs import AddTablesDialog
from clockapp.ui.seating.window import TablesWindow
from clockapp.ui.settings import UiSettings
from clockapp.ui.station.station import ClockStation
from clockapp.ui.structure import StructureEditor
from clockapp.ui.structure.chips import ChipSetEditor
from clockapp.ui.structure.generator import GeneratorDialog
from clockapp.ui.wall.beats import BeatsWindow
from clockapp.ui.wall.chip_counts_dialog import ChipCountsDialog
from clockapp.ui.wall.chip_race_dialog import ChipRaceDialog
from clockapp.ui.wall.showdown_dialog import ShowdownDialog
from tests.ui.accessibility import out_of_tab_reach, unnamed_inputs
from tests.ui.polling import settle

#: The station's own windows: the `station` fixture builds, shows and closes them.
STATION_WINDOWS = ("director", "display")
WINDOWS = [*STATION_WINDOWS, "cashier", "tables", "rulings", "structure"]
#: Dialogs a test can build and show without a modal `exec()`.
DIALOGS = [
    "generator",
    "chip set",
    "preferences",
    "add tables",
    "add player",
    "reason",
    "drawer count",
    "pay",
    "note",
    "new tournament",
    "pin",
    "restore",
    "beats",
    "chip counts",
    "chip race",
    "showdown",
]


def build(
    name: str,
    services: Services,
    bus: TournamentBus,
    station: ClockStation,
    ui_settings: UiSettings,
) -> QWidget:
    """The window or dialog called `name`, not yet shown."""
    builders = {
        "director": lambda: station.director,
        "display": lambda: station.display,
        "cashier": lambda: CashierWindow(services, bus),
        "tables": lambda: TablesWindow(services, bus),
        "rulings": lambda: RulingsWindow(services, bus),
        "structure": lambda: StructureEditor(services, bus),
        "generator": lambda: GeneratorDialog(services, bus),
        "chip set": lambda: ChipSetEditor(services, bus),
        "preferences": lambda: help_menu.PreferencesDialog(ui_settings),
        "add tables": AddTablesDialog,
        "add player": lambda: cashier_dialogs.AddPlayerDialog("Ann Lee"),
        "reason": lambda: cashier_dialogs.ReasonDialog("Undo", "the buy-in", "Undo"),
        "drawer count": lambda: cashier_dialogs.DrawerCountDialog(10_000),
        "pay": lambda: cashier_dialogs.PayDialog("Ann Lee", "the prize", 10_000),
        "note": lambda: NoteDialog("Ann Lee"),
        "new tournament": lambda: NewTournamentDialog(
            services.tournaments, datetime.date(2026, 1, 2)
        ),
        "pin": lambda: PinDialog(False, lambda _pin: None),
        "restore": lambda: RestoreDialog(services, bus),
        "beats": lambda: BeatsWindow(services, bus),
        "chip counts": lambda: ChipCountsDialog(services, bus),
        "chip race": lambda: ChipRaceDialog(services, bus),
        "showdown": lambda: ShowdownDialog(services, bus),
    }
    return builders[name]()


@pytest.fixture
def shown(services, bus, station, ui_settings, window_factory, qtbot):
    """Build the window or dialog called `name`, show it and let it read what it shows."""

    def show(name: str) -> QWidget:
        window = build(name, services, bus, station, ui_settings)
        if name not in STATION_WINDOWS:
            window_factory(window)
        window.show()
        qtbot.waitExposed(window)
        settle(qtbot, bus)
        return window

    return show


@pytest.mark.parametrize("name", WINDOWS + DIALOGS)
def test_every_input_has_a_name(name, shown) -> None:
    missing = unnamed_inputs(shown(name))
    assert not missing, f"{len(missing)} unnamed:\n" + "\n".join(missing)


@pytest.mark.parametrize("name", WINDOWS + DIALOGS)
def test_tab_or_a_shortcut_reaches_every_control(name, shown) -> None:
    missing = out_of_tab_reach(shown(name))
    assert not missing, f"{len(missing)} out of reach:\n" + "\n".join(missing)


def test_tab_reaches_the_clock_buttons(shown, qtbot) -> None:
    director = shown("director")
    pause = director.findChild(QWidget, "button_toggle_pause")
    director.activateWindow()
    qtbot.waitUntil(lambda: director.isActiveWindow())
    for _ in range(60):
        if director.focusWidget() is pause:
            break
        qtbot.keyClick(director.focusWidget() or director, "\t")
    assert director.focusWidget() is pause
