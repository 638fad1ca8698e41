"""The desk's "Last sale" box: what was paid, the change, the chips to count out, the seat, and
the receipt and seat card as PDF.

A sale voided afterwards (undone, voided on the ledger, here or at another station) is shown
struck through with its reversal, and its receipt and seat card are no longer offered.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout

from clockapp.core.money.amounts import format_money
from clockapp.i18n import gettext as _
from clockapp.services.cashier.sales import EntryReceipt
from clockapp.services.changes import Change, Changes
from clockapp.ui.cashier import reports
from clockapp.ui.cashier.context import CashierContext
from clockapp.ui.cashier.entry_dialog import KIND_SOLD, KIND_TITLE
from clockapp.ui.cashier.widgets import HandoutView
from clockapp.ui.exports import ask_save_path
from clockapp.ui.inks import ink_sheet, window_ink
from clockapp.ui.ticks import guarded


class LastSale(QGroupBox):
    """The last entry sold at this desk, kept on screen while the chips are counted out."""

    def __init__(self, ctx: CashierContext) -> None:
        super().__init__(_("Last sale"))
        self._ctx = ctx
        self.receipt: EntryReceipt | None = None
        self.seat = ""
        box = QVBoxLayout(self)
        self.label = QLabel(_("Nothing sold yet."))
        self.label.setObjectName("last_sale")
        self.label.setWordWrap(True)
        box.addWidget(self.label)
        self.handout = HandoutView()
        box.addWidget(self.handout)
        # Before a colour runs out: the sale went through, the next one like it would not.
        self.chip_warning = QLabel()
        self.chip_warning.setObjectName("chip_warning")
        self.chip_warning.setWordWrap(True)
        self.chip_warning.setStyleSheet(ink_sheet("#e65100", "font-weight:bold;"))
        self.chip_warning.hide()
        box.addWidget(self.chip_warning)
        prints = QHBoxLayout()
        self.receipt_button = QPushButton(_("Receipt PDF… (Ctrl+P)"))
        self.receipt_button.clicked.connect(lambda: self.save_receipt())
        self.card_button = QPushButton(_("Seat card PDF…"))
        self.card_button.clicked.connect(lambda: self.save_seat_card())
        prints.addWidget(self.receipt_button)
        prints.addWidget(self.card_button)
        box.addLayout(prints)
        box.addStretch(1)
        self.voided: dict[int, int] = {}  # the sale's rows reversed since: row -> its void
        self._revision: int | None = None  # the last revision the bus told of
        self._sale_revision: int | None = None  # the revision the sale was shown at
        # Asked once the event loop turns, so the sale's own publish costs no read.
        self._later = QTimer(self)
        self._later.setSingleShot(True)
        self._later.setInterval(0)
        self._later.timeout.connect(guarded("the last sale's void check", self._check_voided))
        # Which of the sale's rows are voided is read on the worker; the answer names the rows
        # it was asked about, so one for an earlier sale is dropped.
        self._asked_rows: tuple[int, ...] = ()
        self._void_reads = ctx.reader(self._read_voided, self._on_voided_read)
        ctx.bus.changed.connect(self._on_bus_changed)
        self.show_sale(None)

    def _on_bus_changed(self, changes: Changes) -> None:
        self._revision = changes.revision
        if self.receipt is not None and changes.touches(Change.LEDGER):
            self._later.start()

    def _check_voided(self) -> None:
        receipt = self.receipt
        if receipt is None or self._sale_revision == self._revision:
            return
        self._asked_rows = tuple(row.id for row in receipt.rows)
        self._void_reads.ask()

    def _read_voided(self, tid: int) -> tuple[tuple[int, ...], dict[int, int]]:
        """On the worker: the rows asked about, and which of them are voided."""
        rows = self._asked_rows
        return rows, self._ctx.services.corrections.voided(tid, list(rows))

    def _on_voided_read(self, answer: tuple[tuple[int, ...], dict[int, int]]) -> None:
        rows, voided = answer
        receipt = self.receipt
        if receipt is None or rows != tuple(row.id for row in receipt.rows):
            return  # another sale is shown since
        if voided != self.voided:
            self.voided = voided
            self.show_sale(receipt, self.seat, keep_voided=True)

    def show_sale(
        self, receipt: EntryReceipt | None, seat: str = "", *, keep_voided: bool = False
    ) -> None:
        """Show a sale (None: nothing sold yet) and the seat drawn with it."""
        self.receipt = receipt
        self.seat = seat
        if not keep_voided:
            self.voided = {}
            self._sale_revision = self._revision
        standing = receipt is not None and not self.voided
        self.receipt_button.setEnabled(standing)
        self.card_button.setEnabled(standing)
        if receipt is None:
            self.label.setText(_("Nothing sold yet."))
            self.handout.clear()
            self.chip_warning.hide()
            return
        currency = self._ctx.currency()

        def money(cents: int) -> str:
            return format_money(cents, currency)

        lines = [
            _(KIND_SOLD[receipt.kind]).format(name=f"<b>{receipt.registration.name}</b>"),
            _("Paid {amount}").format(amount=money(receipt.total)),
        ]
        if receipt.tendered is not None:
            lines.append(
                _("tendered {tendered}, <b>change {change}</b>").format(
                    tendered=money(receipt.tendered), change=money(receipt.change_due or 0)
                )
            )
        if self.seat:
            lines.append(f"<span style='font-size:x-large'><b>{self.seat}</b></span>")
        if receipt.bounty_note:
            lines.append(receipt.bounty_note)
        text = " · ".join(lines[:2]) + "<br>" + "<br>".join(lines[2:])
        if self.voided:
            voids = ", ".join(f"#{void}" for void in sorted(self.voided.values()))
            back = sum(row.amount for row in receipt.rows if row.id in self.voided)
            text = f"<s>{text}</s><br>" + _(
                "<b style='color:{color}'>Voided ({rows}): {amount}</b> — no receipt for it."
            ).format(color=window_ink("#c62828"), rows=voids, amount=money(-back))
        self.label.setText(text)
        parts = [(_(KIND_TITLE[h.kind]), h.breakdown, h.chips, h.note) for h in receipt.handouts]
        self.handout.show_chips(parts, self._ctx.chip_set())
        self.chip_warning.setText("\n".join(receipt.chip_warnings))
        self.chip_warning.setVisible(bool(receipt.chip_warnings))

    def _ask(self, title: str, what: str) -> str:
        return ask_save_path(self, title, self._ctx.export_name(what, "pdf"), _("PDF (*.pdf)"))

    def save_receipt(self, path: str | None = None) -> str | None:
        """Write the receipt as a PDF (asks where when no path is given)."""
        receipt = self.receipt
        if receipt is None:
            self._ctx.refuse(_("Nothing sold yet: there is no receipt to print."))
            return None
        if self.voided:
            self._ctx.refuse(_("The last sale was voided: there is no receipt to print."))
            return None
        path = path or self._ask(_("Save receipt"), f"receipt-{receipt.rows[0].id}")
        if not path:
            return None
        reports.write_receipt(
            path,
            self._ctx.tournament_name(),
            receipt,
            self._ctx.chip_set(),
            self._ctx.services.now(),
            self.seat,
            currency=self._ctx.currency(),
        )
        self._ctx.message.show_info(_("Receipt saved: {path}").format(path=path))
        return path

    def save_seat_card(self, path: str | None = None) -> str | None:
        """Write the seat card as a PDF (asks where when no path is given)."""
        receipt = self.receipt
        if receipt is None or self.voided:
            return None
        path = path or self._ask(_("Save seat card"), f"seat-card-{receipt.registration.name}")
        if not path:
            return None
        name = receipt.registration.name
        reports.write_seat_card(path, self._ctx.tournament_name(), name, self.seat, receipt.chips)
        self._ctx.message.show_info(_("Seat card saved: {path}").format(path=path))
        return path
