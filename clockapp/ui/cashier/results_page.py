"""The cashier's results page: results by finishing place; pay prizes and bounties; export.

Results export as CSV (the service writes the text) and as a PDF report.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import (
    QHBoxLayout,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clockapp.core.money.drawer import NightSummary
from clockapp.core.money.records import PrizeDue
from clockapp.i18n import gettext as _
from clockapp.services.payouts import PayoutView
from clockapp.services.results import ChartData, ResultRow
from clockapp.ui.cashier import operations, reports
from clockapp.ui.cashier.context import CashierContext
from clockapp.ui.cashier.dialogs import PayDialog
from clockapp.ui.cashier.pages import Page, table_view
from clockapp.ui.cashier.payouts_page import MONEY_CHANGES
from clockapp.ui.cashier.prize_fit import offer_fit
from clockapp.ui.cashier.prize_models import (
    ResultsModel,
)
from clockapp.ui.exports import ask_save_path


@dataclass(frozen=True)
class _ReportRead:
    """What the results report prints, read at once on the worker."""

    name: str
    results: tuple[ResultRow, ...]
    payouts: PayoutView
    summary: NightSummary
    charts: ChartData


class ResultsPage(Page):
    """Results by finishing place; pay prizes and bounties; export CSV and PDF."""

    REFRESH_ON = MONEY_CHANGES

    def __init__(self, ctx: CashierContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.model = ResultsModel(self)
        self.view = table_view(self.model, "results", _("Results"))
        self.pay_button = QPushButton(_("Pay prize…"))
        self.pay_button.setObjectName("pay_prize")
        self.pay_button.clicked.connect(lambda: self.start_pay(bounty=False))
        self.bounty_button = QPushButton(_("Pay bounties…"))
        self.bounty_button.clicked.connect(lambda: self.start_pay(bounty=True))
        self.csv_button = QPushButton(_("Export CSV…"))
        self.csv_button.clicked.connect(lambda: self.export_csv())
        self.pdf_button = QPushButton(_("Export PDF…"))
        self.pdf_button.clicked.connect(lambda: self.export_pdf())
        buttons = QHBoxLayout()
        for button in (self.pay_button, self.bounty_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        for button in (self.csv_button, self.pdf_button):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.view, 1)
        layout.addLayout(buttons)
        self._reading = ctx.reader(lambda tid: ctx.services.results.results(tid), self._show)

    def refresh(self) -> None:
        self._reading.ask()

    def _show(self, rows: tuple[ResultRow, ...]) -> None:
        if self.model.set_rows(rows):
            self.view.fit_columns()

    def select_player(self, registration_id: int) -> None:
        """Select the result row of a registration."""
        for row, result in enumerate(self.model.rows()):
            if result.registration_id == registration_id:
                self.view.selectRow(row)
                self.view.setCurrentIndex(self.model.index(row, 0))

    def start_pay(self, *, bounty: bool) -> None:
        """Pay the selected player's prize (or bounties)."""
        row = self.selected_row(self.view)
        result = self.model.row_at(row) if row is not None else None
        if result is None:
            self._ctx.refuse(_("Select the player to pay."))
            return
        if bounty:
            self._pay(result.registration_id, result.name, bounty=True)
        else:
            # A table paying more places than there are entries pays nobody: the director first
            # confirms it renormalised (before and after shown), then the payment goes ahead.
            then = lambda: self._pay(result.registration_id, result.name, bounty=False)  # noqa: E731
            offer_fit(self._ctx, self._open, self, then=then)

    def _pay(self, registration_id: int, name: str, *, bounty: bool) -> None:
        # The dialog opens when what is owed has been read on the worker (the button is busy
        # meanwhile; a second press does nothing).
        ctx, tid = self._ctx, self._ctx.tid
        ctx.query(
            lambda: ctx.services.payouts.owed(tid, registration_id),
            lambda due: self._open_pay(registration_id, name, due, bounty=bounty),
            key=("pay", id(self)),
            control=self.bounty_button if bounty else self.pay_button,
        )

    def _open_pay(self, registration_id: int, name: str, due: PrizeDue, *, bounty: bool) -> None:
        ctx = self._ctx
        owed = due.bounties_owed if bounty else due.prize_owed
        dialog = PayDialog(name, owed, self, bounty=bounty)

        def accepted() -> None:
            button = self.bounty_button if bounty else self.pay_button
            operations.pay(
                ctx, registration_id, name, dialog.amount(), bounty=bounty, control=button
            )

        dialog.accepted.connect(accepted)
        self._open(dialog)

    def _ask_path(self, title: str, what: str, kind: str) -> str:
        return ask_save_path(self, title, self._ctx.export_name(what, "pdf"), kind)

    def export_csv(self, path: str | None = None) -> str | None:
        """Write the results CSV (from the service) to `path` (asks where when not given), on
        the worker: the message says when it is written, or why not. Returns the path asked
        for (None: cancelled)."""
        ctx = self._ctx
        results, tid = ctx.services.results, ctx.tid
        return ctx.save_text(
            self,
            path,
            _("Export results"),
            "results",
            lambda: results.results_csv(tid),
            lambda saved, _text: ctx.message.show_info(
                _("Results exported: {path}").format(path=saved)
            ),
            control=self.csv_button,
        )

    def export_pdf(self, path: str | None = None) -> str | None:
        """Write the results report as a PDF (asks where when not given).

        What it reports is read on the worker (the button busy meanwhile); the charts are
        drawn and the file written here when that answers (QtCharts paints on this thread).
        Returns the path asked for (None: cancelled, or the same export still on its way).
        """
        ctx = self._ctx
        path = path or self._ask_path(_("Results report"), "results", _("PDF (*.pdf)"))
        if not path:
            return None
        s, tid = ctx.services, ctx.tid
        chosen = path

        def read() -> _ReportRead:  # on the worker, in one read session
            with s.ctx.shared_reads():
                return _ReportRead(
                    s.tournaments.get(tid).name,
                    s.results.results(tid),
                    s.payouts.table(tid),
                    s.cashier.summary(tid),
                    s.results.charts(tid),
                )

        def write(report: _ReportRead) -> None:
            # QtCharts loads only when a report is printed (the cashier starts without it).
            from clockapp.ui.charts.report import report_charts

            try:
                reports.write_results(
                    chosen,
                    report.name,
                    report.results,
                    report.payouts,
                    report.summary,
                    s.now(),
                    report_charts(report.charts),
                    currency=ctx.currency(),
                )
            except OSError as error:
                ctx.refuse(
                    _("{path} cannot be written: {reason}.").format(
                        path=chosen, reason=error.strerror or error
                    )
                )
                return
            ctx.message.show_info(_("Results report saved: {path}").format(path=chosen))

        asked = ctx.query(read, write, key=("export", "results pdf"), control=self.pdf_button)
        return chosen if asked else None
