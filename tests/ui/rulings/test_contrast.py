"""The rulings window reads under a light and a dark desktop theme: every line of text stands
out from what it is drawn on by at least 4.5:1, and a player's name has room in a short window.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QApplication, QLabel, QStyleFactory

from clockapp.core.look import contrast_ratio
from clockapp.services.app import Services
from clockapp.ui.bus import TournamentBus
from clockapp.ui.rulings import RulingsWindow
from clockapp.ui.rulings.state import Dispute, Player
from tests.ui.accessibility import DARK
from tests.ui.rulings.test_laptop_fit import FULL_HD_INSIDE, LAPTOP_INSIDE

#: A dispute with a side pot, so the pots' notes ("Finishing order...") are shown.
SIDE_POT = Dispute(
    board=("2s", "Ah", "Ac", "Th", "Jh"),
    players=(
        Player(1, cards=("As", "Ad"), bet=4_000),
        Player(2, cards=("Kh", "Qh"), bet=1_000),
        Player(3, cards=("Tc", "Td"), bet=4_000),
    ),
)


@pytest.fixture(params=["light", "dark"])
def desktop(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    """The Fusion style with its light palette, or with a dark one."""
    style, palette = qapp.style().name(), QPalette(qapp.palette())
    qapp.setStyle(QStyleFactory.create("Fusion"))
    if request.param == "dark":
        dark = QPalette(qapp.style().standardPalette())
        for role, colour in DARK.items():
            dark.setColor(role, QColor(colour))
        qapp.setPalette(dark)
    else:
        qapp.setPalette(qapp.style().standardPalette())
    yield request.param
    qapp.setStyle(QStyleFactory.create(style))
    qapp.setPalette(palette)


def ground_of(picture: QImage, label: QLabel) -> QColor:
    """The colour most of the label's box is drawn in (what its text stands on)."""
    corner = label.mapTo(label.window(), QPoint(0, 0))
    box = picture.copy(corner.x(), corner.y(), label.width(), label.height())
    counts = Counter(
        box.pixel(x, y) for x in range(0, box.width(), 2) for y in range(0, box.height(), 2)
    )
    return QColor.fromRgb(counts.most_common(1)[0][0])


def shown(window: RulingsWindow, size: tuple[int, int], qtbot) -> QImage:
    window.show()
    qtbot.waitExposed(window)
    window.resize(*size)
    window.set_dispute(SIDE_POT)
    qtbot.waitUntil(lambda: bool(window.pots.chip_note.text()))
    QApplication.processEvents()
    return window.grab().toImage()


@pytest.mark.slow
def test_every_note_reads_on_the_window_in_light_and_dark(
    desktop: str, services: Services, bus: TournamentBus, window_factory, qtbot
) -> None:
    window = window_factory(RulingsWindow(services, bus))
    picture = shown(window, FULL_HD_INSIDE, qtbot)
    notes = [window.keys_help, window.pots.chip_note, window.pots.order_note]
    assert window.pots.chip_note.text().startswith("Chips in play")
    assert window.pots.order_note.text().startswith("Finishing order")
    labels = [x for x in window.findChildren(QLabel) if x.isVisible() and x.text()]
    assert all(note in labels for note in notes)
    for label in labels:
        ink = label.palette().color(label.foregroundRole()).name()
        ground = ground_of(picture, label).name()
        ratio = contrast_ratio(ink, ground)
        assert ratio >= 4.5, (desktop, label.objectName(), label.text()[:30], ink, ground, ratio)


@pytest.mark.slow
def test_a_short_window_leaves_room_for_a_short_name(
    services: Services, bus: TournamentBus, window_factory, qtbot
) -> None:
    window = window_factory(RulingsWindow(services, bus))
    shown(window, LAPTOP_INSIDE, qtbot)
    assert window.is_compact()
    for row in window.hands.rows:
        edit = row.name_edit
        room = edit.width() - 2 * 6  # the frame and the padding either side
        assert room >= edit.fontMetrics().horizontalAdvance("Nikolai"), edit.width()


@pytest.mark.slow
def test_the_notes_follow_a_theme_changed_while_the_window_is_open(
    services: Services, bus: TournamentBus, window_factory, qtbot, qapp: QApplication
) -> None:
    light = QPalette(qapp.palette())
    window = window_factory(RulingsWindow(services, bus))
    shown(window, FULL_HD_INSIDE, qtbot)
    dark = QPalette(light)
    for role, colour in DARK.items():
        dark.setColor(role, QColor(colour))
    qapp.setPalette(dark)
    try:
        QApplication.processEvents()
        note = window.pots.chip_note
        ink = note.palette().color(note.foregroundRole()).name()
        assert contrast_ratio(ink, DARK[QPalette.ColorRole.Window]) >= 4.5, ink
    finally:
        qapp.setPalette(light)
