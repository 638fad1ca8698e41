"""Reversals on the money ledger: what can be reversed now, and how a reversal reads.

A void or a refund never edits a row: it appends a reversing row (`RowKind.VOID`, `REFUND`). The
cashier offers Undo, Void and Refund only when the ledger's own rules (`ledger.check_append`)
would accept the reversing rows, so a row already voided (here or at another station) is not
offered again; and every history shows a reversal with its minus sign.
"""

from __future__ import annotations

from collections.abc import Sequence

from clockapp.core.money.balances import check_append
from clockapp.core.money.field import reversal_refusal
from clockapp.core.money.ledger import LedgerError, LedgerRow, RowKind, voided_rows
from clockapp.core.money.till import Till
from clockapp.i18n import gettext as _

#: Row kinds that reverse another row: shown with a minus sign.
REVERSING_KINDS = frozenset({RowKind.VOID, RowKind.REFUND})


def signed_amount(kind: RowKind, amount: int) -> int:
    """The amount as a history shows it: a reversal (void, refund) carries a minus sign.

    >>> signed_amount(RowKind.BUY_IN, 2500), signed_amount(RowKind.VOID, 2500)
    (2500, -2500)
    >>> signed_amount(RowKind.REFUND, 2500)
    -2500
    """
    return -amount if kind in REVERSING_KINDS else amount


def _next_id(rows: Sequence[LedgerRow]) -> int:
    return max((row.row_id for row in rows), default=0) + 1


def void_refusal(
    rows: Sequence[LedgerRow], row_ids: Sequence[int], till: Till | None = None
) -> str:
    """Why voiding `row_ids` (the last first, as an undo does) would be refused; '' if it would not.

    With the `till` the rows are from, a void that would break a standing bust is refused too
    (`clockapp.core.money.field.reversal_refusal`: a bust on the entry's chips, or a knockout
    credited to a player it would take out of the field).

    >>> from clockapp.core.money.entries import EntryPrice
    >>> rows = [LedgerRow(1, RowKind.BUY_IN, 2500, player_id=1, split=EntryPrice(2500)),
    ...         LedgerRow(2, RowKind.VOID, 2500, target=1, reason="wrong player")]
    >>> void_refusal(rows[:1], [1])
    ''
    >>> void_refusal(rows, [1])
    'row #1 was already voided by row #2.'
    >>> void_refusal(rows, [2])
    'row #2 is itself a void; record the original row again instead.'
    """
    by_id = {row.row_id: row for row in rows}
    voided = voided_rows(rows)
    trial = list(rows)
    for row_id in reversed(row_ids):
        target = by_id.get(row_id)
        if target is None:
            return _("row #{row_id} is not in this tournament's ledger.").format(row_id=row_id)
        if target.kind is RowKind.VOID:
            return _(
                "row #{row_id} is itself a void; record the original row again instead."
            ).format(row_id=row_id)
        if row_id in voided:
            return _("row #{row_id} was already voided by row #{voided}.").format(
                row_id=row_id, voided=voided[row_id]
            )
        void = LedgerRow(_next_id(trial), RowKind.VOID, target.amount, target=row_id, reason="?")
        try:
            check_append(trial, void)
        except LedgerError as error:
            return str(error)
        trial.append(void)
    return reversal_refusal(till, trial[len(rows) :]) if till is not None else ""


def refund_refusal(rows: Sequence[LedgerRow], row_id: int, till: Till | None = None) -> str:
    """Why refunding entry `row_id` would be refused; '' if it would not (`till`: as for
    `void_refusal`).

    >>> from clockapp.core.money.entries import EntryPrice
    >>> rows = [LedgerRow(1, RowKind.BUY_IN, 2500, player_id=1, split=EntryPrice(2500)),
    ...         LedgerRow(2, RowKind.FEE, 500)]
    >>> refund_refusal(rows, 1)
    ''
    >>> refund_refusal(rows, 2)
    'row #2 is not an entry: only buy-ins, rebuys, add-ons, re-entries.'
    """
    target = next((row for row in rows if row.row_id == row_id), None)
    if target is None or not target.kind.is_entry or target.split is None:
        return _(
            "row #{row_id} is not an entry: only buy-ins, rebuys, add-ons, re-entries."
        ).format(row_id=row_id)
    voided = voided_rows(rows)
    if row_id in voided:
        return _("row #{row_id} was voided by row #{voided}.").format(
            row_id=row_id, voided=voided[row_id]
        )
    refund = LedgerRow(
        _next_id(rows),
        RowKind.REFUND,
        target.amount,
        player_id=target.player_id,
        split=target.split,
        target=row_id,
        reason="?",
    )
    try:
        check_append(rows, refund)
    except LedgerError as error:
        return str(error)
    return reversal_refusal(till, [refund]) if till is not None else ""
