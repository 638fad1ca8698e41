"""The season chart: the top players' points through the season, tournament by tournament.

Drawn from `LeagueView.race()` (the numbers come from `clockapp.core.points.points_race`); used
by the league window and, as an image, by the league PDF.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCharts import QCategoryAxis, QChart, QLineSeries
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QImage, QPen

from clockapp.i18n import gettext as _
from clockapp.services.leagues import LeagueView
from clockapp.ui.charts.figures import (
    STACK_COLORS,
    base_chart,
    chart_image,
    legend_name,
    value_axis,
)

#: The season chart's size on the league PDF, in pixels (the A4 page's width).
REPORT_SIZE = QSize(1100, 520)
#: A tournament's name on the axis, cut to this many characters (the full list is above it).
LABEL_CHARS = 18


def _label(name: str) -> str:
    return name if len(name) <= LABEL_CHARS else name[: LABEL_CHARS - 1] + "…"


def season_chart(view: LeagueView | None) -> QChart:
    """Each of the top players' running points after each tournament of the league."""
    race = view.race() if view is not None else ()
    names = [name for _tid, name in view.league.tournaments] if view is not None else []
    title = _("No points yet: count a tournament")
    if race and view is not None:
        title = _("{league}: points through the season (top {count})").format(
            league=escape(view.league.name), count=len(race)
        )
    chart = base_chart(title)
    tournaments = QCategoryAxis()
    tournaments.setTitleText(_("Tournament"))
    tournaments.setLabelsPosition(QCategoryAxis.AxisLabelsPosition.AxisLabelsPositionOnValue)
    for number, name in enumerate(names, start=1):
        tournaments.append(escape(f"{number}. {_label(name)}", quote=False), number)
    tournaments.setRange(0.7, max(len(names), 1) + 0.3)
    if len(names) > 6:
        tournaments.setLabelsAngle(-35)
    chart.addAxis(tournaments, Qt.AlignmentFlag.AlignBottom)
    top = max((line.totals[-1] for line in race if line.totals), default=100) / 100
    points_axis = value_axis(_("Points"), top, "%.0f", STACK_COLORS[6])
    chart.addAxis(points_axis, Qt.AlignmentFlag.AlignLeft)
    for index, line in enumerate(race):
        series = QLineSeries()
        series.setName(legend_name(line.name))
        series.setPen(QPen(STACK_COLORS[index % len(STACK_COLORS)], 2.5))
        series.setPointsVisible(True)
        for number, total in enumerate(line.totals, start=1):
            series.append(number, total / 100)
        chart.addSeries(series)
        series.attachAxis(tournaments)
        series.attachAxis(points_axis)
    return chart


def season_chart_image(view: LeagueView) -> QImage:
    """The season chart drawn for the league PDF."""
    return chart_image(season_chart(view), REPORT_SIZE)
