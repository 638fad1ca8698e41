"""Every window can be used without seeing it well, or at all, and without a mouse: each input
has a name a screen reader can say, Tab (or a shortcut) reaches every control, and the text in
the tables stands out from its background by 4.5:1 on a light desktop and on a dark one."""

from __future__ import annotations

import datetime

import pytest
from PySide6.QtCore import QAbstractItemModel
from PySide6.QtWidgets import QWidget

from clockapp.core.chips import ChipSet
from clockapp.core.seating import DealIn, MoveKind, Seat
from clockapp.core.structure import Break, Level, Structure
from clockapp.services.app import Services
from clockapp.services.seating import MoveInfo
from clockapp.ui import help_menu
from clockapp.ui.bus import TournamentBus
from clockapp.ui.cashier import CashierWindow
from clockapp.ui.cashier import dialogs as cashier_dialogs
from clockapp.ui.cashier.new_player import NoteDialog
from clockapp.ui.clock.new_tournament import NewTournamentDialog
from clockapp.ui.director.levels import LevelTableModel
from clockapp.ui.director.pin_dialog import PinDialog
from clockapp.ui.director.restore import RestoreDialog
from clockapp.ui.rulings import RulingsWindow
from clockapp.ui.rulings.answer import Column as AnswerColumn
from clockapp.ui.rulings.answer import RowsModel as AnswerRows
from clockapp.ui.seating.dialogs import AddTablesDialog
from clockapp.ui.seating.model import MoveListModel
from clockapp.ui.seating.window import TablesWindow
from clockapp.ui.settings import UiSettings
from clockapp.ui.station.station import ClockStation
from clockapp.ui.structure import StructureEditor
from clockapp.ui.structure.chips import ChipSetEditor
from clockapp.ui.structure.generator import GeneratorDialog, read_generator_start
from clockapp.ui.structure.model import StructureTableModel
from clockapp.ui.wall.beats import BeatsWindow
from clockapp.ui.wall.chip_counts_dialog import ChipCountsDialog, read_chip_counts
from clockapp.ui.wall.chip_race_dialog import ChipRaceDialog, read_chip_race
from clockapp.ui.wall.showdown_dialog import ShowdownDialog
from tests.ui.accessibility import (
    DESKTOPS,
    desktop,
    out_of_tab_reach,
    unnamed_inputs,
    unreadable_cells,
    unreadable_labels,
)
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
        "generator": lambda: GeneratorDialog(
            services, bus, read_generator_start(services, bus.tournament_id)
        ),
        "chip set": lambda: ChipSetEditor(services, bus),
        "preferences": lambda: help_menu.PreferencesDialog(ui_settings),
        "add tables": AddTablesDialog,
        "add player": lambda: cashier_dialogs.AddPlayerDialog("Ann Lee"),
        "reason": lambda: cashier_dialogs.ReasonDialog("Undo", "the buy-in", "Undo"),
        "drawer count": lambda: cashier_dialogs.DrawerCountDialog(10_000),
        "pay": lambda: cashier_dialogs.PayDialog("Ann Lee", 10_000),
        "note": lambda: NoteDialog("Ann Lee"),
        "new tournament": lambda: NewTournamentDialog(
            services.tournaments, datetime.date(2026, 1, 2)
        ),
        "pin": lambda: PinDialog(False, lambda _pin: None),
        "restore": lambda: RestoreDialog(services, bus),
        "beats": lambda: BeatsWindow(services, bus),
        "chip counts": lambda: ChipCountsDialog(
            services, bus, read_chip_counts(services, bus.tournament_id)
        ),
        "chip race": lambda: ChipRaceDialog(
            services, bus, read_chip_race(services, bus.tournament_id)
        ),
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


@pytest.mark.slow
@pytest.mark.parametrize("name", WINDOWS + DIALOGS)
def test_every_input_has_a_name(name, shown) -> None:
    missing = unnamed_inputs(shown(name))
    assert not missing, f"{len(missing)} unnamed:\n" + "\n".join(missing)


@pytest.mark.slow
@pytest.mark.parametrize("kind", DESKTOPS)
@pytest.mark.parametrize("name", WINDOWS + DIALOGS)
def test_every_label_reads_on_a_light_and_a_dark_desktop(name, kind, shown) -> None:
    with desktop(kind):
        found = unreadable_labels(shown(name))
    assert not found, "\n".join(found)


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


# ---------------------------------------------------------------- contrast of the tables' cells
LEVELS = Structure(
    "Night",
    (
        Level(25, 50, minutes=20),
        Level(50, 100, minutes=20),
        Break(15, label="Break 1", color_up=(25,)),
        Level(100, 200, ante=200, big_blind_ante=True, minutes=20),
        Level(200, 400, ante=400, big_blind_ante=True, minutes=20),
        Break(10, label="Break 2"),
        Level(300, 600, ante=600, big_blind_ante=True, minutes=20),
    ),
    planned_last_level=3,
)
CHIPS = ChipSet.standard((25, 100, 500))


def structure_models(current: int) -> tuple[QAbstractItemModel, ...]:
    """The structure as the editor and the director's desk show it, row `current` being played."""
    editor = StructureTableModel()
    editor.set_structure(LEVELS, CHIPS)
    editor.set_current_row(current)
    desk = LevelTableModel()
    desk.set_structure(LEVELS, CHIPS)
    desk.set_current(current)
    return editor, desk


def move(number: int, *, pending: bool, deal_in: DealIn) -> MoveInfo:
    at = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
    return MoveInfo(
        number,
        number,
        f"P{number}",
        Seat(3, number),
        Seat(1, number),
        MoveKind.BALANCE,
        "",
        deal_in,
        not pending,
        False,
        at,
        1,
    )


@pytest.mark.slow
@pytest.mark.parametrize("kind", DESKTOPS)
@pytest.mark.parametrize("current", [0, 2, 3])
def test_the_structure_tables_read_on_either_desktop(kind, current, qapp) -> None:
    with desktop(kind):
        found = [cell for model in structure_models(current) for cell in unreadable_cells(model)]
    assert not found, "\n".join(found)


@pytest.mark.slow
@pytest.mark.parametrize("kind", DESKTOPS)
def test_the_move_list_reads_on_either_desktop(kind, qapp) -> None:
    with desktop(kind):
        model = MoveListModel()
        model.set_moves(
            (
                move(1, pending=True, deal_in=DealIn.NOW),
                move(2, pending=True, deal_in=DealIn.AFTER_BUTTON),
                move(3, pending=False, deal_in=DealIn.NOW),
            )
        )
        found = unreadable_cells(model)
    assert not found, "\n".join(found)


@pytest.mark.slow
@pytest.mark.parametrize("kind", DESKTOPS)
def test_the_rulings_tinted_rows_read_on_either_desktop(kind, qapp) -> None:
    with desktop(kind):
        model: AnswerRows[str] = AnswerRows([AnswerColumn("Pot", str)], lambda r: r == "odd")
        model.set_rows(["even", "odd"])
        found = unreadable_cells(model)
    assert not found, "\n".join(found)
