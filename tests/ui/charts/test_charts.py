"""The Charts window (QtCharts) follows the field through the bus; the PDF report carries the
charts."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCharts import QLineSeries
from PySide6.QtCore import QSize
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
from tests.ui.polling import submit_and_wait

PRICE = EntryPrice(2000, house_fee=500)


def _players(
    qtbot, services: Services, bus: TournamentBus, clock: FakeClock, count: int
) -> list[int]:
    tid = bus.tournament_id
    services.cashier.set_config(tid, CashierConfig(EntryRules(RegistrationRule(PRICE, 10_000))))
    regs = []
    for number in range(count):
        clock.advance(minutes=1)
        pid = services.players.create(PlayerDetails(f"P{number}")).value.id
        regs.append(
            submit_and_wait(
                qtbot, bus, lambda pid=pid: services.cashier.buy_in(tid, pid)
            ).registration.id
        )
    return regs


def _last(series: QLineSeries) -> float:
    return series.at(series.count() - 1).y()


@pytest.mark.slow
def test_the_charts_follow_entries_and_busts(
    services: Services, bus: TournamentBus, fake_clock: FakeClock, window_factory, qtbot
) -> None:
    window = window_factory(ChartsWindow(services, bus))
    window.show()
    assert window.empty.isVisible()
    regs = _players(qtbot, services, bus, fake_clock, 4)
    fake_clock.advance(minutes=5)
    submit_and_wait(
        qtbot, bus, lambda: services.results.bust(bus.tournament_id, regs[3], busted_by=regs[0])
    )
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


@pytest.mark.slow
def test_the_director_opens_the_charts_from_the_windows_menu(station, qtbot) -> None:
    action = station.director_actions[Action.OPEN_CHARTS]
    assert action.shortcut() == QKeySequence("Ctrl+Shift+G")
    action.trigger()
    window = station.windows["charts"]
    assert isinstance(window, ChartsWindow)
    assert window.isVisible()


@pytest.mark.slow
def test_the_results_report_ends_with_the_charts(
    services: Services, bus: TournamentBus, fake_clock: FakeClock, tmp_path: Path, qtbot
) -> None:
    _players(qtbot, services, bus, fake_clock, 3)
    tid = bus.tournament_id
    charts = report_charts(services.results.charts(tid))
    assert set(charts) == {"chart-field.png", "chart-prize-pool.png"}
    assert all(not image.isNull() and image.width() > 500 for image in charts.values())
    args = (
        "Friday",
        services.results.results(tid),
        services.payouts.table(tid),
        services.cashier.summary(tid),
        services.now(),
    )
    plain = reports.write_results(tmp_path / "plain.pdf", *args, currency="$")
    charted = reports.write_results(tmp_path / "charts.pdf", *args, charts, currency="$")
    pages = []
    for path in (plain, charted):
        document = QPdfDocument()
        document.load(str(path))
        pages.append(document.pageCount())
    assert pages[1] == pages[0] + 1  # the charts on a page of their own
    assert charted.stat().st_size > plain.stat().st_size + 20_000


@pytest.mark.slow
def test_the_chip_counts_chart_draws_each_leaders_counted_stacks(
    services: Services,
    bus: TournamentBus,
    fake_clock: FakeClock,
    window_factory,
    tmp_path: Path,
    qtbot,
) -> None:
    tid = bus.tournament_id
    window = window_factory(ChartsWindow(services, bus))
    regs = _players(qtbot, services, bus, fake_clock, 3)
    services.seating.add_tables(tid, 1, seat_count=9)
    for seat, rid in enumerate(regs, start=1):
        services.seating.seat_player(tid, rid, 1, seat)
    assert window.stacks_view.chart().series() == []
    first = fake_clock()
    submit_and_wait(
        qtbot,
        bus,
        lambda: services.chip_counts.record(
            tid, 1, list(zip(regs, (9_000, 12_000, 9_000), strict=True))
        ),
    )
    fake_clock.advance(minutes=30)
    second = fake_clock()
    submit_and_wait(
        qtbot,
        bus,
        lambda: services.chip_counts.record(
            tid, 1, list(zip(regs, (5_000, 16_000, 9_000), strict=True))
        ),
    )
    lines = window.stacks_view.chart().series()
    assert [s.name() for s in lines] == ["P1", "P2", "P0"]  # the leader first
    leader = lines[0]
    assert isinstance(leader, QLineSeries)
    assert [(p.x(), p.y()) for p in leader.points()] == [
        (first.timestamp() * 1000, 12_000),
        (second.timestamp() * 1000, 16_000),
    ]
    fake_clock.advance(minutes=1)
    submit_and_wait(qtbot, bus, lambda: services.results.bust(tid, regs[0], busted_by=regs[1]))
    assert [s.name() for s in window.stacks_view.chart().series()] == ["P1", "P2", "P0 (out)"]
    charts = report_charts(services.results.charts(tid))
    assert set(charts) == {"chart-field.png", "chart-prize-pool.png", "chart-chip-counts.png"}
    args = (
        "Friday",
        services.results.results(tid),
        services.payouts.table(tid),
        services.cashier.summary(tid),
        services.now(),
    )
    pages = []
    for name, images in (("plain.pdf", None), ("charts.pdf", charts)):
        document = QPdfDocument()
        document.load(str(reports.write_results(tmp_path / name, *args, images, currency="$")))
        pages.append(document.pageCount())
    assert pages[1] == pages[0] + 1  # the three charts share the charts page
    shots = Path(os.environ.get("CLOCKAPP_SHOTS", tmp_path))
    document.render(document.pageCount() - 1, QSize(620, 877)).save(str(shots / "charts-pdf.png"))
    window.resize(1366, 768)
    window.tabs.setCurrentWidget(window.stacks_view)
    window.show()
    qtbot.waitExposed(window)
    window.grab().save(str(shots / "charts-chip-counts-1366.png"))
    window.resize(1920, 1080)
    window.grab().save(str(shots / "charts-chip-counts-1920.png"))
