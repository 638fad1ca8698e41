"""Every window can be used without sight of it and without a mouse."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QWidget

from clockapp.services.app import Services
from clockapp.ui.bus import TournamentBus
from tests.ui.accessibility import unnamed_inputs
from tests.ui.polling import settle


def build(name: str, services: Services, bus: TournamentBus, station) -> QWidget:
    if name == "director":
        return station.director
    if name == "display":
        return station.display
    if name == "cashier":
        from clockapp.ui.cashier import CashierWindow

        return CashierWindow(services, bus)
    if name == "tables":
        from clockapp.ui.seating.window import TablesWindow

        return TablesWindow(services, bus)
    if name == "rulings":
        from clockapp.ui.rulings import RulingsWindow

        return RulingsWindow(services, bus)
    if name == "structure":
        from clockapp.ui.structure import StructureEditor

        return StructureEditor(services, bus)
    raise AssertionError(name)


WINDOWS = ["director", "display", "cashier", "tables", "rulings", "structure"]


@pytest.mark.parametrize("name", WINDOWS)
def test_every_input_has_a_name(name, services, bus, station, window_factory, qtbot) -> None:
    window = build(name, services, bus, station)
    if name not in ("director", "display"):
        window_factory(window)
    window.show()
    qtbot.waitExposed(window)
    settle(qtbot, bus)
    missing = unnamed_inputs(window)
    assert not missing, f"{len(missing)} unnamed:\n" + "\n".join(missing)
