"""The tables window: seats drawn as tables, balancing, breaking, the final table, moves.

`TablesWindow(services, bus, parent=None)` is the window the director opens (Ctrl+T on the clock).
"""

from clockapp.ui.tables.window import TablesWindow

__all__ = ["TablesWindow"]
