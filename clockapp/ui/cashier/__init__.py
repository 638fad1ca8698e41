"""The cashier station: players, buy-ins, the ledger, the drawer, payouts, results."""

from clockapp.ui.cashier.window import CASHIER_KEYS, CashierWindow

__all__ = ["CASHIER_KEYS", "CashierWindow"]
