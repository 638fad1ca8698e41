"""The cashier's eliminations page: who busted whom, hand by hand.

Busts on one hand are recorded together (the bust dialog); the selected elimination is undone with
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

from clockapp.services.changes import Change
from clockapp.services.results import EliminationInfo, ResultRow
from clockapp.ui.cashier import operations
from clockapp.ui.cashier.bust_dialog import BustRead, bust_dialog, read_bust
from clockapp.ui.cashier.context import CashierContext
from clockapp.ui.cashier.dialogs import ReasonDialog
from clockapp.ui.cashier.pages import Page, table_view
from clockapp.ui.cashier.prize_models import (
    EliminationLine,
    EliminationsModel,
)


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
        results = ctx.services.results
        self._reading = ctx.reader(
            lambda tid: (results.eliminations(tid), results.results(tid)), self._show
        )
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
        self._reading.ask()

    def _show(self, answer: tuple[tuple[EliminationInfo, ...], tuple[ResultRow, ...]]) -> None:
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
                EliminationLine(
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
            ctx.refuse("Nobody is in play.")
            return
        dialog = bust_dialog(read, None, self)
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
                self._ctx,
                info.registration_id,
                info.name,
                dialog.reason(),
                info.id,
                control=self.undo_button,
            )
        )
        self._open(dialog)
