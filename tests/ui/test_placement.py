"""Where a window opens on a 1366x768 laptop: its frame, title bar included, on the screen.

Headless geometry: `fitted_rect` places a window's inside, and the window manager draws the
frame around it (the title bar above). Checked against what openbox on Xvfb did at 1366x768:
the tables and rulings windows opened with their title bar 20 px above the screen.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, QSize

from clockapp.ui.screens import FRAME_MARGINS, fitted_rect

LAPTOP = QRect(0, 0, 1366, 768)


def with_frame(inside: QRect) -> QRect:
    left, top, right, bottom = FRAME_MARGINS
    return inside.adjusted(-left, -top, right, bottom)


@pytest.mark.parametrize(
    ("asked", "minimum"),
    [
        (QRect(0, 0, 1680, 1000), QSize(800, 500)),  # rulings: built for Full HD
        (QRect(0, 0, 1350, 728), QSize(900, 500)),  # tables: as tall as the screen
        (QRect(82, 0, 1200, 760), QSize(700, 500)),  # Suggest a structure
        (QRect(93, 0, 1180, 728), QSize(900, 500)),  # cashier
        (QRect(1200, 700, 400, 300), QSize(100, 100)),  # a dialog off the bottom right
    ],
)
def test_every_window_opens_with_its_title_bar_on_the_screen(asked, minimum, qapp) -> None:
    placed = fitted_rect(asked, minimum, LAPTOP)
    assert LAPTOP.contains(with_frame(placed)), (placed, with_frame(placed))
    assert placed.top() - FRAME_MARGINS[1] >= LAPTOP.top()  # the title bar, to grab and close
