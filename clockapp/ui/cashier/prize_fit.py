"""`FitDialog`: a table paying more places than entries, renormalised, for the director to confirm.

When the field is smaller than the places a custom table pays, the table cannot pay anyone (not
even the winner). The service works out the table over the places that can be paid
(`services.payouts.fit`); this dialog shows the table before and after, place by place, and
nothing changes until the director confirms.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QDialog,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from clockapp.core.money.amounts import format_cents
from clockapp.core.payout_tables import table_choices
from clockapp.core.payouts import PayoutMode, PayoutStructure, format_percent, ordinal
from clockapp.i18n import N_, ngettext
from clockapp.i18n import gettext as _
from clockapp.services.payouts import PayoutFit
from clockapp.ui.cashier import operations
from clockapp.ui.cashier.context import CashierContext
from clockapp.ui.cashier.dialog_base import CashierDialog

HEADERS = (N_("Place"), N_("Before"), N_("After"), N_("Pays"))


def _text(item: QTableWidgetItem | None) -> str:
    """A cell's text ('' for a cell never filled)."""
    return item.text() if item is not None else ""


def _share(structure: PayoutStructure, place: int) -> str:
    """What the structure says for `place` ('50%' or '$50.00'; '—' when it does not pay it)."""
    values = (
        structure.percentages if structure.mode is PayoutMode.PERCENTAGES else structure.amounts
    )
    if place > len(values):
        return "—"
    value = values[place - 1]
    return (
        format_percent(value) if structure.mode is PayoutMode.PERCENTAGES else format_cents(value)
    )


class FitDialog(CashierDialog):
    """The payout table before and after renormalising; OK uses the table after."""

    def __init__(self, fit: PayoutFit, parent: QWidget | None = None) -> None:
        super().__init__(_("Pay the places the field can pay"), _("Use the table after"), parent)
        self.setObjectName("fit_dialog")
        self.fit = fit
        before, after = fit.before.structure, fit.after.structure
        places_before = len(
            before.percentages if before.mode is PayoutMode.PERCENTAGES else before.amounts
        )
        paid = fit.after.places_paid
        self.explain_label = QLabel(
            f"{fit.before.problem}\n"
            + ngettext(
                "Renormalised over the {count} place that can be paid, as MTT Tournament "
                "Director does: the places that cannot be paid give their share to the others, "
                "each in proportion. Nothing changes until you confirm.",
                "Renormalised over the {count} places that can be paid, as MTT Tournament "
                "Director does: the places that cannot be paid give their share to the others, "
                "each in proportion. Nothing changes until you confirm.",
                paid,
            ).format(count=paid)
        )
        self.explain_label.setObjectName("fit_explain")
        self.explain_label.setWordWrap(True)
        self.layout_.insertWidget(0, self.explain_label)
        self.table = QTableWidget(places_before, len(HEADERS))
        self.table.setObjectName("fit_table")
        self.table.setHorizontalHeaderLabels([_(header) for header in HEADERS])
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        amounts = dict(fit.after.ladder)
        for row, place in enumerate(range(1, places_before + 1)):
            cells = (
                ordinal(place),
                _share(before, place),
                _share(after, place),
                format_cents(amounts[place]) if place in amounts else _("not paid"),
            )
            for column, text in enumerate(cells):
                self.table.setItem(row, column, QTableWidgetItem(text))
        rows_height = sum(self.table.rowHeight(r) for r in range(places_before))
        self.table.setMinimumHeight(
            min(360, rows_height + self.table.horizontalHeader().height() + 6)
        )
        self.layout_.insertWidget(1, self.table)
        self.total_label = QLabel(
            ngettext(
                "After: {count} place pays {total} = the prize pool of {pool}",
                "After: {count} places pay {total} = the prize pool of {pool}",
                paid,
            ).format(
                count=paid,
                total=format_cents(sum(amounts.values())),
                pool=format_cents(fit.after.prize_pool),
            )
        )
        self.total_label.setObjectName("fit_total")
        self.layout_.insertWidget(2, self.total_label)
        self.setMinimumWidth(480)
        self._update()

    def _problem(self) -> str:
        if self.fit.after.table is None:
            return self.fit.after.problem or _(
                "The renormalised table cannot pay this field either."
            )
        return ""

    def structure(self) -> PayoutStructure:
        """The renormalised structure to use."""
        return self.fit.after.structure

    def cells(self) -> list[tuple[str, ...]]:
        """The table's text, row by row (what the director reads)."""
        table = self.table
        return [
            tuple(_text(table.item(r, c)) for c in range(table.columnCount()))
            for r in range(table.rowCount())
        ]


def table_label(structure: PayoutStructure) -> str:
    """How the payouts page names the structure's table ('custom %' or the table's name)."""
    if structure.mode is PayoutMode.PERCENTAGES:
        return _("custom %")
    if structure.mode is PayoutMode.AMOUNTS:
        return _("custom $")
    names = {key: name for key, name, _source in table_choices()}
    return names.get(structure.table, structure.table)


def offer_fit(
    ctx: CashierContext,
    open_dialog: Callable[[QDialog], None],
    parent: QWidget,
    then: Callable[[], None] | None = None,
) -> None:
    """Open `FitDialog` when the table pays more places than entries; `then` after it is used.

    Whether it does is asked on the station's worker; without anything to renormalise, `then`
    runs when the answer comes. A failed read is said in the message bar, and nothing follows.
    """
    payouts, tid = ctx.services.payouts, ctx.tid
    ctx.query(
        lambda: payouts.fit(tid),
        lambda fit: _offer(ctx, fit, open_dialog, parent, then),
        key=("fit", id(parent)),
    )


def _offer(
    ctx: CashierContext,
    fit: PayoutFit | None,
    open_dialog: Callable[[QDialog], None],
    parent: QWidget,
    then: Callable[[], None] | None,
) -> None:
    if fit is None:
        if then is not None:
            then()
        return
    dialog = FitDialog(fit, parent)

    def accepted() -> None:
        # `then` (the payment waiting on the fit) follows once the table has been saved.
        done = (lambda _view: then()) if then is not None else None
        operations.set_structure(ctx, dialog.structure(), on_done=done)

    dialog.accepted.connect(accepted)
    open_dialog(dialog)
