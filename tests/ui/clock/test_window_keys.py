"""The station's window keys (Ctrl+K, Ctrl+T, Ctrl+R, ...) work from every window it opens."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from clockapp.ui.cashier import CashierWindow
from clockapp.ui.seating import TablesWindow
from clockapp.ui.station.station import ClockStation
from clockapp.ui.station.windows import (
    WINDOW_CASHIER,
    WINDOW_CHARTS,
    WINDOW_RULINGS,
    WINDOW_TABLES,
)
from tests.ui.polling import settle

CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = CTRL | Qt.KeyboardModifier.ShiftModifier


def press_in(qtbot, station: ClockStation, window, key, modifier) -> None:
    """The host presses a key in `window` (its focus widget, as the window is active)."""
    with qtbot.waitActive(window):
        window.activateWindow()
    target = QApplication.focusWidget() or window
    qtbot.keyClick(target, key, modifier)
    settle(qtbot, station.bus)


@pytest.mark.slow
def test_the_window_keys_work_from_the_cashier_and_the_tables(qtbot, station: ClockStation):
    cashier = station.windows.open_cashier()
    assert isinstance(cashier, CashierWindow)
    press_in(qtbot, station, cashier, Qt.Key.Key_T, CTRL)
    tables = station.windows.get(WINDOW_TABLES)
    assert isinstance(tables, TablesWindow)
    assert tables.isVisible()
    press_in(qtbot, station, tables, Qt.Key.Key_G, CTRL_SHIFT)
    assert WINDOW_CHARTS in station.windows
    cashier.hide()  # put away: Ctrl+K in the charts brings it back
    press_in(qtbot, station, station.windows[WINDOW_CHARTS], Qt.Key.Key_K, CTRL)
    assert cashier.isVisible()
    press_in(qtbot, station, tables, Qt.Key.Key_R, CTRL)
    assert WINDOW_RULINGS in station.windows


@pytest.mark.slow
def test_the_window_keys_work_from_the_rulings_and_the_structure_editor(
    qtbot, station: ClockStation
):
    rulings = station.windows.open_rulings()
    press_in(qtbot, station, rulings, Qt.Key.Key_K, CTRL)
    cashier = station.windows.get(WINDOW_CASHIER)
    assert isinstance(cashier, CashierWindow)
    assert cashier.isVisible()
    editor = station.windows.open_structure_editor()
    assert editor is not None
    press_in(qtbot, station, editor, Qt.Key.Key_T, CTRL)
    tables = station.windows.get(WINDOW_TABLES)
    assert isinstance(tables, TablesWindow)
    assert tables.isVisible()
    tables.hide()
    press_in(qtbot, station, rulings, Qt.Key.Key_T, CTRL)
    assert tables.isVisible()
    cashier.hide()
    press_in(qtbot, station, editor, Qt.Key.Key_K, CTRL)
    assert cashier.isVisible()
