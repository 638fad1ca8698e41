"""Busts and results: who busted whom, finishing places, prizes and bounties, CSV export.

Busts are recorded in the `bust` table, one row per player per hand; undoing one appends a
row that points at it, so the history keeps both. Places follow the TDA rules of
`clockapp.core.busts` (same-hand busts ranked by the chips they started the hand with,
equal stacks share the places and their prizes). The figures the clock shows come from
`field_stats` once a tournament has registrations.

- `service`: `ResultsService`, the actions and reads (`BUST_CHANGES`, what a bust changes);
- `views`: the frozen values it returns;
- `standings`: a till read into a bust's report, the history and the result rows;
- `field`: the clock's figures (`field_stats`, `has_registrations`);
- `export`: the results CSV (`results_to_csv`, `RESULTS_COLUMNS`).
"""

from clockapp.services.results.export import RESULTS_COLUMNS, results_to_csv
from clockapp.services.results.field import field_stats, has_registrations
from clockapp.services.results.service import BUST_CHANGES, ResultsService
from clockapp.services.results.views import (
    BustInfo,
    BustReport,
    ChartData,
    FieldStats,
    ResultRow,
)

__all__ = [
    "BUST_CHANGES",
    "RESULTS_COLUMNS",
    "BustInfo",
    "BustReport",
    "ChartData",
    "FieldStats",
    "ResultRow",
    "ResultsService",
    "field_stats",
    "has_registrations",
    "results_to_csv",
]
