"""The rulings window: settle a dispute at a table (cards, winners, odds, side pots).

`RulingsWindow` is imported on first use, so that importing this package (the main window does, to
add its menu entry) does not load the poker library and its lookup tables before a director
actually opens the window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from clockapp.ui.rulings.window import RulingsWindow

__all__ = ["RulingsWindow"]


def __getattr__(name: str) -> Any:
    if name == "RulingsWindow":
        from clockapp.ui.rulings.window import RulingsWindow

        return RulingsWindow
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
