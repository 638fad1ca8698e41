"""The tables window: seats drawn as tables, balancing, breaking, the final table, moves.

`TablesWindow(services, bus, parent=None)` is the window the director opens (Ctrl+T on the clock).
The package is named like `core/seating` and `services/seating` below it; the director sees the
room's tables, so the window keeps the title Tables (and the station's remembered key "tables").
"""

from clockapp.ui.seating.window import TablesWindow

__all__ = ["TablesWindow"]
