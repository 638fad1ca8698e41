"""The tournament's money, as pure rules (no I/O): amounts in cents, entry rules, the ledger.

- `amounts`: typed amounts in cents, display, exact splitting.
- `entries`: entry kinds, prices and the rules that allow or refuse each entry.
- `ledger`: the append-only ledger's row rules, balances, the drawer and the night's summary.

The services that load and save this state live in `clockapp.services.cashier`.
"""
