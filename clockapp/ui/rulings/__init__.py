"""The rulings window: settle a dispute at a table (cards, winners, odds, side pots).

`RulingsWindow` and `RULINGS_KEYS` are imported on first use. The main window imports this package
to add its menu entry: that must not load the poker library and its lookup tables before a director
actually opens the window. And `state`, `analysis` and `settlement` import no Qt (plain Python,
checked by tests/test_doctests.py): importing them must not drag Qt in through this file.
`RULINGS_KEYS` lists the window's keys for the clock's help overlay (from `clockapp.ui.actions`,
which holds them with every other key of the app).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    RULINGS_KEYS: tuple[tuple[str, str], ...]
    from clockapp.ui.rulings.window import RulingsWindow

__all__ = ["RULINGS_KEYS", "RulingsWindow"]


def __getattr__(name: str) -> Any:
    if name == "RulingsWindow":
        from clockapp.ui.rulings.window import RulingsWindow

        return RulingsWindow
    if name == "RULINGS_KEYS":
        from clockapp.ui.actions import rulings_keys

        return rulings_keys()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
