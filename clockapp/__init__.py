"""clockapp: run a live poker tournament (blinds clock, cashier, seating and rulings)."""

__version__ = "0.1.0"
