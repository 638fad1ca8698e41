"""The cashier's payouts page: the prize pool and the payout ladder, live; edit, fit, lock, deal.

The payout ladder is read again whenever entries, busts or money change, so it grows live as
players buy in (until the director locks its shape). `MONEY_CHANGES` is what the money pages
refresh on.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clockapp.core.money.amounts import format_cents
from clockapp.core.money.records import RegistrationInfo
from clockapp.core.money.till import DealInfo
from clockapp.core.payouts import PayoutMode
from clockapp.core.satellite import Satellite
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext
from clockapp.services.changes import Change
from clockapp.services.payouts import PayoutFit, PayoutPreview, PayoutView
from clockapp.services.results import ResultRow
from clockapp.ui.cashier import operations
from clockapp.ui.cashier.context import CashierContext
from clockapp.ui.cashier.pages import Page, table_view
from clockapp.ui.cashier.payout_dialog import PayoutTableDialog, deal_lines, ladder_lines
from clockapp.ui.cashier.prize_dialogs import DealDialog
from clockapp.ui.cashier.prize_fit import offer_fit, table_label
from clockapp.ui.cashier.prize_models import (
    PayoutsModel,
)
from clockapp.ui.cashier.satellite_dialog import SatelliteDialog
from clockapp.ui.inks import ink_sheet

#: What the money pages (payouts, results) refresh on.
MONEY_CHANGES = Change.ENTRIES | Change.LEDGER | Change.PAYOUTS | Change.PLAYERS


@dataclass(frozen=True)
class _PayoutsRead:
    """What one read of the payouts page found (on the worker, shown on the GUI thread)."""

    view: PayoutView
    results: tuple[ResultRow, ...]
    deal: DealInfo | None
    #: Who is who in the deal (read only when there is one).
    registrations: tuple[RegistrationInfo, ...]
    #: The table renormalised over the places the field can pay (only when it pays too many).
    fit: PayoutFit | None


def _value_label(name: str) -> QLabel:
    label = QLabel()
    label.setObjectName(name)
    font = label.font()
    font.setBold(True)
    label.setFont(font)
    return label


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
        self.problem_label.setStyleSheet(ink_sheet("#b71c1c"))
        self.problem_label.setWordWrap(True)
        form = QFormLayout()
        form.addRow(_("Prize pool:"), self.pool_label)
        form.addRow(_("Field:"), self.field_label)
        form.addRow(_("Money:"), self.money_label)
        form.addRow(_("Table:"), self.shape_label)
        self.edit_button = QPushButton(_("Edit payout table…"))
        self.edit_button.clicked.connect(lambda: self.start_edit())
        # Shown only when the table pays more places than there are entries.
        self.fit_button = QPushButton(_("Pay the places the field can pay…"))
        self.fit_button.setObjectName("fit_table")
        self.fit_button.clicked.connect(lambda: self.start_fit())
        self.lock_button = QPushButton(_("Lock the table"))
        self.lock_button.setObjectName("lock")
        self.lock_button.clicked.connect(lambda: self.toggle_lock())
        self.satellite_button = QPushButton(_("Satellite: pay seats…"))
        self.satellite_button.setObjectName("satellite")
        self.satellite_button.clicked.connect(lambda: self.start_satellite())
        self.deal_button = QPushButton(_("Deal at the final table…"))
        self.deal_button.clicked.connect(lambda: self.start_deal())
        self.deal_label = QLabel()
        self.deal_label.setWordWrap(True)
        left = QVBoxLayout()
        left.addLayout(form)
        left.addWidget(self.problem_label)
        for button in (
            self.fit_button,
            self.edit_button,
            self.lock_button,
            self.satellite_button,
            self.deal_button,
        ):
            left.addWidget(button)
        left.addWidget(self.deal_label)
        left.addStretch(1)
        self.model = PayoutsModel(self)
        self.table = table_view(self.model, "payouts", _("Payout table"))
        self.total_label = QLabel()
        self.total_label.setObjectName("payouts_total")
        right = QVBoxLayout()
        right.addWidget(self.table, 1)
        right.addWidget(self.total_label)
        layout = QHBoxLayout(self)
        layout.addLayout(left, 2)
        layout.addLayout(right, 3)
        self._reading = ctx.reader(self._read, self._show)

    def refresh(self) -> None:
        self._reading.ask()

    def _read(self, tid: int) -> _PayoutsRead:
        """What the page shows (on the station's worker)."""
        services = self._ctx.services
        view = services.payouts.table(tid)
        deal = services.payouts.deal(tid)
        return _PayoutsRead(
            view,
            services.results.results(tid),
            deal,
            services.cashier.registrations(tid) if deal is not None else (),
            services.payouts.fit(tid) if view.problem else None,
        )

    def _show(self, answer: _PayoutsRead) -> None:
        view, deal = answer.view, answer.deal
        self.view_data = view
        winners: dict[int, str] = {}
        for r in answer.results:
            if r.place is not None:
                for place in range(r.place, r.place + r.tied):
                    winners[place] = f"{winners[place]}, {r.name}" if place in winners else r.name
        # After a deal the ladder shows what the dealers agreed, not the table's prizes.
        if deal is not None:
            names = {r.id: r.name for r in answer.registrations}
            lines = deal_lines(view, deal, names, winners)
        else:
            lines = ladder_lines(view, winners)
        if self.model.set_rows(lines):
            self.table.fit_columns()
        overlay = view.prize_pool - view.collected
        self.pool_label.setText(
            _("{pool}  (incl. {overlay} overlay)").format(
                pool=format_cents(view.prize_pool), overlay=format_cents(overlay)
            )
            if overlay > 0
            else format_cents(view.prize_pool)
        )
        if view.finished:  # those a deal left in are nobody's "left" once it ended the night
            self.field_label.setText(
                ngettext(
                    "{count} entry · the tournament is over",
                    "{count} entries · the tournament is over",
                    view.entries,
                ).format(count=view.entries)
            )
        else:
            self.field_label.setText(
                ngettext(
                    "{count} entry · {left} left", "{count} entries · {left} left", view.entries
                ).format(count=view.entries, left=view.players_left)
            )
        if view.finished:
            self.money_label.setText(_("every prize is decided"))
        elif view.players_to_money is None:
            self.money_label.setText("—")
        elif view.seats:
            self.money_label.setText(
                _("every player left has a seat")
                if view.players_to_money == 0
                else ngettext(
                    "{count} player to a seat", "{count} players to a seat", view.players_to_money
                ).format(count=view.players_to_money)
            )
        elif view.players_to_money == 0:
            self.money_label.setText(_("everyone left is in the money"))
        else:
            self.money_label.setText(
                ngettext(
                    "{count} player to the money",
                    "{count} players to the money",
                    view.players_to_money,
                ).format(count=view.players_to_money)
            )
        # One phrase per item of the line, each whole, joined by the line's dots.
        shape = [
            _("satellite: {seats}").format(seats=view.satellite)
            if view.seats
            else _("{count} paid · {table}").format(
                count=view.places_paid, table=table_label(view.structure)
            )
        ]
        structure = view.structure
        if structure.rounding_unit > 1:
            shape.append(
                _("round to {amount}").format(amount=format_cents(structure.rounding_unit))
            )
        if structure.minimum_cash:
            shape.append(_("min cash {amount}").format(amount=format_cents(structure.minimum_cash)))
        if structure.guarantee:
            shape.append(_("guarantee {amount}").format(amount=format_cents(structure.guarantee)))
        if view.locked and structure.mode is not PayoutMode.PRESET:
            shape.append(_("LOCKED as typed"))
        elif view.locked:
            locked = structure.locked_entries or 0
            shape.append(
                ngettext("LOCKED at {count} entry", "LOCKED at {count} entries", locked).format(
                    count=structure.locked_entries
                )
            )
        self.shape_label.setText(" · ".join(shape))
        self.problem_label.setText(view.problem or view.refit)
        self.fit_button.setVisible(answer.fit is not None)
        self.lock_button.setText(_("Unlock the table") if view.locked else _("Lock the table"))
        self.total_label.setText(
            _("Adds up to {total} of {pool}").format(
                total=format_cents(self.model.total()), pool=format_cents(view.prize_pool)
            )
            if view.table is not None
            else ""
        )
        self.deal_label.setText(
            _("Deal recorded: {deal} ({amount})").format(
                deal=deal.description, amount=format_cents(sum(deal.amounts))
            )
            if deal is not None
            else ""
        )

    def start_edit(self) -> bool:
        """Open the payout table editor once the field it previews against is read on the
        worker (the button is busy meanwhile; a second press does nothing: False)."""
        if self.view_data is None:
            return False
        ctx, tid, current = self._ctx, self._ctx.tid, self.view_data
        payouts = ctx.services.payouts
        return ctx.query(
            lambda: payouts.previewer(tid),
            lambda preview: self._open_edit(current, preview),
            key=("payout table", id(self)),
            control=self.edit_button,
        )

    def _open_edit(self, current: PayoutView, preview: PayoutPreview) -> None:
        dialog = PayoutTableDialog(self._ctx.services, self._ctx.tid, current, preview, self)

        def accepted() -> None:
            operations.set_structure(self._ctx, dialog.structure(), control=self.edit_button)

        dialog.accepted.connect(accepted)
        self._open(dialog)

    def start_satellite(self) -> bool:
        """Open the satellite dialog (N equal seats as prizes, or the payout table again) once
        the satellite set now is read on the worker (the button is busy meanwhile; a second
        press does nothing: False)."""
        ctx, tid = self._ctx, self._ctx.tid
        return ctx.query(
            lambda: ctx.services.bounties.view(tid).satellite,
            self._open_satellite,
            key=("satellite", id(self)),
            control=self.satellite_button,
        )

    def _open_satellite(self, current: Satellite | None) -> None:
        ctx = self._ctx
        pool = self.view_data.prize_pool if self.view_data is not None else 0
        dialog = SatelliteDialog(current, pool, self)

        def accepted() -> None:
            operations.set_satellite(ctx, dialog.satellite(), control=self.satellite_button)

        dialog.accepted.connect(accepted)
        self._open(dialog)

    def start_fit(self) -> None:
        """Show the table renormalised over the places the field can pay; use it if confirmed."""
        offer_fit(self._ctx, self._open, self)

    def toggle_lock(self) -> None:
        """Lock the table's shape, or unlock it."""
        if self.view_data is not None:
            operations.set_locked(self._ctx, not self.view_data.locked, control=self.lock_button)

    def start_deal(self) -> bool:
        """Open the deal dialog for the players still in, once they and the chips in play are
        read on the worker (the button is busy meanwhile; a second press does nothing: False).
        """
        ctx, tid = self._ctx, self._ctx.tid
        services = ctx.services

        def read() -> tuple[list[RegistrationInfo], int | None]:
            in_play = [r for r in services.cashier.registrations(tid) if r.in_play]
            if len(in_play) < 2:
                return in_play, None  # refused: the chips are not needed
            stats = services.results.stats(tid)
            return in_play, stats.chips_in_play if stats is not None else None

        return ctx.query(
            read,
            lambda answer: self._open_deal(*answer),
            key=("deal", id(self)),
            control=self.deal_button,
        )

    def _open_deal(self, in_play: list[RegistrationInfo], chips: int | None) -> None:
        ctx = self._ctx
        if len(in_play) < 2:
            ctx.refuse(_("A deal needs at least two players still in."))
            return
        dialog = DealDialog(ctx, in_play, chips, self)

        def accepted() -> None:
            method, unit, reserve = dialog.options()
            operations.record_deal(
                ctx,
                dialog.stacks(),
                method,
                unit,
                reserve,
                accept_difference=dialog.accepted_difference(),
                control=self.deal_button,
            )

        dialog.accepted.connect(accepted)
        self._open(dialog)
