"""The charts as images for the PDF results report."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QImage

from clockapp.services.results import ChartData
from clockapp.ui.charts.figures import chart_image, field_chart, prize_chart, stacks_chart

#: A chart's size in the report, in pixels: wide like the A4 page's printable area, and low
#: enough for three charts to share the charts page.
REPORT_CHART_SIZE = QSize(1100, 500)


def report_charts(data: ChartData) -> dict[str, QImage]:
    """The night's charts by image name (none before the first entry; the chip counts once a
    stack has been counted)."""
    if not data.field:
        return {}
    charts = {
        "chart-field.png": chart_image(field_chart(data.field), REPORT_CHART_SIZE),
        "chart-prize-pool.png": chart_image(prize_chart(data.field), REPORT_CHART_SIZE),
    }
    if data.stacks:
        charts["chart-chip-counts.png"] = chart_image(stacks_chart(data.stacks), REPORT_CHART_SIZE)
    return charts
