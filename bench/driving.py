"""Driving a window from a bench script as a person does: keys sent to a widget, then waiting
until the station's worker has answered and every window has shown what it read."""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QWidget


def press(
    widget: QWidget,
    key: Qt.Key,
    text: str = "",
    modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
) -> None:
    """A key press and release sent to `widget`.

    Not QTest.keyClick: in PySide6 6.12 each QTest key click drops a reference to None, and a
    run of a thousand clicks aborts the interpreter at exit.
    """
    app = QApplication.instance()
    for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
        app.sendEvent(widget, QKeyEvent(kind, key, modifiers, text))


def type_text(widget: QWidget, text: str) -> None:
    """Each character of `text` typed into `widget`."""
    for char in text:
        key = Qt.Key(ord(char.upper())) if char.isalnum() else Qt.Key.Key_Space
        press(widget, key, char)


def settle(app: QApplication, bus: Any) -> None:
    """Until the station's worker is idle and every answer it queued has been handled (the
    windows refreshed)."""
    deadline = time.perf_counter() + 30
    while time.perf_counter() < deadline:
        app.processEvents()
        if not bus.worker.busy:
            app.processEvents()
            if not bus.worker.busy:
                return
        time.sleep(0.0005)
    raise RuntimeError("the station did not settle in 30 s")
