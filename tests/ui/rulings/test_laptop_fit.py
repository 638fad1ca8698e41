"""The rulings window on a host's 1366x768 laptop: three hands and the verdict at once.

Not met yet: the card picker (four rows of cards), the board, the keys line and the verdict
leave about 135 px for the hands, and a hand row is 110 to 180 px tall, so only one hand shows
without scrolling. The test is kept, strict, so the layout that meets it makes it pass.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication, QWidget

from clockapp.services.app import Services
from clockapp.ui.bus import TournamentBus
from clockapp.ui.rulings import RulingsWindow
from clockapp.ui.rulings.state import Dispute, Player
from clockapp.ui.screens import FRAME_ALLOWANCE

#: The rulings window's inside on a 1366x768 screen, less the window manager's frame.
LAPTOP_INSIDE = (1366 - FRAME_ALLOWANCE.width(), 768 - FRAME_ALLOWANCE.height())


def in_view(widget: QWidget) -> bool:
    """The whole widget is on screen: shown, inside its window, not scrolled or clipped away."""
    window = widget.window()
    top_left = widget.mapTo(window, QPoint(0, 0))
    bottom_right = top_left + QPoint(widget.width() - 1, widget.height() - 1)
    inside = window.rect().contains(top_left) and window.rect().contains(bottom_right)
    return widget.isVisible() and inside and widget.visibleRegion().boundingRect() == widget.rect()


@pytest.mark.xfail(strict=True, reason="the hands get one row's height on a laptop")
def test_three_hands_and_the_verdict_fit_a_laptop_without_scrolling(
    services: Services, bus: TournamentBus, window_factory, qtbot
) -> None:
    window = window_factory(RulingsWindow(services, bus))
    window.show()
    qtbot.waitExposed(window)
    window.resize(*LAPTOP_INSIDE)  # after it is shown: the test session's screen is smaller
    window.set_dispute(
        Dispute(
            board=("2s", "Ah", "Ac", "Th", "Jh"),
            players=(
                Player(1, cards=("As", "Ad"), bet=4_000),
                Player(2, cards=("Kh", "Qh"), bet=1_000),
                Player(3, cards=("Tc", "Td"), bet=4_000),
            ),
        )
    )
    QApplication.processEvents()
    assert window.size().toTuple() == LAPTOP_INSIDE
    assert in_view(window.verdict_bar.headline)
    for row in window.hands.rows:
        assert in_view(row), row.objectName()
