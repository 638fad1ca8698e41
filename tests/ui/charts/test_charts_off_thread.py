"""The Charts window reads its data on the station's worker: it says it is reading until the
first answer, and a change answered by the worker (an action, another station's) is read there
too, never on the GUI thread."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from PySide6.QtCharts import QLineSeries

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails
from clockapp.services.results import ChartData
from clockapp.ui.bus import TournamentBus
from clockapp.ui.charts import ChartsWindow
from tests.ui.polling import poll, settle


def _last(series: QLineSeries) -> float:
    return series.at(series.count() - 1).y()


@pytest.fixture
def field(services: Services, bus: TournamentBus) -> list[int]:
    """Three players bought in, at another station (nothing published here), and a fourth."""
    tid = bus.tournament_id
    price = EntryPrice(2000, house_fee=500)
    services.cashier.set_config(tid, CashierConfig(EntryRules(RegistrationRule(price, 10_000))))
    players = [services.players.create(PlayerDetails(f"P{n}")).value.id for n in range(4)]
    for pid in players[:3]:
        services.cashier.buy_in(tid, pid)
    return players


@pytest.mark.slow
def test_the_charts_are_read_off_the_gui_thread(
    services: Services,
    bus: TournamentBus,
    field: list[int],
    window_factory,
    qtbot,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    read_on: list[str] = []
    release = threading.Event()
    charts = services.results.charts

    def recorded(tournament_id: int, *args: Any) -> ChartData:
        read_on.append(threading.current_thread().name)
        release.wait(5)  # the first read waits: bounded, should it be made on the GUI thread
        return charts(tournament_id, *args)

    monkeypatch.setattr(services.results, "charts", recorded)
    try:
        window = window_factory(ChartsWindow(services, bus))
        window.show()
        qtbot.waitUntil(lambda: bool(read_on))
        assert read_on == ["clockapp-station"]  # the first read: on the worker
        assert window.empty.isVisible()
        assert window.empty.text() == "Reading the charts…"  # open, and says it is reading
        assert window.points == ()
    finally:
        release.set()
    settle(qtbot, bus)
    assert window.empty.isHidden()
    players, _average = window.field_view.chart().series()
    assert isinstance(players, QLineSeries)
    assert _last(players) == 3
    # An entry answered by the worker, then another station's bust read from the feed.
    tid = bus.tournament_id
    assert bus.submit(lambda: services.cashier.buy_in(tid, field[3]))
    settle(qtbot, bus)
    players, _average = window.field_view.chart().series()
    assert _last(players) == 4
    services.results.bust(tid, field[1], busted_by=field[0])
    poll(qtbot, bus)
    players, _average = window.field_view.chart().series()
    assert _last(players) == 3
    assert len(read_on) == 3
    assert threading.main_thread().name not in read_on


def test_a_tournament_without_entries_says_so_once_read(
    services: Services, bus: TournamentBus, window_factory, qtbot
) -> None:
    window = window_factory(ChartsWindow(services, bus))
    window.show()
    settle(qtbot, bus)
    assert window.empty.isVisible()
    assert window.empty.text().startswith("No entries yet")
