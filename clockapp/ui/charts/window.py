"""`ChartsWindow`: the director's charts of the tournament, redrawn when entries or busts change."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QTabWidget, QVBoxLayout, QWidget

from clockapp.core.money.series import FieldPoint
from clockapp.services.app import Services
from clockapp.services.changes import Change, Changes
from clockapp.ui.bus import TournamentBus
from clockapp.ui.charts.figures import chart_view, field_chart, prize_chart

#: What a chart depends on: entries and busts (the field), the ledger (the prize pool).
CHART_CHANGES = Change.ENTRIES | Change.LEDGER | Change.PAYOUTS


class ChartsWindow(QWidget):
    """Players left and average stack, and the prize pool, over the night."""

    def __init__(self, services: Services, bus: TournamentBus, parent: QWidget | None = None):
        super().__init__(parent)
        self._services = services
        self._bus = bus
        self.points: tuple[FieldPoint, ...] = ()
        self._setup_ui()
        bus.changed.connect(self._on_bus_changed)
        self.refresh()

    def _setup_ui(self) -> None:
        self.setWindowTitle("Charts")
        self.resize(1000, 640)
        self.tabs = QTabWidget()
        self.field_view = chart_view(field_chart(()))
        self.prize_view = chart_view(prize_chart(()))
        self.tabs.addTab(self.field_view, "Players and average stack")
        self.tabs.addTab(self.prize_view, "Prize pool")
        self.empty = QLabel("No entries yet: the charts start with the first buy-in.")
        layout = QVBoxLayout(self)
        layout.addWidget(self.empty)
        layout.addWidget(self.tabs, 1)

    def refresh(self) -> None:
        """Read the series again and redraw both charts."""
        self.points = self._services.results.series(self._bus.tournament_id)
        self.empty.setVisible(not self.points)
        for view, build in ((self.field_view, field_chart), (self.prize_view, prize_chart)):
            old = view.chart()
            view.setChart(build(self.points))
            old.deleteLater()

    def _on_bus_changed(self, changes: Changes) -> None:
        if changes.touches(CHART_CHANGES):
            self.refresh()
