"""The results as CSV text for a spreadsheet (`results_to_csv`, its columns `RESULTS_COLUMNS`)."""

from __future__ import annotations

from collections.abc import Sequence

from clockapp.core.money.amounts import typed_amount
from clockapp.core.userfiles import csv_text
from clockapp.services.results.views import ResultRow

#: Columns of the results CSV.
RESULTS_COLUMNS = (
    "place",
    "name",
    "entries",
    "rebuys",
    "add_ons",
    "paid_in",
    "prize",
    "bounties",
    "knockouts",
    "total_won",
    "paid_out",
    "still_owed",
    "busted_by",
)


def results_to_csv(rows: Sequence[ResultRow]) -> str:
    """Results as CSV text; money as plain decimals (12.50) so spreadsheets can add them up.

    Names a spreadsheet would run as a formula get a leading quote (`core.userfiles.safe_cell`);
    amounts, negative ones too, stay numbers.

    >>> results_to_csv(()).strip()
    'place,name,entries,rebuys,add_ons,paid_in,prize,bounties,knockouts,total_won,paid_out,still_owed,busted_by'
    """

    def money(cents: int) -> str:
        return typed_amount(cents).replace(",", "")

    return csv_text(
        RESULTS_COLUMNS,
        (
            [
                r.label if r.place is not None else "",
                r.name,
                r.entries,
                r.rebuys,
                r.add_ons,
                money(r.paid_in),
                money(r.prize),
                money(r.bounties),
                r.knockouts,
                money(r.total_won),
                money(r.paid_out),
                money(r.still_owed),
                r.busted_by,
            ]
            for r in rows
        ),
    )
