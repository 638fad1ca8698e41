"""The tournament's money, as pure rules (no I/O). Amounts are integer cents.

- `amounts`: typed amounts in cents, display, exact splitting.
- `entries`: entry kinds, prices, the clock and the player as the entry rules see them;
  `entry_rules`: what a tournament allows; `entry_checks`: who may buy what now.
- `ledger`: the append-only ledger's rows and kinds; `balances`: folding rows into totals under
  the rules; `drawer`: the cash drawer's count and the night's summary.
- `till`: a tournament's money state as plain data (registrations, busts, deals, the ledger);
  `change`: what a rule changes in it (`TillChange`) and the till it leaves (`applied`);
  `actions`: the rules that return a change (a sale, a void or refund, a hand's busts, an undo);
  `field`: stacks, bounties, standings and settling; `view`: the money view (payout table,
  standings with prizes, dues) and the payment guards; `records`: the frozen records the
  screens get; `handout`: the chips to hand over; `rules_fit`: entry rules against a structure;
  `reversals`: whether a void or refund would be accepted now; `sales_line`: what the wall says
  is on sale now (rebuys, the add-on).

The services that lock, load and save this state live in `clockapp.services.cashier`.
"""
