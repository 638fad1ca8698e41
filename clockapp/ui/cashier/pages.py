"""The money pages of the cashier window: the field, the ledger, the cash drawer.

Each page reads what it shows from the services in `refresh()`, which the window calls when the
bus says the page's part of the tournament changed (`REFRESH_ON`).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clockapp.core.money.amounts import format_cents
from clockapp.core.money.records import LedgerEntry, RegistrationInfo, RegistrationStatus
from clockapp.services.changes import Change
from clockapp.ui.actions import Meaning, mark
from clockapp.ui.cashier import operations, setup_operations
from clockapp.ui.cashier.context import CashierContext
from clockapp.ui.cashier.dialogs import DrawerCountDialog, ReasonDialog
from clockapp.ui.cashier.models import (
    LedgerModel,
    LinesModel,
    RegistrationsModel,
    RowsModel,
)
from clockapp.ui.column_fit import FittedTableView


def table_view(model: RowsModel[Any], name: str) -> FittedTableView:
    """A read-only, row-selecting table over `model`."""
    view = FittedTableView()
    view.setObjectName(name)
    view.setModel(model)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setAlternatingRowColors(True)
    view.verticalHeader().setVisible(False)
    view.horizontalHeader().setStretchLastSection(True)
    return view


def fit_columns(view: QTableView) -> None:
    """Size columns to their contents; the last one takes the rest.

    A `FittedTableView` measures only the rows changed since it last fitted: measuring asks the
    model for each cell's data, eight roles each, and a sale or a bust changes a few rows of a
    300-row table, not all of them.
    """
    if isinstance(view, FittedTableView):
        view.fit_columns()
    else:
        view.resizeColumnsToContents()
    view.horizontalHeader().setStretchLastSection(True)


class Page(QWidget):
    """A page of the window with a context, dialogs opened window-modally, and a refresh."""

    REFRESH_ON = Change.ALL

    def __init__(self, ctx: CashierContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._ctx = ctx
        self.dialog: QDialog | None = None

    def refresh(self) -> None:
        """Read the page's data again."""

    def _open(self, dialog: QDialog) -> None:
        self.dialog = dialog
        dialog.finished.connect(lambda _r: self._on_dialog_finished(dialog))
        dialog.open()

    def _on_dialog_finished(self, dialog: QDialog) -> None:
        if self.dialog is dialog:
            self.dialog = None
        dialog.deleteLater()

    @staticmethod
    def selected_row(view: QTableView) -> int | None:
        index = view.currentIndex()
        return index.row() if index.isValid() else None


