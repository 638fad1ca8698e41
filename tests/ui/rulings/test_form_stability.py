"""Forms keep still while the director works in them (the screens): adding a seat to
the side-pot form, or an answer growing as bets are typed, never moves the fields under the
mouse."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QSpinBox, QWidget

from clockapp.services.app import Services
from clockapp.ui.bus import TournamentBus
from clockapp.ui.rulings import RulingsWindow
from clockapp.ui.rulings.state import Dispute, Player


@pytest.fixture
def window(services: Services, bus: TournamentBus, window_factory) -> RulingsWindow:
    rulings = window_factory(RulingsWindow(services, bus))
    rulings.show()
    rulings.resize(1366, 700)
    QApplication.processEvents()
    return rulings


def where(widget: QWidget) -> QPoint:
    """Where the director sees `widget`: its place in its window."""
    return widget.mapTo(widget.window(), QPoint(0, 0))


def seat_fields(window: RulingsWindow) -> list[QWidget]:
    return [w for seat in window.pots.seats for w in (seat.bet, seat.folded, seat.place)]


def type_into(qtbot, spin: QSpinBox, value: int) -> None:
    spin.setFocus()
    qtbot.keyClick(spin, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(spin, str(value))
    QApplication.processEvents()


@pytest.mark.slow
def test_adding_a_seat_to_the_side_pot_form_moves_no_field(qtbot, window: RulingsWindow) -> None:
    players = (Player(1, "Ann", bet=100, place=1), Player(2, "Ben", bet=300, place=2))
    window.set_dispute(Dispute(players=players, button=1))
    QApplication.processEvents()
    for count in range(3, 8):
        before = {field: where(field) for field in seat_fields(window)}
        window.add_player()  # Ctrl+N, the "Add player" button
        QApplication.processEvents()
        assert len(window.pots.seats) == count
        assert {field: where(field) for field in before} == before


@pytest.mark.slow
def test_typing_bets_that_grow_the_answer_moves_no_field(qtbot, window: RulingsWindow) -> None:
    placed = tuple(Player(seat, place=seat) for seat in range(1, 7))
    window.set_dispute(Dispute(players=placed, button=1))
    QApplication.processEvents()
    before = {field: where(field) for field in seat_fields(window)}
    for index, bet in enumerate((100, 250, 600, 1000, 1000, 1000)):
        type_into(qtbot, window.pots.seats[index].bet, bet)
        # Each bet adds a pot or a take to the answer above: the fields stay where they were.
        assert {field: where(field) for field in before} == before
    assert window.pots.pot_model.rowCount() >= 3
