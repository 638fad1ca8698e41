"""Charts of the field over time, built from the frozen series points (no service calls here)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from html import escape

from PySide6.QtCharts import QChart, QChartView, QDateTimeAxis, QLineSeries, QValueAxis
from PySide6.QtCore import QDateTime, QMargins, QRectF, QSize, QSizeF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPen
from PySide6.QtWidgets import QGraphicsScene

from clockapp.core.chip_counts import StackLine
from clockapp.core.money.amounts import format_cents
from clockapp.core.money.series import FieldPoint
from clockapp.i18n import gettext as _

PLAYERS_COLOR = QColor("#1565c0")
AVERAGE_COLOR = QColor("#ef6c00")
POOL_COLOR = QColor("#2e7d32")
#: One colour per line, told apart in print and by most colour-blind eyes (Okabe-Ito, darker).
STACK_COLORS = tuple(
    QColor(c)
    for c in (
        "#0072b2",
        "#d55e00",
        "#009e73",
        "#cc79a7",
        "#e69f00",
        "#56b4e9",
        "#000000",
        "#8c564b",
    )
)


def _ms(point: FieldPoint) -> float:
    return point.at.timestamp() * 1000  # the axis's milliseconds since the epoch


def _line(name: str, color: QColor, values: Sequence[tuple[float, float]]) -> QLineSeries:
    series = QLineSeries()
    series.setName(name)
    series.setPen(QPen(color, 3))
    # Steps: a count holds until the next entry or bust changes it (no slope in between).
    previous: float | None = None
    for x, y in values:
        if previous is not None:
            series.append(x, previous)
        series.append(x, y)
        previous = y
    return series


def legend_name(name: str) -> str:
    """A player's name as a series' name: the legend draws rich text, so "<b>" is escaped."""
    return escape(name, quote=False)


def base_chart(title: str) -> QChart:
    """An empty chart with the app's title font, legend below, no animation."""
    chart = QChart()
    chart.setTitle(title)
    font = QFont()
    font.setPointSize(13)
    font.setBold(True)
    chart.setTitleFont(font)
    chart.setAnimationOptions(QChart.AnimationOption.NoAnimation)
    chart.legend().setAlignment(Qt.AlignmentFlag.AlignBottom)
    chart.setMargins(QMargins(6, 6, 6, 6))
    return chart


def _time_axis(points: Sequence[FieldPoint]) -> QDateTimeAxis:
    axis = QDateTimeAxis()
    axis.setFormat("HH:mm")
    axis.setTitleText(_("Time"))
    if points:
        first, last = _ms(points[0]), _ms(points[-1])
        if last <= first:
            last = first + 60_000  # one point: a minute's width, so the axis has a range
        axis.setRange(
            QDateTime.fromMSecsSinceEpoch(int(first)), QDateTime.fromMSecsSinceEpoch(int(last))
        )
    return axis


def value_axis(title: str, top: float, label_format: str, color: QColor) -> QValueAxis:
    """A value axis from 0 to a little over `top`, on round numbers."""
    axis = QValueAxis()
    axis.setTitleText(title)
    axis.setRange(0, max(top, 1) * 1.1)
    axis.setLabelFormat(label_format)
    axis.setTitleBrush(color)
    axis.applyNiceNumbers()
    return axis


def field_chart(points: Sequence[FieldPoint]) -> QChart:
    """Players left (left axis) and the average stack (right axis) over time."""
    chart = base_chart(_("Players left and average stack"))
    players = _line(_("Players left"), PLAYERS_COLOR, [(_ms(p), p.players_left) for p in points])
    average = _line(_("Average stack"), AVERAGE_COLOR, [(_ms(p), p.average_stack) for p in points])
    chart.addSeries(players)
    chart.addSeries(average)
    time_axis = _time_axis(points)
    chart.addAxis(time_axis, Qt.AlignmentFlag.AlignBottom)
    left = value_axis(
        _("Players"), max((p.players_left for p in points), default=1), "%d", PLAYERS_COLOR
    )
    right = value_axis(
        _("Average stack"), max((p.average_stack for p in points), default=1), "%d", AVERAGE_COLOR
    )
    chart.addAxis(left, Qt.AlignmentFlag.AlignLeft)
    chart.addAxis(right, Qt.AlignmentFlag.AlignRight)
    for series, axis in ((players, left), (average, right)):
        series.attachAxis(time_axis)
        series.attachAxis(axis)
    return chart


