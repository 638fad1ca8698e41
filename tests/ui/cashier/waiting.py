"""Waiting in a cashier test for what was asked of the station's worker (a sale, a bust)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from clockapp.ui.bus import TournamentBus
from tests.ui.polling import settle

T = TypeVar("T")


def bus_of(widget: QWidget) -> TournamentBus:
    """The bus of the cashier window holding `widget` (or the window its dialog was opened on)."""
    window: QWidget | None = widget.window()
    while window is not None and not hasattr(window, "ctx"):
        parent = window.parentWidget()
        window = parent.window() if parent is not None else None
    assert window is not None, "not a widget of a cashier window"
    return window.ctx.bus


def then_settle(qtbot, widget: QWidget, press: Callable[[], T]) -> T:
    """Make `press` on `widget` (the dialog it confirms may close with it), then wait until what
    it asked of the worker has answered; returns what `press` returned (whether it was asked)."""
    bus = bus_of(widget)  # found first: a confirmed dialog is on its way out
    asked = press()
    settle(qtbot, bus)
    return asked


def settle_on(qtbot, widget: QWidget) -> None:
    """Wait until what the cashier window holding `widget` asked of its worker has answered (a
    page shown, a refresh: what it shows is read there)."""
    settle(qtbot, bus_of(widget))


def take_money(qtbot, widget: QWidget) -> None:
    """Ctrl+Enter on `widget` of a confirmation that takes money (plain Enter never does); what
    it confirmed (a sale) has landed when this returns."""
    then_settle(
        qtbot,
        widget,
        lambda: qtbot.keyClick(widget, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier),
    )
