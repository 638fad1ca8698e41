"""The ledger page: every money row, voided or refunded with a reason, and the CSV for the books.

Nothing is ever deleted: a void or a refund adds a reversing row through the service, and both
stay. Void and Refund are offered only for a row the service would reverse now.
"""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from clockapp.core.money.amounts import format_cents
from clockapp.core.money.balances import LedgerBalances
from clockapp.core.money.records import LedgerEntry
from clockapp.i18n import gettext as _
from clockapp.services.changes import Change
from clockapp.ui.actions import (
    REGISTRY_PROPERTY,
    CashierAction,
    Meaning,
    key_sequences,
    mark,
    registry_name,
)
from clockapp.ui.cashier import operations
from clockapp.ui.cashier.context import CashierContext
from clockapp.ui.cashier.dialogs import ReasonDialog
from clockapp.ui.cashier.models import LedgerModel
from clockapp.ui.cashier.pages import Page, table_view
from clockapp.ui.inks import ink_sheet


class LedgerPage(Page):
    """Every money row; void (or refund) the selected one with a reason."""

    REFRESH_ON = Change.LEDGER | Change.PAYOUTS | Change.ENTRIES | Change.PLAYERS

    def __init__(self, ctx: CashierContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.model = LedgerModel(self)
        self.view = table_view(self.model, "ledger", _("Ledger"))
        self.totals = QLabel()
        self.totals.setObjectName("ledger_totals")
        self.void_button = QPushButton(_("Void row… (Del)"))
        self.void_button.setObjectName("void")
        self.void_button.setShortcut(key_sequences(CashierAction.VOID)[0])
        mark(self.void_button, Meaning.DELETE_ROW)
        self.void_button.setProperty(REGISTRY_PROPERTY, registry_name(CashierAction.VOID))
        self.void_button.clicked.connect(lambda: self.start_void())
        self.refund_button = QPushButton(_("Refund entry…"))
        self.refund_button.clicked.connect(lambda: self.start_refund())
        self.export_button = QPushButton(_("Export CSV…"))
        self.export_button.setObjectName("export_ledger")
        self.export_button.clicked.connect(lambda: self.export_csv())
        note = QLabel(_("Nothing is ever deleted: a void adds a reversing row, and both stay."))
        note.setStyleSheet(ink_sheet("#607d8b"))
        buttons = QHBoxLayout()
        buttons.addWidget(self.void_button)
        buttons.addWidget(self.refund_button)
        buttons.addWidget(note, 1)
        buttons.addWidget(self.export_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.totals)
        layout.addWidget(self.view, 1)
        layout.addLayout(buttons)
        self.view.selectionModel().currentRowChanged.connect(self._on_view_current_changed)
        cashier = ctx.services.cashier
        self._reading = ctx.reader(
            lambda tid: (cashier.ledger(tid), cashier.balances(tid)), self._show
        )
        # Whether the selected row can be voided or refunded is asked on the worker; the
        # answer names the row it was asked about, so one for a row no longer selected is
        # dropped.
        self._asked_row: int | None = None
        self._refusal_reads = ctx.reader(self._read_refusals, self._on_refusals_read)
        self._update_buttons()

    def export_csv(self, path: str | None = None) -> str | None:
        """Write the ledger as CSV for the books (asks where when not given), on the worker:
        the message says when it is written, or why not. Returns the path asked for (None:
        cancelled)."""
        ctx = self._ctx
        cashier, tid = ctx.services.cashier, ctx.tid
        return ctx.save_text(
            self,
            path,
            _("Export the ledger"),
            "ledger",
            lambda: cashier.ledger_csv(tid),
            lambda saved, _text: ctx.message.show_info(
                _("Ledger exported: {path}").format(path=saved)
            ),
            control=self.export_button,
        )

    def refresh(self) -> None:
        self._reading.ask()

    def _show(self, answer: tuple[tuple[LedgerEntry, ...], LedgerBalances]) -> None:
        rows, b = answer
        if self.model.set_rows(rows):
            self.view.fit_columns()
        self.view.scrollToBottom()
        self._update_buttons()
        self.totals.setText(
            _(
                "Cash in {cash_in} · out {cash_out} · prize pool {pool} · fees {fees} · "
                "bounties {bounties} · still owed {owed}"
            ).format(
                cash_in=format_cents(b.cash_in),
                cash_out=format_cents(b.cash_out),
                pool=format_cents(b.prize_pool),
                fees=format_cents(b.house_fees),
                bounties=format_cents(b.bounty_pool),
                owed=format_cents(b.still_owed),
            )
        )

    def select_row_id(self, row_id: int) -> None:
        """Select ledger row `row_id` (tests, and jumping from a message)."""
        row = self.model.row_of_id(row_id)
        if row is not None:
            self.view.selectRow(row)
            self.view.setCurrentIndex(self.model.index(row, 0))

    def _on_view_current_changed(self, *_args: object) -> None:
        self._update_buttons()

    def _read_refusals(self, tid: int) -> tuple[int | None, str, str]:
        """On the worker: why the service would refuse to void and to refund the row asked
        about now ('' when it would not)."""
        row_id, corrections = self._asked_row, self._ctx.services.corrections
        if row_id is None:
            return None, "", ""
        return (
            row_id,
            corrections.void_refusal(tid, [row_id]),
            corrections.refund_refusal(tid, row_id),
        )

    def _on_refusals_read(self, answer: tuple[int | None, str, str]) -> None:
        row_id, void, refund = answer
        entry = self._selected_row_entry()
        if entry is not None and entry.id == row_id:
            self._show_refusals(void, refund)

    def _selected_row_entry(self) -> LedgerEntry | None:
        row = self.selected_row(self.view)
        return self.model.row_at(row) if row is not None else None

    def _update_buttons(self) -> None:
        """Offer Void and Refund only for a row the service would reverse (why not: tooltip),
        as the worker answers; until then the buttons stay as they were (a press asks the
        service again anyway)."""
        entry = self._selected_row_entry()
        if entry is None:
            self._asked_row = None
            self._show_refusals(*(_("Select a ledger row first."),) * 2)
            return
        self._asked_row = entry.id
        self._refusal_reads.ask()

    def _show_refusals(self, void: str, refund: str) -> None:
        for button, refusal, what in (
            (self.void_button, void, _("Void the selected row with a reason (Del)")),
            (self.refund_button, refund, _("Hand the selected entry's money back")),
        ):
            button.setEnabled(not refusal)
            button.setToolTip(
                _("Not possible: {refusal}").format(refusal=refusal) if refusal else what
            )

    def _selected_entry(self) -> LedgerEntry | None:
        row = self.selected_row(self.view)
        entry = self.model.row_at(row) if row is not None else None
        if entry is None:
            self._ctx.refuse(_("Select a ledger row first."))
        return entry

    def start_void(self) -> bool:
        """Ask for the reason, then void the selected row: the dialog opens once the service
        has said, on the worker, that the row can be voided now. False when nothing was asked
        (no row selected, or the same question already on its way)."""
        entry = self._selected_entry()
        if entry is None or self._ctx.bus.worker.is_pending(("void", entry.id)):
            return False  # this row's void is on its way: asked again, it would be refused
        ctx, corrections = self._ctx, self._ctx.services.corrections
        tid = ctx.tid
        return ctx.query(
            lambda: corrections.void_refusal(tid, [entry.id]),
            lambda refusal: self._open_void(entry, refusal),
            key=("void", id(self)),
        )

    def _open_void(self, entry: LedgerEntry, refusal: str) -> None:
        if refusal:  # the service's answer, not a guess made here
            self._ctx.refuse(
                _("Row #{row} cannot be voided: {refusal}").format(row=entry.id, refusal=refusal)
            )
            return
        dialog = ReasonDialog(
            _("Void row #{row}").format(row=entry.id),
            (
                _(
                    "Void row #{row}: {kind}, {name}, {amount}. A reversing row is added; both "
                    "stay in the ledger."
                )
                if entry.name
                else _(
                    "Void row #{row}: {kind}, no player, {amount}. A reversing row is added; "
                    "both stay in the ledger."
                )
            ).format(
                row=entry.id,
                kind=entry.kind.value,
                name=entry.name,
                amount=format_cents(entry.amount),
            ),
            _("Void row"),
            self,
        )
        dialog.accepted.connect(
            lambda: operations.void(self._ctx, entry, dialog.reason(), control=self.void_button)
        )
        self._open(dialog)

    def start_refund(self) -> bool:
        """Ask for the reason, then refund the selected entry (once the service has said, on
        the worker, that it can be refunded now). False when nothing was asked."""
        entry = self._selected_entry()
        if entry is None or self._ctx.bus.worker.is_pending(("refund", entry.id)):
            return False  # this row's refund is on its way: asked again, it would be refused
        ctx, corrections = self._ctx, self._ctx.services.corrections
        tid = ctx.tid
        return ctx.query(
            lambda: corrections.refund_refusal(tid, entry.id),
            lambda refusal: self._open_refund(entry, refusal),
            key=("refund", id(self)),
        )

    def _open_refund(self, entry: LedgerEntry, refusal: str) -> None:
        if refusal:
            self._ctx.refuse(
                _("Row #{row} cannot be refunded: {refusal}").format(row=entry.id, refusal=refusal)
            )
            return
        dialog = ReasonDialog(
            _("Refund row #{row}").format(row=entry.id),
            _(
                "Hand back {amount} to {name} for row #{row} ({kind}); the entry no longer "
                "counts in the field."
            ).format(
                amount=format_cents(entry.amount),
                name=entry.name,
                row=entry.id,
                kind=entry.kind.value,
            ),
            _("Refund"),
            self,
        )
        dialog.accepted.connect(
            lambda: operations.refund(self._ctx, entry, dialog.reason(), control=self.refund_button)
        )
        self._open(dialog)
