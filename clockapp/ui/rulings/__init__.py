"""The rulings window: settle a dispute at a table (cards, winners, odds, side pots).

`RulingsWindow` is imported on first use, so that importing this package (the main window does, to
add its menu entry) does not load the poker library and its lookup tables before a director
actually opens the window. `RULINGS_KEYS` lists the window's keys for the clock's help overlay.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from clockapp.ui.rulings.bar import KEYS as RULINGS_KEYS

if TYPE_CHECKING:
    from clockapp.ui.rulings.window import RulingsWindow

__all__ = ["RULINGS_KEYS", "RulingsWindow"]


def __getattr__(name: str) -> Any:
    if name == "RulingsWindow":
        from clockapp.ui.rulings.window import RulingsWindow

        return RulingsWindow
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