# ------------------------------------------------------------------------------ the field
class FieldPage(Page):
    """Everyone on the tournament's list: check in a pre-registered player, withdraw one."""

    REFRESH_ON = Change.ENTRIES | Change.PLAYERS

    def __init__(self, ctx: CashierContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.model = RegistrationsModel(self)
        self.view = table_view(self.model, "field")
        self.view.doubleClicked.connect(lambda _i: self.check_in())
        self.counts = QLabel()
        self.counts.setObjectName("field_counts")
        self.check_in_button = QPushButton("Check in")
        self.check_in_button.setObjectName("check_in")
        self.check_in_button.setToolTip("The selected pre-registered player has arrived.")
        self.check_in_button.clicked.connect(lambda: self.check_in())
        self.withdraw_button = QPushButton("Withdraw")
        self.withdraw_button.setObjectName("withdraw")
        self.withdraw_button.setToolTip(
            "Take the selected player off the list (only before they pay; Ctrl+Z puts them back)."
        )
        self.withdraw_button.clicked.connect(lambda: self.withdraw())
        buttons = QHBoxLayout()
        buttons.addWidget(self.check_in_button)
        buttons.addWidget(self.withdraw_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.counts)
        layout.addWidget(self.view)
        layout.addLayout(buttons)

    def refresh(self) -> None:
        ctx = self._ctx
        keep = self.selected()
        regs = ctx.read(lambda: ctx.services.cashier.registrations(ctx.tid), ())
        if self.model.set_rows(regs):
            fit_columns(self.view)
        playing = sum(1 for r in regs if r.in_play)
        bought = sum(1 for r in regs if r.bought_in)
        waiting = sum(1 for r in regs if r.status is RegistrationStatus.PRE_REGISTERED)
        self.counts.setText(
            f"{len(regs)} registered · {waiting} not arrived yet · {bought} bought in · "
            f"{playing} playing · {bought - playing} out"
        )
        if keep is not None:
            self.select_registration(keep.id)

    def select_registration(self, registration_id: int) -> None:
        """Select a registration's row."""
        for row, reg in enumerate(self.model.rows()):
            if reg.id == registration_id:
                self.view.selectRow(row)
                self.view.setCurrentIndex(self.model.index(row, 0))
                return

    def selected(self) -> RegistrationInfo | None:
        """The registration selected."""
        row = self.selected_row(self.view)
        return self.model.row_at(row) if row is not None else None

    def _selected_or_refuse(self) -> RegistrationInfo | None:
        reg = self.selected()
        if reg is None:
            self._ctx.refuse("Select a player on the list first.")
        return reg

    def check_in(self) -> None:
        """Check in the selected pre-registered player."""
        reg = self._selected_or_refuse()
        if reg is not None:
            setup_operations.check_in(self._ctx, reg)

    def withdraw(self) -> None:
        """Take the selected player off the list (refused once they have paid)."""
        reg = self._selected_or_refuse()
        if reg is not None:
            setup_operations.withdraw(self._ctx, reg)


# ------------------------------------------------------------------------------ the ledger
class LedgerPage(Page):
    """Every money row; void (or refund) the selected one with a reason."""

    REFRESH_ON = Change.LEDGER | Change.PAYOUTS | Change.ENTRIES | Change.PLAYERS

    def __init__(self, ctx: CashierContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.model = LedgerModel(self)
        self.view = table_view(self.model, "ledger")
        self.totals = QLabel()
        self.totals.setObjectName("ledger_totals")
        self.void_button = QPushButton("Void row… (Del)")
        self.void_button.setObjectName("void")
        self.void_button.setShortcut("Del")
        mark(self.void_button, Meaning.DELETE_ROW)
        self.void_button.clicked.connect(lambda: self.start_void())
        self.refund_button = QPushButton("Refund entry…")
        self.refund_button.clicked.connect(lambda: self.start_refund())
        self.export_button = QPushButton("Export CSV…")
        self.export_button.setObjectName("export_ledger")
        self.export_button.clicked.connect(lambda: self.export_csv())
        note = QLabel("Nothing is ever deleted: a void adds a reversing row, and both stay.")
        note.setStyleSheet("color:#607d8b;")
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
        self._update_buttons()

    def export_csv(self, path: str | None = None) -> str | None:
        """Write the ledger as CSV for the books (asks where when not given)."""
        ctx = self._ctx
        saved = ctx.save_text(
            self,
            path,
            "Export the ledger",
            "ledger.csv",
            lambda: ctx.services.cashier.ledger_csv(ctx.tid),
        )
        if saved is None:
            return None
        path = saved[0]
        ctx.message.show_info(f"Ledger exported: {path}")
        return path

    def refresh(self) -> None:
        ctx = self._ctx
        if self.model.set_rows(ctx.read(lambda: ctx.services.cashier.ledger(ctx.tid), ())):
            fit_columns(self.view)
        self.view.scrollToBottom()
        self._update_buttons()
        b = ctx.read(lambda: ctx.services.cashier.balances(ctx.tid), None)
        if b is not None:
            self.totals.setText(
                f"Cash in {format_cents(b.cash_in)} · out {format_cents(b.cash_out)} · "
                f"prize pool {format_cents(b.prize_pool)} · fees {format_cents(b.house_fees)} · "
                f"bounties {format_cents(b.bounty_pool)} · still owed "
                f"{format_cents(b.still_owed)}"
            )

    def select_row_id(self, row_id: int) -> None:
        """Select ledger row `row_id` (tests, and jumping from a message)."""
        row = self.model.row_of_id(row_id)
        if row is not None:
            self.view.selectRow(row)
            self.view.setCurrentIndex(self.model.index(row, 0))

    def _on_view_current_changed(self, *_args: object) -> None:
        self._update_buttons()

    def _refusals(self, entry: LedgerEntry | None) -> tuple[str, str]:
        """Why the service would refuse to void and to refund `entry` now ('' when it would not)."""
        if entry is None:
            return ("Select a ledger row first.",) * 2
        ctx, corrections = self._ctx, self._ctx.services.corrections
        void = ctx.read(lambda: corrections.void_refusal(ctx.tid, [entry.id]), "")
        refund = ctx.read(lambda: corrections.refund_refusal(ctx.tid, entry.id), "")
        return void, refund

    def _update_buttons(self) -> None:
        """Offer Void and Refund only for a row the service would reverse (why not: tooltip)."""
        row = self.selected_row(self.view)
        void, refund = self._refusals(self.model.row_at(row) if row is not None else None)
        for button, refusal, what in (
            (self.void_button, void, "Void the selected row with a reason (Del)"),
            (self.refund_button, refund, "Hand the selected entry's money back"),
        ):
            button.setEnabled(not refusal)
            button.setToolTip(f"Not possible: {refusal}" if refusal else what)

    def _selected_entry(self):
        row = self.selected_row(self.view)
        entry = self.model.row_at(row) if row is not None else None
        if entry is None:
            self._ctx.refuse("Select a ledger row first.")
        return entry

    def start_void(self) -> None:
        """Ask for the reason, then void the selected row."""
        entry = self._selected_entry()
        if entry is None:
            return
        refusal = self._refusals(entry)[0]
        if refusal:  # the service's answer, not a guess made here
            self._ctx.refuse(f"Row #{entry.id} cannot be voided: {refusal}")
            return
        dialog = ReasonDialog(
            f"Void row #{entry.id}",
            f"Void row #{entry.id}: {entry.kind.value}, {entry.name or 'no player'}, "
            f"{format_cents(entry.amount)}. A reversing row is added; both stay in the ledger.",
            "Void row",
            self,
        )
        dialog.accepted.connect(lambda: operations.void(self._ctx, entry, dialog.reason()))
        self._open(dialog)

    def start_refund(self) -> None:
        """Ask for the reason, then refund the selected entry."""
        entry = self._selected_entry()
        if entry is None:
            return
        refusal = self._refusals(entry)[1]
        if refusal:
            self._ctx.refuse(f"Row #{entry.id} cannot be refunded: {refusal}")
            return
        dialog = ReasonDialog(
            f"Refund row #{entry.id}",
            f"Hand back {format_cents(entry.amount)} to {entry.name} for row #{entry.id} "
            f"({entry.kind.value}); the entry no longer counts in the field.",
            "Refund",
            self,
        )
        dialog.accepted.connect(lambda: operations.refund(self._ctx, entry, dialog.reason()))
        self._open(dialog)


# ------------------------------------------------------------------------------ the drawer
class DrawerPage(Page):
    """Expected cash, the cashier's count, the difference, and the end-of-night summary."""

    REFRESH_ON = Change.LEDGER | Change.PAYOUTS | Change.ENTRIES

    def __init__(self, ctx: CashierContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.expected_label = QLabel()
        self.expected_label.setObjectName("expected_cash")
        self.counted_label = QLabel()
        self.counted_label.setObjectName("counted_cash")
        self.difference_label = QLabel()
        self.difference_label.setObjectName("drawer_difference")
        for label in (self.expected_label, self.counted_label, self.difference_label):
            font = label.font()
            font.setPointSize(font.pointSize() + 4)
            font.setBold(True)
            label.setFont(font)
        form = QFormLayout()
        form.addRow("Expected in the drawer:", self.expected_label)
        form.addRow("Last count:", self.counted_label)
        form.addRow("Difference:", self.difference_label)
        self.count_button = QPushButton("Count the drawer… (Ctrl+Shift+D)")
        self.count_button.setObjectName("count_drawer")
        self.count_button.clicked.connect(lambda: self.start_count())
        self.summary_model = LinesModel(self)
        self.summary_view = table_view(self.summary_model, "summary")
        self.summary_view.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.summary_view.horizontalHeader().setStretchLastSection(False)
        top = QVBoxLayout()
        top.addLayout(form)
        top.addWidget(self.count_button)
        top.addStretch(1)
        right = QVBoxLayout()
        right.addWidget(QLabel("<b>End-of-night summary</b>"))
        right.addWidget(self.summary_view, 1)
        layout = QHBoxLayout(self)
        layout.addLayout(top, 1)
        layout.addLayout(right, 1)
        self._counted = False

    def refresh(self) -> None:
        ctx = self._ctx
        drawer = ctx.read(lambda: ctx.services.cashier.drawer(ctx.tid), None)
        counts = ctx.read(lambda: ctx.services.cashier.drawer_counts(ctx.tid), ())
        summary = ctx.read(lambda: ctx.services.cashier.summary(ctx.tid), None)
        if drawer is None or summary is None:
            return
        self.expected_label.setText(format_cents(drawer.expected))
        if counts:
            last = counts[-1]
            when = last.created_at.astimezone().strftime("%H:%M")
            self.counted_label.setText(f"{format_cents(last.counted)} at {when}")
            self.difference_label.setText(drawer.status)
            color = "#1b5e20" if drawer.difference == 0 else "#b71c1c"
            self.difference_label.setStyleSheet(f"color:{color};")
        else:
            self.counted_label.setText("not counted yet")
            self.difference_label.setText("—")
            self.difference_label.setStyleSheet("")
        self.summary_model.set_rows(summary.lines())
        self.summary_view.resizeColumnToContents(1)

    def start_count(self) -> None:
        """Ask for the count and record it."""
        ctx = self._ctx
        drawer = ctx.read(lambda: ctx.services.cashier.drawer(ctx.tid), None)
        if drawer is None:
            return
        dialog = DrawerCountDialog(drawer.expected, self)

        def record() -> None:
            counted = dialog.counted()
            if counted is not None:
                operations.count_drawer(ctx, counted, dialog.note_edit.text())

        dialog.accepted.connect(record)
        self._open(dialog)
