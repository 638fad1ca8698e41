"""The side-pot answer says who busts each seat that wins nothing, should it be all in: the
winners of the pot it lost last (for bounties), the earliest position first in a split."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from clockapp.services.app import Services
from clockapp.ui.bus import TournamentBus
from clockapp.ui.rulings import RulingsWindow
from clockapp.ui.rulings.state import Dispute, Player
from tests.ui.rulings.test_pots import ten_handed


@pytest.fixture
def window(services: Services, bus: TournamentBus, window_factory) -> RulingsWindow:
    rulings = window_factory(RulingsWindow(services, bus))
    rulings.show()
    return rulings


def _lines(window: RulingsWindow, dispute: Dispute) -> list[str]:
    window.set_dispute(dispute)
    QApplication.processEvents()
    label = window.pots.answer.knockout_label
    return label.text().splitlines() if label.isVisible() else []


@pytest.mark.slow
def test_each_loser_of_a_multiway_all_in_is_credited_to_the_pot_it_lost_last(
    window: RulingsWindow,
) -> None:
    lines = _lines(window, ten_handed())
    # Dee, Gus, Hal and Jo lost their last chips in side pot 3, which Cy won; Ann, Eve and Ivy
    # won a pot; Ben and Fay folded.
    assert lines == ["Knockout, if all in: Cy busts Dee, Gus, Hal and Jo."]


@pytest.mark.slow
def test_a_split_pot_shares_the_knockout_from_the_first_seat_left_of_the_button(
    window: RulingsWindow,
) -> None:
    players = (
        Player(1, "Ann", bet=400, place=1),
        Player(2, "Bo", bet=200, place=2),
        Player(3, "Cy", bet=400, place=1),
    )
    lines = _lines(window, Dispute(players=players, button=1))
    assert lines == ["Knockout, if all in: Cy and Ann share Bo (the odd cent of a bounty to Cy)."]


@pytest.mark.slow
def test_no_knockout_line_before_the_order_is_known(window: RulingsWindow) -> None:
    players = (Player(1, "Ann", bet=400), Player(2, "Bo", bet=200))
    assert _lines(window, Dispute(players=players, button=1)) == []
