"""Tests for clockapp.core.money.records: what a ledger row moves in the drawer."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from clockapp.core.money.ledger import RowKind
from clockapp.core.money.records import LedgerEntry, cash_effect

AT = datetime(2026, 11, 21, 19, 0, tzinfo=UTC)


def entry(row_id: int, kind: RowKind, amount: int, target: int | None = None) -> LedgerEntry:
    return LedgerEntry(row_id, kind, amount, 1, "Ann", None, None, target, "", AT, "")


@pytest.mark.parametrize(
    ("kind", "amount", "effect"),
    [
        (RowKind.BUY_IN, 3000, 3000),
        (RowKind.REBUY, 2000, 2000),
        (RowKind.ADD_ON, 1000, 1000),
        (RowKind.RE_ENTRY, 3000, 3000),
        (RowKind.FEE, 500, 500),
        (RowKind.OVERLAY, 9000, 9000),
        (RowKind.PAYOUT, 5000, -5000),
        (RowKind.BOUNTY, 500, -500),
        (RowKind.REFUND, 3000, -3000),
        (RowKind.DEAL, 20000, None),
    ],
)
def test_cash_effect_of_each_kind_and_of_its_void(kind, amount, effect):
    row = entry(1, kind, amount)
    void = entry(2, RowKind.VOID, amount, target=1)
    by_id = {1: row, 2: void}
    assert cash_effect(row, by_id) == effect
    assert cash_effect(void, by_id) == (None if effect is None else -effect)
