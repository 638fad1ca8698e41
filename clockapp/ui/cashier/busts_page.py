"""The cashier's busts page: who busted whom, hand by hand.

Busts on one hand are recorded together (the bust dialog); the selected bust is undone with
a reason, or the button says why it cannot be.
"""

from __future__ import annotations

from collections import Counter

from PySide6.QtWidgets import (
    QHBoxLayout,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.services.changes import Change
from clockapp.services.results import BustInfo, ResultRow
from clockapp.ui.cashier import operations
from clockapp.ui.cashier.bust_dialog import BustRead, bust_dialog, read_bust
from clockapp.ui.cashier.context import CashierContext
from clockapp.ui.cashier.dialogs import ReasonDialog
from clockapp.ui.cashier.pages import Page, table_view
from clockapp.ui.cashier.prize_models import (
    BustLine,
    BustsModel,
)

NOTHING_SELECTED = N_("Select the bust to undo.")


class BustsPage(Page):
    """Who busted whom, hand by hand; record busts on one hand, undo a bust."""

    REFRESH_ON = Change.ENTRIES | Change.PAYOUTS | Change.PLAYERS

    def __init__(self, ctx: CashierContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.model = BustsModel(self)
        self.view = table_view(self.model, "busts", _("Busts"))
        self.bust_button = QPushButton(_("Bust players on one hand…"))
        self.bust_button.clicked.connect(lambda: self.start_bust())
        self.undo_button = QPushButton(_("Undo the selected bust…"))
        self.undo_button.setObjectName("undo_bust")
        self.undo_button.clicked.connect(lambda: self.start_undo())
        buttons = QHBoxLayout()
        buttons.addWidget(self.bust_button)
        buttons.addWidget(self.undo_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.view, 1)
        layout.addLayout(buttons)
        self.view.selectionModel().currentRowChanged.connect(self._on_view_current_changed)
        results = ctx.services.results
        self._reading = ctx.reader(
            lambda tid: (results.busts(tid), results.results(tid)), self._show
        )
        # The bust whose undo the button offers; the worker reads it when its read
        # starts, so a selection changed meanwhile is read once more (the reader asks again).
        self._undo_target: BustInfo | None = None
        self._undo_refusal: str | None = _(NOTHING_SELECTED)
        corrections = ctx.services.corrections

        def read_undo(tid: int) -> tuple[BustInfo | None, str]:
            info = self._undo_target
            if info is None:
                return None, _(NOTHING_SELECTED)
            rid = info.registration_id
            return info, corrections.undo_bust_refusal(tid, [rid], bust_id=info.id)

        self._undo_reads = ctx.reader(read_undo, self._show_undo)
        self._update_undo()

    def _on_view_current_changed(self, *_args: object) -> None:
        self._update_undo()

    def _selected_info(self) -> BustInfo | None:
        row = self.selected_row(self.view)
        line = self.model.row_at(row) if row is not None else None
        return line.info if line is not None else None

    def _update_undo(self) -> None:
        """Offer the undo only for a bust the service would put back (why not: tooltip), as
        read on the station's worker; a newly selected one is not offered until it is read."""
        info = self._selected_info()
        if info != self._undo_target:
            self._undo_target = info
            self._set_undo(None if info is not None else _(NOTHING_SELECTED))
        if info is not None:
            self._undo_reads.ask()

    def _show_undo(self, answer: tuple[BustInfo | None, str]) -> None:
        info, refusal = answer
        if info == self._undo_target:  # else the selection moved on: its own read follows
            self._set_undo(refusal)

    def _set_undo(self, refusal: str | None) -> None:
        """Show why the undo is refused ('' when it is not; None while that is being read)."""
        self._undo_refusal = refusal
        self.undo_button.setEnabled(refusal == "")
        if refusal is None:
            self.undo_button.setToolTip(_("Checking whether it can be undone…"))
        else:
            self.undo_button.setToolTip(
                _("Not possible: {refusal}").format(refusal=refusal) if refusal else ""
            )

    def refresh(self) -> None:
        self._reading.ask()

    def _show(self, answer: tuple[tuple[BustInfo, ...], tuple[ResultRow, ...]]) -> None:
        history = answer[0]
        results = {r.registration_id: r for r in answer[1]}
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
                BustLine(
                    info,
                    place=result.label if finished and result is not None else "",
                    prize=result.prize if finished and result is not None else 0,
                    alone=per_hand[info.hand] <= 1,
                )
            )
        if self.model.set_rows(lines):
            self.view.fit_columns()
        self._update_undo()

    def start_bust(self) -> None:
        """Record one or more players busted on the same hand: the dialog opens when who is in
        play, where they sit and the bounty format have been read on the worker (the button is
        busy meanwhile)."""
        ctx, tid = self._ctx, self._ctx.tid
        services = ctx.services
        ctx.query(
            lambda: read_bust(services, tid),
            self._open_bust,
            key=("bust", id(self)),
            control=self.bust_button,
        )

    def _open_bust(self, read: BustRead) -> None:
        ctx = self._ctx
        if not read.in_play:
            ctx.refuse(_("Nobody is in play."))
            return
        dialog = bust_dialog(read, None, self)
        dialog.accepted.connect(lambda: operations.record_busts(ctx, dialog.busts()))
        self._open(dialog)

    def start_undo(self) -> None:
        """Put the selected busted player back in play (with a reason): the dialog opens once
        the worker has said the service would (the button is busy meanwhile)."""
        info = self._selected_info()
        if info is None:
            self._ctx.refuse(_(NOTHING_SELECTED))
            return
        if info == self._undo_target and self._undo_refusal:
            self._ctx.refuse(self._undo_refusal)  # already read for this one: said at once
            return
        ctx, tid, rid = self._ctx, self._ctx.tid, info.registration_id
        corrections = ctx.services.corrections
        ctx.query(
            lambda: corrections.undo_bust_refusal(tid, [rid], bust_id=info.id),
            lambda refusal: self._open_undo(info, refusal),
            key=("undo-bust", id(self)),
            control=self.undo_button,
        )

    def _open_undo(self, info: BustInfo, refusal: str) -> None:
        if refusal:
            self._ctx.refuse(refusal)
            return
        dialog = ReasonDialog(
            _("Undo bust"),
            _("Put {name} back in play? The bust stays in the history, with its undo.").format(
                name=info.name
            ),
            _("Undo bust"),
            self,
        )
        dialog.accepted.connect(
            lambda: operations.undo_bust(
                self._ctx,
                info.registration_id,
                info.name,
                dialog.reason(),
                info.id,
                control=self.undo_button,
            )
        )
        self._open(dialog)
