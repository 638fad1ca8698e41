"""The `?` help over the director's window on a host's laptop: every line at a readable size,
whole (not shrunk to a few pixels, not cut, not over its neighbour), in a colour that reads on
the sheet, and reachable (the sheet scrolls when the window is short).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QApplication, QScrollArea

from clockapp.core.look import contrast_ratio
from clockapp.ui.display.widgets import FitLabel
from clockapp.ui.screens import FRAME_ALLOWANCE, LAPTOP
from clockapp.ui.station.station import ClockStation

#: The smallest text a host reads at arm's length on a laptop, in pixels.
READABLE_PX = 12
#: WCAG AA for text of that size.
LEAST_CONTRAST = 4.5


def lines(overlay) -> list[FitLabel]:
    return [label for label in overlay.findChildren(FitLabel) if label.text()]


@pytest.mark.slow
@pytest.mark.parametrize(
    "size", [LAPTOP - FRAME_ALLOWANCE, QSize(896, 487), QSize(1904, 1000)], ids=str
)
def test_every_help_line_is_readable_whole_and_in_reach(
    qtbot, station: ClockStation, size: QSize
) -> None:
    director = station.director
    director.show()
    director.resize(size)
    qtbot.waitExposed(director)
    with qtbot.waitActive(director):
        director.activateWindow()
    qtbot.keyClick(director, Qt.Key.Key_Question)
    overlay = director.help_overlay
    assert overlay.isVisible()
    assert overlay.geometry() == director.rect()
    shown = lines(overlay)
    # The sizes are evened out once the sheet is laid out at the window's size.
    QApplication.processEvents()
    overlay.even_out()
    sheet_colour = station.look.BACKGROUND.name()
    area = overlay.findChild(QScrollArea)
    drawn = overlay.grab().toImage()
    boxes: list[tuple[QRect, str]] = []
    for label in shown:
        font = label.fitted_font()
        metrics = QFontMetricsF(font)
        assert font.pixelSize() >= READABLE_PX, (label.text(), font.pixelSize(), size)
        assert label.shown_text(font) == label.text(), label.text()  # not cut with "…"
        assert metrics.horizontalAdvance(label.text()) <= label.width() + 1, label.text()
        assert metrics.height() <= label.height() + 1, (label.text(), label.height())
        # Against what is drawn behind the line (the sheet, not the window it covers).
        at = label.mapTo(overlay, QPoint(1, 1))
        if overlay.rect().contains(at):
            behind = drawn.pixelColor(at).name()
            assert behind == sheet_colour, (label.text(), behind)
        ratio = contrast_ratio(label.color().name(), sheet_colour)
        assert ratio >= LEAST_CONTRAST, (label.text(), label.color().name(), ratio)
        top_left = (
            label.mapTo(overlay, QPoint(0, 0))
            if area is None
            else label.mapTo(area.widget(), QPoint(0, 0))
        )
        boxes.append((QRect(top_left, label.size()), label.text()))
    # No two lines share a pixel: none is drawn over another.
    for index, (box, text) in enumerate(boxes):
        for other, other_text in boxes[index + 1 :]:
            assert not box.intersects(other), (text, other_text)
    # Every line can be brought into view: inside the window, or in the sheet's scroll area.
    for label in shown:
        if area is not None:
            area.ensureWidgetVisible(label, 0, 0)
            QApplication.processEvents()
        where = QRect(label.mapTo(overlay, QPoint(0, 0)), label.size())
        assert overlay.rect().contains(where), (label.text(), where, overlay.rect())
    qtbot.keyClick(director, Qt.Key.Key_Escape)
    assert not overlay.isVisible()
