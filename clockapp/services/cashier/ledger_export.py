"""The money ledger as CSV, for the club's books: every row, voids and refunds included.

Money is written as plain decimals so a spreadsheet adds it up: `amount` carries a reversal's
sign (a void or refund of 25.00 is -25.00), `drawer` what came in (25.00) or left (-25.00).
Names and reasons that a spreadsheet would run as a formula are neutralised by
`clockapp.core.userfiles.csv_text`.
"""

from __future__ import annotations

from collections.abc import Sequence

from clockapp.core.money.amounts import typed_amount
from clockapp.core.money.ledger import RowKind
from clockapp.core.money.records import LedgerEntry
from clockapp.core.money.reversals import signed_amount
from clockapp.core.userfiles import csv_text

LEDGER_COLUMNS = (
    "row",
    "time_utc",
    "kind",
    "player",
    "amount",
    "drawer",
    "prize_pool",
    "house_fee",
    "bounty",
    "chips",
    "reverses",
    "voided_by",
    "reason",
    "station",
)

#: Kinds whose money leaves the drawer.
_OUT = frozenset({RowKind.PAYOUT, RowKind.BOUNTY, RowKind.REFUND})


def _money(cents: int | None) -> str:
    return "" if cents is None else typed_amount(cents).replace(",", "")


def drawer_effect(entry: LedgerEntry, by_id: dict[int, LedgerEntry]) -> int | None:
    """Cents the row moved into (+) or out of (-) the drawer; None when it moves none (a deal).

    A void moves the opposite of the row it reverses.
    """
    if entry.kind is RowKind.VOID:
        target = by_id.get(entry.target_id) if entry.target_id is not None else None
        effect = None if target is None else drawer_effect(target, by_id)
        return None if effect is None else -effect
    if entry.kind is RowKind.DEAL:
        return None
    return -entry.amount if entry.kind in _OUT else entry.amount


def ledger_to_csv(entries: Sequence[LedgerEntry]) -> str:
    """The ledger rows as CSV text with a header row (`LEDGER_COLUMNS`), oldest first."""
    by_id = {entry.id: entry for entry in entries}
    return csv_text(
        LEDGER_COLUMNS,
        (
            [
                e.id,
                e.created_at.isoformat(timespec="seconds"),
                e.kind.value,
                e.name,
                _money(signed_amount(e.kind, e.amount)),  # a reversal with its sign
                _money(drawer_effect(e, by_id)),
                _money(e.split.prize_pool if e.split else None),
                _money(e.split.house_fee if e.split else None),
                _money(e.split.bounty if e.split else None),
                "" if e.chips is None else e.chips,
                "" if e.target_id is None else e.target_id,
                "" if e.voided_by is None else e.voided_by,
                e.reason,
                e.station,
            ]
            for e in entries
        ),
    )
