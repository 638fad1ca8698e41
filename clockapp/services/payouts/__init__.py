"""Payouts: the payout table and its lock, paying prizes and bounties, ICM and chip-chop deals.

The table is computed from the ledger's prize pool and the number of entries on every read
(`clockapp.core.payouts.payout_table`), so it grows with each entry until the director locks its
shape. Paying is a ledger row; the amount is checked against what that player is owed (their
finish's prize, or their deal share), so nobody is paid twice or more than due. When a guarantee
is above the money collected, the first payment records the overlay the house adds.

- `service`: `PayoutService`, the use cases;
- `view`: `PayoutView` and `payout_view` (the results and the clock read it too), `PayoutFit`,
  `PayoutPreview` (the field read once, for an editor's previews);
- `paying`: the overlay and the checks before a payment (`overlay`, `check_amount`);
- `deals`: the deal proposed to the players at the final table and the deal as recorded.
"""

from clockapp.core.money.till import DealInfo
from clockapp.services.payouts.deals import DealProposal
from clockapp.services.payouts.paying import PAY_CHANGES, overlay
from clockapp.services.payouts.service import PayoutService
from clockapp.services.payouts.view import PayoutFit, PayoutPreview, PayoutView, payout_view

__all__ = [
    "PAY_CHANGES",
    "DealInfo",
    "DealProposal",
    "PayoutFit",
    "PayoutPreview",
    "PayoutService",
    "PayoutView",
    "overlay",
    "payout_view",
]
