"""The cashier's use cases: one transaction per money action, over the rules of `core.money`.

- `service`: `CashierService` (registrations, entries, voids, refunds, the drawer).
- `till`: the tournament's money state loaded inside a transaction, and the cache that keeps it.
"""
