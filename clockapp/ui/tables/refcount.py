"""A guard against a reference-count bug of shiboken6 6.12.0 on CPython 3.11.

With that binding every call of a Qt method that returns nothing (`painter.setPen(...)`,
`label.setText(...)`) hands Python a `None` it did not add a reference to, so `None`'s count
falls by one per call. A window that paints ten tables makes about 1,600 such calls a frame;
once the count reaches zero CPython aborts with "none_dealloc: deallocating None". CPython 3.12
and later make `None` immortal, so the bug is harmless there.

`keep_none_alive()` checks whether the running binding has the bug (a few calls of a void method,
comparing counts) and, only then, gives `None` a count so large that no session can use it up,
which is what 3.12 does. The tables window calls it when it opens; the application should call it
once at start-up for every window.
"""

from __future__ import annotations

import ctypes
import sys

from PySide6.QtCore import QRectF

#: Added to None's reference count when the binding leaks: 2**40 calls, years of painting.
_RESERVE = 1 << 40
_checked = False


def binding_leaks_none() -> bool:
    """Whether calling a void Qt method lowers None's reference count."""
    probe = QRectF()
    before = sys.getrefcount(None)
    for _ in range(16):
        probe.setWidth(1.0)
    return sys.getrefcount(None) < before - 8


def keep_none_alive() -> bool:
    """Protect the process from the bug when the binding has it; True when the guard was needed.

    Safe to call many times: the check runs once.
    """
    global _checked
    if _checked:
        return False
    _checked = True
    if sys.implementation.name != "cpython" or sys.version_info >= (3, 12):
        return False
    if not binding_leaks_none():
        return False
    # ob_refcnt is the first field of every CPython object (Py_ssize_t).
    ctypes.c_ssize_t.from_address(id(None)).value += _RESERVE
    return True
