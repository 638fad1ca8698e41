"""The Qt binding must not leak references to None: a clock runs all night.

PySide6 6.12.0 dropped one reference to None on every call returning nothing, and on Python 3.11
(where None is not immortal) the process aborted with "none_dealloc" after ~100,000 calls: a few
hours of a running clock. pyproject.toml keeps PySide6 below 6.12; this test keeps it honest.
"""

from __future__ import annotations

import sys

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit

CALLS = 20_000


def test_void_calls_keep_none_alive(qtbot) -> None:
    label = QLabel()
    qtbot.addWidget(label)
    before = sys.getrefcount(None)
    for i in range(CALLS):
        label.setText(str(i % 10))
    assert abs(sys.getrefcount(None) - before) < 100


@pytest.mark.slow
def test_key_clicks_keep_none_alive(qtbot) -> None:
    label = QLineEdit()
    qtbot.addWidget(label)
    before = sys.getrefcount(None)
    for _ in range(2_000):
        qtbot.keyClick(label, Qt.Key.Key_A)
    assert abs(sys.getrefcount(None) - before) < 100
