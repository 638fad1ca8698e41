"""The cashier station: players, buy-ins, the ledger, the drawer, payouts, results."""

from clockapp.ui.cashier.window import CashierWindow

__all__ = ["CashierWindow"]
