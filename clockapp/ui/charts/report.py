"""The charts as images for the PDF results report."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize
from PySide6.QtGui import QImage

from clockapp.core.money.series import FieldPoint
from clockapp.ui.charts.figures import chart_image, field_chart, prize_chart

#: A chart's size in the report, in pixels (wide, like the A4 page's printable area).
REPORT_CHART_SIZE = QSize(1100, 560)


def report_charts(points: Sequence[FieldPoint]) -> dict[str, QImage]:
    """The night's charts by image name (none before the first entry)."""
    if not points:
        return {}
    return {
        "chart-field.png": chart_image(field_chart(points), REPORT_CHART_SIZE),
        "chart-prize-pool.png": chart_image(prize_chart(points), REPORT_CHART_SIZE),
    }
