"""The Charts window (QtCharts) follows the field through the bus; the PDF report carries the
charts."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCharts import QLineSeries
from PySide6.QtGui import QKeySequence
from PySide6.QtPdf import QPdfDocument

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails
from clockapp.ui.actions import Action
from clockapp.ui.bus import TournamentBus
from clockapp.ui.cashier import reports
from clockapp.ui.charts import ChartsWindow
from clockapp.ui.charts.report import report_charts
from tests.fakes import FakeClock

PRICE = EntryPrice(2000, house_fee=500)


def _players(services: Services, bus: TournamentBus, clock: FakeClock, count: int) -> list[int]:
    tid = bus.tournament_id
    services.cashier.set_config(tid, CashierConfig(EntryRules(RegistrationRule(PRICE, 10_000))))
    regs = []
    for number in range(count):
        clock.advance(minutes=1)
        pid = services.players.create(PlayerDetails(f"P{number}")).value.id
        regs.append(bus.run(lambda pid=pid: services.cashier.buy_in(tid, pid)).registration.id)
    return regs


def _last(series: QLineSeries) -> float:
    return series.at(series.count() - 1).y()


def test_the_charts_follow_entries_and_busts(
    services: Services, bus: TournamentBus, fake_clock: FakeClock, window_factory, qtbot
) -> None:
    window = window_factory(ChartsWindow(services, bus))
    window.show()
    assert window.empty.isVisible()
    regs = _players(services, bus, fake_clock, 4)
    fake_clock.advance(minutes=5)
    bus.run(lambda: services.results.eliminate(bus.tournament_id, regs[3], busted_by=regs[0]))
    assert not window.empty.isVisible()
    players, average = window.field_view.chart().series()
    assert isinstance(players, QLineSeries)
    assert isinstance(average, QLineSeries)
    assert _last(players) == 3
    assert _last(average) == 40_000 // 3
    (pool,) = window.prize_view.chart().series()
    assert isinstance(pool, QLineSeries)
    assert _last(pool) == 80.0  # four prize-pool parts of $20.00
    assert "$80.00" in window.prize_view.chart().title()


def test_the_director_opens_the_charts_from_the_windows_menu(station, qtbot) -> None:
    action = station.director_actions[Action.OPEN_CHARTS]
    assert action.shortcut() == QKeySequence("Ctrl+Shift+G")
    action.trigger()
    window = station.windows["charts"]
    assert isinstance(window, ChartsWindow)
    assert window.isVisible()


def test_the_results_report_ends_with_the_charts(
    services: Services, bus: TournamentBus, fake_clock: FakeClock, tmp_path: Path, qtbot
) -> None:
    _players(services, bus, fake_clock, 3)
    tid = bus.tournament_id
    charts = report_charts(services.results.series(tid))
    assert set(charts) == {"chart-field.png", "chart-prize-pool.png"}
    assert all(not image.isNull() and image.width() > 500 for image in charts.values())
    args = (
        "Friday",
        services.results.results(tid),
        services.payouts.table(tid),
        services.cashier.summary(tid),
        services.now(),
    )
    plain = reports.write_results(tmp_path / "plain.pdf", *args)
    charted = reports.write_results(tmp_path / "charts.pdf", *args, charts)
    pages = []
    for path in (plain, charted):
        document = QPdfDocument()
        document.load(str(path))
        pages.append(document.pageCount())
    assert pages[1] == pages[0] + 1  # the charts on a page of their own
    assert charted.stat().st_size > plain.stat().st_size + 20_000
