"""The prize pages of the cashier window: payouts and deals, eliminations, results.

The payout ladder is read again whenever entries, busts or money change, so it grows live as
players buy in (until the director locks its shape). Results export as CSV (the service writes
the text) and as a PDF report.
"""

from __future__ import annotations

from collections import Counter

from PySide6.QtWidgets import (
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clockapp.core.money.amounts import format_cents
from clockapp.services.changes import Change
from clockapp.services.payouts import PayoutView
from clockapp.services.results import EliminationInfo
from clockapp.ui.cashier import operations, reports
from clockapp.ui.cashier.context import CashierContext
from clockapp.ui.cashier.dialogs import PayDialog, ReasonDialog
from clockapp.ui.cashier.pages import Page, fit_columns, table_view
from clockapp.ui.cashier.payout_dialog import PayoutTableDialog, ladder_lines
from clockapp.ui.cashier.prize_dialogs import BustDialog, DealDialog
from clockapp.ui.cashier.prize_fit import offer_fit, table_label
from clockapp.ui.cashier.prize_models import (
    EliminationLine,
    EliminationsModel,
    PayoutsModel,
    ResultsModel,
)

MONEY_CHANGES = Change.ENTRIES | Change.LEDGER | Change.PAYOUTS | Change.PLAYERS


def _value_label(name: str) -> QLabel:
    label = QLabel()
    label.setObjectName(name)
    font = label.font()
    font.setBold(True)
    label.setFont(font)
    return label


# ------------------------------------------------------------------------------ payouts
class PayoutsPage(Page):
    """The prize pool and the payout table, live; edit it, lock it, and make a deal."""

    REFRESH_ON = MONEY_CHANGES | Change.TOURNAMENT

    def __init__(self, ctx: CashierContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.view_data: PayoutView | None = None
        self.pool_label = _value_label("prize_pool")
        font = self.pool_label.font()
        font.setPointSize(font.pointSize() + 8)
        self.pool_label.setFont(font)
        self.field_label = _value_label("field")
        self.money_label = _value_label("to_the_money")
        self.shape_label = _value_label("payout_shape")
        self.problem_label = QLabel()
        self.problem_label.setObjectName("payout_problem")
        self.problem_label.setStyleSheet("color:#b71c1c;")
        self.problem_label.setWordWrap(True)
        form = QFormLayout()
        form.addRow("Prize pool:", self.pool_label)
        form.addRow("Field:", self.field_label)
        form.addRow("Money:", self.money_label)
        form.addRow("Table:", self.shape_label)
        self.edit_button = QPushButton("Edit payout table…")
        self.edit_button.clicked.connect(lambda: self.start_edit())
        # Shown only when the table pays more places than there are entries.
        self.fit_button = QPushButton("Pay the places the field can pay…")
        self.fit_button.setObjectName("fit_table")
        self.fit_button.clicked.connect(lambda: self.start_fit())
        self.lock_button = QPushButton()
        self.lock_button.setObjectName("lock")
        self.lock_button.clicked.connect(lambda: self.toggle_lock())
        self.deal_button = QPushButton("Deal at the final table…")
        self.deal_button.clicked.connect(lambda: self.start_deal())
        self.deal_label = QLabel()
        self.deal_label.setWordWrap(True)
        left = QVBoxLayout()
        left.addLayout(form)
        left.addWidget(self.problem_label)
        for button in (self.fit_button, self.edit_button, self.lock_button, self.deal_button):
            left.addWidget(button)
        left.addWidget(self.deal_label)
        left.addStretch(1)
        self.model = PayoutsModel(self)
        self.table = table_view(self.model, "payouts")
        self.total_label = QLabel()
        self.total_label.setObjectName("payouts_total")
        right = QVBoxLayout()
        right.addWidget(self.table, 1)
        right.addWidget(self.total_label)
        layout = QHBoxLayout(self)
        layout.addLayout(left, 2)
        layout.addLayout(right, 3)

    def refresh(self) -> None:
        ctx = self._ctx
        view = ctx.read(lambda: ctx.services.payouts.table(ctx.tid), None)
        if view is None:
            return
        self.view_data = view
        results = ctx.read(lambda: ctx.services.results.results(ctx.tid), ())
        winners: dict[int, str] = {}
        for r in results:
            if r.place is not None:
                for place in range(r.place, r.place + r.tied):
                    winners[place] = f"{winners[place]}, {r.name}" if place in winners else r.name
        self.model.set_rows(ladder_lines(view, winners))
        fit_columns(self.table)
        overlay = view.prize_pool - view.collected
        self.pool_label.setText(
            format_cents(view.prize_pool)
            + (f"  (incl. {format_cents(overlay)} overlay)" if overlay > 0 else "")
        )
        self.field_label.setText(f"{view.entries} entries · {view.players_left} left")
        if view.players_to_money is None:
            self.money_label.setText("—")
        elif view.players_to_money == 0:
            self.money_label.setText("everyone left is in the money")
        else:
            self.money_label.setText(f"{view.players_to_money} players to the money")
        shape = f"{view.places_paid} paid · {table_label(view.structure)}"
        if view.structure.rounding_unit > 1:
            shape += f" · round to {format_cents(view.structure.rounding_unit)}"
        if view.structure.minimum_cash:
            shape += f" · min cash {format_cents(view.structure.minimum_cash)}"
        if view.structure.guarantee:
            shape += f" · guarantee {format_cents(view.structure.guarantee)}"
        if view.locked:
            shape += f" · LOCKED at {view.structure.locked_entries} entries"
        self.shape_label.setText(shape)
        self.problem_label.setText(view.problem)
        fit = ctx.read(lambda: ctx.services.payouts.fit(ctx.tid), None) if view.problem else None
        self.fit_button.setVisible(fit is not None)
        self.lock_button.setText("Unlock the table" if view.locked else "Lock the table")
        self.total_label.setText(
            f"Adds up to {format_cents(self.model.total())} of {format_cents(view.prize_pool)}"
            if view.table is not None
            else ""
        )
        deal = ctx.read(lambda: ctx.services.payouts.deal(ctx.tid), None)
        self.deal_label.setText(
            f"Deal recorded: {deal.description} ({format_cents(sum(deal.amounts))})"
            if deal is not None
            else ""
        )

    def start_edit(self) -> None:
        """Open the payout table editor."""
        if self.view_data is None:
            return
        dialog = PayoutTableDialog(self._ctx.services, self._ctx.tid, self.view_data, self)

        def accepted() -> None:
            operations.set_structure(self._ctx, dialog.structure())

        dialog.accepted.connect(accepted)
        self._open(dialog)

    def start_fit(self) -> None:
        """Show the table renormalised over the places the field can pay; use it if confirmed."""
        offer_fit(self._ctx, self._open, self)

    def toggle_lock(self) -> None:
        """Lock the table's shape, or unlock it."""
        if self.view_data is not None:
            operations.set_locked(self._ctx, not self.view_data.locked)

    def start_deal(self) -> None:
        """Open the deal dialog for the players still in."""
        ctx = self._ctx
        regs = ctx.read(lambda: ctx.services.cashier.registrations(ctx.tid), ())
        in_play = [r for r in regs if r.in_play]
        if len(in_play) < 2:
            ctx.refuse("A deal needs at least two players still in.")
            return
        stats = ctx.read(lambda: ctx.services.results.stats(ctx.tid), None)
        chips = stats.chips_in_play if stats is not None else None
        dialog = DealDialog(ctx.services, ctx.tid, in_play, chips, self)

        def accepted() -> None:
            method, unit, reserve = dialog.options()
            operations.record_deal(ctx, dialog.stacks(), method, unit, reserve)

        dialog.accepted.connect(accepted)
        self._open(dialog)


# ------------------------------------------------------------------------------ eliminations
class EliminationsPage(Page):
    """Who busted whom, hand by hand; record busts on one hand, undo an elimination."""

    REFRESH_ON = Change.ENTRIES | Change.PAYOUTS | Change.PLAYERS

    def __init__(self, ctx: CashierContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.model = EliminationsModel(self)
        self.view = table_view(self.model, "eliminations")
        self.bust_button = QPushButton("Bust players on one hand…")
        self.bust_button.clicked.connect(lambda: self.start_bust())
        self.undo_button = QPushButton("Undo the selected elimination…")
        self.undo_button.setObjectName("undo_elimination")
        self.undo_button.clicked.connect(lambda: self.start_undo())
        buttons = QHBoxLayout()
        buttons.addWidget(self.bust_button)
        buttons.addWidget(self.undo_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.view, 1)
        layout.addLayout(buttons)
        self.view.selectionModel().currentRowChanged.connect(self._on_view_current_changed)
        self._update_undo()

    def _on_view_current_changed(self, *_args: object) -> None:
        self._update_undo()

    def _undo_refusal(self, info: EliminationInfo | None) -> str:
        """Why the service would refuse to undo this elimination now ('' when it would not)."""
        if info is None:
            return "Select the elimination to undo."
        ctx, rid = self._ctx, info.registration_id
        return ctx.read(
            lambda: ctx.services.corrections.undo_bust_refusal(ctx.tid, [rid], bust_id=info.id),
            "",
        )

    def _update_undo(self) -> None:
        """Offer the undo only for a bust the service would put back (why not: tooltip)."""
        row = self.selected_row(self.view)
        line = self.model.row_at(row) if row is not None else None
        refusal = self._undo_refusal(line.info if line is not None else None)
        self.undo_button.setEnabled(not refusal)
        self.undo_button.setToolTip(f"Not possible: {refusal}" if refusal else "")

    def refresh(self) -> None:
        ctx = self._ctx
        history = ctx.read(lambda: ctx.services.results.eliminations(ctx.tid), ())
        results = {
            r.registration_id: r
            for r in ctx.read(lambda: ctx.services.results.results(ctx.tid), ())
        }
        standing = [e for e in history if e.undoes_id is None and e.undone_by is None]
        per_hand = Counter(e.hand for e in standing)
        final = {e.registration_id: e.id for e in standing}  # the last standing bust of each
        lines = []
        for info in history:
            result = results.get(info.registration_id)
            finished = (
                result is not None
                and result.place is not None
                and final.get(result.registration_id) == info.id
            )
            lines.append(
                EliminationLine(
                    info,
                    place=result.label if finished and result is not None else "",
                    prize=result.prize if finished and result is not None else 0,
                    alone=per_hand[info.hand] <= 1,
                )
            )
        self.model.set_rows(lines)
        fit_columns(self.view)
        self._update_undo()

    def start_bust(self) -> None:
        """Record one or more players busted on the same hand."""
        ctx = self._ctx
        regs = ctx.read(lambda: ctx.services.cashier.registrations(ctx.tid), ())
        in_play = [r for r in regs if r.in_play]
        if not in_play:
            ctx.refuse("Nobody is in play.")
            return
        dialog = BustDialog(in_play, None, self)
        dialog.accepted.connect(lambda: operations.record_busts(ctx, dialog.busts()))
        self._open(dialog)

    def start_undo(self) -> None:
        """Put the selected eliminated player back in play (with a reason)."""
        row = self.selected_row(self.view)
        line = self.model.row_at(row) if row is not None else None
        info = line.info if line is not None else None
        refusal = self._undo_refusal(info)
        if refusal:
            self._ctx.refuse(refusal)
            return
        assert info is not None
        dialog = ReasonDialog(
            "Undo elimination",
            f"Put {info.name} back in play? The bust stays in the history, with its undo.",
            "Undo elimination",
            self,
        )
        dialog.accepted.connect(
            lambda: operations.undo_elimination(
                self._ctx, info.registration_id, info.name, dialog.reason()
            )
        )
        self._open(dialog)


# ------------------------------------------------------------------------------ results
class ResultsPage(Page):
    """Results by finishing place; pay prizes and bounties; export CSV and PDF."""

    REFRESH_ON = MONEY_CHANGES

    def __init__(self, ctx: CashierContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.model = ResultsModel(self)
        self.view = table_view(self.model, "results")
        self.pay_button = QPushButton("Pay prize…")
        self.pay_button.setObjectName("pay_prize")
        self.pay_button.clicked.connect(lambda: self.start_pay(bounty=False))
        self.bounty_button = QPushButton("Pay bounties…")
        self.bounty_button.clicked.connect(lambda: self.start_pay(bounty=True))
        self.csv_button = QPushButton("Export CSV…")
        self.csv_button.clicked.connect(lambda: self.export_csv())
        self.pdf_button = QPushButton("Export PDF…")
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

    def refresh(self) -> None:
        ctx = self._ctx
        self.model.set_rows(ctx.read(lambda: ctx.services.results.results(ctx.tid), ()))
        fit_columns(self.view)

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
            self._ctx.refuse("Select the player to pay.")
            return
        if bounty:
            self._pay(result.registration_id, result.name, bounty=True)
        else:
            # A table paying more places than there are entries pays nobody: the director first
            # confirms it renormalised (before and after shown), then the payment goes ahead.
            then = lambda: self._pay(result.registration_id, result.name, bounty=False)  # noqa: E731
            offer_fit(self._ctx, self._open, self, then=then)

    def _pay(self, registration_id: int, name: str, *, bounty: bool) -> None:
        ctx = self._ctx
        due = ctx.read(lambda: ctx.services.payouts.owed(ctx.tid, registration_id), None)
        if due is None:
            return
        owed = due.bounties_owed if bounty else due.prize_owed
        what = "bounties" if bounty else "prize"
        dialog = PayDialog(name, what, owed, self)

        def accepted() -> None:
            operations.pay(ctx, registration_id, name, dialog.amount(), bounty=bounty)

        dialog.accepted.connect(accepted)
        self._open(dialog)

    def _ask_path(self, title: str, suggested: str, kind: str) -> str:
        path, _ = QFileDialog.getSaveFileName(self, title, suggested, kind)
        return path

    def export_csv(self, path: str | None = None) -> str | None:
        """Write the results CSV (from the service) to `path` (asks where when not given)."""
        ctx = self._ctx
        saved = ctx.save_text(
            self,
            path,
            "Export results",
            "results.csv",
            lambda: ctx.services.results.results_csv(ctx.tid),
        )
        if saved is None:
            return None
        path = saved[0]
        ctx.message.show_info(f"Results exported: {path}")
        return path

    def export_pdf(self, path: str | None = None) -> str | None:
        """Write the results report as a PDF (asks where when not given)."""
        ctx = self._ctx
        path = path or self._ask_path("Results report", "results.pdf", "PDF (*.pdf)")
        if not path:
            return None
        s, tid = ctx.services, ctx.tid
        reports.write_results(
            path,
            s.tournaments.get(tid).name,
            s.results.results(tid),
            s.payouts.table(tid),
            s.cashier.summary(tid),
            s.now(),
        )
        ctx.message.show_info(f"Results report saved: {path}")
        return path
