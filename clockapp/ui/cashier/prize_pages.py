"""The prize pages of the cashier window: payouts and deals, eliminations, results.

One module each: `payouts_page` (the live payout ladder, deals), `eliminations_page` (busts, hand
by hand) and `results_page` (places, prizes and bounties paid, CSV and PDF). The window imports
the three pages from here.
"""

from clockapp.ui.cashier.eliminations_page import EliminationsPage
from clockapp.ui.cashier.payouts_page import MONEY_CHANGES, PayoutsPage
from clockapp.ui.cashier.results_page import ResultsPage

__all__ = ["MONEY_CHANGES", "EliminationsPage", "PayoutsPage", "ResultsPage"]
