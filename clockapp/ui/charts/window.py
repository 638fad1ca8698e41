"""`ChartsWindow`: the director's charts of the tournament, redrawn when entries, busts or chip
counts change.

The charts' data is read on the station's worker (`LatestRead`): the window says it is reading
until the first answer, and keeps drawing what it holds while a later read is on its way."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCharts import QChart, QChartView
from PySide6.QtWidgets import QLabel, QTabWidget, QVBoxLayout, QWidget

from clockapp.core.chip_counts import StackLine
from clockapp.core.money.series import FieldPoint
from clockapp.errors import DomainError
from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.services.app import Services
from clockapp.services.changes import Change, Changes
from clockapp.services.results import ChartData
from clockapp.ui.bus import LatestRead, TournamentBus
from clockapp.ui.charts.figures import chart_view, field_chart, prize_chart, stacks_chart
from clockapp.ui.errors import report

#: What a chart depends on: entries, busts and chip counts (the field), the ledger (the pool).
CHART_CHANGES = Change.ENTRIES | Change.LEDGER | Change.PAYOUTS
#: What the window says until the first read answers.
READING = N_("Reading the charts…")
#: What it says before the first buy-in.
NO_ENTRIES = N_("No entries yet: the charts start with the first buy-in.")


class ChartsWindow(QWidget):
    """Players left and average stack, the prize pool, and the chip counts, over the night."""

    def __init__(self, services: Services, bus: TournamentBus, parent: QWidget | None = None):
        super().__init__(parent)
        self._services = services
        self._bus = bus
        self.data = ChartData((), ())
        self._reads = LatestRead(bus, self._read, self._show, self._on_read_failed)
        self._setup_ui()
        bus.changed.connect(self._on_bus_changed)
        self.refresh()

    @property
    def points(self) -> tuple[FieldPoint, ...]:
        """The field over time, as drawn."""
        return self.data.field

    @property
    def stacks(self) -> tuple[StackLine, ...]:
        """The chip leaders' counted stacks, as drawn."""
        return self.data.stacks

    def _setup_ui(self) -> None:
        self.setWindowTitle(_("Charts"))
        self.resize(1000, 640)
        self.tabs = QTabWidget()
        self.field_view = chart_view(field_chart(()))
        self.prize_view = chart_view(prize_chart(()))
        self.stacks_view = chart_view(stacks_chart(()))
        self.tabs.addTab(self.field_view, _("Players and average stack"))
        self.tabs.addTab(self.prize_view, _("Prize pool"))
        self.tabs.addTab(self.stacks_view, _("Chip counts"))
        self.empty = QLabel(_(READING))
        self.empty.setObjectName("charts_note")
        layout = QVBoxLayout(self)
        layout.addWidget(self.empty)
        layout.addWidget(self.tabs, 1)

    def refresh(self) -> None:
        """Read the charts' data again (one read, on the worker) and redraw every chart when it
        answers."""
        self._reads.ask()

    def _read(self) -> ChartData:
        return self._services.results.charts(self._bus.tournament_id)

    def _show(self, data: ChartData) -> None:
        self.data = data
        self.empty.setText(_(NO_ENTRIES))
        self.empty.setVisible(not data.field)
        builds: tuple[tuple[QChartView, Callable[[], QChart]], ...] = (
            (self.field_view, lambda: field_chart(data.field)),
            (self.prize_view, lambda: prize_chart(data.field)),
            (self.stacks_view, lambda: stacks_chart(data.stacks)),
        )
        for view, build in builds:
            old = view.chart()
            view.setChart(build())
            old.deleteLater()

    def _on_read_failed(self, error: Exception) -> None:
        # The charts drawn stay; the note says why they may be behind.
        if not isinstance(error, DomainError):
            report(error, self)
            return
        self.empty.setText(_("The charts could not be read: {error}").format(error=error))
        self.empty.setVisible(True)

    def _on_bus_changed(self, changes: Changes) -> None:
        if changes.touches(CHART_CHANGES):
            self.refresh()
