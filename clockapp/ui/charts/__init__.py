"""The charts of a tournament (QtCharts): players left and average stack, the prize pool, the
chip leaders' counted stacks.

`figures` builds the charts from the service's data (`services.results.charts`) and renders
them to images for the PDF report and the README; `window` is the director's Charts window.
"""

from clockapp.ui.charts.figures import chart_image, field_chart, prize_chart, stacks_chart
from clockapp.ui.charts.window import ChartsWindow

__all__ = ["ChartsWindow", "chart_image", "field_chart", "prize_chart", "stacks_chart"]