def prize_chart(points: Sequence[FieldPoint]) -> QChart:
    """The prize pool as it grows (whole currency units on the axis)."""
    chart = base_chart(_("Prize pool"))
    pool = _line(_("Prize pool"), POOL_COLOR, [(_ms(p), p.prize_pool / 100) for p in points])
    chart.addSeries(pool)
    time_axis = _time_axis(points)
    chart.addAxis(time_axis, Qt.AlignmentFlag.AlignBottom)
    top = max((p.prize_pool for p in points), default=100) / 100
    axis = value_axis(_("Prize pool"), top, "%.0f", POOL_COLOR)
    chart.addAxis(axis, Qt.AlignmentFlag.AlignLeft)
    pool.attachAxis(time_axis)
    pool.attachAxis(axis)
    if points:
        chart.setTitle(_("Prize pool: {amount}").format(amount=format_cents(points[-1].prize_pool)))
    return chart


def _stack_ms(at: datetime) -> float:
    return at.timestamp() * 1000


def stacks_chart(stacks: Sequence[StackLine]) -> QChart:
    """The chip leaders' stacks at each count (a dot per count, joined; dashed once out)."""
    chart = base_chart(
        _("Chip counts: the chip leaders' stacks") if stacks else _("No chip counts yet")
    )
    times = sorted(at for line in stacks for at, _ in line.counts)
    time_axis = QDateTimeAxis()
    time_axis.setFormat("HH:mm")
    time_axis.setTitleText(_("Counted at"))
    if times:
        first, last = _stack_ms(times[0]), _stack_ms(times[-1])
        pad = max((last - first) * 0.04, 5 * 60_000)  # the first and last dots off the edges
        time_axis.setRange(
            QDateTime.fromMSecsSinceEpoch(int(first - pad)),
            QDateTime.fromMSecsSinceEpoch(int(last + pad)),
        )
    chart.addAxis(time_axis, Qt.AlignmentFlag.AlignBottom)
    top = max((chips for line in stacks for _, chips in line.counts), default=1)
    chips_axis = value_axis(_("Chips"), top, "%d", QColor("#333333"))
    chart.addAxis(chips_axis, Qt.AlignmentFlag.AlignLeft)
    for index, line in enumerate(stacks):
        series = QLineSeries()
        series.setName(
            legend_name(line.name if line.in_play else _("{name} (out)").format(name=line.name))
        )
        pen = QPen(STACK_COLORS[index % len(STACK_COLORS)], 2.5)
        if not line.in_play:
            pen.setStyle(Qt.PenStyle.DashLine)
        series.setPen(pen)
        series.setPointsVisible(True)
        for at, chips in line.counts:
            series.append(_stack_ms(at), chips)
        chart.addSeries(series)
        series.attachAxis(time_axis)
        series.attachAxis(chips_axis)
    return chart


def chart_view(chart: QChart) -> QChartView:
    """A view that draws `chart` smoothly."""
    view = QChartView(chart)
    view.setRenderHint(QPainter.RenderHint.Antialiasing)
    return view


def chart_image(chart: QChart, size: QSize) -> QImage:
    """`chart` drawn into an image of `size` pixels (for the PDF report and the README)."""
    # Drawn through a scene of its own, not a view: a view never shown has not laid out.
    scene = QGraphicsScene()
    scene.addItem(chart)
    chart.resize(QSizeF(size))
    scene.setSceneRect(QRectF(0, 0, size.width(), size.height()))
    image = QImage(size, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    scene.render(painter)
    painter.end()
    scene.removeItem(chart)
    return image
