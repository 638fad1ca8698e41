"""Every periodic timer in the UI survives what its slot raises (fix the class).

A repeating timer whose slot raises sends the error to `sys.excepthook` every time it fires, and a
single-shot timer re-armed at the end of its slot is never re-armed: so each `timeout` in
`clockapp/ui` is connected through `ticks.guarded`, or is listed here with the reason it is safe.
"""

from __future__ import annotations

import ast
import logging
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer

from clockapp.ui.ticks import TickErrors, guarded

UI = Path(__file__).resolve().parents[2] / "clockapp" / "ui"
#: (module, slot) -> why it needs no `guarded`.
SAFE = {
    ("clock/session.py", "self._on_timer_timeout"): "runs tick() in TickErrors; tick re-arms in a "
    "finally",
    ("structure/generator.py", "self.recompute"): "single shot, once per edit the user makes",
    ("rulings/worker.py", "self._on_timer_timeout"): "single shot, once per edit the user makes",
}


def timeout_connections() -> list[tuple[str, str, bool]]:
    """(module, slot source, guarded?) for each `<timer>.timeout.connect(slot)` in clockapp/ui."""
    found = []
    for path in sorted(UI.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "connect"
                and isinstance(node.func.value, ast.Attribute)
                and node.func.value.attr == "timeout"
            ):
                (slot,) = node.args
                is_guarded = (
                    isinstance(slot, ast.Call)
                    and isinstance(slot.func, ast.Name)
                    and slot.func.id == "guarded"
                )
                found.append((path.relative_to(UI).as_posix(), ast.unparse(slot), is_guarded))
    return found


@pytest.mark.slow
def test_every_timer_in_the_ui_is_guarded_or_known_safe() -> None:
    connections = timeout_connections()
    # The scan finds the app's timers (the start-up clock's own timer went with the second
    # clock engine: the start-up clock is a ClockSession, its timer is the session's).
    assert len(connections) >= 7
    assert {"bus.py", "clock/session.py", "display/moves.py", "seating/shootout.py"} <= {
        module for module, _slot, _ok in connections
    }
    unguarded = {(module, slot) for module, slot, ok in connections if not ok}
    assert unguarded <= set(SAFE), f"connect these through ticks.guarded: {unguarded - set(SAFE)}"


def test_a_guarded_repeating_timer_keeps_firing_and_logs_once(qtbot, caplog) -> None:
    calls = []

    def broken() -> None:
        calls.append(1)
        raise KeyError("a table that is gone")

    timer = QTimer()
    timer.setInterval(1)
    tick = guarded("a test poll", broken)
    timer.timeout.connect(tick)
    with caplog.at_level(logging.DEBUG, logger="clockapp.ui.ticks"):
        timer.start()
        qtbot.waitUntil(lambda: len(calls) >= 3)
        timer.stop()
    assert tick.errors.count == len(calls)
    tracebacks = [r for r in caplog.records if r.exc_info]
    assert len(tracebacks) == 1  # once with the traceback, then briefly


def test_tick_errors_tell_different_errors_apart(caplog) -> None:
    errors = TickErrors("a tick")
    with caplog.at_level(logging.ERROR, logger="clockapp.ui.ticks"):
        assert not errors.run(lambda: 1 / 0)
        assert not errors.run(lambda: 1 / 0)
        assert not errors.run(lambda: {}["missing"])
        assert errors.run(lambda: None)
    assert errors.count == 3
    assert [r.exc_info[0] for r in caplog.records] == [ZeroDivisionError, KeyError]
