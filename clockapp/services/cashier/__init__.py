"""The cashier's use cases: one transaction per money action, over the rules of `core.money`.

- `action`: `money_action`, the one way a money action runs (lock, load once, apply, write,
  Outcome); the payout and bust services use it too.
- `cache`: `LedgerCache`, the tills already read, keyed by the tournament's revision.
- `till`: the till inside a write transaction: lock, load, append a ledger row, save what the
  rules settled, record busts.
- `service`: `CashierService`, the one object over its parts: `roster` (the list: pre-registration,
  check-in, withdrawal), `buy_ins` (money in, each sale with its seat), `reversals` (voids, the
  undo of one action, refunds), `config` (the entry rules), `drawer` (drawer counts) and
  `reads` (`CashierReads`), each given the context and the till cache in its constructor.
- `sales`, `enrol`, `corrections`: the bodies of the entry, list and correction actions.
- `reversible`: `CorrectionsService`, whether an Undo, Void or Refund would be accepted now
  (the window offers only those).

The SQL lives in `clockapp.persistence.queries` (cashier_config, ledger, registrations,
busts, deals, drawer).
"""
