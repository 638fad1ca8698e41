"""The drawer page: the cash expected, the cashier's last count, the difference, the summary."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clockapp.core.money.amounts import format_cents
from clockapp.core.money.drawer import DrawerCount, NightSummary
from clockapp.i18n import gettext as _
from clockapp.services.cashier.sales import DrawerInfo
from clockapp.services.changes import Change
from clockapp.ui.cashier import operations
from clockapp.ui.cashier.context import CashierContext
from clockapp.ui.cashier.dialogs import DrawerCountDialog
from clockapp.ui.cashier.models import LinesModel
from clockapp.ui.cashier.pages import Page, table_view
from clockapp.ui.inks import ink_sheet


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
        form.addRow(_("Expected in the drawer:"), self.expected_label)
        form.addRow(_("Last count:"), self.counted_label)
        form.addRow(_("Difference:"), self.difference_label)
        self.count_button = QPushButton(_("Count the drawer… (Ctrl+Shift+D)"))
        self.count_button.setObjectName("count_drawer")
        self.count_button.clicked.connect(lambda: self.start_count())
        self.summary_model = LinesModel(self)
        self.summary_view = table_view(self.summary_model, "summary", _("Drawer summary"))
        self.summary_view.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.summary_view.horizontalHeader().setStretchLastSection(False)
        top = QVBoxLayout()
        top.addLayout(form)
        top.addWidget(self.count_button)
        top.addStretch(1)
        right = QVBoxLayout()
        right.addWidget(QLabel(_("<b>End-of-night summary</b>")))
        right.addWidget(self.summary_view, 1)
        layout = QHBoxLayout(self)
        layout.addLayout(top, 1)
        layout.addLayout(right, 1)
        self._counted = False
        cashier = ctx.services.cashier
        self._reading = ctx.reader(
            lambda tid: (cashier.drawer(tid), cashier.drawer_counts(tid), cashier.summary(tid)),
            self._show,
        )

    def refresh(self) -> None:
        self._reading.ask()

    def _show(self, answer: tuple[DrawerCount, tuple[DrawerInfo, ...], NightSummary]) -> None:
        drawer, counts, summary = answer
        self.expected_label.setText(format_cents(drawer.expected))
        if counts:
            last = counts[-1]
            when = last.created_at.astimezone().strftime("%H:%M")
            self.counted_label.setText(
                _("{amount} at {time}").format(amount=format_cents(last.counted), time=when)
            )
            self.difference_label.setText(drawer.status)
            color = "#1b5e20" if drawer.difference == 0 else "#b71c1c"
            self.difference_label.setStyleSheet(ink_sheet(color))
        else:
            self.counted_label.setText(_("not counted yet"))
            self.difference_label.setText("—")
            self.difference_label.setStyleSheet("")
        self.summary_model.set_rows(summary.lines(symbol=self._ctx.currency()))
        self.summary_view.resizeColumnToContents(1)

    def start_count(self) -> bool:
        """Ask for the count and record it: the dialog opens when the expected cash has been
        read on the worker (the button is busy meanwhile; a second press does nothing: False).
        """
        ctx, tid = self._ctx, self._ctx.tid
        return ctx.query(
            lambda: ctx.services.cashier.drawer(tid),
            self._open_count,
            key=("drawer count", id(self)),
            control=self.count_button,
        )

    def _open_count(self, drawer: DrawerCount) -> None:
        ctx = self._ctx
        dialog = DrawerCountDialog(drawer.expected, self)

        def record() -> None:
            counted = dialog.counted()
            if counted is not None:
                operations.count_drawer(
                    ctx, counted, dialog.note_edit.text(), control=self.count_button
                )

        dialog.accepted.connect(record)
        self._open(dialog)
