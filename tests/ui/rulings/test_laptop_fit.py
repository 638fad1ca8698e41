"""The rulings window on a host's 1366x768 laptop: three hands and the verdict at once.

A short window is compact (smaller cards, the keys line folded into a button) and the hands
stand side by side, so the three hands of a typical dispute and the verdict are in view
without scrolling; on a Full HD screen too, with the roomy layout.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QLabel, QWidget

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


@pytest.mark.slow
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


#: The window's inside on a 1920x1080 screen, less the window manager's frame.
FULL_HD_INSIDE = (1920 - FRAME_ALLOWANCE.width(), 1080 - FRAME_ALLOWANCE.height())
THREE_HANDS = Dispute(
    board=("2s", "Ah", "Ac", "Th"),
    players=(
        Player(1, cards=("As", "Kd"), bet=4_000),
        Player(2, cards=("Kh", "Qh"), bet=1_000),
        Player(3, cards=("Tc", "Td"), bet=4_000),
    ),
)


def shown_at(window_factory, qtbot, services: Services, bus: TournamentBus, size) -> RulingsWindow:
    window = window_factory(RulingsWindow(services, bus))
    window.show()
    qtbot.waitExposed(window)
    window.resize(*size)
    window.set_dispute(THREE_HANDS)
    QApplication.processEvents()
    assert window.size().toTuple() == size
    return window


@pytest.mark.slow
def test_three_hands_fit_a_full_hd_screen_with_the_keys_line_under_them(
    services: Services, bus: TournamentBus, window_factory, qtbot
) -> None:
    window = shown_at(window_factory, qtbot, services, bus, FULL_HD_INSIDE)
    assert in_view(window.verdict_bar.headline)
    for row in window.hands.rows:
        assert in_view(row), row.objectName()
    assert not window.is_compact()
    assert in_view(window.keys_help)
    assert window.bar.keys_button.isHidden()


@pytest.mark.slow
@pytest.mark.parametrize("size", [LAPTOP_INSIDE, (1366, 700)])
def test_on_a_laptop_the_keys_are_a_button_away_and_the_turn_odds_fit(
    services: Services, bus: TournamentBus, window_factory, qtbot, size
) -> None:
    window = shown_at(window_factory, qtbot, services, bus, size)
    assert window.is_compact()
    assert window.keys_help.isHidden()
    keys = window.bar.keys_button
    assert in_view(keys)
    assert "Ctrl+N" in keys.toolTip()
    assert "Alt+B" in keys.toolTip()
    # On the turn each hand also shows its odds and outs: all three still in view at once.
    assert all(row.odds.isVisible() for row in window.hands.rows)
    if size == LAPTOP_INSIDE:
        for row in window.hands.rows:
            assert in_view(row), row.objectName()


@pytest.fixture
def dark_desktop(qapp: QApplication) -> Iterator[None]:
    """The desktop's theme is dark: light text on dark windows."""
    light = QPalette(qapp.palette())
    dark = QPalette(light)
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text):
        dark.setColor(role, QColor("#e8e8e8"))
    dark.setColor(QPalette.ColorRole.Window, QColor("#2b2b2b"))
    qapp.setPalette(dark)
    yield
    qapp.setPalette(light)


@pytest.mark.slow
@pytest.mark.usefixtures("dark_desktop")
def test_a_dark_desktop_theme_leaves_the_hands_readable(
    services: Services, bus: TournamentBus, window_factory, qtbot
) -> None:
    window = window_factory(RulingsWindow(services, bus))
    window.show()
    qtbot.waitExposed(window)
    window.set_dispute(THREE_HANDS)
    QApplication.processEvents()
    # The tiles and the board stay light: their words keep a dark ink, not the theme's light one.
    row = window.hands.rows[0]
    title = window.board.findChild(QLabel, "board_title")
    for label in (row.description, row.odds, row.outs, title):
        ink = label.palette().color(label.foregroundRole())
        assert ink.lightness() < 80, (label.objectName(), ink.name())
