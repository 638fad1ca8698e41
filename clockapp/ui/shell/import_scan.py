"""A quicker answer to the question PySide asks of every module imported after QtCore.

PySide6 replaces `__import__` to support its opt-in `from __feature__ import snake_case`. After
each import, it asks whether the module uses PySide, once per module name, by reading its source
with `inspect.getsource` (through `linecache` and `tokenize`) and looking for "PySide6"
(`shibokensupport.feature._mod_uses_pyside`). The answer only decides whether that module takes
part in switching features, which clockapp never selects; the reading costs about 0.2 ms a module,
and the first clock frame imports some 40 modules after Qt (about 9 ms, of a start that must stay
within 1.5x a bare Qt window: bench/bench_startup.py).

`quicken()` gives PySide the same answer by searching the module's file for the same bytes. A
module without a readable `.py` file (built in, compiled, or inside PyInstaller's archive, so the
packaged app gains nothing here) is still asked of PySide's own function. Where PySide no longer
has that function, nothing changes.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import ModuleType

#: Where PySide keeps its import hook's helpers (an internal module, hence the care below).
FEATURE_MODULE = "shibokensupport.feature"
CHECK = "_mod_uses_pyside"


def quicken() -> bool:
    """Make PySide's per-module check read the file directly; whether it was (or is) in place."""
    feature = sys.modules.get(FEATURE_MODULE)
    check = getattr(feature, CHECK, None)
    if feature is None or not callable(check):
        return False
    if getattr(check, "slow", None) is not None:
        return True  # in place already
    setattr(feature, CHECK, quick_check(check))
    return True


def quick_check(slow: Callable[[ModuleType], bool]) -> Callable[[ModuleType], bool]:
    """PySide's check, answered from the module's source file where it has one."""

    def uses_pyside(module: ModuleType) -> bool:
        path = getattr(module, "__file__", None) if isinstance(module, ModuleType) else None
        if isinstance(path, str) and path.endswith(".py"):
            try:
                with open(path, "rb") as source:
                    # The name is ASCII: the same bytes in UTF-8 and Latin-1 sources (a rare
                    # legacy encoding could only say "uses PySide" of a module that does not).
                    return b"PySide6" in source.read()
            except (OSError, ValueError):
                pass  # gone since, or not a path open() takes: let PySide answer as it would
        return slow(module)

    uses_pyside.slow = slow  # type: ignore[attr-defined]
    return uses_pyside
