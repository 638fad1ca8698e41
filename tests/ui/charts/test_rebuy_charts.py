"""A night of rebuys as the host sees it: the charts (window and PDF) and the estimated end count
only the players who are out; a bust followed by a rebuy or a re-entry took nobody out."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCharts import QLineSeries, QValueAxis

from clockapp.services.app import Services
from clockapp.ui.bus import TournamentBus
from clockapp.ui.charts import ChartsWindow
from clockapp.ui.charts.report import report_charts
from clockapp.ui.wall.estimate import EstimateLine
from tests.fakes import FakeClock
from tests.services.test_rebuy_counts import rebuy_night
from tests.ui.polling import settle

#: `rebuy_night`: eight buy in, four bust and come back (three rebuys, one re-entry), two go out.
PLAYING = 6


@pytest.fixture
def rebuy_bus(services: Services, fake_clock: FakeClock) -> Iterator[TournamentBus]:
    """The bus of a tournament after `rebuy_night`."""
    tid = rebuy_night(services, fake_clock)
    bus = TournamentBus(services, tid, poll_interval_ms=0)
    yield bus
    bus.stop()
    bus.deleteLater()


def _ys(series: QLineSeries) -> list[float]:
    return [series.at(i).y() for i in range(series.count())]


@pytest.mark.slow
def test_the_players_chart_never_shows_fewer_than_are_playing(
    services: Services, rebuy_bus: TournamentBus, window_factory, qtbot
) -> None:
    window = window_factory(ChartsWindow(services, rebuy_bus))
    window.show()
    qtbot.waitExposed(window)
    settle(qtbot, rebuy_bus)  # the charts are read on the station's worker
    players, average = window.field_view.chart().series()
    assert isinstance(players, QLineSeries)
    assert isinstance(average, QLineSeries)
    shown = _ys(players)  # drawn as steps: each count holds until the next one
    everyone = shown.index(8)  # the eighth buy-in
    assert min(shown[everyone:]) == PLAYING  # down only for the two who are out
    assert shown[-1] == PLAYING
    chips = window.points[-1].chips
    assert _ys(average)[-1] == chips // PLAYING
    axes = [a for a in window.field_view.chart().axes() if isinstance(a, QValueAxis)]
    assert {a.titleText() for a in axes} >= {"Players", "Average stack"}
    # The PDF report draws the same series from the same read.
    assert services.results.charts(rebuy_bus.tournament_id).field == window.points
    assert "chart-field.png" in report_charts(services.results.charts(rebuy_bus.tournament_id))


@pytest.mark.slow
def test_the_estimate_counts_two_busts_when_two_are_out(
    services: Services, rebuy_bus: TournamentBus, window_factory, qtbot
) -> None:
    line = window_factory(EstimateLine(services, rebuy_bus))
    line.show()
    settle(qtbot, rebuy_bus)
    assert "2 busts so far" in line.text() or "2 busts so far" in line.toolTip()
