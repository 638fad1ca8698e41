"""The rulings window: settle a dispute at a table (cards, winners, odds, side pots).

`RulingsWindow` is imported on first use. The main window imports this package to add its menu
entry: that must not load the poker library and its lookup tables before a director actually opens
the window. And `state`, `analysis` and `settlement` import no Qt (plain Python, checked by
tests/test_doctests.py): importing them must not drag Qt in through this file. The window's keys
are `RulingsAction` in `clockapp.ui.actions`, with every other key of the app.
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
